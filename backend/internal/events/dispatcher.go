package events

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"time"

	"github.com/jackc/pgx/v5"

	"slotwise/backend/internal/background"
	"slotwise/backend/internal/db"
)

// Dispatcher defaults.
const (
	DefaultLease       = 2 * time.Minute
	DefaultMaxAttempts = 12
	batchSize          = 10
	maxErrorLen        = 2000
)

// Dispatcher delivers events to consumers. Any number of dispatchers, in
// one process or in many replicas, can run against one database.
type Dispatcher struct {
	Pool      *db.Pool
	Consumers []Consumer
	Logger    *slog.Logger // default slog.Default()

	// PollInterval is how often due deliveries are looked for besides the
	// notifications: retries whose time has come, leases that ran out, and
	// anything a lost notification missed. Default background.DefaultPoll.
	PollInterval time.Duration
	// Lease is how long a claimed delivery is the claimer's; past it
	// (the claimer died) another dispatcher takes it over. Default 2m.
	Lease time.Duration
	// MaxAttempts failed attempts make a delivery dead. Default 12.
	MaxAttempts int
}

// Subscribe records which event types each consumer hears, so events
// emitted from now on (by any replica) get a delivery for it.
func (d *Dispatcher) Subscribe(ctx context.Context) error {
	for _, c := range d.Consumers {
		for _, typ := range c.Types() {
			if _, err := d.Pool.Exec(ctx, `INSERT INTO event_subscriptions (consumer, event_type) VALUES ($1, $2)
				ON CONFLICT DO NOTHING`, c.Name(), typ); err != nil {
				return fmt.Errorf("events: unable to subscribe %s to %s: %w", c.Name(), typ, err)
			}
		}
	}
	return nil
}

// Name is the dispatcher's name among the server's background work.
func (d *Dispatcher) Name() string { return "events" }

// Run subscribes the consumers, then delivers due events until ctx ends,
// as soon as a commit announces them and at least every PollInterval.
func (d *Dispatcher) Run(ctx context.Context) error {
	if err := d.Subscribe(ctx); err != nil {
		return err
	}
	background.Rounds(ctx, d.Pool, Channel, d.PollInterval, d.logger(), func(ctx context.Context) {
		if _, err := d.DeliverDue(ctx); err != nil && ctx.Err() == nil {
			d.logger().WarnContext(ctx, "events: delivery round failed", "error", err)
		}
	})
	return nil
}

type delivery struct {
	consumer Consumer
	attempts int
	event    Event
}

// DeliverDue hands every due event to its consumers and returns how many
// deliveries completed. Failures are recorded and retried later with
// backoff; the error reports a database failure.
func (d *Dispatcher) DeliverDue(ctx context.Context) (done int, err error) {
	if d.Pool == nil {
		return 0, errors.New("events: dispatcher needs a Pool")
	}
	for ctx.Err() == nil {
		batch, err := d.claim(ctx)
		if err != nil {
			return done, err
		}
		for _, dl := range batch {
			ok, err := d.deliver(ctx, dl)
			if err != nil {
				return done, err
			}
			if ok {
				done++
			}
		}
		if len(batch) < batchSize {
			break
		}
	}
	return done, nil
}

// claim leases due deliveries in one short transaction: none is open
// while consumers work.
func (d *Dispatcher) claim(ctx context.Context) ([]delivery, error) {
	byName := map[string]Consumer{}
	names := make([]string, 0, len(d.Consumers))
	for _, c := range d.Consumers {
		byName[c.Name()] = c
		names = append(names, c.Name())
	}
	// The deliveries are chosen once (MATERIALIZED): a subquery that skips
	// locked rows, read again for each row of a join, would pick others.
	// They are read in the order of the due index (event_deliveries_due),
	// due longest first, which stops at the tenth it may take. PostgreSQL
	// would rather join two bitmaps of that index and the key's and sort
	// everything due: its statistics (none yet on a young deployment;
	// taken while deliveries are done as soon as made on an older one) say
	// almost none are waiting, and a burst (two thousand payment events in
	// a few seconds) is over long before they are taken again, so each
	// claim read and sorted the whole backlog (5 to 14 ms at three
	// thousand, a quarter of the database's work during the burst; 0.1 ms
	// read in order). Bitmap scans are off for this transaction alone.
	var batch []delivery
	err := db.InTx(db.WithEveryBusiness(ctx), d.Pool, func(tx pgx.Tx) error {
		b := &pgx.Batch{}
		b.Queue(claimSetting)
		b.Queue(claimSQL, names, d.lease().Milliseconds(), batchSize)
		br := tx.SendBatch(ctx, b)
		defer br.Close()
		if _, err := br.Exec(); err != nil {
			return err
		}
		rows, err := br.Query()
		if err != nil {
			return err
		}
		batch, err = pgx.CollectRows(rows, func(r pgx.CollectableRow) (delivery, error) {
			var dl delivery
			var name string
			err := r.Scan(&name, &dl.attempts, &dl.event.ID, &dl.event.Business, &dl.event.Type, &dl.event.Payload, &dl.event.CreatedAt)
			dl.consumer = byName[name]
			return dl, err
		})
		if err != nil {
			return err
		}
		return br.Close()
	})
	if err != nil {
		return nil, fmt.Errorf("events: unable to claim deliveries: %w", err)
	}
	// RETURNING does not keep the subquery's order; consumers see events in
	// the order they happened.
	slices.SortFunc(batch, func(a, b delivery) int { return cmp.Compare(a.event.ID, b.event.ID) })
	return batch, nil
}

// claimSetting holds a claim to the due index's order (claim says why);
// claimSQL leases up to $3 deliveries due to the consumers $1 for $2 ms.
const (
	claimSetting = `SET LOCAL enable_bitmapscan TO off`
	claimSQL     = `
		WITH c AS MATERIALIZED (
		      SELECT consumer, event_id, location_id FROM event_deliveries
		      WHERE consumer = ANY($1) AND done_at IS NULL AND NOT dead AND next_attempt_at <= now()
		        AND (leased_until IS NULL OR leased_until < now())
		      ORDER BY next_attempt_at, event_id LIMIT $3 FOR UPDATE SKIP LOCKED)
		UPDATE event_deliveries d SET leased_until = now() + $2 * interval '1 millisecond', attempts = d.attempts + 1
		FROM c, events e
		WHERE d.consumer = c.consumer AND d.event_id = c.event_id AND d.location_id = c.location_id AND e.id = d.event_id AND e.location_id = d.location_id
		RETURNING d.consumer, d.attempts, e.id, e.location_id, e.type, e.payload, e.created_at`
)

// deliver runs one consumer on one event and records the outcome, for the
// event's business: what the consumer reads and writes is that business's.
func (d *Dispatcher) deliver(ctx context.Context, dl delivery) (bool, error) {
	ctx = db.WithBusiness(ctx, dl.event.Business)
	log := d.logger().With("consumer", dl.consumer.Name(), "event", dl.event.ID, "type", dl.event.Type)
	commit, err := d.handle(ctx, dl)
	if err == nil {
		var applied bool
		applied, err = d.complete(ctx, dl, commit)
		if err == nil {
			if !applied {
				log.InfoContext(ctx, "events: delivery already completed elsewhere")
			}
			return applied, nil
		}
	}
	if ctx.Err() != nil {
		return false, nil // interrupted: the lease runs out and the delivery is due again
	}
	return false, d.fail(ctx, dl, err, log)
}

// handle runs the consumer, turning a panic into an error so one bad event
// cannot stop every other delivery.
func (d *Dispatcher) handle(ctx context.Context, dl delivery) (commit Commit, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("events: consumer %s panicked: %v", dl.consumer.Name(), p)
		}
	}()
	return dl.consumer.Handle(ctx, dl.event)
}

// complete marks the delivery done and applies the consumer's writes in one
// transaction; when another dispatcher completed it meanwhile (its lease
// ran out here), nothing is written.
func (d *Dispatcher) complete(ctx context.Context, dl delivery, commit Commit) (bool, error) {
	applied := false
	err := db.InTx(ctx, d.Pool, func(tx pgx.Tx) error {
		// Committed without waiting for the disk: a crash that loses this
		// commit loses the done mark with the consumer's writes, and the
		// delivery, durable since its event was, is made again, which a
		// consumer is built for (Consumer). The commits that answer a
		// visitor or a provider keep waiting, and no longer wait behind
		// these for the disk.
		if _, err := tx.Exec(ctx, `SET LOCAL synchronous_commit TO off`); err != nil {
			return err
		}
		tag, err := tx.Exec(ctx, `UPDATE event_deliveries SET done_at = now(), leased_until = NULL, last_error = ''
			WHERE consumer = $1 AND event_id = $2 AND location_id = $3 AND done_at IS NULL`, dl.consumer.Name(), dl.event.ID, db.ThisBusiness)
		if err != nil || tag.RowsAffected() == 0 {
			return err
		}
		applied = true
		if commit != nil {
			return commit(ctx, tx)
		}
		return nil
	})
	if err != nil {
		return false, fmt.Errorf("events: %s on event %d: %w", dl.consumer.Name(), dl.event.ID, err)
	}
	return applied, nil
}

func (d *Dispatcher) fail(ctx context.Context, dl delivery, cause error, log *slog.Logger) error {
	msg := cause.Error()
	if len(msg) > maxErrorLen {
		msg = msg[:maxErrorLen]
	}
	dead := dl.attempts >= d.maxAttempts()
	wait := Backoff(dl.attempts)
	_, err := d.Pool.Exec(context.WithoutCancel(ctx), `UPDATE event_deliveries
		SET leased_until = NULL, last_error = $3, dead = $4, next_attempt_at = now() + $5 * interval '1 millisecond'
		WHERE consumer = $1 AND event_id = $2 AND location_id = $6 AND done_at IS NULL`,
		dl.consumer.Name(), dl.event.ID, msg, dead, wait.Milliseconds(), db.ThisBusiness)
	if err != nil {
		return fmt.Errorf("events: unable to record a failed delivery: %w", err)
	}
	if dead {
		log.ErrorContext(ctx, "events: delivery given up", "attempts", dl.attempts, "error", cause)
	} else {
		log.WarnContext(ctx, "events: delivery failed; will retry", "attempts", dl.attempts, "retry_in", wait, "error", cause)
	}
	return nil
}

// Backoff waits 5s·2^(attempt−1) after the attempt-th failure, at most an hour.
func Backoff(attempt int) time.Duration {
	if attempt < 1 {
		attempt = 1
	}
	if attempt > 11 {
		return time.Hour
	}
	return min(5*time.Second<<(attempt-1), time.Hour)
}

func (d *Dispatcher) logger() *slog.Logger {
	if d.Logger != nil {
		return d.Logger
	}
	return slog.Default()
}

func (d *Dispatcher) lease() time.Duration {
	if d.Lease > 0 {
		return d.Lease
	}
	return DefaultLease
}

func (d *Dispatcher) maxAttempts() int {
	if d.MaxAttempts > 0 {
		return d.MaxAttempts
	}
	return DefaultMaxAttempts
}
