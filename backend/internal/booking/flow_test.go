package booking_test

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"regexp"
	"slices"
	"sync"
	"testing"
	"time"

	"slotwise/backend/internal/availability"
	"slotwise/backend/internal/booking"
)

func yoga(start string, guests int) booking.BookCommand {
	cmd := booking.BookCommand{Calendar: "demo-yoga", Start: start, TimeZone: "Europe/Berlin", Contact: ada(), GuestCount: guests}
	return cmd
}

func TestTheLastSeatsOfAClassAreNeverSoldTwice(t *testing.T) {
	svc, pool, _ := newService(t)
	const start = "2026-11-23T10:00:00+01:00"
	// 20 bookers, each bringing one guest, race for 8 seats: 4 win.
	var wg sync.WaitGroup
	var mu sync.Mutex
	won, seatsRefused := 0, 0
	for i := range 20 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			cmd := yoga(start, 1)
			cmd.Contact.Email = fmt.Sprintf("yogi%d@example.com", i)
			_, _, err := svc.Book(context.Background(), cmd)
			mu.Lock()
			defer mu.Unlock()
			var se *booking.SeatsError
			switch {
			case err == nil:
				won++
			case errors.As(err, &se), errors.Is(err, booking.ErrSlotUnavailable):
				seatsRefused++
			default:
				t.Errorf("unexpected error: %v", err)
			}
		}()
	}
	wg.Wait()
	var sold int
	if err := pool.QueryRow(context.Background(), `SELECT coalesce(sum(seats), 0) FROM bookings WHERE status <> 'cancelled'`).Scan(&sold); err != nil {
		t.Fatal(err)
	}
	if won != 4 || sold != 8 {
		t.Errorf("%d bookings won, %d seats sold; want 4 and 8", won, sold)
	}
}

func TestAClassSaysHowManySeatsAreLeft(t *testing.T) {
	svc, _, _ := newService(t)
	const start = "2026-11-23T10:00:00+01:00"
	if _, _, err := svc.Book(context.Background(), yoga(start, 2)); err != nil {
		t.Fatal(err)
	}
	res, err := svc.Slots(context.Background(), booking.SlotsQuery{Calendar: "demo-yoga", From: "2026-11-23", To: "2026-11-23", TimeZone: "Europe/Berlin"})
	if err != nil {
		t.Fatal(err)
	}
	at, _ := time.Parse(time.RFC3339, start)
	if got := res.Seats[at.UTC()]; got != 5 {
		t.Errorf("seats left at 10:00 = %d, want 5", got)
	}
	if got := res.Seats[at.Add(time.Hour).UTC()]; got != 8 {
		t.Errorf("seats left at 11:00 = %d, want 8", got)
	}
	second := yoga(start, 3)
	second.Contact.Email = "grace@example.com"
	if _, _, err := svc.Book(context.Background(), second); err != nil {
		t.Fatal(err)
	}
	third := yoga(start, 2) // three people, one seat left
	third.Contact.Email = "edsger@example.com"
	_, _, err = svc.Book(context.Background(), third)
	var se *booking.SeatsError
	if !errors.As(err, &se) || se.Left != 0 && se.Left != 1 {
		t.Fatalf("three people for the last seat: %v, want a seats error saying 1", err)
	}
	if se.Left != 1 {
		t.Errorf("seats error says %d left, want 1", se.Left)
	}
	// The last seat goes, and the slot is no longer offered.
	last := yoga(start, 0)
	last.Contact.Email = "barbara@example.com"
	if _, _, err := svc.Book(context.Background(), last); err != nil {
		t.Fatal(err)
	}
	res, _ = svc.Slots(context.Background(), booking.SlotsQuery{Calendar: "demo-yoga", From: "2026-11-23", To: "2026-11-23", TimeZone: "Europe/Berlin"})
	for _, d := range res.Days {
		for _, sl := range d.Slots {
			if sl.Start.Equal(at) {
				t.Errorf("a full class is still offered")
			}
		}
	}
}

func TestGuestsAreValidatedOneByOne(t *testing.T) {
	svc, _, _ := newService(t)
	tests := []struct {
		name   string
		guests []booking.Guest
		count  int
		want   map[string]string
	}{
		{"a guest needs a name", []booking.Guest{{Email: "g@example.com"}}, 0, map[string]string{"guests.0.name": "validation.required.name"}},
		{"and an e-mail", []booking.Guest{{Name: "Grace"}}, 0, map[string]string{"guests.0.email": "validation.required.email"}},
		{"a valid one", []booking.Guest{{Name: "Grace", Email: "not-mail"}}, 0, map[string]string{"guests.0.email": "validation.emailInvalid"}},
		{"not the booker's", []booking.Guest{{Name: "Grace", Email: "ADA@example.com"}}, 0, map[string]string{"guests.0.email": "validation.guestEmailUnique"}},
		{"nor another guest's", []booking.Guest{{Name: "Grace", Email: "g@example.com"}, {Name: "Alan", Email: "g@example.com"}}, 0,
			map[string]string{"guests.1.email": "validation.guestEmailUnique"}},
		{"a name is text", []booking.Guest{{Name: "Gr\x00ce", Email: "g@example.com"}}, 0, map[string]string{"guests.0.name": "validation.nameInvalid"}},
		{"a count is 1 to 100", nil, 101, map[string]string{"guestCount": "validation.guestCount"}},
		{"not negative", nil, -1, map[string]string{"guestCount": "validation.guestCount"}},
		{"names or a count, not both", []booking.Guest{{Name: "Grace", Email: "g@example.com"}}, 2, map[string]string{"guestCount": "validation.guestCount"}},
		{"at most the calendar's places", nil, 4, map[string]string{"guestCount": "validation.maxGuests"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cmd := yoga("2026-11-23T10:00:00+01:00", tt.count)
			cmd.Guests = tt.guests
			_, _, err := svc.Book(context.Background(), cmd)
			var v *booking.ValidationError
			if !errors.As(err, &v) {
				t.Fatalf("err = %v, want a validation error", err)
			}
			for field, id := range tt.want {
				if v.Fields[field] != id {
					t.Errorf("%s = %q, want %q (all: %v)", field, v.Fields[field], id, v.Fields)
				}
			}
		})
	}
}

func TestAnyAvailableAssignsTheFairestFreePerson(t *testing.T) {
	svc, pool, _ := newService(t)
	ctx := context.Background()
	massage := func(start string) *booking.Booking {
		t.Helper()
		b, _, err := svc.Book(ctx, booking.BookCommand{Calendar: "demo-massage", Start: start, TimeZone: "Europe/Berlin", Contact: ada()})
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	// Both free and never booked: the lower id; then the other, who has
	// fewer; then, with one each, the one booked least recently.
	var got []string
	for _, at := range []string{"09:00", "10:00", "11:00", "12:00"} {
		b := massage("2026-11-24T" + at + ":00+01:00")
		got = append(got, b.Staff.Slug)
		if b.Assignment != booking.AssignedAny {
			t.Errorf("assignment %q, want any", b.Assignment)
		}
	}
	// The demo's files list Jonas first, so he has the lower id.
	if want := "jonas mia jonas mia"; fmt.Sprint(got) != "["+want+"]" {
		t.Errorf("assigned %v, want %s", got, want)
	}
	// Jonas busy at 14:00 elsewhere: Mia takes it although it is his turn.
	if _, _, err := svc.Book(ctx, booking.BookCommand{Calendar: "demo-consultation", Start: "2026-11-24T14:00:00+01:00",
		TimeZone: "Europe/Berlin", StaffID: staffID(t, pool, "jonas"), Contact: ada()}); err != nil {
		t.Fatal(err)
	}
	if b := massage("2026-11-24T14:00:00+01:00"); b.Staff.Slug != "mia" {
		t.Errorf("14:00 went to %s, want mia (Jonas is busy)", b.Staff.Slug)
	}
	var assignment string
	if err := pool.QueryRow(ctx, `SELECT assignment FROM bookings WHERE calendar_id = (SELECT id FROM calendars WHERE slug = 'demo-massage') LIMIT 1`).Scan(&assignment); err != nil || assignment != "any" {
		t.Errorf("stored assignment %q (%v), want any", assignment, err)
	}
}

func TestAOneTimeLinkBooksExactlyOnce(t *testing.T) {
	svc, _, _ := newService(t)
	ctx := context.Background()
	secret, err := svc.NewOneTimeLink(ctx, "demo-consultation", 24*time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	if cal, err := svc.OneTimeLink(ctx, secret); err != nil || cal.Slug != "demo-consultation" {
		t.Fatalf("open link: %v, %v", cal, err)
	}
	var wg sync.WaitGroup
	var mu sync.Mutex
	won, used := 0, 0
	for i, at := range []string{"09:00", "09:30", "10:00", "10:30", "11:00", "11:30"} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			cmd := booking.BookCommand{Calendar: "demo-consultation", Start: "2026-11-23T" + at + ":00+01:00", TimeZone: "Europe/Berlin", Contact: ada(), OneTimeLink: secret}
			cmd.Contact.Email = fmt.Sprintf("link%d@example.com", i)
			_, _, err := svc.Book(ctx, cmd)
			mu.Lock()
			defer mu.Unlock()
			switch {
			case err == nil:
				won++
			case errors.Is(err, booking.ErrLinkUsed):
				used++
			default:
				t.Errorf("unexpected: %v", err)
			}
		}()
	}
	wg.Wait()
	if won != 1 || used != 5 {
		t.Errorf("%d bookings and %d refusals through one link, want 1 and 5", won, used)
	}
	if _, err := svc.OneTimeLink(ctx, secret); !errors.Is(err, booking.ErrLinkUsed) {
		t.Errorf("a used link opens: %v", err)
	}
	for _, bad := range []string{"", "otl_nope", "otl_\x00", secret + "x"} {
		if _, err := svc.OneTimeLink(ctx, bad); !errors.Is(err, booking.ErrLinkUsed) {
			t.Errorf("link %q: %v, want used or expired", bad, err)
		}
	}
}

func TestAnExpiredOneTimeLinkBooksNothing(t *testing.T) {
	svc, _, _ := newService(t)
	ctx := context.Background()
	secret, err := svc.NewOneTimeLink(ctx, "demo-consultation", time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	svc.SetClock(func() time.Time { return friday.Add(2 * time.Hour) })
	_, _, err = svc.Book(ctx, booking.BookCommand{Calendar: "demo-consultation", Start: "2026-11-23T09:00:00+01:00", TimeZone: "Europe/Berlin", Contact: ada(), OneTimeLink: secret})
	if !errors.Is(err, booking.ErrLinkUsed) {
		t.Errorf("booking through an expired link: %v", err)
	}
}

var decideInMail = regexp.MustCompile(`decide=([A-Za-z0-9_-]+)`)

func TestTheBusinessConfirmsOrDeclinesARequestFromItsMail(t *testing.T) {
	svc, pool, d := mailFixture(t)
	ctx := context.Background()
	first, token, err := svc.Book(ctx, facial("2026-11-23T10:00:00+01:00"))
	if err != nil {
		t.Fatal(err)
	}
	second, _, err := svc.Book(ctx, facial("2026-11-24T10:00:00+01:00"))
	if err != nil {
		t.Fatal(err)
	}
	secrets := map[string]string{}
	for _, m := range deliverAndRead(t, pool, d) {
		if m.kind != "staff.booked" {
			if decideInMail.MatchString(m.mime) {
				t.Errorf("the booker's %s mail carries the decide link", m.kind)
			}
			continue
		}
		for _, b := range []*booking.Booking{first, second} {
			if regexp.MustCompile(regexp.QuoteMeta(url.PathEscape(b.ID)) + `\?decide=`).MatchString(m.mime) {
				secrets[b.ID] = decideInMail.FindStringSubmatch(m.mime)[1]
			}
		}
	}
	if len(secrets) != 2 {
		t.Fatalf("decide links found for %d requests, want 2", len(secrets))
	}
	// The booker's manage secret decides nothing, nor does one request's
	// secret decide the other.
	if _, err := svc.Decide(ctx, booking.DecideCommand{ID: first.ID, Token: token, Confirm: true}); !errors.Is(err, booking.ErrBookingNotFound) {
		t.Errorf("the manage token confirmed a request: %v", err)
	}
	if _, err := svc.Decide(ctx, booking.DecideCommand{ID: first.ID, Token: secrets[second.ID], Confirm: true}); !errors.Is(err, booking.ErrBookingNotFound) {
		t.Errorf("another request's secret confirmed this one: %v", err)
	}
	confirmed, err := svc.Decide(ctx, booking.DecideCommand{ID: first.ID, Token: secrets[first.ID], Confirm: true})
	if err != nil || confirmed.Status != booking.StatusScheduled {
		t.Fatalf("confirm: %v, %v", confirmed, err)
	}
	if _, err := svc.Decide(ctx, booking.DecideCommand{ID: first.ID, Token: secrets[first.ID], Confirm: false}); !errors.Is(err, booking.ErrNotRequested) {
		t.Errorf("declining a confirmed booking: %v", err)
	}
	declined, err := svc.Decide(ctx, booking.DecideCommand{ID: second.ID, Token: secrets[second.ID], Reason: "We are closed that day"})
	if err != nil || declined.Status != booking.StatusCancelled || declined.CancelledBy != "business" {
		t.Fatalf("decline: %+v, %v", declined, err)
	}
	var kinds []string
	for _, m := range deliverAndRead(t, pool, d)[4:] {
		kinds = append(kinds, m.kind+" to "+m.recipient)
	}
	if want := "[booking.confirmation to ada@example.com booking.declined to ada@example.com]"; fmt.Sprint(kinds) != want {
		t.Errorf("after the decisions: %v, want %s", kinds, want)
	}
	// The declined request's time is free again.
	if _, _, err := svc.Book(ctx, facial("2026-11-24T10:00:00+01:00")); err != nil {
		t.Errorf("the declined time is not free: %v", err)
	}
}

func TestGuestsWithAnEmailGetTheirOwnMail(t *testing.T) {
	svc, pool, d := mailFixture(t)
	ctx := context.Background()
	cmd := yoga("2026-11-23T10:00:00+01:00", 0)
	cmd.Guests = []booking.Guest{{Name: "Grace Hopper", Email: "grace@example.com"}, {Name: "Alan Turing", Email: "alan@example.com"}}
	b, token, err := svc.Book(ctx, cmd)
	if err != nil {
		t.Fatal(err)
	}
	if b.Seats != 3 {
		t.Errorf("seats %d, want 3", b.Seats)
	}
	if _, err := svc.Cancel(ctx, booking.CancelCommand{ID: b.ID, Token: token}); err != nil {
		t.Fatal(err)
	}
	got := map[string]int{}
	for _, m := range deliverAndRead(t, pool, d) {
		got[m.kind+" to "+m.recipient]++
		if m.recipient != "ada@example.com" && tokenInMail.MatchString(m.mime) {
			t.Errorf("%s to %s carries the booker's manage link", m.kind, m.recipient)
		}
		if !regexp.MustCompile(`BEGIN:VCALENDAR`).MatchString(m.mime) {
			t.Errorf("%s to %s has no calendar file", m.kind, m.recipient)
		}
	}
	for _, want := range []string{"guest.invited to grace@example.com", "guest.invited to alan@example.com",
		"guest.cancelled to grace@example.com", "guest.cancelled to alan@example.com"} {
		if got[want] != 1 {
			t.Errorf("%s: %d mails, want 1 (all: %v)", want, got[want], got)
		}
	}
}

func TestTeamsAndGroupsOpenTheirCalendars(t *testing.T) {
	svc, _, _ := newService(t)
	ctx := context.Background()
	team, err := svc.Team(ctx, "demo-team")
	if err != nil || team.Calendar.Slug != "demo-massage" || len(team.Calendar.Staff) != 2 {
		t.Fatalf("team: %+v, %v", team, err)
	}
	bySlug, err := svc.GroupBySlug(ctx, "demo-group")
	if err != nil || len(bySlug.Calendars) != 5 || bySlug.Calendars[0].Slug != "demo-consultation" {
		t.Fatalf("group: %+v, %v", bySlug, err)
	}
	byID, err := svc.GroupByID(ctx, bySlug.ID)
	if err != nil || byID.Slug != "demo-group" {
		t.Errorf("group by id: %+v, %v", byID, err)
	}
	for _, bad := range []string{"", "nope", "demo-team\x00", "%"} {
		if _, err := svc.Team(ctx, bad); !errors.Is(err, booking.ErrTeamNotFound) {
			t.Errorf("team %q: %v", bad, err)
		}
		if _, err := svc.GroupBySlug(ctx, bad); !errors.Is(err, booking.ErrGroupNotFound) {
			t.Errorf("group %q: %v", bad, err)
		}
	}
}

func TestPhoneNumbersAreReadInTheirCountryAndStoredInE164(t *testing.T) {
	svc, pool, _ := newService(t)
	tests := []struct {
		name, phone, country, want, err string
	}{
		{"national, in the business's country", "030 1234567", "", "+49301234567", ""},
		{"national, in the chosen country", "(201) 555-0123", "US", "+12015550123", ""},
		{"international wins over the country", "+49 30 1234567", "US", "+49301234567", ""},
		{"too short", "030 12", "DE", "", "validation.phoneInvalid"},
		{"a German number read as American", "030 1234567", "US", "", "validation.phoneInvalid"},
		{"words", "call me", "", "", "validation.phoneInvalid"},
		{"an unknown country falls back to the business's", "030 1234567", "ZZ", "+49301234567", ""},
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cmd := facial(fmt.Sprintf("2026-11-%dT10:00:00+01:00", 23+i%5))
			cmd.Contact.Email = fmt.Sprintf("phone%d@example.com", i)
			cmd.Contact.Phone, cmd.Contact.PhoneCountry = tt.phone, tt.country
			b, _, err := svc.Book(context.Background(), cmd)
			if tt.err != "" {
				var v *booking.ValidationError
				if !errors.As(err, &v) || v.Fields["contact.phone"] != tt.err {
					t.Fatalf("err = %v, want %s", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var stored string
			if err := pool.QueryRow(context.Background(), `SELECT phone FROM bookings WHERE id = $1`, b.ID).Scan(&stored); err != nil || stored != tt.want {
				t.Errorf("stored %q (%v), want %q", stored, err, tt.want)
			}
		})
	}
}

func massageSeries(start string, every string, count int) booking.BookCommand {
	return booking.BookCommand{Calendar: "demo-massage", Start: start, TimeZone: "Europe/Berlin", Contact: ada(),
		Repeat: &booking.Repeat{Every: every, Count: count}}
}

func TestASeriesIsBookedAllOrNothing(t *testing.T) {
	svc, pool, _ := newService(t)
	ctx := context.Background()
	// Both people busy on the third Tuesday at 10:00: the series cannot hold.
	for _, who := range []string{"mia", "jonas"} {
		if _, _, err := svc.Book(ctx, booking.BookCommand{Calendar: "demo-consultation", Start: "2026-12-08T10:00:00+01:00",
			TimeZone: "Europe/Berlin", StaffID: staffID(t, pool, who), Contact: ada()}); err != nil {
			t.Fatal(err)
		}
	}
	occ, err := svc.Series(ctx, booking.SeriesQuery{Calendar: "demo-massage", Start: "2026-11-24T10:00:00+01:00", TimeZone: "Europe/Berlin",
		Repeat: booking.Repeat{Every: booking.EveryWeek, Count: 4}})
	if err != nil {
		t.Fatal(err)
	}
	var free []bool
	for _, o := range occ {
		free = append(free, o.Free)
	}
	if fmt.Sprint(free) != "[true true false true]" {
		t.Errorf("preview %v, want the third taken", free)
	}
	_, _, err = svc.Book(ctx, massageSeries("2026-11-24T10:00:00+01:00", booking.EveryWeek, 4))
	var conflict *booking.SeriesConflictError
	if !errors.As(err, &conflict) || fmt.Sprint(conflict.Taken) != "[2]" {
		t.Fatalf("err = %v, want the third time taken", err)
	}
	var n int
	pool.QueryRow(ctx, `SELECT count(*) FROM bookings WHERE calendar_id = (SELECT id FROM calendars WHERE slug = 'demo-massage')`).Scan(&n)
	if n != 0 {
		t.Errorf("%d massages booked from a refused series, want none", n)
	}
	// Fortnightly from the week after skips the taken one; one manage secret opens every time.
	b, token, err := svc.Book(ctx, massageSeries("2026-12-01T10:00:00+01:00", booking.EveryTwoWeek, 3))
	if err != nil {
		t.Fatal(err)
	}
	all, err := svc.SeriesOf(ctx, b)
	if err != nil || len(all) != 3 {
		t.Fatalf("series: %d, %v", len(all), err)
	}
	for i, want := range []string{"2026-12-01T10:00:00+01:00", "2026-12-15T10:00:00+01:00", "2026-12-29T10:00:00+01:00"} {
		berlin, _ := time.LoadLocation("Europe/Berlin")
		if got := all[i].Start.In(berlin).Format(time.RFC3339); got != want {
			t.Errorf("occurrence %d at %s, want %s", i, got, want)
		}
		if _, err := svc.Get(ctx, all[i].ID, token); err != nil {
			t.Errorf("the series' secret does not open occurrence %d: %v", i, err)
		}
	}
	// Each can be cancelled on its own.
	if _, err := svc.Cancel(ctx, booking.CancelCommand{ID: all[1].ID, Token: token}); err != nil {
		t.Fatal(err)
	}
}

func TestASeriesKeepsItsHourAcrossSummerTime(t *testing.T) {
	svc, _, _ := newService(t)
	for _, tt := range []struct {
		name string
		r    booking.Repeat
	}{
		{"no frequency", booking.Repeat{Count: 3}},
		{"daily is not offered", booking.Repeat{Every: "day", Count: 3}},
		{"one is not a series", booking.Repeat{Every: booking.EveryWeek, Count: 1}},
		{"more than the calendar allows", booking.Repeat{Every: booking.EveryWeek, Count: 13}},
	} {
		_, _, err := svc.Book(context.Background(), massageSeries("2026-11-24T10:00:00+01:00", tt.r.Every, tt.r.Count))
		var v *booking.ValidationError
		if !errors.As(err, &v) || v.Fields["repeat"] != "validation.repeatInvalid" {
			t.Errorf("%s: %v", tt.name, err)
		}
	}
	// Across the change to summer time (28 March 2027) the wall-clock hour holds.
	svc.SetClock(func() time.Time { return time.Date(2027, 3, 1, 9, 0, 0, 0, time.UTC) })
	occ, err := svc.Series(context.Background(), booking.SeriesQuery{Calendar: "demo-massage", Start: "2027-03-23T10:00:00+01:00", TimeZone: "Europe/Berlin",
		Repeat: booking.Repeat{Every: booking.EveryWeek, Count: 2}})
	if err != nil || occ[1].Start.Format(time.RFC3339) != "2027-03-30T10:00:00+02:00" {
		t.Errorf("after the change: %v %v, want 10:00 summer time", occ, err)
	}
}

func TestACollectiveBookingNeedsAndHoldsEveryone(t *testing.T) {
	svc, pool, _ := newService(t)
	ctx := context.Background()
	duo := func(start string) (*booking.Booking, string, error) {
		return svc.Book(ctx, booking.BookCommand{Calendar: "demo-duo", Start: start, TimeZone: "Europe/Berlin", Contact: ada()})
	}
	offered := func(at string) bool {
		res, err := svc.Slots(ctx, booking.SlotsQuery{Calendar: "demo-duo", From: at[:10], To: at[:10], TimeZone: "Europe/Berlin"})
		if err != nil {
			t.Fatal(err)
		}
		want, _ := time.Parse(time.RFC3339, at)
		for _, d := range res.Days {
			for _, sl := range d.Slots {
				if sl.Start.Equal(want) {
					return true
				}
			}
		}
		return false
	}
	// Jonas is busy at 10:00 on Monday: the duo cannot meet then.
	if _, _, err := svc.Book(ctx, booking.BookCommand{Calendar: "demo-consultation", Start: "2026-11-23T10:00:00+01:00", TimeZone: "Europe/Berlin",
		StaffID: staffID(t, pool, "jonas"), Contact: ada()}); err != nil {
		t.Fatal(err)
	}
	if offered("2026-11-23T10:00:00+01:00") {
		t.Errorf("10:00 offered with one of two busy")
	}
	if _, _, err := duo("2026-11-23T10:00:00+01:00"); !errors.Is(err, booking.ErrSlotUnavailable) {
		t.Errorf("booking with one busy: %v", err)
	}
	b, token, err := duo("2026-11-23T11:00:00+01:00")
	if err != nil {
		t.Fatal(err)
	}
	// Both people are now busy at 11:00, for any calendar.
	for _, who := range []string{"mia", "jonas"} {
		_, _, err := svc.Book(ctx, booking.BookCommand{Calendar: "demo-consultation", Start: "2026-11-23T11:00:00+01:00", TimeZone: "Europe/Berlin",
			StaffID: staffID(t, pool, who), Contact: ada()})
		if !errors.Is(err, booking.ErrStaffBusy) {
			t.Errorf("%s booked over the duo: %v", who, err)
		}
	}
	// Moving it moves everyone's time; cancelling frees everyone.
	if _, err := svc.Reschedule(ctx, booking.RescheduleCommand{ID: b.ID, Token: token, Start: "2026-11-24T11:00:00+01:00", TimeZone: "Europe/Berlin"}); err != nil {
		t.Fatal(err)
	}
	var held int
	pool.QueryRow(ctx, `SELECT count(*) FROM bookings WHERE holds_for = $1 AND starts_at = '2026-11-24T10:00:00Z'`, b.ID).Scan(&held)
	if held != 1 {
		t.Errorf("%d holds at the new time, want 1", held)
	}
	// The business's people find the booking, never the row that holds
	// the other person's time.
	var holdID string
	pool.QueryRow(ctx, `SELECT id FROM bookings WHERE holds_for = $1`, b.ID).Scan(&holdID)
	if _, err := svc.FindBooked(ctx, holdID); holdID == "" || !errors.Is(err, booking.ErrBookingNotFound) {
		t.Errorf("the hold %q found by the business's people: %v", holdID, err)
	}
	if found, err := svc.FindBooked(ctx, b.ID); err != nil || found.ID != b.ID {
		t.Errorf("the duo's booking not found by the business's people: %v", err)
	}
	if !offered("2026-11-23T11:00:00+01:00") {
		t.Errorf("the old time is not free again")
	}
	if _, err := svc.Cancel(ctx, booking.CancelCommand{ID: b.ID, Token: token}); err != nil {
		t.Fatal(err)
	}
	if !offered("2026-11-24T11:00:00+01:00") {
		t.Errorf("a cancelled duo still holds its time")
	}
}

func TestACartIsBookedBackToBackAllOrNothing(t *testing.T) {
	svc, pool, _ := newService(t)
	ctx := context.Background()
	menu, err := svc.MenuBySlug(ctx, "demo-salon")
	if err != nil || len(menu.Categories) < 2 {
		t.Fatalf("menu: %+v %v", menu, err)
	}
	if _, ok := menu.Cart([]string{"salon-haircut", "demo-consultation"}); ok {
		t.Errorf("a service off the menu went into the cart")
	}
	// Both people busy Monday 11:00–11:30: a haircut (45 min) at 10:15 fits, but no manicure after it.
	for _, who := range []string{"mia", "jonas"} {
		if _, _, err := svc.Book(ctx, booking.BookCommand{Calendar: "demo-consultation", Start: "2026-11-23T11:00:00+01:00", TimeZone: "Europe/Berlin",
			StaffID: staffID(t, pool, who), Contact: ada()}); err != nil {
			t.Fatal(err)
		}
	}
	res, err := svc.CartSlots(ctx, menu, [][]string{{"salon-haircut", "salon-manicure"}}, booking.SlotsQuery{From: "2026-11-23", To: "2026-11-23", TimeZone: "Europe/Berlin"})
	if err != nil {
		t.Fatal(err)
	}
	offered := offeredAt(res)
	alone, _ := svc.CartSlots(ctx, menu, [][]string{{"salon-haircut"}}, booking.SlotsQuery{From: "2026-11-23", To: "2026-11-23", TimeZone: "Europe/Berlin"})
	if len(alone.Days) == 0 || !slices.ContainsFunc(alone.Days[0].Slots, func(sl availability.Slot) bool { return sl.Start.In(alone.Zone).Format("15:04") == "10:15" }) {
		t.Fatalf("a haircut alone is not offered at 10:15")
	}
	if offered["10:15"] || !offered["11:30"] || !offered["09:00"] {
		t.Errorf("offered %v: want 09:00 and 11:30, not 10:15", offered)
	}
	cmd := booking.CartCommand{Menu: menu.ID, Items: []string{"salon-haircut", "salon-manicure"},
		BookCommand: booking.BookCommand{Start: "2026-11-23T10:15:00+01:00", TimeZone: "Europe/Berlin", Contact: ada()}}
	if _, _, err := svc.BookCart(ctx, menu, cmd); !errors.Is(err, booking.ErrSlotUnavailable) {
		t.Errorf("a cart whose second service does not fit: %v", err)
	}
	var n int
	pool.QueryRow(ctx, `SELECT count(*) FROM bookings WHERE calendar_id IN (SELECT id FROM calendars WHERE slug LIKE 'salon-%')`).Scan(&n)
	if n != 0 {
		t.Errorf("%d salon bookings left by a refused cart", n)
	}
	cmd.Start = "2026-11-23T09:00:00+01:00"
	b, token, err := svc.BookCart(ctx, menu, cmd)
	if err != nil {
		t.Fatal(err)
	}
	all, err := svc.SeriesOf(ctx, b)
	if err != nil || len(all) != 2 {
		t.Fatalf("the visit: %d bookings, %v", len(all), err)
	}
	if !all[1].Start.Equal(all[0].End) || all[1].Calendar.Slug != "salon-manicure" {
		t.Errorf("the manicure starts at %s, want when the haircut ends (%s)", all[1].Start, all[0].End)
	}
	if _, err := svc.Get(ctx, all[1].ID, token); err != nil {
		t.Errorf("the visit's secret does not open its second booking: %v", err)
	}
	// A later service off its own grid (a massage every half hour, after a
	// 45-minute haircut) is offered and booked alike.
	res, err = svc.CartSlots(ctx, menu, [][]string{{"salon-haircut", "demo-massage"}}, booking.SlotsQuery{From: "2026-11-24", To: "2026-11-24", TimeZone: "Europe/Berlin"})
	if err != nil || len(res.Days) == 0 || len(res.Days[0].Slots) == 0 {
		t.Fatalf("haircut then massage: %v %v", res, err)
	}
	at := res.Days[0].Slots[0].Start.Format(time.RFC3339)
	offGrid := booking.CartCommand{Menu: menu.ID, Items: []string{"salon-haircut", "demo-massage"},
		BookCommand: booking.BookCommand{Start: at, TimeZone: "Europe/Berlin", Contact: ada()}}
	if _, _, err := svc.BookCart(ctx, menu, offGrid); err != nil {
		t.Errorf("the offered %s could not be booked: %v", at, err)
	}
}

// A visit is one payment: services paid online in different currencies
// cannot be one, and the booker is told so, with nothing booked.
func TestACartPaidOnlineInTwoCurrenciesIsRefusedWithWhy(t *testing.T) {
	svc, pool, _ := newServiceWith(t, booking.Options{OnlinePayments: func(*booking.Location) bool { return true }})
	ctx := context.Background()
	if _, err := pool.Exec(ctx, `UPDATE calendars SET payment = 'online', price_cents = 3000,
		currency = CASE slug WHEN 'salon-manicure' THEN 'GBP' ELSE NULL END WHERE slug IN ('salon-haircut', 'salon-manicure')`); err != nil {
		t.Fatal(err)
	}
	menu, err := svc.MenuBySlug(ctx, "demo-salon")
	if err != nil {
		t.Fatal(err)
	}
	cmd := booking.CartCommand{Menu: menu.ID, Items: []string{"salon-haircut", "salon-manicure"},
		BookCommand: booking.BookCommand{Start: "2026-11-23T09:00:00+01:00", TimeZone: "Europe/Berlin", Contact: ada()}}
	_, _, err = svc.BookCart(ctx, menu, cmd)
	var ve *booking.ValidationError
	if !errors.As(err, &ve) || ve.Fields["items"] != "validation.cartCurrencies" {
		t.Fatalf("a cart paid in EUR and GBP: %v, want the items refused with why", err)
	}
	var n int
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM bookings`).Scan(&n); err != nil || n != 0 {
		t.Fatalf("%d bookings left by the refused cart (%v)", n, err)
	}
	// One currency again: the visit is held for its one payment.
	if _, err := pool.Exec(ctx, `UPDATE calendars SET currency = NULL WHERE slug = 'salon-manicure'`); err != nil {
		t.Fatal(err)
	}
	b, _, err := svc.BookCart(ctx, menu, cmd)
	if err != nil || b.Money.State != booking.MoneyHold {
		t.Fatalf("a cart paid in EUR alone: %v, %+v", err, b)
	}
}

// graceVisit is Ada's haircut with her guest Grace's manicure and pedicure,
// on Monday 23 November at 09:00 in Berlin.
func graceVisit(menuID string) booking.CartCommand {
	return booking.CartCommand{Menu: menuID, Items: []string{"salon-haircut"}, GuestItems: [][]string{{"salon-manicure", "salon-pedicure"}},
		BookCommand: booking.BookCommand{Start: "2026-11-23T09:00:00+01:00", TimeZone: "Europe/Berlin", Contact: ada(),
			Guests: []booking.Guest{{Name: "Grace Hopper", Email: "grace@example.com"}}}}
}

func TestEachGuestGetsTheirOwnServicesInAVisit(t *testing.T) {
	svc, pool, _ := newService(t)
	ctx := context.Background()
	menu, err := svc.MenuBySlug(ctx, "demo-salon")
	if err != nil {
		t.Fatal(err)
	}
	cmd := graceVisit(menu.ID)
	// A guest without services cannot go on.
	if _, err := menu.People([][]string{{"salon-haircut"}, {}}); err == nil {
		t.Errorf("a guest without services was accepted")
	} else if v := (*booking.ValidationError)(nil); !errors.As(err, &v) || v.Fields["items"] != "validation.guestServices" {
		t.Errorf("err = %v, want validation.guestServices", err)
	}
	res, err := svc.CartSlots(ctx, menu, [][]string{{"salon-haircut"}, {"salon-manicure", "salon-pedicure"}}, booking.SlotsQuery{From: "2026-11-23", To: "2026-11-23", TimeZone: "Europe/Berlin"})
	if err != nil || len(res.Days) == 0 {
		t.Fatalf("slots for two people: %v %v", res, err)
	}
	b, _, err := svc.BookCart(ctx, menu, cmd)
	if err != nil {
		t.Fatal(err)
	}
	all, _ := svc.SeriesOf(ctx, b)
	if len(all) != 3 {
		t.Fatalf("%d bookings, want the haircut and the guest's two", len(all))
	}
	var forGuest int
	for _, each := range all {
		if each.ForGuest {
			forGuest++
			if len(each.Guests) != 1 || each.Guests[0].Name != "Grace Hopper" || each.Seats != 1 {
				t.Errorf("the guest's booking: %+v", each)
			}
		}
	}
	if forGuest != 2 {
		t.Errorf("%d bookings for the guest, want 2", forGuest)
	}
	// Two people at 09:00: the haircut and the manicure side by side, with two people.
	var staff int
	pool.QueryRow(ctx, `SELECT count(DISTINCT staff_id) FROM bookings WHERE starts_at = '2026-11-23T08:00:00Z'`).Scan(&staff)
	if staff != 2 {
		t.Errorf("%d people at 09:00, want 2", staff)
	}
}

// offeredAt are the offered starts' wall-clock times ("09:00") in the
// result's zone.
func offeredAt(res *booking.SlotsResult) map[string]bool {
	out := map[string]bool{}
	for _, d := range res.Days {
		for _, sl := range d.Slots {
			out[sl.Start.In(res.Zone).Format("15:04")] = true
		}
	}
	return out
}
