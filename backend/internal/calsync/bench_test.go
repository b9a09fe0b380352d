package calsync_test

import (
	"context"
	"fmt"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"slotwise/backend/internal/calsync"
	"slotwise/backend/internal/calsync/caldavtest"
	"slotwise/backend/internal/db/dbtest"
	"slotwise/backend/internal/demo"
)

// busyCalendar is n events in March and April 2027, a quarter of them
// weekly for ten weeks, in New York time.
func busyCalendar(n int) string {
	var b strings.Builder
	for i := range n {
		day := time.Date(2027, 3, 1, 0, 0, 0, 0, time.UTC).AddDate(0, 0, i%56)
		start := day.Format("20060102") + fmt.Sprintf("T%02d%02d00", 8+i%9, 15*(i%4))
		rule := ""
		if i%4 == 0 {
			rule = "RRULE:FREQ=WEEKLY;COUNT=10\r\n"
		}
		fmt.Fprintf(&b, "BEGIN:VEVENT\r\nUID:e%d\r\nDTSTAMP:20270101T000000Z\r\nDTSTART;TZID=America/New_York:%s\r\nDURATION:PT30M\r\n%sEND:VEVENT\r\n", i, start, rule)
	}
	return vcal(b.String())
}

// BenchmarkCalendarSync syncs 20 staff members' 2 calendars of 500 events
// each (a quarter recurring), whole, from a CalDAV server in memory, so it
// measures Slotwise's side. Budget (make bench): under 5 s.
func BenchmarkCalendarSync(b *testing.B) {
	pool := dbtest.New(b)
	ctx := context.Background()
	if err := demo.Seed(ctx, pool); err != nil {
		b.Fatal(err)
	}
	svc := calsync.NewService(pool, testOptions())
	svc.SetClock(func() time.Time { return monday })
	body := busyCalendar(500)
	accounts := map[string]map[string]string{}
	for i := range 20 {
		accounts[fmt.Sprintf("bench-%d", i)] = map[string]string{"a": body, "b": body}
	}
	dav := newMemDAV(b, accounts)
	var ids []string
	for slug := range accounts {
		if _, err := pool.Exec(ctx, `INSERT INTO staff (location_id, slug, name, email, time_zone)
			SELECT id, $1, $1, $1 || '@example.com', 'Europe/Berlin' FROM locations LIMIT 1`, slug); err != nil {
			b.Fatal(err)
		}
		conn, err := svc.Create(ctx, calsync.Input{Staff: slug, Kind: calsync.KindCalDAV, URL: dav.URL + "/" + slug + "/", Username: "u", Password: "p"})
		if err != nil {
			b.Fatal(err)
		}
		if len(conn.Calendars) != 2 {
			b.Fatalf("discovered %+v", conn.Calendars)
		}
		ids = append(ids, conn.ID)
	}
	// Each round reads every calendar whole and stores its busy times
	// afresh (the rows are cleared first, so each round writes them all).
	for b.Loop() {
		b.StopTimer()
		if _, err := pool.Exec(ctx, `UPDATE connection_calendars SET ctag = '', sync_token = '', synced_to = NULL; DELETE FROM staff_busy`); err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		for _, id := range ids {
			if c, err := svc.Sync(ctx, id); err != nil || c.Status.State != calsync.StateOK {
				b.Fatalf("sync: %v %+v", err, c)
			}
		}
	}
	var rows int
	_ = pool.QueryRow(ctx, `SELECT count(*) FROM staff_busy`).Scan(&rows)
	b.ReportMetric(float64(rows), "busy-rows")
}

// BenchmarkUnchangedCalendar re-syncs a Radicale calendar of 500 events
// that did not change. Budget (make bench): one request.
func BenchmarkUnchangedCalendar(b *testing.B) {
	svc, _ := newServiceTB(b)
	ctx := context.Background()
	dav := caldavtest.Start(b)
	path := dav.PutCalendar("work", busyCalendar(500))
	via := newWatchTB(b, dav.URL)
	conn, err := svc.Create(ctx, calsync.Input{Staff: "jonas", Kind: calsync.KindCalDAV, URL: via.URL + path, Username: dav.User, Password: dav.Password})
	if err != nil {
		b.Fatal(err)
	}
	via.reset()
	n := 0
	for b.Loop() {
		if _, err := svc.Sync(ctx, conn.ID); err != nil {
			b.Fatal(err)
		}
		n++
	}
	b.ReportMetric(float64(via.total())/float64(n), "requests/sync")
}

// BenchmarkLiveCheck asks a stale CalDAV connection of 500 events about
// one hour, as a booking does: against the in-memory server (Slotwise's
// side) and against Radicale (its own time included). Budget (make bench):
// p99 under 30 ms against a local server.
func BenchmarkLiveCheck(b *testing.B) {
	for _, server := range []string{"memory", "radicale"} {
		b.Run(server, func(b *testing.B) {
			svc, pool := newServiceTB(b)
			ctx := context.Background()
			var url string
			if server == "radicale" {
				dav := caldavtest.Start(b)
				url = dav.URL + dav.PutCalendar("work", busyCalendar(500))
			} else {
				url = newMemDAV(b, map[string]map[string]string{"jonas": {"work": busyCalendar(500)}}).URL + "/jonas/"
			}
			if _, err := svc.Create(ctx, calsync.Input{Staff: "jonas", Kind: calsync.KindCalDAV, URL: url, Username: "jonas", Password: "app-pass-2027"}); err != nil {
				b.Fatal(err)
			}
			var jonas int64
			if err := pool.QueryRow(ctx, `SELECT id FROM staff WHERE slug = 'jonas'`).Scan(&jonas); err != nil {
				b.Fatal(err)
			}
			svc.SetClock(func() time.Time { return monday.Add(calsync.FreshFor + time.Second) })
			from := time.Date(2027, 3, 2, 9, 0, 0, 0, time.UTC)
			var took []time.Duration
			for b.Loop() {
				start := time.Now() // real time: a measurement
				if refused := svc.CheckLive(ctx, []int64{jonas}, from, from.Add(time.Hour)); len(refused) != 0 {
					b.Fatal("refused")
				}
				took = append(took, time.Since(start)) // real time: see above
			}
			slices.Sort(took)
			b.ReportMetric(float64(took[len(took)*99/100].Microseconds())/1000, "p99-ms")
		})
	}
}

// BenchmarkLargestCalendarSync syncs the largest calendar the budgets let
// through, afresh each round: an ICS feed of 10,000 events (the busy
// times one calendar keeps) and 1,000 events repeating every minute that
// spend the whole budget of steps. Budget (make bench): under 5 s.
func BenchmarkLargestCalendarSync(b *testing.B) {
	svc, pool := newServiceTB(b)
	ctx := context.Background()
	var body strings.Builder
	for i := range 10000 {
		at := monday.Add(time.Duration(8*i) * time.Minute)
		fmt.Fprintf(&body, "BEGIN:VEVENT\r\nUID:e%d\r\nDTSTAMP:20270101T000000Z\r\nDTSTART:%s\r\nDURATION:PT5M\r\nEND:VEVENT\r\n", i, at.Format("20060102T150405Z"))
	}
	for i := range 1000 {
		fmt.Fprintf(&body, "BEGIN:VEVENT\r\nUID:flood-%d\r\nDTSTAMP:20270101T000000Z\r\nDTSTART:20270425T000000Z\r\nDURATION:PT1H\r\nRRULE:FREQ=MINUTELY\r\nEND:VEVENT\r\n", i)
	}
	srv := httptest.NewServer(&feedServer{body: vcal(body.String())})
	defer srv.Close()
	conn, err := svc.Create(ctx, calsync.Input{Staff: "jonas", Kind: calsync.KindICS, URL: srv.URL + "/largest.ics"})
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		b.StopTimer()
		if _, err := pool.Exec(ctx, `UPDATE connection_calendars SET etag = '', synced_to = NULL; DELETE FROM staff_busy`); err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		if c, err := svc.Sync(ctx, conn.ID); err != nil || c.Status.State != calsync.StatePartial {
			b.Fatalf("sync: %v %+v", err, c)
		}
	}
	var rows int
	_ = pool.QueryRow(ctx, `SELECT count(*) FROM staff_busy`).Scan(&rows)
	b.ReportMetric(float64(rows), "busy-rows")
}
