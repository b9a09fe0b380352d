package notify

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"maps"
	"net/mail"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/jackc/pgx/v5"

	"slotwise/backend/internal/background"
	"slotwise/backend/internal/db"
)

// OutboxChannel is the PostgreSQL notification channel that wakes the
// workers when a transaction that enqueued mail commits.
const OutboxChannel = "slotwise_outbox"

// Worker defaults.
const (
	DefaultMaxAttempts = 12
	maxErrorLen        = 2000
)

// Enqueue renders m from fromName <from> and stores it in the outbox through
// q. Pass the transaction that makes the change the mail is about: the
// mail is sent if and only if it commits, and the workers are woken once
// it has (db.NotifyAfterCommit).
func Enqueue(ctx context.Context, q db.Querier, kind string, from, fromName string, m Message) error {
	_, err := EnqueueOnce(ctx, q, "", kind, from, fromName, m)
	return err
}

// EnqueueOnce is Enqueue for a mail that must go once whatever happens: a
// second mail with the same key (once) is not queued, and queued tells
// which it was. An empty key queues always.
func EnqueueOnce(ctx context.Context, q db.Querier, once, kind string, from, fromName string, m Message) (queued bool, err error) {
	rcpt, err := parseAddress(m.To, "")
	if err != nil {
		return false, fmt.Errorf("%w: recipient %q: %v", ErrInvalidMessage, m.To, err)
	}
	if fromName, err = inBusinessName(ctx, q, fromName, rcpt.Address, &m); err != nil {
		return false, err
	}
	data, err := m.MIME(from, fromName, time.Now(), "") // real time: a mail is dated when it is written, whatever clock the bookings run on
	if err != nil {
		return false, err
	}
	tag, err := q.Exec(ctx,
		`INSERT INTO outbox (kind, recipient, subject, mime, once_key) VALUES ($1, $2, $3, $4, nullif($5, ''))
		 ON CONFLICT (once_key, location_id) WHERE once_key IS NOT NULL DO NOTHING`,
		kind, rcpt.Address, m.Subject, data, once)
	if err != nil {
		return false, fmt.Errorf("notify: unable to enqueue %s mail: %w", kind, err)
	}
	if tag.RowsAffected() == 0 {
		return false, nil
	}
	if err := db.NotifyAfterCommit(ctx, q, OutboxChannel); err != nil {
		return false, fmt.Errorf("notify: unable to signal the outbox: %w", err)
	}
	return true, nil
}

// DefaultBackoff waits 10s·2^(attempt−1) after the attempt-th failure, at
// most an hour: 10s, 20s, 40s, … so twelve attempts span about five hours.
func DefaultBackoff(attempt int) time.Duration {
	if attempt < 1 {
		attempt = 1
	}
	if attempt > 10 { // 10s·2^9 > 1h already; avoid overflow
		return time.Hour
	}
	return min(10*time.Second<<(attempt-1), time.Hour)
}

// Worker delivers the outbox. Any number of workers, in one process or in
// many replicas, can run against the same database: each row is claimed
// under a row lock that the others skip.
//
// Delivery is at least once: a message is marked sent right after the
// server accepts it, in the claiming transaction, so only a crash between
// the two sends it again (with the same Message-ID, which lets mail
// systems drop the duplicate).
type Worker struct {
	Pool   *db.Pool
	Sender Sender
	Logger *slog.Logger // default slog.Default()

	// PollInterval is how often due rows are looked for besides the
	// notifications: it picks up retries whose time has come and anything a
	// lost notification missed. Default 5s.
	PollInterval time.Duration
	// MaxAttempts failed attempts make a message dead. Default 12.
	MaxAttempts int
	// Backoff is the wait after the attempt-th failed attempt (1-based).
	// Default DefaultBackoff.
	Backoff func(attempt int) time.Duration
}

// Run delivers due mail until ctx ends, then returns nil. It listens for
// OutboxChannel notifications on a connection of its own (reconnecting
// when it drops) and polls every PollInterval as well, so it keeps
// delivering, later, while notifications cannot be received.
func (w *Worker) Run(ctx context.Context) error {
	if w.Pool == nil || w.Sender == nil {
		return errors.New("notify: outbox worker needs a Pool and a Sender")
	}
	background.Rounds(ctx, w.Pool, OutboxChannel, w.PollInterval, w.logger(), func(ctx context.Context) {
		// Sending and recording what became of a mail is the same work for
		// every business, and writes no row of one.
		if _, err := w.DeliverDue(db.WithEveryBusiness(ctx)); err != nil && ctx.Err() == nil {
			w.logger().WarnContext(ctx, "outbox: delivery round failed", "error", err)
		}
	})
	return nil
}

// Name is the worker's name among the server's background work.
func (w *Worker) Name() string { return "outbox" }

// DeliverDue sends every message due now, one at a time, and returns how
// many were accepted. Each message is leased in a statement of its own,
// sent with no transaction open, and its outcome recorded in its own
// commit: a crash re-sends at most the one message in flight, and a server
// that never answers holds no database lock. A message that fails is
// rescheduled by Backoff (not retried within this call), or marked dead
// after MaxAttempts attempts or a permanent rejection. The error reports a
// database failure; failed sends are recorded, not returned.
func (w *Worker) DeliverDue(ctx context.Context) (sent int, err error) {
	if w.Pool == nil || w.Sender == nil {
		return 0, errors.New("notify: outbox worker needs a Pool and a Sender")
	}
	seen := []int64{} // not nil: = ANY(NULL) would match nothing
	for ctx.Err() == nil {
		o, ok, err := w.claim(ctx, seen)
		if err != nil || !ok {
			return sent, err
		}
		seen = append(seen, o.id)
		sendErr := w.Sender.Send(ctx, envelopeFrom(o.mime), []string{o.recipient}, o.mime)
		if sendErr != nil && ctx.Err() != nil && errors.Is(sendErr, ctx.Err()) {
			return sent, nil // interrupted, not failed: the lease runs out and it is due again
		}
		// The outcome of a send that happened must be written even when ctx
		// ends now, or the mail would go out again.
		bg, cancel := context.WithTimeout(context.WithoutCancel(ctx), time.Minute)
		err = w.record(bg, w.Pool, o, sendErr)
		cancel()
		if err != nil {
			return sent, err
		}
		if sendErr == nil {
			sent++
		}
	}
	return sent, nil
}

type outboxRow struct {
	id        int64
	business  int64
	kind      string
	recipient string
	mime      []byte
	attempts  int
}

// claim leases the next due message not in seen.
func (w *Worker) claim(ctx context.Context, seen []int64) (outboxRow, bool, error) {
	var o outboxRow
	// The rows to lease are chosen once (MATERIALIZED): a subquery that
	// skips locked rows, read again for each row of a join, would pick a
	// new row each time and lease them all.
	err := w.Pool.QueryRow(ctx, `
		WITH due AS MATERIALIZED (
		      SELECT id, location_id FROM outbox
		      WHERE sent_at IS NULL AND NOT dead AND next_attempt_at <= now()
		        AND (leased_until IS NULL OR leased_until < now()) AND NOT (id = ANY($1::bigint[]))
		      ORDER BY next_attempt_at, id LIMIT 1 FOR UPDATE SKIP LOCKED)
		UPDATE outbox SET leased_until = now() + $2 * interval '1 millisecond'
		FROM due
		WHERE outbox.id = due.id AND outbox.location_id = due.location_id
		RETURNING outbox.id, outbox.location_id, outbox.kind, outbox.recipient, outbox.mime, outbox.attempts`,
		seen, w.lease().Milliseconds()).Scan(&o.id, &o.business, &o.kind, &o.recipient, &o.mime, &o.attempts)
	if errors.Is(err, pgx.ErrNoRows) {
		return o, false, nil
	}
	if err != nil {
		return o, false, fmt.Errorf("notify: unable to claim an outbox row: %w", err)
	}
	return o, true, nil
}

// lease outlasts the longest send: connecting and every SMTP command are
// bounded by the sender's timeout.
func (w *Worker) lease() time.Duration { return 10 * time.Minute }

// record writes the outcome of one attempt.
func (w *Worker) record(ctx context.Context, tx db.Querier, o outboxRow, sendErr error) error {
	log := w.logger().With("outbox_id", o.id, "kind", o.kind, "to", o.recipient)
	attempts := o.attempts + 1
	if sendErr == nil {
		if _, err := tx.Exec(ctx,
			`UPDATE outbox SET sent_at = clock_timestamp(), attempts = $2, last_error = '', leased_until = NULL WHERE id = $1 AND location_id = $3`,
			o.id, attempts, o.business); err != nil {
			return fmt.Errorf("notify: unable to mark outbox row %d sent: %w", o.id, err)
		}
		log.InfoContext(ctx, "mail sent", "attempts", attempts)
		return nil
	}

	msg := truncate(sendErr.Error(), maxErrorLen)
	if attempts >= w.maxAttempts() || errors.Is(sendErr, ErrRejected) {
		if _, err := tx.Exec(ctx,
			`UPDATE outbox SET attempts = $2, last_error = $3, dead = true, leased_until = NULL WHERE id = $1 AND location_id = $4`,
			o.id, attempts, msg, o.business); err != nil {
			return fmt.Errorf("notify: unable to mark outbox row %d dead: %w", o.id, err)
		}
		log.ErrorContext(ctx, "mail given up", "attempts", attempts, "error", sendErr)
		return nil
	}
	wait := w.backoff(attempts)
	if _, err := tx.Exec(ctx,
		`UPDATE outbox SET attempts = $2, last_error = $3, leased_until = NULL,
		        next_attempt_at = clock_timestamp() + $4::bigint * interval '1 microsecond'
		 WHERE id = $1 AND location_id = $5`,
		o.id, attempts, msg, wait.Microseconds(), o.business); err != nil {
		return fmt.Errorf("notify: unable to reschedule outbox row %d: %w", o.id, err)
	}
	log.WarnContext(ctx, "mail not sent; will retry", "attempts", attempts, "retry_in", wait, "error", sendErr)
	return nil
}

// envelopeFrom is the address of the message's From header: bounces go
// back to the sender the recipient sees.
func envelopeFrom(data []byte) string {
	msg, err := mail.ReadMessage(bytes.NewReader(data))
	if err != nil {
		return ""
	}
	a, err := mail.ParseAddress(msg.Header.Get("From"))
	if err != nil {
		return ""
	}
	return a.Address
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

func (w *Worker) logger() *slog.Logger {
	if w.Logger != nil {
		return w.Logger
	}
	return slog.Default()
}

func (w *Worker) maxAttempts() int {
	if w.MaxAttempts > 0 {
		return w.MaxAttempts
	}
	return DefaultMaxAttempts
}

func (w *Worker) backoff(attempt int) time.Duration {
	if w.Backoff != nil {
		return max(w.Backoff(attempt), 0)
	}
	return DefaultBackoff(attempt)
}

// inBusinessName makes a mail the business's: it goes from the operator's
// address (the one its SMTP server may send from, with SPF and DKIM), in
// the name of the business ctx works for "via" the operator's, and a reply reaches the
// business's own address, unless the mail says whom a reply is for (a
// form's answer to the business is replied to its sender) or is to the
// business itself. Without a business (none named, or none there), it
// keeps the operator's name; work across businesses sends none.
func inBusinessName(ctx context.Context, q db.Querier, fromName, to string, m *Message) (string, error) {
	var name, email string
	err := q.QueryRow(ctx, `SELECT name, email FROM locations WHERE id = $1`, db.ThisBusiness).Scan(&name, &email)
	if errors.Is(err, pgx.ErrNoRows) {
		return fromName, nil
	}
	if err != nil {
		return "", fmt.Errorf("notify: unable to read the business a mail is from: %w", err)
	}
	if _, set := m.Headers["Reply-To"]; !set && email != "" && !strings.EqualFold(email, to) && validAddress(email) {
		headers := make(map[string]string, len(m.Headers)+1)
		maps.Copy(headers, m.Headers)
		headers["Reply-To"] = email
		m.Headers = headers
	}
	switch {
	case name == "":
		return fromName, nil
	case fromName == "" || strings.EqualFold(name, fromName):
		return name, nil
	}
	// The operator's name stays beside the business's: the address is the
	// operator's, and a business's name alone could pass for the
	// operator's own mail ("Billing").
	return name + " via " + fromName, nil
}

func validAddress(s string) bool {
	a, err := mail.ParseAddress(s)
	return err == nil && a.Name == "" && a.Address == s
}
