package calsync

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"slotwise/backend/internal/booking"
	"slotwise/backend/internal/db"
	"slotwise/backend/internal/events"
	"slotwise/backend/internal/notify"
)

// Writer is the consumer of booking events that keeps the calendars staff
// chose to write to as the bookings are: each event makes that booking's
// entries what its state says now, so events that arrive twice or late
// change nothing more. What is written:
//   - a booking that holds (scheduled or rescheduled): one event per
//     person it takes (a collective booking: everyone), UID the booking's;
//   - a class: one event per class time for its teacher, whatever the seats
//     sold, listing who comes; gone when the last seat is cancelled;
//   - a request waiting for the business, or a booking waiting for its
//     payment: nothing until it is confirmed or paid; a declined request
//     or a hold that ends unpaid never appears;
//   - a reschedule: the same event moved (higher SEQUENCE, If-Match);
//   - a cancellation: the event deleted (404 and 410 count as done).
//
// A series, a cart and guests are bookings (or parts of one) like any
// other: each time of a series and each service of a cart is its own event.
type Writer struct {
	Service  *Service
	Bookings *booking.Service
	// BaseURL is the server's public origin: events link to the booking in
	// the admin API.
	BaseURL string
	// Origin, when set, is the origin of a business's links (its primary
	// host), for the business ctx works for; BaseURL stands for one
	// without.
	Origin func(ctx context.Context) string
}

// Name implements events.Consumer.
func (w *Writer) Name() string { return "calsync.writer" }

// Types implements events.Consumer.
func (w *Writer) Types() []string {
	return []string{booking.EventBooked, booking.EventRescheduled, booking.EventCancelled, booking.EventConfirmed,
		booking.EventDeclined, booking.EventReleased, booking.EventLatePaid}
}

// Handle implements events.Consumer.
func (w *Writer) Handle(ctx context.Context, ev events.Event) (events.Commit, error) {
	var p booking.BookingEvent
	if err := ev.Decode(&p); err != nil {
		return nil, err
	}
	b, err := w.Bookings.Find(ctx, p.BookingID)
	if errors.Is(err, booking.ErrBookingNotFound) {
		return nil, nil // purged since: nothing to keep
	}
	if err != nil {
		return nil, err
	}
	if b.Calendar.Class() {
		for _, start := range classTimes(b, p.PreviousStart) {
			if err := w.syncClass(ctx, b, start); err != nil {
				return nil, err
			}
		}
		return nil, nil
	}
	want := map[place]notify.Event{}
	if holds(b) {
		people, err := w.people(ctx, b)
		if err != nil {
			return nil, err
		}
		ev := booking.StaffEvent(b.Record(), w.link(ctx, b.ID))
		ev.Sequence = b.Sequence
		if err := w.Service.targets(ctx, people, ev, want); err != nil {
			return nil, err
		}
	}
	return nil, w.Service.reconcile(ctx, b.ID, want)
}

// holds tells whether a booking takes its time for sure: not a request
// waiting for the business, not a hold waiting for its payment.
func holds(b *booking.Booking) bool {
	return b.Status == booking.StatusScheduled || b.Status == booking.StatusRescheduled
}

func (w *Writer) link(ctx context.Context, id string) string {
	base := w.BaseURL
	if w.Origin != nil {
		base = w.Origin(ctx)
	}
	if base == "" {
		return ""
	}
	return strings.TrimSuffix(base, "/") + "/api/admin/bookings/" + url.PathEscape(id)
}

// people are the staff a booking takes: its person, and for a collective
// calendar the others whose time it holds.
func (w *Writer) people(ctx context.Context, b *booking.Booking) ([]int64, error) {
	others, err := booking.HoldersOf(ctx, w.Service.pool, b.ID)
	return append([]int64{b.Staff.ID}, others...), err
}

// classTimes are the class times a booking event touches: where the seat
// is now, and where it was before a reschedule.
func classTimes(b *booking.Booking, previous *time.Time) []time.Time {
	out := []time.Time{b.Start}
	if previous != nil && !previous.Equal(b.Start) {
		out = append(out, *previous)
	}
	return out
}

// syncClass makes the teacher's event of one class time list the seats
// that hold then; none left, it is deleted.
func (w *Writer) syncClass(ctx context.Context, b *booking.Booking, start time.Time) error {
	key := fmt.Sprintf("class:%d@%d", b.Calendar.ID, start.Unix())
	seats, _, err := w.Bookings.List(ctx, booking.ListQuery{Calendar: b.Calendar.Slug, Staff: b.Staff.Slug,
		From: start, To: start.Add(time.Second), Status: booking.StatusScheduled + "," + booking.StatusRescheduled, Limit: 100})
	if err != nil {
		return err
	}
	want := map[place]notify.Event{}
	if len(seats) > 0 {
		taken, who := 0, []string{}
		for _, r := range seats {
			taken += r.Seats
			line := strings.TrimSpace(r.Customer.FirstName + " " + r.Customer.LastName + " <" + r.Customer.Email + ">")
			if r.Seats > 1 {
				line += fmt.Sprintf(" × %d", r.Seats)
			}
			who = append(who, line)
		}
		ev := notify.Event{UID: strings.ReplaceAll(key, ":", "-") + "@slotwise", Start: seats[0].Start, End: seats[0].End,
			Stamp: w.Service.now(), Status: notify.StatusConfirmed,
			Summary:     fmt.Sprintf("%s · %d of %d places", b.Calendar.Name, taken, b.Calendar.Seats),
			Description: strings.Join(who, "\n"), Location: seats[0].Customer.Location}
		if err := w.Service.targets(ctx, []int64{b.Staff.ID}, ev, want); err != nil {
			return err
		}
	}
	return w.Service.reconcile(ctx, key, want)
}

// place is one calendar a booking is written to.
type place struct{ connection, calendar string }

// targets adds, for each person, the calendars they chose to write to.
func (s *Service) targets(ctx context.Context, staff []int64, ev notify.Event, want map[place]notify.Event) error {
	rows, err := s.pool.Query(ctx, `SELECT k.connection_id, k.url FROM connection_calendars k
		JOIN calendar_connections c ON c.id = k.connection_id AND c.location_id = k.location_id
		WHERE c.staff_id = ANY($1) AND c.location_id = $2 AND c.kind = 'caldav' AND k.write_to`, staff, db.ThisBusiness)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var p place
		if err := rows.Scan(&p.connection, &p.calendar); err != nil {
			return err
		}
		want[p] = ev
	}
	return rows.Err()
}

// written is one stored entry of calendar_writes.
type written struct {
	href, etag string
	sequence   int
}

// reconcile makes the calendars hold exactly the wanted events under key:
// it deletes what is no longer wanted and writes (creates or replaces)
// what is. A failure shows on its connection's status; the event is
// retried by the dispatcher.
func (s *Service) reconcile(ctx context.Context, key string, want map[place]notify.Event) error {
	rows, err := s.pool.Query(ctx, `SELECT connection_id, calendar_url, href, etag, sequence FROM calendar_writes WHERE key = $1 AND location_id = $2`, key, db.ThisBusiness)
	if err != nil {
		return err
	}
	have := map[place]written{}
	for rows.Next() {
		var p place
		var w written
		if err := rows.Scan(&p.connection, &p.calendar, &w.href, &w.etag, &w.sequence); err != nil {
			rows.Close()
			return err
		}
		have[p] = w
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	var failed error
	for p, w := range have {
		if _, keep := want[p]; keep {
			continue
		}
		err := s.onAccount(ctx, p.connection, func(a *account) error { return a.remove(ctx, w.href) })
		if err == nil {
			_, err = s.pool.Exec(ctx, `DELETE FROM calendar_writes WHERE key = $1 AND connection_id = $2 AND calendar_url = $3 AND location_id = $4`, key, p.connection, p.calendar, db.ThisBusiness)
		}
		failed = errors.Join(failed, err)
	}
	for p, ev := range want {
		w, ok := have[p]
		if !ok {
			w.href = objectURL(p.calendar, ev.UID)
		} else {
			// A calendar takes a change only with a higher SEQUENCE.
			ev.Sequence = max(ev.Sequence, w.sequence+1)
		}
		var etag string
		err := s.onAccount(ctx, p.connection, func(a *account) (err error) {
			etag, err = a.put(ctx, w.href, w.etag, notify.ICSObject(ev))
			return err
		})
		if err == nil {
			_, err = s.pool.Exec(ctx, `INSERT INTO calendar_writes (key, connection_id, calendar_url, href, etag, sequence, written_at)
				VALUES ($1, $2, $3, $4, $5, $6, now())
				ON CONFLICT (key, connection_id, calendar_url, location_id) DO UPDATE SET href = $4, etag = $5, sequence = $6, written_at = now()`,
				key, p.connection, p.calendar, w.href, etag, ev.Sequence)
		}
		failed = errors.Join(failed, err)
	}
	return failed
}

// objectURL is where a new event is stored: its UID, made safe for a path.
func objectURL(calendar, uid string) string {
	name := strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_' || r == '.' {
			return r
		}
		return '-'
	}, uid)
	return strings.TrimSuffix(calendar, "/") + "/" + name + ".ics"
}

// onAccount runs do on a connection's account and records how it went in
// the connection's status (write_error), never with the password.
func (s *Service) onAccount(ctx context.Context, connection string, do func(*account) error) error {
	var rawURL, username string
	var secret []byte
	err := s.pool.QueryRow(ctx, `SELECT url, username, secret FROM calendar_connections WHERE id = $1 AND location_id = $2`, connection, db.ThisBusiness).Scan(&rawURL, &username, &secret)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil // disconnected since: its rows went with it
	}
	if err != nil {
		return err
	}
	password, err := s.keys.Open(secret)
	var a *account
	if err == nil {
		a, err = newAccount(s.http, rawURL, username, password)
	}
	if err == nil {
		err = do(a)
	}
	msg := ""
	if err != nil {
		msg = "A booking could not be written to the calendar: " + message(err)
	}
	if _, uerr := s.pool.Exec(context.WithoutCancel(ctx), `UPDATE calendar_connections SET write_error = $2 WHERE id = $1 AND location_id = $3 AND write_error <> $2`, connection, msg, db.ThisBusiness); uerr != nil {
		return errors.Join(err, uerr)
	}
	return err
}
