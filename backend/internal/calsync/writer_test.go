package calsync_test

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"strings"
	"testing"
	"time"

	"slotwise/backend/internal/booking"
	"slotwise/backend/internal/calsync"
	"slotwise/backend/internal/calsync/caldavtest"
	"slotwise/backend/internal/db"
	"slotwise/backend/internal/events"
)

// writing is a staff member's CalDAV account with a calendar to write to,
// the booking service on the tests' clock, and the writer consumer.
type writing struct {
	svc      *calsync.Service
	bookings *booking.Service
	writer   *calsync.Writer
	dav      *caldavtest.Server
	conn     *calsync.Connection
	pool     *db.Pool
}

func newWriting(t *testing.T, staff, calendar string) *writing {
	t.Helper()
	svc, pool := newService(t)
	dav := caldavtest.Start(t)
	dav.MakeCalendar(calendar, "Bookings")
	ctx := context.Background()
	conn, err := svc.Create(ctx, calsync.Input{Staff: staff, Kind: calsync.KindCalDAV, URL: dav.URL + "/" + dav.User + "/", Username: dav.User, Password: dav.Password})
	if err != nil {
		t.Fatal(err)
	}
	to := conn.Calendars[0].URL
	if conn, err = svc.Update(ctx, conn.ID, calsync.Patch{WriteTo: &to}); err != nil {
		t.Fatal(err)
	}
	bookings := booking.NewService(pool, slog.New(slog.NewTextHandler(io.Discard, nil)), booking.Options{})
	bookings.SetClock(func() time.Time { return monday })
	return &writing{svc: svc, bookings: bookings, dav: dav, conn: conn, pool: pool,
		writer: &calsync.Writer{Service: svc, Bookings: bookings, BaseURL: "https://book.example.com"}}
}

// deliver hands the writer a booking event, as the dispatcher does.
func (w *writing) deliver(t *testing.T, typ, id string) error {
	t.Helper()
	payload, _ := json.Marshal(booking.BookingEvent{BookingID: id})
	_, err := w.writer.Handle(context.Background(), events.Event{ID: 1, Type: typ, Payload: payload})
	return err
}

func ada() booking.Contact {
	return booking.Contact{FirstName: "Ada", LastName: "Lovelace", Email: "ada@example.com", Phone: "+49 30 1234567", Location: "Lindenstraße 12, 10969 Berlin"}
}

func TestBookingsAreWrittenMovedAndDeletedInTheStaffsCalendar(t *testing.T) {
	w := newWriting(t, "jonas", "bookings")
	ctx := context.Background()
	jonas := staffOf(t, w.bookings, "demo-consultation", "jonas")
	b, token, err := w.bookings.Book(ctx, booking.BookCommand{Calendar: "demo-consultation", Start: "2027-03-02T10:00:00+01:00",
		TimeZone: "Europe/Berlin", Contact: ada(), StaffID: jonas})
	if err != nil {
		t.Fatal(err)
	}
	href := "/jonas/bookings/" + b.ID + "-slotwise.ics"
	if err := w.deliver(t, booking.EventBooked, b.ID); err != nil {
		t.Fatal(err)
	}
	status, body := w.dav.Get(href)
	for _, want := range []string{"UID:" + b.ID + "@slotwise", "DTSTART:20270302T090000Z", "DTEND:20270302T093000Z",
		"Ada Lovelace <ada@example.com>", "+49301234567", "https://book.example.com/api/admin/bookings/" + b.ID} {
		if status != 200 || !strings.Contains(strings.ReplaceAll(body, "\r\n ", ""), want) {
			t.Errorf("written event (%d) lacks %q:\n%s", status, want, body)
		}
	}
	if strings.Contains(body, "METHOD:") || strings.Contains(body, "ATTENDEE") || strings.Contains(body, "ORGANIZER") {
		t.Errorf("a stored event has a method or invites someone:\n%s", body)
	}
	// The same event again changes nothing and fails nothing.
	if err := w.deliver(t, booking.EventBooked, b.ID); err != nil {
		t.Fatal(err)
	}
	// Its own event does not block its own time.
	if _, err := w.svc.Sync(ctx, w.conn.ID); err != nil {
		t.Fatal(err)
	}
	if got := busyOf(t, w.pool, "jonas"); len(got) != 0 {
		t.Errorf("the written booking blocks: %v", got)
	}

	// Rescheduled: the same event, moved, with a higher sequence.
	if _, err := w.bookings.Reschedule(ctx, booking.RescheduleCommand{ID: b.ID, Token: token, Start: "2027-03-03T11:00:00+01:00", TimeZone: "Europe/Berlin"}); err != nil {
		t.Fatal(err)
	}
	if err := w.deliver(t, booking.EventRescheduled, b.ID); err != nil {
		t.Fatal(err)
	}
	status, body = w.dav.Get(href)
	if status != 200 || !strings.Contains(body, "DTSTART:20270303T100000Z") || strings.Contains(body, "SEQUENCE:0") {
		t.Errorf("after the reschedule (%d):\n%s", status, body)
	}

	// Cancelled: deleted; delivered twice, still done.
	if _, err := w.bookings.Cancel(ctx, booking.CancelCommand{ID: b.ID, Token: token}); err != nil {
		t.Fatal(err)
	}
	for range 2 {
		if err := w.deliver(t, booking.EventCancelled, b.ID); err != nil {
			t.Fatal(err)
		}
	}
	if status, _ := w.dav.Get(href); status != 404 {
		t.Errorf("after the cancellation the event answers %d", status)
	}
	if got, _ := w.svc.Get(ctx, w.conn.ID); got.Status.State != calsync.StateOK {
		t.Errorf("status after writing: %+v", got.Status)
	}
}

func TestARequestIsWrittenOnlyOnceConfirmed(t *testing.T) {
	w := newWriting(t, "jonas", "bookings")
	ctx := context.Background()
	b, _, err := w.bookings.Book(ctx, booking.BookCommand{Calendar: "facial-treatment", Start: "2027-03-02T10:00:00+01:00",
		TimeZone: "Europe/Berlin", Contact: ada(), StaffID: staffOf(t, w.bookings, "facial-treatment", "jonas")})
	if err != nil {
		t.Fatal(err)
	}
	if err := w.deliver(t, booking.EventBooked, b.ID); err != nil {
		t.Fatal(err)
	}
	href := "/jonas/bookings/" + b.ID + "-slotwise.ics"
	if status, _ := w.dav.Get(href); status != 404 {
		t.Fatalf("a request waiting for the business is in the calendar (%d)", status)
	}
	if _, err := w.bookings.DecideAsBusiness(ctx, booking.DecideCommand{ID: b.ID, Confirm: true}); err != nil {
		t.Fatal(err)
	}
	if err := w.deliver(t, booking.EventConfirmed, b.ID); err != nil {
		t.Fatal(err)
	}
	if status, _ := w.dav.Get(href); status != 200 {
		t.Errorf("the confirmed booking is not in the calendar (%d)", status)
	}
}

func TestAClassIsOneEventForItsTeacher(t *testing.T) {
	w := newWriting(t, "mia", "classes")
	ctx := context.Background()
	res, err := w.bookings.Slots(ctx, booking.SlotsQuery{Calendar: "demo-yoga", From: "2027-03-01", To: "2027-03-07", TimeZone: "Europe/Berlin"})
	if err != nil || len(res.Days) == 0 {
		t.Fatalf("no class times: %v", err)
	}
	start := res.Days[0].Slots[0].Start.Format(time.RFC3339)
	var ids, tokens []string
	for _, c := range []booking.Contact{ada(), {FirstName: "Grace", LastName: "Hopper", Email: "grace@example.com", Phone: "+49 30 7654321"}} {
		b, token, err := w.bookings.Book(ctx, booking.BookCommand{Calendar: "demo-yoga", Start: start, TimeZone: "Europe/Berlin", Contact: c})
		if err != nil {
			t.Fatal(err)
		}
		if err := w.deliver(t, booking.EventBooked, b.ID); err != nil {
			t.Fatal(err)
		}
		ids, tokens = append(ids, b.ID), append(tokens, token)
	}
	cal, _ := w.bookings.Calendar(ctx, "demo-yoga")
	at, _ := time.Parse(time.RFC3339, start)
	href := "/jonas/classes/class-" + itoa(cal.ID) + "-" + itoa(at.Unix()) + "-slotwise.ics"
	status, body := w.dav.Get(href)
	body = strings.ReplaceAll(body, "\r\n ", "")
	if status != 200 || !strings.Contains(body, "2 of 8 places") || !strings.Contains(body, "Ada Lovelace") || !strings.Contains(body, "Grace Hopper") {
		t.Fatalf("the class event (%d):\n%s", status, body)
	}
	for i := range ids {
		if _, err := w.bookings.Cancel(ctx, booking.CancelCommand{ID: ids[i], Token: tokens[i]}); err != nil {
			t.Fatal(err)
		}
		if err := w.deliver(t, booking.EventCancelled, ids[i]); err != nil {
			t.Fatal(err)
		}
	}
	if status, _ := w.dav.Get(href); status != 404 {
		t.Errorf("the class with no seats left answers %d", status)
	}
}

func TestAFailedWriteShowsOnTheConnectionAndIsRetried(t *testing.T) {
	w := newWriting(t, "jonas", "bookings")
	ctx := context.Background()
	b, _, err := w.bookings.Book(ctx, booking.BookCommand{Calendar: "demo-consultation", Start: "2027-03-02T10:00:00+01:00",
		TimeZone: "Europe/Berlin", Contact: ada(), StaffID: staffOf(t, w.bookings, "demo-consultation", "jonas")})
	if err != nil {
		t.Fatal(err)
	}
	w.dav.Stop()
	if err := w.deliver(t, booking.EventBooked, b.ID); err == nil {
		t.Fatal("a write to a stopped server succeeded")
	}
	got, _ := w.svc.Get(ctx, w.conn.ID)
	if got.Status.State != calsync.StateError || !strings.Contains(got.Status.Error, "could not be written") {
		t.Errorf("status after a failed write: %+v", got.Status)
	}
}
