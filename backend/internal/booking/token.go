package booking

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"fmt"

	"slotwise/backend/internal/db"
)

// newID is a booking's public id: unguessable, URL-safe, with a prefix that
// tells what it is in logs and support mails.
func newID() string { return "bk_" + randomString(15) }

// newToken is the secret of a manage link; only its hash is stored.
func newToken() string { return randomString(24) }

func randomString(n int) string {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		panic(err) // crypto/rand does not fail on Linux
	}
	return base64.RawURLEncoding.EncodeToString(b)
}

func hashToken(token string) []byte {
	h := sha256.Sum256([]byte(token))
	return h[:]
}

// What a secret lets its holder do: the booker manages their booking; the
// business decides on a request.
const (
	purposeManage = "manage"
	purposeDecide = "decide"
	// purposeFollowUp ties a form's answers to the booking a follow-up
	// linked it from (forms reads it); it opens nothing.
	purposeFollowUp = "followup"
)

// issueToken makes a new manage secret for a booking and stores its hash;
// a booking has several (the confirmation's, each mail's), each opening it.
func issueToken(ctx context.Context, q db.Querier, bookingID string) (string, error) {
	token := newToken()
	return token, storeToken(ctx, q, bookingID, token, purposeManage)
}

// storeToken keeps the hash of a secret, never the secret.
func storeToken(ctx context.Context, q db.Querier, bookingID, token, purpose string) error {
	if _, err := q.Exec(ctx, `INSERT INTO booking_tokens (token_hash, booking_id, purpose) VALUES ($1, $2, $3)`,
		hashToken(token), bookingID, purpose); err != nil {
		return fmt.Errorf("booking: unable to store a %s token: %w", purpose, err)
	}
	return nil
}

// tokenOpens tells whether token is one of the booking's manage secrets.
func tokenOpens(ctx context.Context, q db.Querier, bookingID, token string) (bool, error) {
	return tokenFor(ctx, q, bookingID, token, purposeManage)
}

// tokenFor tells whether token is one of the booking's secrets for purpose.
// A series is booked together, so a secret of one of its bookings opens
// every one of them. The lookup is by hash, so its timing tells nothing
// about the secret.
func tokenFor(ctx context.Context, q db.Querier, bookingID, token, purpose string) (bool, error) {
	if token == "" || !plausibleKey(bookingID) {
		return false, nil
	}
	var ok bool
	err := q.QueryRow(ctx, `SELECT EXISTS (
		SELECT 1 FROM booking_tokens t JOIN bookings b ON b.id = t.booking_id AND b.location_id = t.location_id
		WHERE t.token_hash = $1 AND t.location_id = $4 AND t.purpose = $3
		  AND (t.booking_id = $2 OR (b.series_id IS NOT NULL AND b.series_id = (SELECT series_id FROM bookings WHERE id = $2 AND location_id = $4))))`,
		hashToken(token), bookingID, purpose, db.ThisBusiness).Scan(&ok)
	if err != nil {
		return false, fmt.Errorf("booking: unable to check a manage token: %w", err)
	}
	return ok, nil
}
