// Package command runs every state-changing operation a retry may repeat
// (book, reschedule, cancel, decide a request, the business's refund, a
// form's steps, content written through the admin API) the same way:
//
//	idempotency key (scope + key) → one transaction:
//	    the domain function checks its rules and writes its rows and events
//	→ the key's record (a result without secrets) → commit
//
// A retry with the same key and the same request gets the first result
// back without running the function again; the same key with another
// request is refused (ErrKeyReused); concurrent retries wait for each
// other on a lock held until commit, so one key has one effect. Side
// effects (mails, webhooks, payments) never happen here: the function
// writes events (package events) that consumers act on after commit.
package command

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"slotwise/backend/internal/db"
)

// Errors of the runner; the web layer maps them to 422 and 400.
var (
	ErrKeyReused  = errors.New("command: idempotency key reused with another request")
	ErrKeyInvalid = errors.New("command: idempotency key is not 1 to 255 printable ASCII characters")
)

// KeyTTL is how long a key's record is kept: retries come within minutes,
// and a day covers a phone that lost its connection overnight.
const KeyTTL = 24 * time.Hour

// maxAttempts bounds the re-runs of a transaction that PostgreSQL aborted
// for a deadlock or a serialization conflict, which are safe to retry.
const maxAttempts = 3

// Runner runs commands against one database.
type Runner struct {
	pool *db.Pool
	// afterCommit runs after each command that committed a change, before
	// Run returns (NewRunnerAfter).
	afterCommit func(ctx context.Context)
}

// NewRunner returns a runner on pool.
func NewRunner(pool *db.Pool) *Runner { return &Runner{pool: pool} }

// NewRunnerAfter returns a runner on pool that runs afterCommit after each
// commit, before the command's caller answers: the replica's cached pages
// catch up with the change (pages.Cache.SeeOwnChanges).
func NewRunnerAfter(pool *db.Pool, afterCommit func(ctx context.Context)) *Runner {
	return &Runner{pool: pool, afterCommit: afterCommit}
}

// Op names one run of a command.
type Op struct {
	Scope   string // the operation, e.g. "booking.book"
	Key     string // the client's Idempotency-Key; empty: no replay protection
	Request any    // what was asked, hashed to tell a retry from a reuse of the key
}

// Func is a command's domain work inside the transaction. Its result is
// stored for replays, so it must hold ids, never secrets.
type Func[R any] func(ctx context.Context, tx pgx.Tx) (R, error)

// Run runs fn for op in one transaction and returns its result, or the
// stored result of an earlier run with the same key (replayed is then true).
// An error from fn rolls everything back and is returned unchanged.
func Run[R any](ctx context.Context, r *Runner, op Op, fn Func[R]) (result R, replayed bool, err error) {
	if op.Key != "" && !ValidKey(op.Key) {
		return result, false, ErrKeyInvalid
	}
	hash, err := requestHash(op)
	if err != nil {
		return result, false, err
	}
	// A retry usually finds its record without taking any lock.
	if found, err := lookup(ctx, r.pool, op, hash, &result); err != nil || found {
		return result, found, err
	}
	for attempt := 1; ; attempt++ {
		result, replayed, err = runOnce(ctx, r.pool, op, hash, fn)
		if err == nil && !replayed && r.afterCommit != nil {
			r.afterCommit(ctx)
		}
		if err == nil || attempt == maxAttempts || !retryable(err) {
			return result, replayed, err
		}
	}
}

func runOnce[R any](ctx context.Context, pool *db.Pool, op Op, hash []byte, fn Func[R]) (result R, replayed bool, err error) {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return result, false, fmt.Errorf("command: unable to begin %s: %w", op.Scope, err)
	}
	defer func() { _ = tx.Rollback(context.WithoutCancel(ctx)) }() // no-op after Commit
	if op.Key != "" {
		// Requests with one key queue here until the first commits or rolls
		// back; another business's same key is another key.
		business, _ := db.BusinessOf(ctx)
		if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, fmt.Sprint(business, " ", op.Scope, " ", op.Key)); err != nil {
			return result, false, fmt.Errorf("command: unable to lock idempotency key: %w", err)
		}
		if found, err := lookup(ctx, tx, op, hash, &result); err != nil || found {
			return result, found, err
		}
	}
	result, err = fn(ctx, tx)
	if err != nil {
		return result, false, err
	}
	if op.Key != "" {
		data, err := json.Marshal(result)
		if err != nil {
			return result, false, fmt.Errorf("command: unable to encode the result of %s: %w", op.Scope, err)
		}
		if _, err := tx.Exec(ctx, `INSERT INTO idempotency_keys (scope, key, request_hash, result) VALUES ($1, $2, $3, $4)
			ON CONFLICT (scope, key, location_id) DO UPDATE SET request_hash = $3, result = $4, created_at = now()`, // an expired record
			op.Scope, op.Key, hash, data); err != nil {
			return result, false, fmt.Errorf("command: unable to record idempotency key: %w", err)
		}
	}
	if err := tx.Commit(ctx); err != nil {
		return result, false, fmt.Errorf("command: unable to commit %s: %w", op.Scope, err)
	}
	return result, false, nil
}

type queryRower interface {
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
}

// lookup finds the record of an earlier run with op's key and decodes its
// result into out.
func lookup(ctx context.Context, q queryRower, op Op, hash []byte, out any) (bool, error) {
	if op.Key == "" {
		return false, nil
	}
	var storedHash, data []byte
	err := q.QueryRow(ctx, `SELECT request_hash, result FROM idempotency_keys
		WHERE scope = $1 AND key = $2 AND location_id = $4 AND created_at > now() - $3 * interval '1 second'`,
		op.Scope, op.Key, int64(KeyTTL.Seconds()), db.ThisBusiness).Scan(&storedHash, &data)
	if errors.Is(err, pgx.ErrNoRows) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("command: unable to read idempotency key: %w", err)
	}
	if string(storedHash) != string(hash) {
		return false, ErrKeyReused
	}
	if err := json.Unmarshal(data, out); err != nil {
		return false, fmt.Errorf("command: unable to decode the stored result of %s: %w", op.Scope, err)
	}
	return true, nil
}

func requestHash(op Op) ([]byte, error) {
	data, err := json.Marshal(op.Request)
	if err != nil {
		return nil, fmt.Errorf("command: unable to hash the request of %s: %w", op.Scope, err)
	}
	h := sha256.New()
	h.Write([]byte(op.Scope))
	h.Write([]byte{0})
	h.Write(data)
	return h.Sum(nil), nil
}

// ValidKey tells whether an Idempotency-Key is 1 to 255 printable ASCII
// characters: what clients send (UUIDs, ULIDs, random strings), never cut.
func ValidKey(key string) bool {
	if len(key) == 0 || len(key) > 255 {
		return false
	}
	for i := 0; i < len(key); i++ {
		if key[i] < 0x21 || key[i] > 0x7e {
			return false
		}
	}
	return true
}

// retryable: PostgreSQL aborted the transaction for a deadlock or a
// serialization conflict; running it again is what it asks for.
func retryable(err error) bool {
	var pg *pgconn.PgError
	return errors.As(err, &pg) && (pg.Code == "40P01" || pg.Code == "40001")
}

// Purge forgets keys older than KeyTTL.
func (r *Runner) Purge(ctx context.Context) (int64, error) {
	tag, err := r.pool.Exec(ctx, `DELETE FROM idempotency_keys WHERE created_at < now() - $1 * interval '1 second'`, int64(KeyTTL.Seconds()))
	if err != nil {
		return 0, fmt.Errorf("command: unable to purge idempotency keys: %w", err)
	}
	return tag.RowsAffected(), nil
}
