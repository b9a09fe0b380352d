// Package people is who runs a business in its dashboard (/admin): the
// people of a business and their roles (this file), the one-time links
// that sign them in (links.go), and the sessions of their browsers
// (sessions.go). Nobody has a password: a person is an e-mail address of
// one business, proven by a link mailed to it or printed by the operator.
//
// Every statement names the business its context works for
// (db.ThisBusiness), under the row security every business table has, so
// one business's person, link or session is never found from another's.
package people

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"slotwise/backend/internal/clock"
	"slotwise/backend/internal/db"
	"slotwise/backend/internal/fieldcheck"
)

// Roles. An owner sees and does everything of the business; the front
// desk every booking, request and response, and no settings, people,
// tokens or payments; a staff member only their own bookings, hours and
// calendars.
const (
	RoleOwner = "owner"
	RoleDesk  = "desk"
	RoleStaff = "staff"
)

var (
	ErrEmail     = errors.New("people: an e-mail address the mail can reach is needed")
	ErrRole      = errors.New("people: a role is owner, desk or staff")
	ErrStaffRole = errors.New("people: a staff member is one of the business's staff, named by its slug, and only a staff member is")
	ErrExists    = errors.New("people: this address already belongs to a person of the business")
	ErrNotFound  = errors.New("people: no such person")
	ErrLastOwner = errors.New("people: this is the business's last owner; add another owner first")
)

// Person is someone who works in a business's dashboard.
type Person struct {
	ID        int64     `json:"id"`
	Email     string    `json:"email"`
	Role      string    `json:"role"`
	StaffID   int64     `json:"-"` // the staff row of a staff member; 0 for the others
	CreatedAt time.Time `json:"createdAt"`
}

// Service keeps a deployment's people, links and sessions.
type Service struct {
	pool *db.Pool
	now  clock.Func
}

// NewService returns the people of pool's businesses, on the clock now
// (clock.Now when nil): links and sessions run out on it.
func NewService(pool *db.Pool, now clock.Func) *Service {
	if now == nil {
		now = clock.Now
	}
	return &Service{pool: pool, now: now}
}

// Add makes email a person of the business ctx works for. staffID is the
// staff row of a staff member (booking.PersonBySlug), 0 for the others.
func (s *Service) Add(ctx context.Context, email, role string, staffID int64) (*Person, error) {
	return s.add(ctx, s.pool, email, role, staffID)
}

// add inserts a person through q (the pool, or an invitation's
// transaction).
func (s *Service) add(ctx context.Context, q db.Querier, email, role string, staffID int64) (*Person, error) {
	email = strings.TrimSpace(email)
	if fieldcheck.EmailProblem(email) != "" {
		return nil, ErrEmail
	}
	if role != RoleOwner && role != RoleDesk && role != RoleStaff {
		return nil, ErrRole
	}
	if (role == RoleStaff) != (staffID != 0) {
		return nil, ErrStaffRole
	}
	p := &Person{Email: email, Role: role, StaffID: staffID}
	err := q.QueryRow(ctx, `INSERT INTO people (location_id, email, role, staff_id) VALUES ($1, $2, $3, nullif($4, 0))
		RETURNING id, created_at`, db.ThisBusiness, email, role, staffID).Scan(&p.ID, &p.CreatedAt)
	if db.UniqueViolation(err) {
		return nil, ErrExists
	}
	if err != nil {
		return nil, fmt.Errorf("people: unable to add a person: %w", err)
	}
	return p, nil
}

// List returns the business's people by address.
func (s *Service) List(ctx context.Context) ([]Person, error) {
	rows, err := s.pool.Query(ctx, `SELECT `+personColumns+` FROM people WHERE location_id = $1 ORDER BY lower(email)`, db.ThisBusiness)
	if err != nil {
		return nil, fmt.Errorf("people: unable to list people: %w", err)
	}
	list, err := pgx.CollectRows(rows, scanPerson)
	if err != nil {
		return nil, fmt.Errorf("people: unable to list people: %w", err)
	}
	return list, nil
}

// ByEmail finds the business's person of an address, whatever its case.
func (s *Service) ByEmail(ctx context.Context, email string) (*Person, error) {
	row := s.pool.QueryRow(ctx, `SELECT `+personColumns+` FROM people WHERE lower(email) = lower($1) AND location_id = $2`,
		strings.TrimSpace(email), db.ThisBusiness)
	return onePerson(row)
}

// Remove takes a person out of the business: their links and sessions go
// with them, so a browser signed in as them is signed out at its next
// request. The last owner stays: a business nobody can manage is lost.
func (s *Service) Remove(ctx context.Context, email string) (*Person, error) {
	var removed *Person
	err := db.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		// The owners are locked first, so two removals of the last two
		// owners cannot both see another owner left.
		var owners int
		if err := tx.QueryRow(ctx, `SELECT count(*) FROM (SELECT 1 FROM people WHERE role = 'owner' AND location_id = $1 FOR UPDATE) o`,
			db.ThisBusiness).Scan(&owners); err != nil {
			return fmt.Errorf("people: unable to count owners: %w", err)
		}
		p, err := onePerson(tx.QueryRow(ctx, `DELETE FROM people WHERE lower(email) = lower($1) AND location_id = $2 RETURNING `+personColumns,
			strings.TrimSpace(email), db.ThisBusiness))
		if err != nil {
			return err
		}
		if p.Role == RoleOwner && owners <= 1 {
			return ErrLastOwner
		}
		removed = p
		return nil
	})
	return removed, err
}

const personColumns = `id, email, role, coalesce(staff_id, 0), created_at`

func scanPerson(row pgx.CollectableRow) (Person, error) {
	var p Person
	err := row.Scan(&p.ID, &p.Email, &p.Role, &p.StaffID, &p.CreatedAt)
	return p, err
}

func onePerson(row pgx.Row) (*Person, error) {
	var p Person
	err := row.Scan(&p.ID, &p.Email, &p.Role, &p.StaffID, &p.CreatedAt)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("people: unable to read a person: %w", err)
	}
	return &p, nil
}

// newSecret is a secret of 130 random bits after a prefix that says what
// it is, so one pasted where it should not be is recognised.
func newSecret(prefix string) string { return prefix + rand.Text() }

func hash(secret string) []byte {
	h := sha256.Sum256([]byte(secret))
	return h[:]
}
