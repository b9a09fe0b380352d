package calsync_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"slotwise/backend/internal/booking"
	"slotwise/backend/internal/calsync"
	"slotwise/backend/internal/calsync/caldavtest"
	"slotwise/backend/internal/icalbusy"
)

// A calendar's content is written by whoever sends its owner an
// invitation: these are the reproductions of a hostile probe's findings,
// each bounded now.

// feedEvents is a feed of n events made by each(i).
func feedEvents(n int, each func(i int) string) string {
	var b strings.Builder
	for i := range n {
		b.WriteString(each(i))
	}
	return feedOf(b.String())
}

func minutely(i int) string {
	return fmt.Sprintf("BEGIN:VEVENT\r\nUID:flood-%d\r\nDTSTAMP:20270101T000000Z\r\nDTSTART:20270302T000000Z\r\nDURATION:PT1H\r\nRRULE:FREQ=MINUTELY\r\nEND:VEVENT\r\n", i)
}

// A 170 KB feed of 1,000 events repeating every minute once became two
// million rows, a create that never answered and booking pages of 9 to 17
// seconds. Now it is read within the sync's budget, merged into one busy
// interval, its time past what was read held busy, and it says so; the
// person's slots answer as usual while it syncs.
func TestAFeedOfAThousandMinutelyEventsIsReadWithinItsBudget(t *testing.T) {
	svc, pool := newService(t)
	ctx := context.Background()
	feed := &feedServer{body: feedEvents(1000, minutely)}
	srv := httptest.NewServer(feed)
	defer srv.Close()
	bookings := booking.NewService(pool, slog.New(slog.NewTextHandler(io.Discard, nil)), booking.Options{})
	bookings.SetClock(func() time.Time { return monday })
	jonas := staffOf(t, bookings, "demo-consultation", "jonas")

	// The person's month of slots, asked again and again while the feed syncs.
	done := make(chan struct{})
	slowest := make(chan time.Duration, 1)
	go func() {
		var most time.Duration
		defer func() { slowest <- most }()
		for {
			select {
			case <-done:
				return
			default:
			}
			start := time.Now() // real time: a measurement
			if _, err := bookings.Slots(ctx, booking.SlotsQuery{Calendar: "demo-consultation", From: "2027-03-01", To: "2027-03-31",
				TimeZone: "Europe/Berlin", StaffID: jonas}); err != nil {
				t.Error(err)
				return
			}
			most = max(most, time.Since(start)) // real time: see above
		}
	}()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	start := time.Now() // real time: a measurement
	conn, err := svc.Create(ctx, calsync.Input{Staff: "jonas", Kind: calsync.KindICS, URL: srv.URL + "/flood.ics"})
	took := time.Since(start) // real time: see above
	runtime.ReadMemStats(&after)
	close(done)
	if err != nil {
		t.Fatal(err)
	}
	// Bounds an order of magnitude above what it costs, and far below what it cost.
	if took > 20*time.Second {
		t.Errorf("the create took %v", took)
	}
	if alloc := (after.TotalAlloc - before.TotalAlloc) >> 20; alloc > 600 {
		t.Errorf("the create allocated %d MB", alloc)
	}
	if most := <-slowest; most > 3*time.Second {
		t.Errorf("the slowest month of slots while it synced took %v", most)
	}
	if got := busyOf(t, pool, "jonas"); len(got) != 1 || !strings.HasPrefix(got[0], "2027-03-02 00:00–") {
		t.Errorf("busy %v, want one interval from 2 March", got)
	}
	st := conn.Status
	if st.State != calsync.StatePartial || !strings.HasPrefix(st.LeftOut, `1000 repeating events repeat too often to be read in full (UID "flood-0"`) ||
		!strings.Contains(st.LeftOut, "on is held as busy") {
		t.Errorf("status %+v", st)
	}
	start = time.Now() // real time: a measurement
	if err := svc.Delete(ctx, conn.ID); err != nil {
		t.Fatal(err)
	}
	if took := time.Since(start); took > 5*time.Second { // real time: see above
		t.Errorf("the delete took %v", took)
	}
}

// Rules that never match (30 February) once cost 0.4 s of CPU each, in
// events and in time zones alike; now a few steps a day of the window.
func TestRulesThatNeverMatchCostLittle(t *testing.T) {
	svc, pool := newService(t)
	ctx := context.Background()
	feed := &feedServer{body: feedEvents(400, func(i int) string {
		if i%2 == 0 {
			return fmt.Sprintf("BEGIN:VEVENT\r\nUID:never-%d\r\nDTSTAMP:20270101T000000Z\r\nDTSTART:20270302T000000Z\r\nDURATION:PT1H\r\n"+
				"RRULE:FREQ=SECONDLY;BYMONTH=2;BYMONTHDAY=30\r\nEND:VEVENT\r\n", i)
		}
		return fmt.Sprintf("BEGIN:VTIMEZONE\r\nTZID:Zone %d\r\nBEGIN:STANDARD\r\nDTSTART:19700101T000000\r\nRRULE:FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30\r\n"+
			"TZOFFSETFROM:+0200\r\nTZOFFSETTO:+0100\r\nEND:STANDARD\r\nEND:VTIMEZONE\r\n"+
			"BEGIN:VEVENT\r\nUID:zone-%d\r\nDTSTAMP:20270101T000000Z\r\nDTSTART;TZID=Zone %d:20270302T090000\r\nDURATION:PT1H\r\nEND:VEVENT\r\n", i, i, i)
	})}
	srv := httptest.NewServer(feed)
	defer srv.Close()
	start := time.Now() // real time: a measurement
	conn, err := svc.Create(ctx, calsync.Input{Staff: "jonas", Kind: calsync.KindICS, URL: srv.URL + "/never.ics"})
	if err != nil {
		t.Fatal(err)
	}
	if took := time.Since(start); took > 10*time.Second { // real time: see above
		t.Errorf("the create took %v", took)
	}
	if conn.Status.State != calsync.StateOK {
		t.Errorf("status %+v", conn.Status)
	}
	if got := busyOf(t, pool, "jonas"); len(got) != 1 {
		t.Errorf("busy %v: the zone events' hour", got)
	}
}

// A UID with a NUL or bad UTF-8 once made the database refuse the whole
// sync, with a wrong message, forever after. Now that event is skipped and
// named, the rest syncs, and later syncs go on.
func TestAnEventWhoseUIDIsNotTextIsSkippedAndTheRestSyncs(t *testing.T) {
	svc, pool := newService(t)
	ctx := context.Background()
	feed := &feedServer{body: feedOf(
		event("nul\x00uid", "20270302T090000Z", "20270302T100000Z"),
		event("bad\xffutf8", "20270302T110000Z", "20270302T120000Z"),
		event("dentist", "20270303T090000Z", "20270303T100000Z"))}
	srv := httptest.NewServer(feed)
	defer srv.Close()
	conn, err := svc.Create(ctx, calsync.Input{Staff: "jonas", Kind: calsync.KindICS, URL: srv.URL + "/f.ics"})
	if err != nil {
		t.Fatal(err)
	}
	want := `2 events could not be read and block nothing (UID "nul�uid", UID "bad�utf8")`
	if conn.Status.State != calsync.StatePartial || conn.Status.LeftOut != want {
		t.Errorf("status %+v, want partial: %s", conn.Status, want)
	}
	if got := busyOf(t, pool, "jonas"); fmt.Sprint(got) != "[2027-03-03 09:00–10:00]" {
		t.Errorf("busy %v", got)
	}
	// The next sync still reads what changed.
	feed.set(feedOf(event("nul\x00uid", "20270302T090000Z", "20270302T100000Z"), event("dentist", "20270304T090000Z", "20270304T100000Z")), 0)
	got, err := svc.Sync(ctx, conn.ID)
	if err != nil {
		t.Fatal(err)
	}
	if b := busyOf(t, pool, "jonas"); fmt.Sprint(b) != "[2027-03-04 09:00–10:00]" || got.Status.State != calsync.StatePartial ||
		!strings.HasPrefix(got.Status.LeftOut, "1 event could not be read and blocks nothing") {
		t.Errorf("after a change: busy %v, status %+v", b, got.Status)
	}
	feed.set(feedOf(event("dentist", "20270304T090000Z", "20270304T100000Z")), 0)
	if got, _ := svc.Sync(ctx, conn.ID); got.Status.State != calsync.StateOK || got.Status.LeftOut != "" {
		t.Errorf("with the bad event gone: %+v", got.Status)
	}
}

// A request waiting for a place at a busy host once waited past every
// limit; now the wait counts in the request's time, and the create says
// the server did not answer in time.
func TestACreateQueuedBehindASlowHostAnswersInTime(t *testing.T) {
	_, pool := newService(t)
	svc := newServiceWith(pool, func(o *calsync.Options) { o.Timeout = time.Second })
	release := make(chan struct{})
	slow := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-release:
		case <-r.Context().Done():
		}
	}))
	defer slow.Close()
	defer close(release)
	ctx := context.Background()
	var wg sync.WaitGroup
	for i := range calsync.PerServer {
		wg.Go(func() {
			_, _ = svc.Create(ctx, calsync.Input{Staff: "jonas", Kind: calsync.KindICS, URL: fmt.Sprintf("%s/slow-%d.ics", slow.URL, i)})
		})
	}
	time.Sleep(200 * time.Millisecond) // real time: the slow ones take their places first
	start := time.Now()                // real time: a measurement
	_, err := svc.Create(ctx, calsync.Input{Staff: "jonas", Kind: calsync.KindICS, URL: slow.URL + "/queued.ics"})
	took := time.Since(start) // real time: see above
	var ce *calsync.ConnectError
	if !errors.As(err, &ce) || ce.Message != "The server did not answer in time" {
		t.Errorf("queued behind a slow host: %v", err)
	}
	if took > 3*time.Second {
		t.Errorf("the queued create took %v with a 1 s limit", took)
	}
	wg.Wait()
}

// A create whose answer was lost, sent again, finds what it made.
func TestACreateSentAgainFindsItsConnection(t *testing.T) {
	svc, _ := newService(t)
	ctx := context.Background()
	feed := &feedServer{body: feedOf(event("dentist", "20270302T090000Z", "20270302T100000Z"))}
	srv := httptest.NewServer(feed)
	defer srv.Close()
	in := calsync.Input{Staff: "jonas", Kind: calsync.KindICS, URL: srv.URL + "/f.ics"}
	first, err := svc.Create(ctx, in)
	if err != nil {
		t.Fatal(err)
	}
	_, err = svc.Create(ctx, in)
	var again *calsync.ConnectedError
	if !errors.As(err, &again) || again.ID != first.ID || !errors.Is(err, calsync.ErrConnected) {
		t.Errorf("sent again: %v, want the connection %s", err, first.ID)
	}
}

func TestAPersonHasAtMostTenConnections(t *testing.T) {
	svc, _ := newService(t)
	ctx := context.Background()
	feed := &feedServer{body: feedOf(event("dentist", "20270302T090000Z", "20270302T100000Z"))}
	srv := httptest.NewServer(feed)
	defer srv.Close()
	for i := range calsync.MaxConnectionsPerStaff {
		if _, err := svc.Create(ctx, calsync.Input{Staff: "jonas", Kind: calsync.KindICS, URL: fmt.Sprintf("%s/%d.ics", srv.URL, i)}); err != nil {
			t.Fatal(err)
		}
	}
	_, err := svc.Create(ctx, calsync.Input{Staff: "jonas", Kind: calsync.KindICS, URL: srv.URL + "/one-more.ics"})
	var verr *calsync.ValidationError
	if !errors.As(err, &verr) || !strings.Contains(verr.Fields["staff"], "the most one person may have") {
		t.Errorf("an eleventh connection: %v", err)
	}
}

// A person's calendars keep at most MaxBusyPerStaff busy times together;
// past it, the time is held busy, and the calendar says so.
func TestAPersonKeepsAtMostTheirShareOfBusyTimes(t *testing.T) {
	svc, pool := newService(t)
	ctx := context.Background()
	dense := func(shift int) string {
		return feedEvents(12000, func(i int) string {
			at := monday.Add(time.Duration(6*i+shift) * time.Minute).Format("20060102T150405Z")
			end := monday.Add(time.Duration(6*i+shift+2) * time.Minute).Format("20060102T150405Z")
			return event(fmt.Sprintf("e%d", i), at, end)
		})
	}
	a := httptest.NewServer(&feedServer{body: dense(0)})
	defer a.Close()
	b := httptest.NewServer(&feedServer{body: dense(3)})
	defer b.Close()
	first, err := svc.Create(ctx, calsync.Input{Staff: "jonas", Kind: calsync.KindICS, URL: a.URL + "/a.ics"})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(first.Status.LeftOut, "The calendar has more than 10000 busy times; the time from ") {
		t.Errorf("the first: %+v", first.Status)
	}
	second, err := svc.Create(ctx, calsync.Input{Staff: "jonas", Kind: calsync.KindICS, URL: b.URL + "/b.ics"})
	if err != nil {
		t.Fatal(err)
	}
	if second.Status.State != calsync.StatePartial || !strings.Contains(second.Status.LeftOut, "The staff member's calendars have more than 20000 busy times") {
		t.Errorf("the second: %+v", second.Status)
	}
	if n := len(busyOf(t, pool, "jonas")); n > calsync.MaxBusyPerStaff+2 {
		t.Errorf("%d busy times kept", n)
	}
}

// While a server is silent, the log says so once, with what happened,
// not once per booking; and once more when it answers again.
func TestTheLogHearsAChangeNotEveryBooking(t *testing.T) {
	_, pool := newService(t)
	var mu sync.Mutex
	var lines []string
	svc := newServiceWith(pool, func(o *calsync.Options) {
		o.Timeout = 300 * time.Millisecond
		o.Log = slog.New(slog.NewTextHandler(writerFunc(func(p []byte) {
			mu.Lock()
			defer mu.Unlock()
			lines = append(lines, string(p))
		}), &slog.HandlerOptions{Level: slog.LevelInfo}))
	})
	ctx := context.Background()
	dav := caldavtest.StartSparse(t)
	work := dav.MakeCalendar("work", "Work")
	dav.Put(work, "call", vcal(event("call", "20270302T090000Z", "20270302T100000Z")))
	via := newWatch(t, dav.URL)
	conn, err := svc.Create(ctx, calsync.Input{Staff: "jonas", Kind: calsync.KindCalDAV, URL: via.URL + "/", Username: dav.User, Password: dav.Password})
	if err != nil {
		t.Fatal(err)
	}
	var jonas int64
	if err := pool.QueryRow(ctx, `SELECT id FROM staff WHERE slug = 'jonas'`).Scan(&jonas); err != nil {
		t.Fatal(err)
	}
	count := func(words string) int {
		mu.Lock()
		defer mu.Unlock()
		n := 0
		for _, l := range lines {
			if strings.Contains(l, words) {
				n++
			}
		}
		return n
	}
	svc.SetClock(func() time.Time { return monday.Add(calsync.FreshFor + time.Second) })
	from := time.Date(2027, 3, 2, 9, 0, 0, 0, time.UTC)
	via.goSilent()
	for range 5 {
		svc.CheckLive(ctx, []int64{jonas}, from, from.Add(time.Hour))
	}
	if n := count("the server did not answer at booking time"); n != 1 {
		t.Errorf("%d warnings for five bookings while silent, want 1", n)
	}
	via.goLoud()
	svc.CheckLive(ctx, []int64{jonas}, from, from.Add(time.Hour))
	svc.CheckLive(ctx, []int64{jonas}, from, from.Add(time.Hour))
	if n := count("the server answers again"); n != 1 {
		t.Errorf("%d lines that it answers again, want 1", n)
	}

	// A failed sync is told once; a connection whose sync failed is not
	// asked at booking time, and nothing is said of it there.
	via.goSilent()
	for range 3 {
		if _, err := svc.Sync(ctx, conn.ID); err != nil {
			t.Fatal(err)
		}
	}
	for range 5 {
		svc.CheckLive(ctx, []int64{jonas}, from, from.Add(time.Hour))
	}
	if n := count("calendar sync failed"); n != 1 {
		t.Errorf("%d warnings for three failed syncs, want 1", n)
	}
	if n := count("the server did not answer at booking time"); n != 1 {
		t.Errorf("%d warnings at booking time in all, want still 1", n)
	}
	if n := count("cause="); n < 2 {
		t.Errorf("the warnings carry no cause: %v", lines)
	}
	via.goLoud()
	if _, err := svc.Sync(ctx, conn.ID); err != nil {
		t.Fatal(err)
	}
	if n := count("calendar sync works again"); n != 1 {
		t.Errorf("%d lines that the sync works again, want 1", n)
	}
}

type writerFunc func([]byte)

func (f writerFunc) Write(p []byte) (int, error) { f(p); return len(p), nil }

// A booking's check reads only its own window: a merged interval that
// reaches past it is cut there, not lost.
func TestALiveCheckReplacesOnlyItsWindow(t *testing.T) {
	svc, pool := newService(t)
	ctx := context.Background()
	dav := caldavtest.StartSparse(t)
	work := dav.MakeCalendar("work", "Work")
	dav.Put(work, "focus", vcal(event("focus", "20270302T090000Z", "20270302T180000Z")))
	dav.Put(work, "drinks", vcal(event("drinks", "20270302T170000Z", "20270302T190000Z")))
	if _, err := svc.Create(ctx, calsync.Input{Staff: "jonas", Kind: calsync.KindCalDAV, URL: dav.URL + "/", Username: dav.User, Password: dav.Password}); err != nil {
		t.Fatal(err)
	}
	if got := busyOf(t, pool, "jonas"); fmt.Sprint(got) != "[2027-03-02 09:00–19:00]" {
		t.Fatalf("busy %v, want the two merged", got)
	}
	var jonas int64
	if err := pool.QueryRow(ctx, `SELECT id FROM staff WHERE slug = 'jonas'`).Scan(&jonas); err != nil {
		t.Fatal(err)
	}
	svc.SetClock(func() time.Time { return monday.Add(calsync.FreshFor + time.Second) })
	from := time.Date(2027, 3, 2, 10, 0, 0, 0, time.UTC)
	svc.CheckLive(ctx, []int64{jonas}, from, from.Add(30*time.Minute))
	if got := busyOf(t, pool, "jonas"); fmt.Sprint(got) != "[2027-03-02 09:00–19:00]" {
		t.Errorf("an unchanged calendar's check changed the busy times: %v", got)
	}
	dav.Delete(work, "focus")
	svc.CheckLive(ctx, []int64{jonas}, from, from.Add(30*time.Minute))
	if got := busyOf(t, pool, "jonas"); fmt.Sprint(got) != "[2027-03-02 09:00–10:00 2027-03-02 10:30–19:00]" {
		t.Errorf("after the focus time was deleted, the check of 10:00 to 10:30 left %v", got)
	}
}

// The budget's clock runs while calendars are read, not while their
// servers are waited for: a feed that takes longer than the whole
// expansion may to answer is still read in full.
func TestTheTimeAServerTakesIsNotTheCalendarsBudget(t *testing.T) {
	svc, pool := newService(t)
	ctx := context.Background()
	feed := &feedServer{body: feedOf(event("standup", "20270302T090000Z", "20270302T091500Z", "RRULE:FREQ=DAILY;COUNT=3\r\n"))}
	var delay atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		time.Sleep(time.Duration(delay.Load())) // real time: a slow server
		feed.ServeHTTP(w, r)
	}))
	defer srv.Close()
	conn, err := svc.Create(ctx, calsync.Input{Staff: "jonas", Kind: calsync.KindICS, URL: srv.URL + "/f.ics"})
	if err != nil {
		t.Fatal(err)
	}
	feed.set(feedOf(event("standup", "20270302T100000Z", "20270302T101500Z", "RRULE:FREQ=DAILY;COUNT=3\r\n")), 0)
	delay.Store(int64(icalbusy.DefaultTime + 300*time.Millisecond))
	got, err := svc.Sync(ctx, conn.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got.Status.State != calsync.StateOK || len(busyOf(t, pool, "jonas")) != 3 {
		t.Errorf("after a slow answer: %+v, busy %v", got.Status, busyOf(t, pool, "jonas"))
	}
}
