package booking_test

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"maps"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"slotwise/backend/internal/booking"
	"slotwise/backend/internal/command"
	"slotwise/backend/internal/db"
	"slotwise/backend/internal/db/dbtest"
	"slotwise/backend/internal/demo"
)

func TestMain(m *testing.M) { dbtest.Main(m) }

// friday is the tests' "now": Friday 20 November 2026, 11:00 in Berlin.
var friday = time.Date(2026, 11, 20, 10, 0, 0, 0, time.UTC)

type recordedEvent struct{ event, id string }

// recorder reads the events the service wrote.
type recorder struct{ pool *db.Pool }

func (r *recorder) all(t *testing.T) []recordedEvent {
	t.Helper()
	rows, err := r.pool.Query(context.Background(), `SELECT type, payload->>'bookingId' FROM events ORDER BY id`)
	if err != nil {
		t.Fatal(err)
	}
	out, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (recordedEvent, error) {
		var e recordedEvent
		return e, row.Scan(&e.event, &e.id)
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func newService(t *testing.T) (*booking.Service, *db.Pool, *recorder) {
	t.Helper()
	return newServiceWith(t, booking.Options{})
}

// newServiceWith is the service with the collaborators opt gives, on Friday.
func newServiceWith(t *testing.T, opt booking.Options) (*booking.Service, *db.Pool, *recorder) {
	t.Helper()
	pool := dbtest.NewFilled(t, "demo", demo.Seed)
	rec := &recorder{pool: pool}
	opt.Clock = func() time.Time { return friday }
	svc := booking.NewService(pool, slog.New(slog.NewTextHandler(io.Discard, nil)), opt)
	return svc, pool, rec
}

func ada() booking.Contact {
	return booking.Contact{FirstName: "Ada", LastName: "Lovelace", Email: "ada@example.com", Phone: "+49 30 1234567", Location: "Lindenstraße 12, 10969 Berlin"}
}

func book(svc *booking.Service, start string) (*booking.Booking, string, error) {
	return svc.Book(context.Background(), booking.BookCommand{Calendar: "demo-consultation", Start: start, TimeZone: "Europe/Berlin", Contact: ada()})
}

func TestSlotsFollowStaffHoursInTheBookersZone(t *testing.T) {
	svc, _, _ := newService(t)
	tests := []struct {
		zone, from, to string
		wantDays       map[string]int
		first          string
	}{
		// Monday 23 November: 09:00–17:00 Berlin, 30-minute slots.
		{"Europe/Berlin", "2026-11-23", "2026-11-23", map[string]int{"2026-11-23": 16}, "2026-11-23T09:00:00+01:00"},
		// The same instants, three in the New York morning of the same date.
		{"America/New_York", "2026-11-23", "2026-11-23", map[string]int{"2026-11-23": 16}, "2026-11-23T03:00:00-05:00"},
		// Kiritimati (+14) sees Monday's 09:00 Berlin at 22:00 on its Monday;
		// its Tuesday holds the rest of Monday and the start of Tuesday.
		{"Pacific/Kiritimati", "2026-11-23", "2026-11-24", map[string]int{"2026-11-23": 4, "2026-11-24": 16}, "2026-11-23T22:00:00+14:00"},
		// Weekend: nothing; today (Friday) is past the two-hour notice only at 13:00.
		{"Europe/Berlin", "2026-11-20", "2026-11-22", map[string]int{"2026-11-20": 8}, "2026-11-20T13:00:00+01:00"},
	}
	for _, tt := range tests {
		t.Run(tt.zone+" "+tt.from, func(t *testing.T) {
			res, err := svc.Slots(context.Background(), booking.SlotsQuery{Calendar: "demo-consultation", From: tt.from, To: tt.to, TimeZone: tt.zone})
			if err != nil {
				t.Fatal(err)
			}
			got := map[string]int{}
			for _, d := range res.Days {
				got[d.Date.String()] = len(d.Slots)
			}
			if !maps.Equal(got, tt.wantDays) {
				t.Errorf("slots per day = %v, want %v", got, tt.wantDays)
			}
			if first := res.Days[0].Slots[0].Start.In(res.Zone).Format(time.RFC3339); first != tt.first {
				t.Errorf("first slot %s, want %s", first, tt.first)
			}
			if res.Next == nil {
				t.Errorf("next available slot is missing")
			}
		})
	}
}

func TestSlotsRejectBadQueries(t *testing.T) {
	svc, _, _ := newService(t)
	tests := []struct {
		name  string
		q     booking.SlotsQuery
		field string
		err   error
	}{
		{"unknown zone", booking.SlotsQuery{Calendar: "demo-consultation", From: "2026-11-23", To: "2026-11-23", TimeZone: "Mars/Olympus"}, "tz", nil},
		{"bad date", booking.SlotsQuery{Calendar: "demo-consultation", From: "23.11.2026", To: "2026-11-23", TimeZone: "UTC"}, "from", nil},
		{"backwards", booking.SlotsQuery{Calendar: "demo-consultation", From: "2026-11-23", To: "2026-11-01", TimeZone: "UTC"}, "to", nil},
		{"too long", booking.SlotsQuery{Calendar: "demo-consultation", From: "2026-11-01", To: "2027-03-01", TimeZone: "UTC"}, "to", nil},
		{"unknown calendar", booking.SlotsQuery{Calendar: "nope", From: "2026-11-23", To: "2026-11-23", TimeZone: "UTC"}, "", booking.ErrCalendarNotFound},
		{"staff not on the calendar", booking.SlotsQuery{Calendar: "demo-consultation", From: "2026-11-23", To: "2026-11-23", TimeZone: "UTC", StaffID: 999}, "staff", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := svc.Slots(context.Background(), tt.q)
			var invalid *booking.ValidationError
			switch {
			case tt.err != nil && !errors.Is(err, tt.err):
				t.Errorf("err = %v, want %v", err, tt.err)
			case tt.field != "" && (!errors.As(err, &invalid) || invalid.Fields[tt.field] == ""):
				t.Errorf("err = %v, want a message on %s", err, tt.field)
			}
		})
	}
}

func TestBookingTakesAStaffMemberUntilNoneIsLeft(t *testing.T) {
	svc, _, rec := newService(t)
	const start = "2026-11-23T10:00:00+01:00"
	first, token, err := book(svc, start)
	if err != nil {
		t.Fatal(err)
	}
	if first.Status != booking.StatusScheduled || token == "" || first.End.Sub(first.Start) != 30*time.Minute {
		t.Errorf("booking = %+v", first)
	}
	second, _, err := book(svc, start)
	if err != nil {
		t.Fatal(err)
	}
	if second.Staff.ID == first.Staff.ID {
		t.Errorf("both bookings went to staff %d", first.Staff.ID)
	}
	if _, _, err := book(svc, start); !errors.Is(err, booking.ErrSlotUnavailable) {
		t.Errorf("third booking: %v, want ErrSlotUnavailable", err)
	}
	res, _ := svc.Slots(context.Background(), booking.SlotsQuery{Calendar: "demo-consultation", From: "2026-11-23", To: "2026-11-23", TimeZone: "Europe/Berlin"})
	for _, s := range res.Days[0].Slots {
		if s.Start.Equal(first.Start) {
			t.Errorf("the full slot is still offered")
		}
	}
	if got := rec.all(t); len(got) != 2 || got[0].event != booking.EventBooked || got[0].id != first.ID {
		t.Errorf("events %v", got)
	}
}

func TestBookingRefusesTimesThatAreNotSlots(t *testing.T) {
	svc, _, _ := newService(t)
	for _, start := range []string{
		"2026-11-23T10:10:00+01:00", // off the 30-minute grid
		"2026-11-22T10:00:00+01:00", // Sunday
		"2026-11-20T11:30:00+01:00", // inside the two-hour notice
		"2027-06-01T10:00:00+02:00", // beyond the 60-day window
		"2026-11-23T16:45:00+01:00", // would end after 17:00
	} {
		if _, _, err := book(svc, start); !errors.Is(err, booking.ErrSlotUnavailable) {
			t.Errorf("%s: %v, want ErrSlotUnavailable", start, err)
		}
	}
}

func TestBookingValidatesFieldsWithMessageIDs(t *testing.T) {
	svc, _, _ := newService(t)
	tests := []struct {
		name   string
		edit   func(*booking.BookCommand)
		fields map[string]string
	}{
		{"everything missing", func(c *booking.BookCommand) { c.Contact = booking.Contact{} }, map[string]string{
			"contact.firstName": "validation.required.firstName", "contact.lastName": "validation.required.lastName",
			"contact.email": "validation.required.email", "contact.location": "validation.required.location",
		}},
		{"bad email", func(c *booking.BookCommand) { c.Contact.Email = "ada@" }, map[string]string{"contact.email": "validation.emailInvalid"}},
		{"email with a display name", func(c *booking.BookCommand) { c.Contact.Email = "Ada <ada@example.com>" }, map[string]string{"contact.email": "validation.emailInvalid"}},
		{"bad phone", func(c *booking.BookCommand) { c.Contact.Phone = "call me" }, map[string]string{"contact.phone": "validation.phoneInvalid"}},
		{"short phone", func(c *booking.BookCommand) { c.Contact.Phone = "+49 1" }, map[string]string{"contact.phone": "validation.phoneInvalid"}},
		{"location not offered", func(c *booking.BookCommand) { c.Contact.Location = "my place" }, map[string]string{"contact.location": "validation.required.location"}},
		{"bad zone and start", func(c *booking.BookCommand) { c.TimeZone, c.Start = "Nowhere", "soon" }, map[string]string{"tz": "validation.timeZoneInvalid", "start": "validation.startInvalid"}},
		{"long name", func(c *booking.BookCommand) { c.Contact.FirstName = strings.Repeat("a", 101) }, map[string]string{"contact.firstName": "validation.tooLong"}},
		{"NUL bytes", func(c *booking.BookCommand) { c.Contact.FirstName = string(make([]byte, 3)) }, map[string]string{"contact.firstName": "validation.invalidText"}},
		{"a terminal escape", func(c *booking.BookCommand) { c.Contact.LastName = "\x1b]8;;http://evil\x07x" }, map[string]string{"contact.lastName": "validation.invalidText"}},
		{"invalid UTF-8", func(c *booking.BookCommand) { c.Contact.Notes = "caf\xe9" }, map[string]string{"contact.notes": "validation.invalidText"}},
		{"a right-to-left override", func(c *booking.BookCommand) { c.Contact.FirstName = "Ada\u202egpj.exe" }, map[string]string{"contact.firstName": "validation.invalidText"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cmd := booking.BookCommand{Calendar: "demo-consultation", Start: "2026-11-23T10:00:00+01:00", TimeZone: "Europe/Berlin", Contact: ada()}
			tt.edit(&cmd)
			_, _, err := svc.Book(context.Background(), cmd)
			var invalid *booking.ValidationError
			if !errors.As(err, &invalid) {
				t.Fatalf("err = %v, want a ValidationError", err)
			}
			if !maps.Equal(invalid.Fields, tt.fields) {
				t.Errorf("fields = %v, want %v", invalid.Fields, tt.fields)
			}
		})
	}
}

func TestRetriedBookingWithTheSameKeyBooksOnce(t *testing.T) {
	svc, pool, _ := newService(t)
	cmd := booking.BookCommand{Calendar: "demo-consultation", Start: "2026-11-23T10:00:00+01:00", TimeZone: "Europe/Berlin", Contact: ada(), IdempotencyKey: "key-1"}
	var wg sync.WaitGroup
	ids := make([]string, 5)
	tokens := make([]string, 5)
	for i := range ids {
		wg.Add(1)
		go func() {
			defer wg.Done()
			b, token, err := svc.Book(context.Background(), cmd)
			if err != nil {
				t.Error(err)
				return
			}
			ids[i], tokens[i] = b.ID, token
		}()
	}
	wg.Wait()
	for i := range ids {
		if ids[i] != ids[0] {
			t.Errorf("retry %d got %s, want %s", i, ids[i], ids[0])
		}
		// Each answer's secret opens the one booking; none is stored in clear.
		if _, err := svc.Get(context.Background(), ids[0], tokens[i]); err != nil {
			t.Errorf("retry %d's token: %v", i, err)
		}
		assertStoredOnlyHashed(t, pool, tokens[i])
	}
	var n int
	pool.QueryRow(context.Background(), `SELECT count(*) FROM bookings`).Scan(&n)
	if n != 1 {
		t.Errorf("%d bookings, want 1", n)
	}
	for name, other := range map[string]func(*booking.BookCommand){
		"another name":         func(c *booking.BookCommand) { c.Contact.FirstName = "Grace" },
		"another place chosen": func(c *booking.BookCommand) { c.LocationChoice = "1" },
	} {
		again := cmd
		other(&again)
		if _, _, err := svc.Book(context.Background(), again); !errors.Is(err, command.ErrKeyReused) {
			t.Errorf("same key, %s: %v, want ErrKeyReused", name, err)
		}
	}
}

func TestRescheduleMovesTheBookingAndFreesItsTime(t *testing.T) {
	svc, _, rec := newService(t)
	b, token, err := book(svc, "2026-11-23T10:00:00+01:00")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := svc.Reschedule(context.Background(), booking.RescheduleCommand{ID: b.ID, Token: "wrong", Start: "2026-11-24T11:00:00+01:00", TimeZone: "Europe/Berlin"}); !errors.Is(err, booking.ErrBookingNotFound) {
		t.Errorf("wrong token: %v", err)
	}
	moved, err := svc.Reschedule(context.Background(), booking.RescheduleCommand{ID: b.ID, Token: token, Start: "2026-11-24T11:00:00+01:00", TimeZone: "America/New_York"})
	if err != nil {
		t.Fatal(err)
	}
	if moved.Status != booking.StatusRescheduled || moved.PreviousStart == nil || !moved.PreviousStart.Equal(b.Start) || moved.Sequence != 1 || moved.TimeZone != "America/New_York" {
		t.Errorf("moved = %+v", moved)
	}
	// The old time is free again for two people.
	for range 2 {
		if _, _, err := book(svc, "2026-11-23T10:00:00+01:00"); err != nil {
			t.Errorf("old time not freed: %v", err)
		}
	}
	if got := rec.all(t)[1]; got.event != booking.EventRescheduled || got.id != b.ID {
		t.Errorf("events %v", got)
	}
}

func TestCancelFreesTheTimeOnceAndOnlyOnce(t *testing.T) {
	svc, _, _ := newService(t)
	b, token, _ := book(svc, "2026-11-23T10:00:00+01:00")
	long := string(make([]rune, 501))
	var invalid *booking.ValidationError
	if _, err := svc.Cancel(context.Background(), booking.CancelCommand{ID: b.ID, Token: token, Reason: long}); !errors.As(err, &invalid) {
		t.Errorf("long reason: %v", err)
	}
	c, err := svc.Cancel(context.Background(), booking.CancelCommand{ID: b.ID, Token: token, Reason: "  Ill  "})
	if err != nil {
		t.Fatal(err)
	}
	if c.Status != booking.StatusCancelled || c.CancellationReason != "Ill" {
		t.Errorf("cancelled = %+v", c)
	}
	if _, err := svc.Cancel(context.Background(), booking.CancelCommand{ID: b.ID, Token: token}); !errors.Is(err, booking.ErrExpired) {
		t.Errorf("second cancel: %v, want ErrExpired", err)
	}
	if _, err := svc.Reschedule(context.Background(), booking.RescheduleCommand{ID: b.ID, Token: token, Start: "2026-11-24T11:00:00+01:00", TimeZone: "UTC"}); !errors.Is(err, booking.ErrExpired) {
		t.Errorf("reschedule after cancel: %v, want ErrExpired", err)
	}
	for range 2 {
		if _, _, err := book(svc, "2026-11-23T10:00:00+01:00"); err != nil {
			t.Errorf("cancelled time not freed: %v", err)
		}
	}
}

func TestPastBookingsCannotChange(t *testing.T) {
	svc, _, _ := newService(t)
	b, token, _ := book(svc, "2026-11-23T10:00:00+01:00")
	svc.SetClock(func() time.Time { return friday.Add(96 * time.Hour) })
	if _, err := svc.Cancel(context.Background(), booking.CancelCommand{ID: b.ID, Token: token}); !errors.Is(err, booking.ErrExpired) {
		t.Errorf("cancel after the appointment: %v, want ErrExpired", err)
	}
}

func TestRequestedStatusAndDailyLimit(t *testing.T) {
	svc, _, _ := newService(t)
	cmd := func(start string) booking.BookCommand {
		c := ada()
		c.Location = ""
		return booking.BookCommand{Calendar: "facial-treatment", Start: start, TimeZone: "Europe/Berlin", Contact: c}
	}
	b, _, err := svc.Book(context.Background(), cmd("2026-11-23T09:00:00+01:00"))
	if err != nil {
		t.Fatal(err)
	}
	if b.Status != booking.StatusRequested {
		t.Errorf("status %s, want requested", b.Status)
	}
	// Four a day per person, two people: eight facials on Monday, then none.
	booked := 1
	for _, start := range []string{"10:15", "11:30", "12:45", "14:00", "15:15"} {
		for range 2 {
			if _, _, err := svc.Book(context.Background(), cmd("2026-11-23T"+start+":00+01:00")); err == nil {
				booked++
			}
		}
	}
	if booked != 8 {
		t.Errorf("%d facials booked on one day, want 8 (4 per person)", booked)
	}
}
