package calsync_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"testing"
	"time"

	"slotwise/backend/internal/booking"
	"slotwise/backend/internal/calsync"
	"slotwise/backend/internal/calsync/caldavtest"
)

// A second CalDAV server, one that answers a partial comp request to the
// letter (events without their properties), keeps no ctag and writes its
// XML otherwise than Radicale: every event still blocks what it says.
func TestASecondCalDAVServerBlocksWhatItsEventsSay(t *testing.T) {
	svc, pool := newService(t)
	ctx := context.Background()
	dav := caldavtest.StartSparse(t)
	work := dav.MakeCalendar("work", "Work & Co")
	dav.Put(work, "day off", vcal("BEGIN:VEVENT\r\nUID:day-off\r\nDTSTAMP:20270101T000000Z\r\nDTSTART;VALUE=DATE:20270305\r\nDTEND;VALUE=DATE:20270306\r\nEND:VEVENT\r\n"))
	dav.Put(work, "weekly", vcal("BEGIN:VEVENT\r\nUID:weekly\r\nDTSTAMP:20270101T000000Z\r\nDTSTART;TZID=America/New_York:20270301T090000\r\n"+
		"DTEND;TZID=America/New_York:20270301T100000\r\nRRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=3\r\nEND:VEVENT\r\n"))
	conn, err := svc.Create(ctx, calsync.Input{Staff: "jonas", Kind: calsync.KindCalDAV, URL: dav.URL + "/", Username: dav.User, Password: dav.Password})
	if err != nil {
		t.Fatal(err)
	}
	if len(conn.Calendars) != 1 || conn.Calendars[0].Name != "Work & Co" || conn.Status.State != calsync.StateOK {
		t.Fatalf("discovered %+v, status %+v", conn.Calendars, conn.Status)
	}
	want := []string{"2027-03-01 14:00–15:00", "2027-03-04 23:00–23:00", "2027-03-08 14:00–15:00", "2027-03-15 13:00–14:00"}
	if got := busyOf(t, pool, "jonas"); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("busy\n got %v\nwant %v", got, want)
	}
	for _, r := range dav.Reports() {
		if strings.Contains(r, "allcomp") || strings.Contains(r, "<c:comp ") {
			t.Errorf("a REPORT asked for part of the objects: %s", r)
		}
	}

	// Without a ctag, every sync reads the calendar: an event added later blocks.
	dav.Put(work, "lunch", vcal(event("lunch", "20270302T110000Z", "20270302T120000Z")))
	if _, err := svc.Sync(ctx, conn.ID); err != nil {
		t.Fatal(err)
	}
	if got := busyOf(t, pool, "jonas"); len(got) != 5 || got[1] != "2027-03-02 11:00–12:00" {
		t.Errorf("after the lunch was added: %v", got)
	}

	// And a booking asks it about its time, as it asks Radicale.
	dav.Put(work, "dentist", vcal(event("dentist", "20270302T090000Z", "20270302T100000Z")))
	bookings := booking.NewService(pool, slog.New(slog.NewTextHandler(io.Discard, nil)),
		booking.Options{Clock: func() time.Time { return monday }, LiveCheck: svc.CheckLive})
	svc.SetClock(func() time.Time { return monday.Add(calsync.FreshFor + time.Second) })
	jonas := staffOf(t, bookings, "demo-consultation", "jonas")
	_, _, err = bookings.Book(ctx, booking.BookCommand{Calendar: "demo-consultation", Start: "2027-03-02T10:00:00+01:00",
		TimeZone: "Europe/Berlin", Contact: ada(), StaffID: jonas})
	if !errors.Is(err, booking.ErrStaffBusy) {
		t.Errorf("Jonas at his new dentist's time: %v, want ErrStaffBusy", err)
	}
}

// An object that is not iCalendar at all is named, and the rest syncs:
// the connection says partial, never ok.
func TestAnObjectThatDoesNotParseIsNamedAndTheRestSyncs(t *testing.T) {
	svc, pool := newService(t)
	ctx := context.Background()
	dav := caldavtest.StartSparse(t)
	work := dav.MakeCalendar("work", "Work")
	dav.Put(work, "broken", "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nDTSTART:2027")
	dav.Put(work, "no start", vcal("BEGIN:VEVENT\r\nUID:no-start\r\nDTSTAMP:20270101T000000Z\r\nSUMMARY:When?\r\nEND:VEVENT\r\n"))
	dav.Put(work, "call", vcal(event("call", "20270302T090000Z", "20270302T100000Z")))
	conn, err := svc.Create(ctx, calsync.Input{Staff: "jonas", Kind: calsync.KindCalDAV, URL: dav.URL + "/", Username: dav.User, Password: dav.Password})
	if err != nil {
		t.Fatal(err)
	}
	want := `2 events could not be read and block nothing (UID "no-start", the object "broken.ics")`
	if conn.Status.State != calsync.StatePartial || conn.Status.LeftOut != want || conn.Status.Error != "" {
		t.Errorf("status %+v, want partial: %s", conn.Status, want)
	}
	if got := busyOf(t, pool, "jonas"); fmt.Sprint(got) != "[2027-03-02 09:00–10:00]" {
		t.Errorf("busy %v", got)
	}
}
