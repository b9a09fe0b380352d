// Package events carries domain events from the transaction that caused
// them to the consumers that act on them after commit.
//
// A command writes its events with Emit in its own transaction, so an
// event exists if and only if the change it describes committed. Each event
// gets one delivery row per subscribed consumer; a Dispatcher on any
// replica claims due deliveries (FOR UPDATE SKIP LOCKED, then a lease, so
// no transaction stays open while a consumer works), runs the consumer
// outside any transaction, and commits the consumer's own writes together
// with marking the delivery done. A crash between the work and that commit
// repeats the work once; the done mark is checked in the same transaction,
// so a consumer's database writes happen exactly once per event.
package events

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"slotwise/backend/internal/db"
)

// Channel is the notification channel that wakes dispatchers when a
// transaction that emitted events commits.
const Channel = "slotwise_events"

// Event is one thing that happened.
type Event struct {
	ID        int64
	Business  int64  // the business it happened to (locations.id)
	Type      string // e.g. booking.booked
	Payload   json.RawMessage
	CreatedAt time.Time
}

// Decode reads the payload into v.
func (e Event) Decode(v any) error {
	if err := json.Unmarshal(e.Payload, v); err != nil {
		return fmt.Errorf("events: payload of %s %d: %w", e.Type, e.ID, err)
	}
	return nil
}

type actorKey struct{}

// WithActor says who makes the changes ctx is for: "person:EMAIL" (one of
// the business's people, in the dashboard) or "token:NAME" (the admin
// API). Every event emitted with it carries it.
func WithActor(ctx context.Context, actor string) context.Context {
	return context.WithValue(ctx, actorKey{}, actor)
}

// ActorOf is who makes the changes of ctx, "" for the booker, a provider
// or the server itself.
func ActorOf(ctx context.Context) string {
	a, _ := ctx.Value(actorKey{}).(string)
	return a
}

// Emit writes an event and its deliveries through q, the transaction of the
// change it describes, with its actor (WithActor). Dispatchers are woken
// once that transaction has committed (db.NotifyAfterCommit).
func Emit(ctx context.Context, q db.Querier, typ string, payload any) error {
	data, err := json.Marshal(payload)
	if err != nil {
		return fmt.Errorf("events: unable to encode %s: %w", typ, err)
	}
	_, err = q.Exec(ctx, `
		WITH e AS (INSERT INTO events (type, payload, actor) VALUES ($1, $2, $3) RETURNING id)
		INSERT INTO event_deliveries (consumer, event_id)
		SELECT s.consumer, e.id FROM event_subscriptions s, e WHERE s.event_type = $1`, typ, data, ActorOf(ctx))
	if err != nil {
		return fmt.Errorf("events: unable to write %s: %w", typ, err)
	}
	if err := db.NotifyAfterCommit(ctx, q, Channel); err != nil {
		return fmt.Errorf("events: unable to signal %s: %w", typ, err)
	}
	return nil
}

// EmitIn is Emit queued in b, for a transaction tx that sends its
// statements together: the event is written when b is sent, and the
// workers are signalled after tx commits.
func EmitIn(ctx context.Context, b *pgx.Batch, tx db.Querier, typ string, payload any) error {
	data, err := json.Marshal(payload)
	if err != nil {
		return fmt.Errorf("events: unable to encode %s: %w", typ, err)
	}
	b.Queue(`
		WITH e AS (INSERT INTO events (type, payload, actor) VALUES ($1, $2, $3) RETURNING id)
		INSERT INTO event_deliveries (consumer, event_id)
		SELECT s.consumer, e.id FROM event_subscriptions s, e WHERE s.event_type = $1`, typ, data, ActorOf(ctx))
	if err := db.NotifyAfterCommit(ctx, tx, Channel); err != nil {
		return fmt.Errorf("events: unable to signal %s: %w", typ, err)
	}
	return nil
}

// Commit is what a consumer writes for an event; it runs in the
// transaction that marks the delivery done.
type Commit func(ctx context.Context, tx pgx.Tx) error

// Consumer acts on events. Handle runs outside any transaction and may be
// slow (render, call a remote service); what it must write, it returns as
// a Commit. It must be idempotent per event id: after a crash it may see
// the same event again.
type Consumer interface {
	Name() string
	Types() []string
	Handle(ctx context.Context, ev Event) (Commit, error)
}

// Purge forgets events older than age whose every delivery is done or
// given up, so the table holds recent history and what is still owed.
func Purge(ctx context.Context, q db.Querier, age time.Duration) (int64, error) {
	tag, err := q.Exec(ctx, `DELETE FROM events e WHERE e.created_at < now() - $1 * interval '1 second'
		AND NOT EXISTS (SELECT 1 FROM event_deliveries d WHERE d.event_id = e.id AND d.location_id = e.location_id AND d.done_at IS NULL AND NOT d.dead)`,
		int64(age.Seconds()))
	if err != nil {
		return 0, fmt.Errorf("events: unable to purge: %w", err)
	}
	return tag.RowsAffected(), nil
}
