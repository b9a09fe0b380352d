package calsync_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"slotwise/backend/internal/calsync"
	"slotwise/backend/internal/calsync/caldavtest"
)

func vcal(events ...string) string {
	return "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\n" + strings.Join(events, "") + "END:VCALENDAR\r\n"
}

func TestACalDAVAccountIsDiscoveredAndItsEventsBlockTime(t *testing.T) {
	svc, pool := newService(t)
	ctx := context.Background()
	dav := caldavtest.Start(t)
	work := dav.MakeCalendar("work", "Work")
	dav.MakeCalendar("private", "Private")
	// A weekly call at 09:00 New York time, seen by Jonas in Berlin; one
	// week off (EXDATE), one week moved to the afternoon.
	dav.Put(work, "call", vcal(
		"BEGIN:VEVENT\r\nUID:call\r\nDTSTAMP:20270101T000000Z\r\nDTSTART;TZID=America/New_York:20270301T090000\r\n"+
			"DTEND;TZID=America/New_York:20270301T100000\r\nRRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=6\r\n"+
			"EXDATE;TZID=America/New_York:20270322T090000\r\nEND:VEVENT\r\n",
		"BEGIN:VEVENT\r\nUID:call\r\nDTSTAMP:20270101T000000Z\r\nRECURRENCE-ID;TZID=America/New_York:20270329T090000\r\n"+
			"DTSTART;TZID=America/New_York:20270329T150000\r\nDTEND;TZID=America/New_York:20270329T160000\r\nEND:VEVENT\r\n"))
	dav.Put(work, "day-off", vcal("BEGIN:VEVENT\r\nUID:day-off\r\nDTSTAMP:20270101T000000Z\r\nDTSTART;VALUE=DATE:20270305\r\nDTEND;VALUE=DATE:20270306\r\nEND:VEVENT\r\n"))
	dav.Put(work, "free", vcal(event("free", "20270303T090000Z", "20270303T100000Z", "TRANSP:TRANSPARENT\r\n")))
	dav.Put(work, "cancelled", vcal(event("cancelled", "20270303T110000Z", "20270303T120000Z", "STATUS:CANCELLED\r\n")))

	// Discovered from the server's address alone.
	conn, err := svc.Create(ctx, calsync.Input{Staff: "jonas", Kind: calsync.KindCalDAV, URL: dav.URL + "/", Username: dav.User, Password: dav.Password})
	if err != nil {
		t.Fatal(err)
	}
	names := []string{}
	for _, c := range conn.Calendars {
		names = append(names, fmt.Sprintf("%s check=%v", c.Name, c.Check))
	}
	if fmt.Sprint(names) != "[Private check=true Work check=true]" || conn.Status.State != calsync.StateOK {
		t.Fatalf("discovered %v, status %+v", names, conn.Status)
	}
	want := []string{
		"2027-03-01 14:00–15:00", // EST
		"2027-03-04 23:00–23:00", // the day off, midnight to midnight in Berlin
		"2027-03-08 14:00–15:00",
		"2027-03-15 13:00–14:00", // EDT from 14 March
		"2027-03-29 19:00–20:00", // moved to 15:00 New York
		"2027-04-05 13:00–14:00",
	}
	if got := busyOf(t, pool, "jonas"); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("busy\n got %v\nwant %v", got, want)
	}

	// An event added on the server appears after a sync.
	dav.Put(work, "dentist", vcal(event("dentist", "20270310T080000Z", "20270310T090000Z")))
	if _, err := svc.Sync(ctx, conn.ID); err != nil {
		t.Fatal(err)
	}
	if got := busyOf(t, pool, "jonas"); len(got) != len(want)+1 || !strings.Contains(fmt.Sprint(got), "2027-03-10 08:00–09:00") {
		t.Errorf("after adding the dentist: %v", got)
	}

	// The private calendar no longer checked: nothing of it blocks.
	dav.Put("/jonas/private/", "party", vcal(event("party", "20270312T180000Z", "20270312T230000Z")))
	var workURL string
	for _, c := range conn.Calendars {
		if c.Name == "Work" {
			workURL = c.URL
		}
	}
	if _, err := svc.Update(ctx, conn.ID, calsync.Patch{Check: &[]string{workURL}}); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.Sync(ctx, conn.ID); err != nil {
		t.Fatal(err)
	}
	if got := fmt.Sprint(busyOf(t, pool, "jonas")); strings.Contains(got, "2027-03-12") {
		t.Errorf("an unchecked calendar blocks: %v", got)
	}
}

func TestACalDAVAccountWithAWrongPasswordIsRefusedInPlainWords(t *testing.T) {
	svc, pool := newService(t)
	dav := caldavtest.Start(t)
	dav.MakeCalendar("work", "Work")
	_, err := svc.Create(context.Background(), calsync.Input{Staff: "jonas", Kind: calsync.KindCalDAV, URL: dav.URL + "/", Username: dav.User, Password: "wrong-password"})
	var cerr *calsync.ConnectError
	if !errors.As(err, &cerr) || !strings.Contains(cerr.Message, "refused the user name or password") || strings.Contains(cerr.Message, "wrong-password") {
		t.Fatalf("err = %v", err)
	}
	var n int
	_ = pool.QueryRow(context.Background(), `SELECT count(*) FROM calendar_connections`).Scan(&n)
	if n != 0 {
		t.Errorf("%d connections stored", n)
	}
}
