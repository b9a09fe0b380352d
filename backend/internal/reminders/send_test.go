package reminders_test

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"slotwise/backend/internal/booking"
	"slotwise/backend/internal/content"
	"slotwise/backend/internal/events"
	"slotwise/backend/internal/notify"
	"slotwise/backend/internal/webhooks"
)

func TestAReminderGoesAtItsTimeInTheBookersLanguageAndZones(t *testing.T) {
	f := newFixture(t, utc("2027-03-26 10:00"))
	ctx := context.Background()
	// A booker in New York books 09:00 in Berlin, the day after Europe's
	// change and two weeks after America's: 03:00 for them.
	b, _, err := f.bookings.Book(ctx, booking.BookCommand{Calendar: "demo-consultation", Start: mondayAfterChange,
		TimeZone: "America/New_York", Locale: "de", Contact: ada()})
	if err != nil {
		t.Fatal(err)
	}
	if n := f.send(t, utc("2027-03-28 06:59")); n != 0 {
		t.Fatalf("a minute early, %d were sent", n)
	}
	if n := f.send(t, utc("2027-03-28 07:00")); n != 1 {
		t.Fatalf("24 hours before, %d were sent, want the booker's", n)
	}
	got := f.mails(t, notify.KindReminder)
	if len(got) != 1 || got[0].recipient != "ada@example.com" {
		t.Fatalf("reminders queued: %+v", got)
	}
	text := decoded(t, got[0].mime)
	for _, want := range []string{
		"Erinnerung: Beratung",              // the subject, in German, naming the service in German
		"03:00",                             // the booker's time, in New York
		"Ortszeit bei Slotwise Demo-Studio", // and the business's, in German
		"09:00",
		"Lindenstraße 12, 10969 Berlin", // the place
		"https://book.example.com/de/widget/bookings/demo-consultation?date=2027-03-29&reschedule=" + b.ID, // reschedule
		"https://book.example.com/de/widget/booking/cancel-booking?id=" + b.ID,                             // cancel
		"BEGIN:VCALENDAR", "DTSTART:20270329T070000Z", // the calendar file
	} {
		if !strings.Contains(text, want) {
			t.Errorf("the reminder lacks %q:\n%s", want, text)
		}
	}
	// Its links open the booking: the secret they carry was stored.
	token := between(text, "cancel-booking?id="+b.ID+"&token=", "\n")
	if _, err := f.bookings.Get(ctx, b.ID, strings.TrimSpace(token)); err != nil {
		t.Errorf("the reminder's manage secret does not open the booking: %v", err)
	}
	if n := f.send(t, utc("2027-03-28 07:05")); n != 0 {
		t.Errorf("sent again: %d", n)
	}
}

func TestPaymentStillDueIsInTheReminder(t *testing.T) {
	f := newFixture(t, utc("2027-03-26 10:00"))
	mustBook(t, f, "salon-pedicure", mondayAfterChange)
	f.send(t, utc("2027-03-28 07:00"))
	got := f.mails(t, notify.KindReminder)
	if len(got) != 1 {
		t.Fatalf("reminders: %d", len(got))
	}
	if text := decoded(t, got[0].mime); !strings.Contains(text, "35.00") {
		t.Errorf("the reminder does not say what is to pay at the appointment:\n%s", text)
	}
}

func TestAWorkerKilledBeforeItsCommitLeavesTheReminderToBeSentOnce(t *testing.T) {
	f := newFixture(t, utc("2027-03-26 10:00"))
	ctx := context.Background()
	setReminders(t, f, "demo-consultation", []content.Reminder{{Before: "24h", To: "booker"}}, nil)
	mustBook(t, f, "demo-consultation", mondayAfterChange)
	f.clock.Set(utc("2027-03-28 08:00"))

	dying := f.worker()
	dying.Lease = 300 * time.Millisecond
	dying.BeforeCommit = func(int64) error { return errors.New("killed") }
	if n, err := dying.SendDue(ctx); err != nil || n != 0 {
		t.Fatalf("the dying worker: %d, %v", n, err)
	}
	if got := f.mails(t, notify.KindReminder); len(got) != 0 {
		t.Fatalf("a worker that died before its commit queued %d mails", len(got))
	}
	if n := f.send(t, utc("2027-03-28 08:00")); n != 0 {
		t.Fatalf("another worker took a row still leased: %d", n)
	}
	time.Sleep(400 * time.Millisecond) // real time: the lease is PostgreSQL's
	if n := f.send(t, utc("2027-03-28 08:00")); n != 1 {
		t.Fatalf("after the lease ran out, %d were sent", n)
	}
	f.send(t, utc("2027-03-28 08:01"))
	if got := f.mails(t, notify.KindReminder); len(got) != 1 {
		t.Errorf("queued %d times, want once", len(got))
	}
}

func TestTwoReplicasSendEachReminderOnce(t *testing.T) {
	f := newFixture(t, utc("2027-03-26 10:00"))
	setReminders(t, f, "demo-consultation", []content.Reminder{{Before: "24h", To: "booker"}}, nil)
	const bookings = 24
	for i := range bookings {
		start := time.Date(2027, 3, 29, 9+i/4, (i%2)*30, 0, 0, berlin)
		b, _, err := f.bookings.Book(context.Background(), booking.BookCommand{Calendar: "demo-consultation", Start: start.Format(time.RFC3339),
			TimeZone: "Europe/Berlin", Contact: booking.Contact{FirstName: "P", LastName: fmt.Sprint(i), Email: fmt.Sprintf("p%d@example.com", i),
				Location: "Lindenstraße 12, 10969 Berlin"}})
		if err != nil {
			t.Fatalf("booking %d at %s: %v (%v)", i, start, err, b)
		}
	}
	f.clock.Set(utc("2027-03-28 20:00"))
	var wg sync.WaitGroup
	sent := make([]int, 2)
	for i := range sent {
		w := f.worker()
		w.Batch = 3
		wg.Go(func() {
			n, err := w.SendDue(context.Background())
			if err != nil {
				t.Error(err)
			}
			sent[i] = n
		})
	}
	wg.Wait()
	got := f.mails(t, notify.KindReminder)
	seen := map[string]bool{}
	for _, m := range got {
		if seen[m.recipient] {
			t.Errorf("%s was reminded twice", m.recipient)
		}
		seen[m.recipient] = true
	}
	if len(got) != bookings || sent[0]+sent[1] != bookings {
		t.Errorf("queued %d, sent %d + %d; want %d once each", len(got), sent[0], sent[1], bookings)
	}
}

var berlin, _ = time.LoadLocation("Europe/Berlin")

func TestAfterDowntimeAReminderGoesLateUnlessItsAppointmentHasBegun(t *testing.T) {
	f := newFixture(t, utc("2027-03-26 10:00"))
	setReminders(t, f, "demo-consultation", []content.Reminder{{Before: "24h", To: "booker"}, {Before: "2h", To: "booker"}}, nil)
	early := mustBook(t, f, "demo-consultation", mondayAfterChange)           // 07:00 UTC
	later := mustBook(t, f, "demo-consultation", "2027-03-29T15:00:00+02:00") // 13:00 UTC
	// Down from Saturday until Monday 11:30 UTC: the later booking's 2-hour
	// reminder is due (11:00), and its 24-hour one long overdue.
	f.send(t, utc("2027-03-29 11:30"))
	got := f.mails(t, notify.KindReminder)
	if len(got) != 1 {
		t.Fatalf("after downtime %d reminders went, want one (the later booking's nearest)", len(got))
	}
	if !strings.Contains(decoded(t, got[0].mime), later.ID) {
		t.Errorf("the late reminder is not the later booking's")
	}
	if n := f.observed.count("reminder skipped started"); n != 2 {
		t.Errorf("the early booking's reminders skipped as started: %d, want 2", n)
	}
	if n := f.observed.count("reminder skipped superseded"); n != 1 {
		t.Errorf("the later booking's 24-hour reminder, overtaken by its 2-hour one: %d skipped, want 1", n)
	}
	if due := f.due(t, early.ID); len(due) != 0 {
		t.Errorf("rows left due: %q", due)
	}
}

func TestACancelledClassSeatGetsNoReminderAndTheTeacherOneForTheClass(t *testing.T) {
	f := newFixture(t, utc("2027-03-26 10:00"))
	ctx := context.Background()
	// demo-yoga: the booker 24 hours before, the teacher 2 hours before.
	seat := func(name string) (*booking.Booking, string) {
		b, token, err := f.bookings.Book(ctx, booking.BookCommand{Calendar: "demo-yoga", Start: mondayAfterChange, TimeZone: "Europe/Berlin",
			Contact: booking.Contact{FirstName: name, LastName: "Yogi", Email: strings.ToLower(name) + "@example.com"}})
		if err != nil {
			t.Fatal(err)
		}
		return b, token
	}
	seat("Ada")
	bob, token := seat("Bob")
	seat("Cleo")
	if _, err := f.bookings.Cancel(ctx, booking.CancelCommand{ID: bob.ID, Token: token}); err != nil {
		t.Fatal(err)
	}
	f.send(t, utc("2027-03-29 06:00"))
	var to []string
	for _, m := range f.mails(t, notify.KindReminder) {
		to = append(to, m.recipient)
	}
	if strings.Join(to, ",") != "ada@example.com,cleo@example.com" && strings.Join(to, ",") != "cleo@example.com,ada@example.com" {
		t.Errorf("booker reminders went to %q", to)
	}
	staff := f.mails(t, notify.KindStaffReminder)
	if len(staff) != 1 || staff[0].recipient != "mia@slotwise.localhost" {
		t.Fatalf("the teacher's reminders: %+v, want one for the class", staff)
	}
	if text := decoded(t, staff[0].mime); !strings.Contains(text, "Ada Yogi, Cleo Yogi · 2/8") {
		t.Errorf("the teacher's reminder does not name the class's people:\n%s", text)
	}
	if n := f.observed.count("reminder skipped told"); n != 1 {
		t.Errorf("the second seat's teacher reminder, told with the first: %d", n)
	}
}

func TestTheFollowUpThanksAndLinksTheFormAndBookingAgain(t *testing.T) {
	f := newFixture(t, utc("2027-03-26 10:00"))
	b := mustBook(t, f, "demo-consultation", mondayAfterChange)
	f.send(t, utc("2027-03-29 09:29"))
	if got := f.mails(t, notify.KindFollowUp); len(got) != 0 {
		t.Fatalf("a follow-up before its time")
	}
	f.send(t, utc("2027-03-29 09:30"))
	got := f.mails(t, notify.KindFollowUp)
	if len(got) != 1 {
		t.Fatalf("follow-ups: %d", len(got))
	}
	text := decoded(t, got[0].mime)
	for _, want := range []string{"Thank you", "https://book.example.com/widget/survey/demo-survey?booking=",
		"https://book.example.com/widget/bookings/demo-consultation"} {
		if !strings.Contains(text, want) {
			t.Errorf("the follow-up lacks %q:\n%s", want, text)
		}
	}
	// The survey's link carries a secret of its own, stored as a hash,
	// that names the booking.
	secret := strings.TrimSpace(between(text, "demo-survey?booking=", "\n"))
	sum := sha256.Sum256([]byte(secret))
	var id string
	if err := f.pool.QueryRow(context.Background(), `SELECT booking_id FROM booking_tokens WHERE token_hash = $1 AND purpose = 'followup'`,
		sum[:]).Scan(&id); err != nil || id != b.ID || strings.Contains(secret, b.ID) {
		t.Errorf("the follow-up's secret %q names %q (%v), want %s", secret, id, err, b.ID)
	}
}

func TestAReminderSentIsAnEventForWebhooks(t *testing.T) {
	f := newFixture(t, utc("2027-03-26 10:00"))
	ctx := context.Background()
	b := mustBook(t, f, "demo-consultation", mondayAfterChange)
	f.send(t, utc("2027-03-29 06:00")) // the booker's 24 h and 2 h reminders and the staff's
	var n int
	var payload string
	err := f.pool.QueryRow(ctx, `SELECT count(*), max(payload::text) FILTER (WHERE payload->>'to' = 'staff')
		FROM events WHERE type = $1 AND payload->>'bookingId' = $2`, booking.EventReminderSent, b.ID).Scan(&n, &payload)
	if err != nil {
		t.Fatal(err)
	}
	if n != 2 || !strings.Contains(payload, `"beforeMinutes": 60`) {
		t.Errorf("events: %d (want the booker's latest and the staff's), staff's %s", n, payload)
	}

	// An endpoint that hears booking.reminder_sent gets the booking and
	// which reminder it was.
	hooks := webhooks.NewStore(f.pool, true)
	url, types := "https://hooks.example.com/sms", []string{webhooks.BookingReminderSent}
	if _, _, err := hooks.Create(ctx, webhooks.EndpointInput{URL: &url, Events: &types}); err != nil {
		t.Fatal(err)
	}
	var ev events.Event
	if err := f.pool.QueryRow(ctx, `SELECT id, type, payload FROM events WHERE type = $1 AND payload->>'to' = 'staff'`,
		booking.EventReminderSent).Scan(&ev.ID, &ev.Type, &ev.Payload); err != nil {
		t.Fatal(err)
	}
	fan := &webhooks.Fanout{Store: hooks, Bookings: f.bookings}
	commit, err := fan.Handle(ctx, ev)
	if err != nil {
		t.Fatal(err)
	}
	if err := pgx.BeginFunc(ctx, f.pool, func(tx pgx.Tx) error { return commit(ctx, tx) }); err != nil {
		t.Fatal(err)
	}
	var body string
	if err := f.pool.QueryRow(ctx, `SELECT body FROM webhook_deliveries WHERE event_type = $1`, webhooks.BookingReminderSent).Scan(&body); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"type":"booking.reminder_sent"`, `"id":"` + b.ID + `"`, `"reminder":{"beforeMinutes":60,"to":"staff"}`} {
		if !strings.Contains(body, want) {
			t.Errorf("the webhook's body lacks %s: %s", want, body)
		}
	}
}

func TestAStaffMembersAgendaListsTheirDayAndSkipsAnEmptyOne(t *testing.T) {
	f := newFixture(t, utc("2027-03-26 10:00"))
	ctx := context.Background()
	site, err := content.Load(ctx, f.pool)
	if err != nil {
		t.Fatal(err)
	}
	mia := site.Staff[1]
	if mia.Slug != "mia" {
		t.Fatalf("staff: %s", mia.Slug)
	}
	mia.Agenda = &content.Agenda{At: "07:30", Day: "today"}
	putStaff(t, f, mia)
	mustBookWith(t, f, "demo-yoga", mondayAfterChange)
	mustBookWith(t, f, "demo-duo", "2027-03-29T13:00:00+02:00")

	f.send(t, utc("2027-03-29 05:29"))
	if got := f.mails(t, notify.KindStaffAgenda); len(got) != 0 {
		t.Fatal("an agenda before its hour")
	}
	f.send(t, utc("2027-03-29 05:30")) // 07:30 in Berlin
	got := f.mails(t, notify.KindStaffAgenda)
	if len(got) != 1 || got[0].recipient != "mia@slotwise.localhost" {
		t.Fatalf("agendas: %+v", got)
	}
	text := decoded(t, got[0].mime)
	for _, want := range []string{"2 appointments", "Monday, March 29, 2027", "9:00", "Yoga class", "1:00", "Ada Lovelace"} {
		if !strings.Contains(text, want) {
			t.Errorf("the agenda lacks %q:\n%s", want, text)
		}
	}
	// Tuesday is planned next, and is empty.
	f.send(t, utc("2027-03-30 05:30"))
	if got := f.mails(t, notify.KindStaffAgenda); len(got) != 1 {
		t.Errorf("an agenda for an empty day")
	}
	if n := f.observed.count("agenda skipped empty"); n != 1 {
		t.Errorf("empty days skipped: %d", n)
	}
	var due time.Time
	if err := f.pool.QueryRow(ctx, `SELECT due_at FROM reminders WHERE kind = 'agenda' AND state = 'due'`).Scan(&due); err != nil ||
		!due.Equal(utc("2027-03-31 05:30")) {
		t.Errorf("the next agenda is due %s (%v), want Wednesday 07:30 in Berlin", due, err)
	}
}

func mustBookWith(t *testing.T, f *fixture, calendar, start string) {
	t.Helper()
	mustBook(t, f, calendar, start)
}

func putStaff(t *testing.T, f *fixture, s content.Staff) {
	t.Helper()
	body, _ := jsonOf(s)
	kind, _ := content.KindNamed("staff")
	svc := content.NewService(f.pool, nil, nil, nil)
	svc.SetClock(f.clock.Now)
	if _, err := svc.Put(context.Background(), content.Change{Kind: kind, Key: s.Slug, Body: body}); err != nil {
		t.Fatal(err)
	}
}

func TestASeriesRemindsBeforeEachTimeAndAVisitOnceADay(t *testing.T) {
	f := newFixture(t, utc("2027-03-26 10:00"))
	ctx := context.Background()
	// demo-massage books weekly series; its reminder: the booker, a day before.
	_, _, err := f.bookings.Book(ctx, booking.BookCommand{Calendar: "demo-massage", Start: mondayAfterChange, TimeZone: "Europe/Berlin",
		Contact: ada(), Repeat: &booking.Repeat{Every: "week", Count: 3}})
	if err != nil {
		t.Fatal(err)
	}
	for i, at := range []string{"2027-03-28 07:00", "2027-04-04 07:00", "2027-04-11 07:00"} {
		if n := f.send(t, utc(at)); n != 1 {
			t.Errorf("before the series' time %d: %d sent, want 1", i+1, n)
		}
	}
	got := f.mails(t, notify.KindReminder)
	if len(got) != 3 || !strings.Contains(decoded(t, got[2].mime), "12. April") && !strings.Contains(decoded(t, got[2].mime), "April 12, 2027") {
		t.Errorf("the series' reminders: %d, the third not of its own time", len(got))
	}

	// A visit: two services of the salon's menu, back to back, for Grace.
	menu, err := f.bookings.MenuBySlug(ctx, "salon-menu")
	if err != nil {
		menu, err = f.bookings.MenuByID(ctx, "menu_salon")
	}
	if err != nil {
		t.Fatal(err)
	}
	f.clock.Set(utc("2027-03-26 10:00"))
	grace := booking.Contact{FirstName: "Grace", LastName: "Hopper", Email: "grace@example.com"}
	if _, _, err := f.bookings.BookCart(ctx, menu, booking.CartCommand{Menu: menu.ID, Items: []string{"salon-haircut", "salon-manicure"},
		BookCommand: booking.BookCommand{Start: "2027-03-30T10:00:00+02:00", TimeZone: "Europe/Berlin", Contact: grace}}); err != nil {
		t.Fatal(err)
	}
	f.send(t, utc("2027-03-29 20:00"))
	var visit []queued
	for _, m := range f.mails(t, notify.KindReminder) {
		if m.recipient == "grace@example.com" {
			visit = append(visit, m)
		}
	}
	if len(visit) != 1 {
		t.Fatalf("a visit of two services: %d reminders, want one", len(visit))
	}
	text := decoded(t, visit[0].mime)
	for _, want := range []string{"Haircut", "Manicure"} {
		if !strings.Contains(text, want) {
			t.Errorf("the visit's reminder does not name %s:\n%s", want, text)
		}
	}
}

func TestAPlanAgainKeepsAReminderOverdueAfterDowntime(t *testing.T) {
	f := newFixture(t, utc("2027-03-26 10:00"))
	setReminders(t, f, "demo-consultation", []content.Reminder{{Before: "24h", To: "booker"}}, nil)
	b := mustBook(t, f, "demo-consultation", mondayAfterChange)
	// Down over Sunday; on Monday at 05:00 UTC a deploy imports the site,
	// adding the staff's reminder, before any worker has run.
	f.clock.Set(utc("2027-03-29 05:00"))
	setReminders(t, f, "demo-consultation", []content.Reminder{{Before: "24h", To: "booker"}, {Before: "1h", To: "staff"}}, nil)
	want := []string{"reminder 1440 booker 2027-03-28 07:00", fmt.Sprintf("reminder 60 staff:%d 2027-03-29 06:00", b.Staff.ID)}
	if got := f.due(t, b.ID); strings.Join(got, ",") != strings.Join(want, ",") {
		t.Fatalf("due after the change: %q, want %q", got, want)
	}
	if n := f.send(t, utc("2027-03-29 05:00")); n != 1 {
		t.Errorf("the overdue reminder went late: %d sent, want 1", n)
	}
}

func TestBookingsMadeBeforeRemindersExistedArePlannedAtStart(t *testing.T) {
	f := newFixture(t, utc("2027-03-26 10:00"))
	b := mustBook(t, f, "demo-consultation", mondayAfterChange)
	cancelled, token := mustBookToken(t, f, "demo-consultation", "2027-03-30T09:00:00+02:00")
	if _, err := f.bookings.Cancel(context.Background(), booking.CancelCommand{ID: cancelled.ID, Token: token}); err != nil {
		t.Fatal(err)
	}
	if _, err := f.pool.Exec(context.Background(), `DELETE FROM reminders`); err != nil { // as before the upgrade
		t.Fatal(err)
	}
	for range 2 { // the second start finds nothing to do
		if _, err := booking.PlanUnplanned(context.Background(), f.pool, f.clock.Now()); err != nil {
			t.Fatal(err)
		}
	}
	if got := f.due(t, b.ID); len(got) != 4 {
		t.Errorf("the booking made before: %q, want its four rows", got)
	}
	if got := f.due(t, cancelled.ID); len(got) != 0 {
		t.Errorf("a cancelled booking was planned: %q", got)
	}
}

func TestAnAddressNoMailCanGoToIsSkippedNotRetriedForever(t *testing.T) {
	f := newFixture(t, utc("2027-03-26 10:00"))
	setReminders(t, f, "demo-consultation", []content.Reminder{{Before: "24h", To: "booker"}}, nil)
	b := mustBook(t, f, "demo-consultation", mondayAfterChange)
	if _, err := f.pool.Exec(context.Background(), `UPDATE bookings SET email = 'no address at all' WHERE id = $1`, b.ID); err != nil {
		t.Fatal(err)
	}
	f.send(t, utc("2027-03-28 07:00"))
	if n := f.observed.count("reminder skipped recipient"); n != 1 {
		t.Errorf("skipped for its address: %d, want 1", n)
	}
	if got := f.due(t, b.ID); len(got) != 0 {
		t.Errorf("still due: %q", got)
	}
}

func TestAVisitIsThankedForOnceAfterItsLastService(t *testing.T) {
	f := newFixture(t, utc("2027-03-26 10:00"))
	ctx := context.Background()
	for _, slug := range []string{"salon-haircut", "salon-manicure"} {
		setReminders(t, f, slug, []content.Reminder{}, &content.FollowUp{After: "1h"})
	}
	menu, err := f.bookings.MenuByID(ctx, "menu_salon")
	if err != nil {
		t.Fatal(err)
	}
	visit, _, err := f.bookings.BookCart(ctx, menu, booking.CartCommand{Menu: menu.ID, Items: []string{"salon-haircut", "salon-manicure"},
		BookCommand: booking.BookCommand{Start: "2027-03-30T10:00:00+02:00", TimeZone: "Europe/Berlin", Contact: ada()}})
	if err != nil {
		t.Fatal(err)
	}
	all, err := f.bookings.SeriesOf(ctx, visit)
	if err != nil || len(all) != 2 {
		t.Fatalf("the visit: %d bookings, %v", len(all), err)
	}
	f.send(t, all[1].End.Add(time.Hour))
	if got := f.mails(t, notify.KindFollowUp); len(got) != 1 {
		t.Errorf("a visit of two services: %d thank-yous, want one", len(got))
	}
}

func TestAnAgendaLateAfterDowntimeGoesWhileItsDayHasAppointmentsToCome(t *testing.T) {
	tests := []struct {
		name     string
		back     string // when the server is back, UTC
		sent     int
		late     int  // agendas skipped as late: the weekend's (its day over), and Monday's when every appointment has begun
		editMeta bool // the person's file is imported again meanwhile, agenda unchanged
	}{
		{"back before the first appointment", "2027-03-29 06:30", 1, 1, false},
		{"back before the first, the person's file changed meanwhile", "2027-03-29 06:30", 1, 1, true},
		{"back after the last has begun", "2027-03-29 11:30", 0, 2, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture(t, utc("2027-03-26 10:00"))
			site, err := content.Load(context.Background(), f.pool)
			if err != nil {
				t.Fatal(err)
			}
			mia := site.Staff[1]
			mia.Agenda = &content.Agenda{At: "07:30", Day: "today"}
			putStaff(t, f, mia)
			mustBook(t, f, "demo-yoga", mondayAfterChange)          // 07:00 UTC
			mustBook(t, f, "demo-duo", "2027-03-29T13:00:00+02:00") // 11:00 UTC
			f.clock.Set(utc("2027-03-29 06:00"))                    // the agenda was due at 05:30
			if tc.editMeta {
				mia.Name = "Mia Weber-Lang"
				putStaff(t, f, mia)
			}
			f.send(t, utc(tc.back))
			if got := f.mails(t, notify.KindStaffAgenda); len(got) != tc.sent {
				t.Errorf("agendas sent: %d, want %d", len(got), tc.sent)
			}
			if n := f.observed.count("agenda skipped late"); n != tc.late {
				t.Errorf("agendas skipped as late: %d, want %d", n, tc.late)
			}
		})
	}
}

func TestAWeeklySeriesIsThankedForOnceAfterItsLastTime(t *testing.T) {
	f := newFixture(t, utc("2027-03-26 10:00"))
	setReminders(t, f, "demo-massage", []content.Reminder{}, &content.FollowUp{After: "1h"})
	b, _, err := f.bookings.Book(context.Background(), booking.BookCommand{Calendar: "demo-massage", Start: mondayAfterChange,
		TimeZone: "Europe/Berlin", Contact: ada(), Repeat: &booking.Repeat{Every: "week", Count: 3}})
	if err != nil {
		t.Fatal(err)
	}
	all, err := f.bookings.SeriesOf(context.Background(), b)
	if err != nil || len(all) != 3 {
		t.Fatalf("the series: %d, %v", len(all), err)
	}
	for _, x := range all {
		f.send(t, x.End.Add(time.Hour))
	}
	if got := f.mails(t, notify.KindFollowUp); len(got) != 1 {
		t.Errorf("a series of three: %d thank-yous, want one after the last", len(got))
	}
	if n := f.observed.count("follow_up skipped told"); n != 2 {
		t.Errorf("the earlier times' follow-ups, told with the last: %d, want 2", n)
	}
}
