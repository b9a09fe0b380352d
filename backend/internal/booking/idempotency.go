package booking

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/jackc/pgx/v5"

	"slotwise/backend/internal/db"
)

// Idempotency: a mutation sent with an Idempotency-Key records, in the same
// transaction, which booking it produced. A retry (the network dropped the
// answer) finds that record and gets the same booking back instead of a
// second one; the same key with a different request is refused. Records
// keep the manage token so the retry's answer can hold the manage link; they
// are purged after a day (PurgeIdempotencyKeys).

type keyRecord struct {
	BookingID string `json:"bookingId"`
	Token     string `json:"token,omitempty"`
}

func requestHash(scope string, req any) []byte {
	data, _ := json.Marshal(req) // commands are plain structs: Marshal cannot fail
	h := sha256.Sum256(append([]byte(scope+"\x00"), data...))
	return h[:]
}

// lockKey serializes requests carrying the same key until commit.
func (s *Service) lockKey(ctx context.Context, tx pgx.Tx, key string) error {
	if key == "" {
		return nil
	}
	_, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, key)
	return err
}

func (s *Service) findKey(ctx context.Context, q db.Querier, key string) (*keyRecord, []byte, error) {
	if key == "" {
		return nil, nil, nil
	}
	var raw, hash []byte
	err := q.QueryRow(ctx, `SELECT response, request_hash FROM idempotency_keys WHERE key = $1`, key).Scan(&raw, &hash)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, nil, nil
	}
	if err != nil {
		return nil, nil, fmt.Errorf("booking: unable to read idempotency key: %w", err)
	}
	var rec keyRecord
	if err := json.Unmarshal(raw, &rec); err != nil {
		return nil, nil, err
	}
	return &rec, hash, nil
}

func (s *Service) saveKey(ctx context.Context, tx pgx.Tx, key, scope string, req any, bookingID, token string) error {
	if key == "" {
		return nil
	}
	rec, _ := json.Marshal(keyRecord{BookingID: bookingID, Token: token})
	_, err := tx.Exec(ctx, `INSERT INTO idempotency_keys (key, scope, request_hash, status, response) VALUES ($1, $2, $3, 200, $4)`,
		key, scope, requestHash(scope, req), rec)
	return err
}

// replay answers a retried request from its record: (nil, "", nil) when the
// key is new.
func (s *Service) replay(ctx context.Context, key, scope string, req any) (*Booking, string, error) {
	rec, hash, err := s.findKey(ctx, s.pool, key)
	if err != nil || rec == nil {
		return nil, "", err
	}
	if string(hash) != string(requestHash(scope, req)) {
		return nil, "", ErrIdempotencyReuse
	}
	b, _, err := s.store.booking(ctx, s.pool, rec.BookingID, "")
	if err != nil {
		return nil, "", err
	}
	return b, rec.Token, nil
}

// PurgeIdempotencyKeys forgets keys older than a day, and with them the
// manage tokens they hold.
func (s *Service) PurgeIdempotencyKeys(ctx context.Context) (int64, error) {
	tag, err := s.pool.Exec(ctx, `DELETE FROM idempotency_keys WHERE created_at < now() - interval '1 day'`)
	if err != nil {
		return 0, fmt.Errorf("booking: unable to purge idempotency keys: %w", err)
	}
	return tag.RowsAffected(), nil
}

func trimmed(s string) string { return strings.TrimSpace(s) }
