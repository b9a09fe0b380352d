package admin

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"slotwise/backend/internal/booking"
	"slotwise/backend/internal/db"
)

// A staff member's calendar feed is a secret URL their calendar app
// subscribes to. Making a new one ends the old: one live feed per person,
// so a leaked link is revoked by making another (or by revoking it).

var ErrStaffNotFound = errors.New("admin: no staff member with this slug")

// CreateFeed makes a staff member's feed secret, ending any earlier one.
func CreateFeed(ctx context.Context, q db.Beginner, staffSlug string) (string, error) {
	secret := "stf_" + rand.Text() + rand.Text()
	err := db.InTx(ctx, q, func(tx pgx.Tx) error {
		id, err := booking.LockPerson(ctx, tx, staffSlug)
		if errors.Is(err, booking.ErrPersonNotFound) {
			return ErrStaffNotFound
		}
		if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE staff_feeds SET revoked_at = now() WHERE staff_id = $1 AND location_id = $2 AND revoked_at IS NULL`, id, db.ThisBusiness); err != nil {
			return err
		}
		_, err = tx.Exec(ctx, `INSERT INTO staff_feeds (hash, staff_id) VALUES ($1, $2)`, hash(secret), id)
		return err
	})
	if err != nil {
		return "", fmt.Errorf("admin: unable to make a feed: %w", err)
	}
	return secret, nil
}

// RevokeFeeds ends a staff member's feed.
func RevokeFeeds(ctx context.Context, q db.Querier, staffSlug string) error {
	person, err := booking.PersonBySlug(ctx, q, staffSlug)
	if errors.Is(err, booking.ErrPersonNotFound) {
		return ErrStaffNotFound
	}
	if err != nil {
		return fmt.Errorf("admin: unable to find a staff member: %w", err)
	}
	if _, err = q.Exec(ctx, `UPDATE staff_feeds SET revoked_at = now() WHERE revoked_at IS NULL AND staff_id = $1 AND location_id = $2`, person.ID, db.ThisBusiness); err != nil {
		return fmt.Errorf("admin: unable to revoke a feed: %w", err)
	}
	return nil
}

// ErrFeedNotFound is a feed secret that opens nothing (wrong or revoked).
var ErrFeedNotFound = errors.New("admin: no such feed")

// FeedStaff returns the slug and name of the staff member whose live feed
// this secret opens.
func FeedStaff(ctx context.Context, q db.Querier, secret string) (slug, name string, err error) {
	if len(secret) > 100 {
		return "", "", ErrFeedNotFound
	}
	var staffID int64
	err = q.QueryRow(ctx, `SELECT staff_id FROM staff_feeds WHERE hash = $1 AND location_id = $2 AND revoked_at IS NULL`, hash(secret), db.ThisBusiness).Scan(&staffID)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", "", ErrFeedNotFound
	}
	if err != nil {
		return "", "", fmt.Errorf("admin: unable to read a feed: %w", err)
	}
	person, err := booking.PersonByID(ctx, q, staffID)
	if errors.Is(err, booking.ErrPersonNotFound) {
		return "", "", ErrFeedNotFound
	}
	if err != nil {
		return "", "", err
	}
	return person.Slug, person.Name, nil
}
