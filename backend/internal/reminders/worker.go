// Package reminders sends what falls due between booking and appointment:
// reminders before it, the follow-up after it, and each staff member's
// agenda of their day.
//
// The rows are planned elsewhere, in the transaction of the change that
// makes them due (booking plans a booking's on every change it emits;
// content replans a calendar's when its reminders change; PlanAgenda
// plans a person's next agenda). Workers on every replica take due rows
// with SKIP LOCKED under a lease, check the booking again, render the
// mail outside any transaction, and then, in one transaction that holds
// the row, still due under their own lease, queue the mail with a key the
// outbox takes once and mark the row sent. A worker that dies anywhere
// before that commit leaves the row due for another when its lease runs
// out; one that dies after it has sent it. Time is the server's clock,
// the test clock included; leases are PostgreSQL's.
package reminders

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"

	"slotwise/backend/internal/background"
	"slotwise/backend/internal/booking"
	"slotwise/backend/internal/clock"
	"slotwise/backend/internal/db"
	"slotwise/backend/internal/events"
	"slotwise/backend/internal/forms"
	"slotwise/backend/internal/notify"
)

// Worker defaults.
const (
	DefaultPollInterval = 30 * time.Second
	DefaultBatch        = 200
	DefaultLease        = 5 * time.Minute
	// followUpGrace is how late a follow-up may still go: after longer
	// downtime a thank-you would come out of nowhere.
	followUpGrace = 7 * 24 * time.Hour
)

// Outcomes and reasons a row is done with, as metrics count them.
const (
	Sent    = "sent"
	Skipped = "skipped"

	ReasonStarted   = "started"   // the appointment had begun: too late to remind
	ReasonChanged   = "changed"   // cancelled, moved or no longer held since
	ReasonTold      = "told"      // its mail went with another row (a class time, a visit's day)
	ReasonRecipient = "recipient" // the guest or person is no longer on the booking
	ReasonLate      = "late"      // a follow-up or agenda whose moment has long passed
	ReasonEmpty     = "empty"     // an agenda of a day without appointments
	// ReasonSuperseded: after downtime a nearer reminder of the same
	// booking to the same recipient is due too; one mail says it.
	ReasonSuperseded = "superseded"
)

// Worker sends due reminders, follow-ups and agendas. Any number run,
// in one process or many replicas.
type Worker struct {
	Pool     *db.Pool
	Bookings *booking.Service
	Mailer   *booking.Mailer
	Now      clock.Func // default clock.Now
	Logger   *slog.Logger

	// Observe, when set, is told of each row done: its kind, outcome
	// (Sent, Skipped) and a skip's reason.
	Observe func(kind, outcome, reason string)

	PollInterval time.Duration // default DefaultPollInterval
	Batch        int           // rows claimed at once; default DefaultBatch
	Lease        time.Duration // how long a claimed row is another's; default DefaultLease
	Parallel     int           // rows worked on at once; default 4

	// BeforeCommit, for tests, runs after a row's mail is rendered and
	// before its commit: a worker dying there.
	BeforeCommit func(id int64) error
}

// Name is the worker's name among the server's background work.
func (w *Worker) Name() string { return "reminders" }

// Run sends due rows every PollInterval until ctx ends: a reminder is due
// by the clock, not by a commit, so nothing is listened for.
func (w *Worker) Run(ctx context.Context) error {
	if w.Pool == nil || w.Bookings == nil || w.Mailer == nil {
		return errors.New("reminders: a worker needs a Pool, Bookings and a Mailer")
	}
	background.Rounds(ctx, w.Pool, "", w.pollInterval(), w.log(), func(ctx context.Context) {
		if _, err := w.SendDue(ctx); err != nil && ctx.Err() == nil {
			w.log().WarnContext(ctx, "reminders: a round failed", "error", err)
		}
	})
	return nil
}

// row is one claimed reminder.
type row struct {
	id        int64
	business  int64
	kind      string
	bookingID string
	staffID   int64
	offset    int
	recipient string
	startsAt  time.Time
	dueAt     time.Time
	lease     string
}

// SendDue works on every row due now, a batch at a time, and returns how
// many it sent. When nothing is due it costs one indexed query.
func (w *Worker) SendDue(ctx context.Context) (sent int, err error) {
	for ctx.Err() == nil {
		batch, err := w.claim(ctx)
		if err != nil || len(batch) == 0 {
			return sent, err
		}
		n, err := w.work(ctx, batch)
		sent += n
		if err != nil {
			return sent, err
		}
	}
	return sent, nil
}

// claim leases up to Batch due rows not leased by another worker.
func (w *Worker) claim(ctx context.Context) ([]row, error) {
	lease := rand.Text()
	// The rows are chosen once (MATERIALIZED), as the outbox's are.
	rows, err := w.Pool.Query(db.WithEveryBusiness(ctx), `
		WITH d AS MATERIALIZED (
		      SELECT id, location_id FROM reminders
		      WHERE state = 'due' AND due_at <= $1 AND (leased_until IS NULL OR leased_until < now())
		      ORDER BY due_at LIMIT $2 FOR UPDATE SKIP LOCKED)
		UPDATE reminders r SET leased_until = now() + $3 * interval '1 millisecond', lease = $4
		FROM d
		WHERE r.id = d.id AND r.location_id = d.location_id
		RETURNING r.id, r.location_id, r.kind, coalesce(r.booking_id, ''), coalesce(r.staff_id, 0), r.offset_minutes, r.recipient,
		          r.starts_at, r.due_at, r.lease`,
		w.now(), w.batch(), w.lease().Milliseconds(), lease)
	if err != nil {
		return nil, fmt.Errorf("reminders: unable to claim due rows: %w", err)
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (row, error) {
		var x row
		return x, r.Scan(&x.id, &x.business, &x.kind, &x.bookingID, &x.staffID, &x.offset, &x.recipient, &x.startsAt, &x.dueAt, &x.lease)
	})
}

// work handles a batch, Parallel rows at a time (rendering is the slow
// part, and the render pool has several isolates).
func (w *Worker) work(ctx context.Context, batch []row) (int, error) {
	var (
		mu    sync.Mutex
		sent  int
		first error
		wg    sync.WaitGroup
		next  = make(chan row)
	)
	for range w.parallel() {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for r := range next {
				ok, err := w.handle(db.WithBusiness(ctx, r.business), r)
				mu.Lock()
				if ok {
					sent++
				}
				if err != nil && first == nil {
					first = err
				}
				mu.Unlock()
			}
		}()
	}
	for _, r := range batch {
		if ctx.Err() != nil {
			break
		}
		next <- r
	}
	close(next)
	wg.Wait()
	return sent, first
}

// done is a row's outcome, written with the lease checked.
type done struct {
	outcome, reason string
	mail            *notify.Mail
	once            string                                     // the outbox key
	also            func(ctx context.Context, tx pgx.Tx) error // the mail's links' write, the next agenda
	event           *booking.ReminderEvent
}

func skip(reason string) done { return done{outcome: Skipped, reason: reason} }

// handle decides one row's outcome and commits it.
func (w *Worker) handle(ctx context.Context, r row) (bool, error) {
	var d done
	var err error
	switch r.kind {
	case "agenda":
		d, err = w.agenda(ctx, r)
	default:
		d, err = w.reminder(ctx, r)
	}
	if err != nil {
		w.log().WarnContext(ctx, "reminders: a row waits for its lease to run out", "id", r.id, "error", err)
		return false, nil // the lease runs out and it is tried again
	}
	if w.BeforeCommit != nil {
		if err := w.BeforeCommit(r.id); err != nil {
			return false, nil
		}
	}
	d, committed, err := w.commit(ctx, r, d)
	if err != nil || !committed {
		return false, err
	}
	if w.Observe != nil {
		w.Observe(r.kind, d.outcome, d.reason)
	}
	return d.outcome == Sent, nil
}

// reminder decides a booking's reminder or follow-up.
func (w *Worker) reminder(ctx context.Context, r row) (done, error) {
	b, err := w.Bookings.Find(ctx, r.bookingID)
	if errors.Is(err, booking.ErrBookingNotFound) {
		return skip(ReasonChanged), nil
	}
	if err != nil {
		return done{}, err
	}
	now := w.now()
	if !reminded(b) || !b.Start.Equal(r.startsAt) {
		return skip(ReasonChanged), nil
	}
	if r.kind == "follow_up" {
		return w.followUp(ctx, r, b, now)
	}
	if !now.Before(b.Start) {
		return skip(ReasonStarted), nil
	}
	var nearer bool
	if err := w.Pool.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM reminders WHERE booking_id = $1 AND location_id = $6 AND kind = 'reminder'
		AND recipient = $2 AND state IN ('due', 'sent') AND starts_at = $3 AND offset_minutes < $4 AND due_at <= $5)`,
		r.bookingID, r.recipient, r.startsAt, r.offset, now, db.ThisBusiness).Scan(&nearer); err != nil {
		return done{}, err
	}
	if nearer {
		return skip(ReasonSuperseded), nil
	}
	group, err := w.Bookings.BookedThatDay(ctx, b)
	if err != nil {
		return done{}, err
	}
	mail, links := w.Mailer.Remind(ctx, group, r.recipient, now)
	if mail == nil {
		return skip(ReasonRecipient), nil
	}
	d := done{outcome: Sent, mail: mail, once: onceKey(r, b, group), also: links}
	if r.recipient == booking.RecipientBooker || strings.HasPrefix(r.recipient, "staff:") {
		to := "booker"
		if r.recipient != booking.RecipientBooker {
			to = "staff"
		}
		ev := booking.ReminderEvent{BookingEvent: booking.EventOf(b), Before: r.offset, To: to, Recipient: r.recipient}
		d.event = &ev
	}
	return d, nil
}

// reminded tells whether a booking is still one its reminders go to.
func reminded(b *booking.Booking) bool {
	return b.Status == booking.StatusScheduled || b.Status == booking.StatusRescheduled
}

// onceKey is what makes a reminder one mail: for the people of a class
// time, one per time however many seats it has; for a visit's services
// booked together (group, the day's), one per recipient and day.
func onceKey(r row, b *booking.Booking, group []*booking.Booking) string {
	step := strconv.Itoa(r.offset) + ":" + r.recipient
	switch {
	case b.Calendar.Class() && strings.HasPrefix(r.recipient, "staff:"):
		return fmt.Sprintf("reminder:class:%d:%d:%s", b.Calendar.ID, b.Start.Unix(), step)
	case len(group) > 1:
		// The day's times are in the key: a service moved within the day
		// is a new day's plan, and is told again.
		h := sha256.New()
		for _, x := range group {
			fmt.Fprintf(h, "%s@%d;", x.ID, x.Start.Unix())
		}
		return fmt.Sprintf("reminder:%s:%s:%x:%s", b.SeriesID, booking.DayOf(b), h.Sum(nil)[:8], step)
	}
	return fmt.Sprintf("reminder:%s:%d:%s", b.ID, b.Start.Unix(), step)
}

func (w *Worker) followUp(ctx context.Context, r row, b *booking.Booking, now time.Time) (done, error) {
	if now.Sub(r.dueAt) > followUpGrace {
		return skip(ReasonLate), nil
	}
	var kind string
	slug, err := booking.FollowUpForm(ctx, w.Pool, b.Calendar.ID)
	if err != nil {
		return done{}, err
	}
	if slug != "" {
		if kind, err = forms.PublishedKind(ctx, w.Pool, slug); err != nil {
			return done{}, err
		}
		if kind == "" {
			slug = "" // not published: the follow-up links to no form
		}
	}
	// Bookings made together (a visit's services, a weekly series) are
	// thanked for once, after the last of them that still holds.
	together, err := w.Bookings.SeriesOf(ctx, b)
	if err != nil {
		return done{}, err
	}
	for _, x := range together {
		if reminded(x) && x.End.After(b.End) {
			return skip(ReasonTold), nil
		}
	}
	once := fmt.Sprintf("followup:%s:%d", b.ID, b.Start.Unix())
	if b.SeriesID != "" {
		once = "followup:" + b.SeriesID
	}
	mail, store := w.Mailer.FollowUp(ctx, b, kind, slug, now)
	return done{outcome: Sent, mail: &mail, once: once, also: store}, nil
}

// commit writes a row's outcome, if the row is still due and still this
// worker's, with its mail, its links' secret, its event and what follows,
// and returns the outcome written (a mail another row queued already makes
// it a skip). false: the row was not ours any more (cancelled since, or another
// worker's after a lease ran out), and nothing was written.
func (w *Worker) commit(ctx context.Context, r row, d done) (done, bool, error) {
	var committed bool
	err := pgx.BeginFunc(ctx, w.Pool, func(tx pgx.Tx) error {
		var state string
		err := tx.QueryRow(ctx, `SELECT state FROM reminders WHERE id = $1 AND location_id = $3 AND lease = $2 FOR UPDATE`, r.id, r.lease, db.ThisBusiness).Scan(&state)
		if errors.Is(err, pgx.ErrNoRows) || err == nil && state != "due" {
			return nil
		}
		if err != nil {
			return err
		}
		if d.mail != nil {
			m := w.Mailer
			queued, err := notify.EnqueueOnce(ctx, tx, d.once, d.mail.Kind, m.From, m.FromName, d.mail.Message)
			switch {
			case errors.Is(err, notify.ErrInvalidMessage):
				// An address no mail can go to: trying again cannot help.
				w.log().WarnContext(ctx, "reminders: a mail cannot be sent", "id", r.id, "error", err)
				d = skip(ReasonRecipient)
			case err != nil:
				return err
			case !queued:
				d = skip(ReasonTold)
			}
		}
		if d.outcome == Sent {
			if d.also != nil {
				if err := d.also(ctx, tx); err != nil {
					return err
				}
			}
			if d.event != nil {
				if err := events.Emit(ctx, tx, booking.EventReminderSent, d.event); err != nil {
					return err
				}
			}
		}
		if _, err := tx.Exec(ctx, `UPDATE reminders SET state = $2, skip_reason = $3, done_at = now(), leased_until = NULL, lease = NULL
			WHERE id = $1 AND location_id = $4`, r.id, d.outcome, d.reason, db.ThisBusiness); err != nil {
			return err
		}
		if r.kind == "agenda" {
			// The next day's, now that this one is done.
			if err := planAgendaAfter(ctx, tx, r.staffID, r.startsAt, w.now()); err != nil {
				return err
			}
		}
		committed = true
		return nil
	})
	if err != nil {
		return d, false, fmt.Errorf("reminders: unable to finish row %d: %w", r.id, err)
	}
	return d, committed, nil
}

func (w *Worker) now() time.Time {
	if w.Now != nil {
		return w.Now()
	}
	return clock.Now()
}

func (w *Worker) log() *slog.Logger {
	if w.Logger != nil {
		return w.Logger
	}
	return slog.Default()
}

func (w *Worker) pollInterval() time.Duration {
	if w.PollInterval > 0 {
		return w.PollInterval
	}
	return DefaultPollInterval
}

func (w *Worker) batch() int {
	if w.Batch > 0 {
		return w.Batch
	}
	return DefaultBatch
}

func (w *Worker) lease() time.Duration {
	if w.Lease > 0 {
		return w.Lease
	}
	return DefaultLease
}

func (w *Worker) parallel() int {
	if w.Parallel > 0 {
		return w.Parallel
	}
	return 4
}
