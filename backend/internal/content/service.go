package content

import (
	"context"
	"crypto/sha256"
	"encoding/hex"

	"github.com/jackc/pgx/v5"

	"slotwise/backend/internal/clock"
	"slotwise/backend/internal/command"
	"slotwise/backend/internal/db"
)

// Service changes a site's content one item at a time (the admin API).
// Each change runs through the command pipeline in a transaction of its
// own, under the lock imports take, so an Idempotency-Key acts once and a
// change never interleaves with an import.
type Service struct {
	runner    *command.Runner
	redirects []string   // the other sites a form may send its visitor to
	now       clock.Func // when reminders and agendas are planned from
}

// SetClock makes changes plan reminders and agendas from now, for tests.
func (s *Service) SetClock(now clock.Func) { s.now = now }

// NewService is the content service over pool, planning reminders and
// agendas on now (nil: clock.Now). afterCommit runs after each change it
// committed, before it answers (the page cache's SeeOwnChanges: a change
// through the API is on this replica's pages when it returns); nil is none.
func NewService(pool *db.Pool, redirectOrigins []string, now clock.Func, afterCommit func(context.Context)) *Service {
	if now == nil {
		now = clock.Now
	}
	return &Service{runner: command.NewRunnerAfter(pool, afterCommit), redirects: redirectOrigins, now: now}
}

// Change is one item sent whole: its kind, the key of its address (empty
// when it is created with its key in the body), its JSON (a picture's
// bytes for media), whether it must be new, and the client's
// Idempotency-Key.
type Change struct {
	Kind           Kind
	Key            string
	Body           []byte
	Create         bool
	IdempotencyKey string
}

// Changed is what a change's idempotency record keeps, and its answer.
type Changed struct {
	Key     string  `json:"key"`
	Outcome Outcome `json:"outcome"`
}

// Put creates or replaces one item (putItem, in a transaction of its own). A retry with
// the same key and the same request answers as the first time.
func (s *Service) Put(ctx context.Context, ch Change) (Changed, error) {
	method := "PUT"
	if ch.Create {
		method = "POST"
	}
	sum := sha256.Sum256(ch.Body)
	op := command.Op{Scope: "content." + ch.Kind.Name(), Key: ch.IdempotencyKey,
		Request: []string{method, ch.Key, hex.EncodeToString(sum[:])}}
	res, _, err := command.Run(ctx, s.runner, op, func(ctx context.Context, tx pgx.Tx) (Changed, error) {
		it, outcome, err := putItem(ctx, tx, ch.Kind, ch.Key, ch.Body, ch.Create, s.redirects, s.now)
		if err != nil {
			return Changed{}, err
		}
		return Changed{Key: Key(ch.Kind, it), Outcome: outcome}, nil
	})
	return res, err
}

// Delete removes one item (deleteItem, in a transaction of its own); a retry with the
// same key does nothing more.
func (s *Service) Delete(ctx context.Context, k Kind, key, idempotencyKey string) error {
	op := command.Op{Scope: "content." + k.Name() + ".delete", Key: idempotencyKey, Request: key}
	_, _, err := command.Run(ctx, s.runner, op, func(ctx context.Context, tx pgx.Tx) (bool, error) {
		return true, deleteItem(ctx, tx, k, key)
	})
	return err
}
