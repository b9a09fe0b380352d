package booking

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"slotwise/backend/internal/db"
)

// One-time links: a secret path that books its calendar exactly once, until
// it expires. Only the secret's hash is stored, as for manage tokens.

// RandomLinkPrefix begins every link NewOneTimeLink makes, and no link a
// business names in its content: a named link may be short enough to
// guess, and the web layer limits it more strictly.
const RandomLinkPrefix = "otl_"

// NewOneTimeLink makes a link to the calendar that expires after ttl and
// returns its secret (the {oneTimeSlug} of its page).
func (s *Service) NewOneTimeLink(ctx context.Context, calendarSlug string, ttl time.Duration) (string, error) {
	cal, err := s.store.calendarBySlug(ctx, s.pool, calendarSlug)
	if err != nil {
		return "", err
	}
	secret := RandomLinkPrefix + randomString(18)
	_, err = s.pool.Exec(ctx, `INSERT INTO one_time_links (slug_hash, calendar_id, expires_at) VALUES ($1, $2, $3)`,
		hashToken(secret), cal.ID, s.now().Add(ttl))
	if err != nil {
		return "", fmt.Errorf("booking: unable to make a one-time link: %w", err)
	}
	return secret, nil
}

// OneTimeLink opens an unused, unexpired link and returns its calendar;
// ErrLinkUsed otherwise, as for a secret that never existed.
func (s *Service) OneTimeLink(ctx context.Context, secret string) (*Calendar, error) {
	calendarID, err := s.store.openLink(ctx, s.pool, secret, s.now())
	if err != nil {
		return nil, err
	}
	return s.store.calendarByID(ctx, s.pool, calendarID)
}

// SpentLinkCalendar is the calendar of a link that can no longer book (used
// or expired), so its expired page can wear the business's colours; a
// secret that was never a link finds nothing (ErrLinkUsed).
func (s *Service) SpentLinkCalendar(ctx context.Context, secret string) (*Calendar, error) {
	if !plausibleKey(secret) {
		return nil, ErrLinkUsed
	}
	var calendarID int64
	err := s.pool.QueryRow(ctx, `SELECT calendar_id FROM one_time_links WHERE slug_hash = $1 AND location_id = $2`, hashToken(secret), db.ThisBusiness).Scan(&calendarID)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, ErrLinkUsed
	}
	if err != nil {
		return nil, fmt.Errorf("booking: unable to find a one-time link: %w", err)
	}
	return s.store.calendarByID(ctx, s.pool, calendarID)
}

// openLink finds a link that can still book.
func (store) openLink(ctx context.Context, q db.Querier, secret string, now time.Time) (int64, error) {
	if !plausibleKey(secret) {
		return 0, ErrLinkUsed
	}
	var calendarID int64
	err := q.QueryRow(ctx, `SELECT calendar_id FROM one_time_links
		WHERE slug_hash = $1 AND location_id = $3 AND used_by IS NULL AND expires_at > $2`, hashToken(secret), now, db.ThisBusiness).Scan(&calendarID)
	if errors.Is(err, pgx.ErrNoRows) {
		return 0, ErrLinkUsed
	}
	if err != nil {
		return 0, fmt.Errorf("booking: unable to open a one-time link: %w", err)
	}
	return calendarID, nil
}

// useLink marks the link used by the booking, in its transaction. Of two
// bookings racing on one link, the second waits for the first's row lock,
// then finds the link used and rolls back.
func (store) useLink(ctx context.Context, q db.Querier, secret string, calendarID int64, bookingID string, now time.Time) error {
	tag, err := q.Exec(ctx, `UPDATE one_time_links SET used_by = $3, used_at = $4
		WHERE slug_hash = $1 AND calendar_id = $2 AND location_id = $5 AND used_by IS NULL AND expires_at > $4`,
		hashToken(secret), calendarID, bookingID, now, db.ThisBusiness)
	if err != nil {
		return fmt.Errorf("booking: unable to use a one-time link: %w", err)
	}
	if tag.RowsAffected() == 0 {
		return ErrLinkUsed
	}
	return nil
}
