package people

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/jackc/pgx/v5"

	"slotwise/backend/internal/db"
)

// A session's life, fit for a front desk signed in all day on a shared
// computer: it survives the quiet hours of a working day (idle up to
// twelve hours), ends overnight when nobody used it, and whatever its
// use is asked to sign in again after a week, so a browser forgotten
// signed in does not stay so. A sensitive change (a person, a passkey,
// payment keys) wants a sign-in of the last half hour.
const (
	IdleLife     = 12 * time.Hour
	AbsoluteLife = 7 * 24 * time.Hour
	RecentLife   = 30 * time.Minute
)

// seenEvery is how stale seen_at may be before a request notes its use:
// at most one write a minute a session, so reads stay reads.
const seenEvery = time.Minute

// sessionPrefix begins every session's secret.
const sessionPrefix = "sws_"

// ErrNoSession is a session that ended, ran out or never was.
var ErrNoSession = errors.New("people: not signed in")

// Session is a signed-in browser and its person.
type Session struct {
	Person     Person
	SignedInAt time.Time
	SeenAt     time.Time
}

// Recent tells whether the session signed in recently enough for a
// sensitive change.
func (s *Session) Recent(now time.Time) bool { return now.Sub(s.SignedInAt) < RecentLife }

// Session returns the live session whose cookie carries secret, noting
// its use.
func (s *Service) Session(ctx context.Context, secret string) (*Session, error) {
	return s.SessionAlong(ctx, secret, nil)
}

// SessionAlong is Session, with along's reads sent behind the session's
// in the same round trip (db.Pool.SendReads): what a signed-in page reads
// whoever is signed in. Their callbacks are not run when no session is
// live.
func (s *Service) SessionAlong(ctx context.Context, secret string, along *pgx.Batch) (*Session, error) {
	if !strings.HasPrefix(secret, sessionPrefix) || len(secret) > 64 {
		return nil, ErrNoSession
	}
	now := s.now()
	var ses Session
	p := &ses.Person
	b := &pgx.Batch{}
	b.Queue(`SELECT p.id, p.email, p.role, coalesce(p.staff_id, 0), p.created_at, s.signed_in_at, s.seen_at
		FROM admin_sessions s JOIN people p ON p.id = s.person_id AND p.location_id = s.location_id
		WHERE s.hash = $1 AND s.location_id = $2 AND s.ended_at IS NULL AND s.seen_at > $3 AND s.signed_in_at > $4`,
		hash(secret), db.ThisBusiness, now.Add(-IdleLife), now.Add(-AbsoluteLife)).
		QueryRow(func(row pgx.Row) error {
			err := row.Scan(&p.ID, &p.Email, &p.Role, &p.StaffID, &p.CreatedAt, &ses.SignedInAt, &ses.SeenAt)
			if errors.Is(err, pgx.ErrNoRows) {
				return ErrNoSession
			}
			return err
		})
	if along != nil {
		b.QueuedQueries = append(b.QueuedQueries, along.QueuedQueries...)
	}
	err := s.pool.SendReads(ctx, b)
	if errors.Is(err, ErrNoSession) {
		return nil, ErrNoSession
	}
	if err != nil {
		return nil, fmt.Errorf("people: unable to read a session: %w", err)
	}
	if now.Sub(ses.SeenAt) >= seenEvery {
		if _, err := s.pool.Exec(ctx, `UPDATE admin_sessions SET seen_at = $3 WHERE hash = $1 AND location_id = $2 AND seen_at < $3`,
			hash(secret), db.ThisBusiness, now); err != nil {
			return nil, fmt.Errorf("people: unable to note a session's use: %w", err)
		}
		ses.SeenAt = now
	}
	return &ses, nil
}

// SignOut ends the session whose cookie carries secret; ending one that
// is not live is no error.
func (s *Service) SignOut(ctx context.Context, secret string) error {
	if !strings.HasPrefix(secret, sessionPrefix) || len(secret) > 64 {
		return nil
	}
	_, err := s.pool.Exec(ctx, `UPDATE admin_sessions SET ended_at = $3 WHERE hash = $1 AND location_id = $2 AND ended_at IS NULL`,
		hash(secret), db.ThisBusiness, s.now())
	if err != nil {
		return fmt.Errorf("people: unable to sign out: %w", err)
	}
	return nil
}

// SignOutEverywhere ends every live session of a person and returns how
// many it ended.
func (s *Service) SignOutEverywhere(ctx context.Context, personID int64) (int64, error) {
	tag, err := s.pool.Exec(ctx, `UPDATE admin_sessions SET ended_at = $3 WHERE person_id = $1 AND location_id = $2 AND ended_at IS NULL`,
		personID, db.ThisBusiness, s.now())
	if err != nil {
		return 0, fmt.Errorf("people: unable to sign out everywhere: %w", err)
	}
	return tag.RowsAffected(), nil
}

// userAgentOf is what is kept of a browser's name to tell sessions apart:
// text, at most 300 bytes.
func userAgentOf(s string) string {
	s = strings.ToValidUTF8(strings.ReplaceAll(s, "\x00", ""), "")
	for len(s) > 300 {
		_, size := utf8.DecodeLastRuneInString(s)
		s = s[:len(s)-size]
	}
	return s
}

// kept is how long a link past its expiry, or a session that ended or ran
// out, is kept before the purge forgets it.
const kept = 30 * 24 * time.Hour

// Purge forgets the links and sessions past their time by more than a
// month, in every business ctx works for (db.WithEveryBusiness).
func (s *Service) Purge(ctx context.Context) (int64, error) {
	before := s.now().Add(-kept)
	links, err := s.pool.Exec(ctx, `DELETE FROM sign_in_links WHERE expires_at < $1`, before)
	if err != nil {
		return 0, fmt.Errorf("people: unable to purge sign-in links: %w", err)
	}
	sessions, err := s.pool.Exec(ctx, `DELETE FROM admin_sessions WHERE ended_at < $1 OR seen_at < $2 OR signed_in_at < $3`,
		before, before.Add(-IdleLife), before.Add(-AbsoluteLife))
	if err != nil {
		return 0, fmt.Errorf("people: unable to purge sessions: %w", err)
	}
	// A passkey ceremony is of no use past its few minutes.
	ceremonies, err := s.pool.Exec(ctx, `DELETE FROM passkey_ceremonies WHERE expires_at < $1`, s.now())
	if err != nil {
		return 0, fmt.Errorf("people: unable to purge passkey requests: %w", err)
	}
	return links.RowsAffected() + sessions.RowsAffected() + ceremonies.RowsAffected(), nil
}
