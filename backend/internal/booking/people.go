package booking

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"slotwise/backend/internal/db"
)

// What other packages ask of the tables booking owns at run time (staff,
// calendars, calendar_staff, bookings), each a function that returns
// exactly what its caller needs, so a column is read in this package
// alone. The content package writes their definitions from a site's
// files and reads them back to export them.

// Person is a staff member as other packages see them.
type Person struct {
	ID                          int64
	Slug, Name, Email, TimeZone string
	Active                      bool
	// Agenda is their agenda setting as stored (package reminders reads
	// it); nil: none.
	Agenda []byte
}

// ErrPersonNotFound is a staff member that is not there.
var ErrPersonNotFound = errors.New("booking: no such staff member")

const personColumns = `id, slug, name, email, time_zone, active, agenda`

func scanPerson(row pgx.Row) (*Person, error) {
	p := &Person{}
	err := row.Scan(&p.ID, &p.Slug, &p.Name, &p.Email, &p.TimeZone, &p.Active, &p.Agenda)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, ErrPersonNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("booking: unable to read a staff member: %w", err)
	}
	return p, nil
}

// PersonByID is a staff member, active or not.
func PersonByID(ctx context.Context, q db.Querier, id int64) (*Person, error) {
	return scanPerson(q.QueryRow(ctx, `SELECT `+personColumns+` FROM staff WHERE id = $1 AND location_id = $2`, id, db.ThisBusiness))
}

// PersonBySlug is a staff member by their slug, active or not.
func PersonBySlug(ctx context.Context, q db.Querier, slug string) (*Person, error) {
	if !plausibleKey(slug) {
		return nil, ErrPersonNotFound
	}
	return scanPerson(q.QueryRow(ctx, `SELECT `+personColumns+` FROM staff WHERE slug = $1 AND location_id = $2 ORDER BY id LIMIT 1`, slug, db.ThisBusiness))
}

// LockPerson locks a staff member's row until tx ends, for a change of
// rows of theirs that must not interleave with another (their feed).
func LockPerson(ctx context.Context, tx db.Querier, slug string) (int64, error) {
	var id int64
	err := tx.QueryRow(ctx, `SELECT id FROM staff WHERE slug = $1 AND location_id = $2 ORDER BY id LIMIT 1 FOR UPDATE`, slug, db.ThisBusiness).Scan(&id)
	if errors.Is(err, pgx.ErrNoRows) {
		return 0, ErrPersonNotFound
	}
	return id, err
}

// PeopleWithAgenda are the active staff members who chose an agenda.
func PeopleWithAgenda(ctx context.Context, q db.Querier) ([]int64, error) {
	rows, err := q.Query(ctx, `SELECT id FROM staff WHERE location_id = $1 AND agenda IS NOT NULL AND active ORDER BY id`, db.ThisBusiness)
	if err != nil {
		return nil, fmt.Errorf("booking: unable to list agendas: %w", err)
	}
	return pgx.CollectRows(rows, pgx.RowTo[int64])
}

// SlugsOf names staff members by their ids.
func SlugsOf(ctx context.Context, q db.Querier, ids []int64) (map[int64]string, error) {
	rows, err := q.Query(ctx, `SELECT id, slug FROM staff WHERE id = ANY($1) AND location_id = $2`, ids, db.ThisBusiness)
	if err != nil {
		return nil, fmt.Errorf("booking: unable to name staff: %w", err)
	}
	out := map[int64]string{}
	defer rows.Close()
	for rows.Next() {
		var id int64
		var slug string
		if err := rows.Scan(&id, &slug); err != nil {
			return nil, err
		}
		out[id] = slug
	}
	return out, rows.Err()
}

// DefaultWindowDays is the booking window of a person in no calendar.
const DefaultWindowDays = 60

// LongestWindow is how far ahead a staff member can be booked: the
// longest booking window of their calendars.
func LongestWindow(ctx context.Context, q db.Querier, staffID int64) (int, error) {
	var days int
	err := q.QueryRow(ctx, `SELECT coalesce(max(c.booking_window_days), $2) FROM calendar_staff cs JOIN calendars c ON c.id = cs.calendar_id AND c.location_id = cs.location_id
		WHERE cs.staff_id = $1 AND cs.location_id = $3`, staffID, DefaultWindowDays, db.ThisBusiness).Scan(&days)
	if err != nil {
		return 0, fmt.Errorf("booking: unable to read a booking window: %w", err)
	}
	return days, nil
}

// FollowUpForm is the slug of the form a calendar's follow-up links to,
// or "".
func FollowUpForm(ctx context.Context, q db.Querier, calendarID int64) (string, error) {
	var slug string
	err := q.QueryRow(ctx, `SELECT coalesce(follow_up->>'form', '') FROM calendars WHERE id = $1 AND location_id = $2`, calendarID, db.ThisBusiness).Scan(&slug)
	if err != nil && !errors.Is(err, pgx.ErrNoRows) {
		return "", fmt.Errorf("booking: unable to read a follow-up: %w", err)
	}
	return slug, nil
}

// HoldersOf are the staff of the bookings that hold their time for a
// booking (a class time's seats): whose calendars show the class.
func HoldersOf(ctx context.Context, q db.Querier, bookingID string) ([]int64, error) {
	rows, err := q.Query(ctx, `SELECT staff_id FROM bookings WHERE holds_for = $1 AND location_id = $2 AND status <> 'cancelled'`, bookingID, db.ThisBusiness)
	if err != nil {
		return nil, fmt.Errorf("booking: unable to read who holds a booking: %w", err)
	}
	return pgx.CollectRows(rows, pgx.RowTo[int64])
}
