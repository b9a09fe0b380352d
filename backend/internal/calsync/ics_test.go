package calsync_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"slotwise/backend/internal/calsync"
	"slotwise/backend/internal/seal"
)

// feedServer serves one ICS file with an ETag and answers 304 to a request
// that already has it; it counts requests and can fail on demand.
type feedServer struct {
	mu       sync.Mutex
	body     string
	status   int
	requests int
}

func (f *feedServer) set(body string, status int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.body, f.status = body, status
}

func (f *feedServer) count() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.requests
}

func (f *feedServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.requests++
	if f.status != 0 {
		http.Error(w, "down", f.status)
		return
	}
	etag := fmt.Sprintf(`"%x"`, len(f.body)*31+strings.Count(f.body, "T1"))
	if r.Header.Get("If-None-Match") == etag {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	w.Header().Set("ETag", etag)
	w.Header().Set("Content-Type", "text/calendar")
	_, _ = w.Write([]byte(f.body))
}

func feedOf(events ...string) string {
	return "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\nX-WR-CALNAME:Jonas private\r\n" + strings.Join(events, "") + "END:VCALENDAR\r\n"
}

func event(uid, start, end string, extra ...string) string {
	return "BEGIN:VEVENT\r\nUID:" + uid + "\r\nDTSTAMP:20270101T000000Z\r\nDTSTART:" + start + "\r\nDTEND:" + end + "\r\n" +
		strings.Join(extra, "") + "END:VEVENT\r\n"
}

func TestAnICSSubscriptionBlocksTimeAndStaysFresh(t *testing.T) {
	svc, pool := newService(t)
	ctx := context.Background()
	feed := &feedServer{body: feedOf(
		event("dentist", "20270302T090000Z", "20270302T100000Z"),
		event("gym", "20270303T170000Z", "20270303T180000Z", "RRULE:FREQ=WEEKLY;COUNT=2\r\n"),
		event("free", "20270304T090000Z", "20270304T100000Z", "TRANSP:TRANSPARENT\r\n"))}
	srv := httptest.NewServer(feed)
	defer srv.Close()

	conn, err := svc.Create(ctx, calsync.Input{Staff: "jonas", Kind: calsync.KindICS, URL: srv.URL + "/private.ics"})
	if err != nil {
		t.Fatal(err)
	}
	if conn.Status.State != calsync.StateOK || conn.Status.LastSync == nil || len(conn.Calendars) != 1 ||
		conn.Calendars[0].Name != "Jonas private" || !conn.Calendars[0].Check || conn.Calendars[0].WriteTo {
		t.Fatalf("created %+v", conn)
	}
	want := "[2027-03-02 09:00–10:00 2027-03-03 17:00–18:00 2027-03-10 17:00–18:00]"
	if got := fmt.Sprint(busyOf(t, pool, "jonas")); got != want {
		t.Errorf("busy after creation %s, want %s", got, want)
	}

	// Unchanged: one request, answered 304, and nothing rewritten.
	before := feed.count()
	if _, err := svc.Sync(ctx, conn.ID); err != nil {
		t.Fatal(err)
	}
	if n := feed.count() - before; n != 1 {
		t.Errorf("an unchanged feed cost %d requests, want 1", n)
	}

	// The dentist moves; the gym is cancelled.
	feed.set(feedOf(event("dentist", "20270302T140000Z", "20270302T150000Z")), 0)
	if _, err := svc.Sync(ctx, conn.ID); err != nil {
		t.Fatal(err)
	}
	if got := fmt.Sprint(busyOf(t, pool, "jonas")); got != "[2027-03-02 14:00–15:00]" {
		t.Errorf("busy after the change %s", got)
	}

	// The feed fails: the last good busy times stay, the status says why.
	feed.set("", http.StatusNotFound)
	got, err := svc.Sync(ctx, conn.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got.Status.State != calsync.StateError || !strings.Contains(got.Status.Error, "404") {
		t.Errorf("status after a 404: %+v", got.Status)
	}
	if b := fmt.Sprint(busyOf(t, pool, "jonas")); b != "[2027-03-02 14:00–15:00]" {
		t.Errorf("busy after a failure %s, want the last good", b)
	}
	// And it recovers by itself.
	feed.set(feedOf(event("dentist", "20270302T140000Z", "20270302T150000Z")), 0)
	if got, _ := svc.Sync(ctx, conn.ID); got.Status.State != calsync.StateOK || got.Status.Error != "" {
		t.Errorf("status after recovery: %+v", got.Status)
	}

	// Deleting the connection frees the time.
	if err := svc.Delete(ctx, conn.ID); err != nil {
		t.Fatal(err)
	}
	if b := busyOf(t, pool, "jonas"); len(b) != 0 {
		t.Errorf("busy after delete %v", b)
	}
	if _, err := svc.Get(ctx, conn.ID); !errors.Is(err, calsync.ErrNotFound) {
		t.Errorf("get after delete: %v", err)
	}
}

func TestCreatingAConnectionNamesWhatIsWrong(t *testing.T) {
	svc, pool := newService(t)
	ctx := context.Background()
	html := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = w.Write([]byte("<!doctype html><title>Sign in</title>"))
	}))
	defer html.Close()
	for _, tc := range []struct {
		name  string
		in    calsync.Input
		field string // a field error, or "" for a connection error
		words string
	}{
		{"no staff", calsync.Input{Kind: "ics", URL: html.URL}, "staff", "required"},
		{"unknown staff", calsync.Input{Staff: "nobody", Kind: "ics", URL: html.URL}, "staff", "no staff member"},
		{"unknown kind", calsync.Input{Staff: "jonas", Kind: "google", URL: html.URL}, "kind", "caldav or ics"},
		{"not http", calsync.Input{Staff: "jonas", Kind: "ics", URL: "ftp://example.com/x.ics"}, "url", "http"},
		{"NUL in the address", calsync.Input{Staff: "jonas", Kind: "ics", URL: "https://example.com/\x00"}, "url", "NUL"},
		{"credentials in the address", calsync.Input{Staff: "jonas", Kind: "ics", URL: "https://a:b@example.com/x.ics"}, "url", "user name"},
		{"CalDAV without password", calsync.Input{Staff: "jonas", Kind: "caldav", URL: html.URL, Username: "jonas"}, "password", "required"},
		{"a page that is no calendar", calsync.Input{Staff: "jonas", Kind: "ics", URL: html.URL + "/cal.ics"}, "", "does not give an iCalendar file"},
		{"a server that is gone", calsync.Input{Staff: "jonas", Kind: "ics", URL: "http://127.0.0.1:1/cal.ics"}, "", "could not be reached"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := svc.Create(ctx, tc.in)
			var verr *calsync.ValidationError
			var cerr *calsync.ConnectError
			switch {
			case tc.field != "" && errors.As(err, &verr):
				if !strings.Contains(verr.Fields[tc.field], tc.words) {
					t.Errorf("fields %v, want %s: …%s…", verr.Fields, tc.field, tc.words)
				}
			case tc.field == "" && errors.As(err, &cerr):
				if !strings.Contains(cerr.Message, tc.words) {
					t.Errorf("message %q, want …%s…", cerr.Message, tc.words)
				}
			default:
				t.Errorf("err = %v", err)
			}
		})
	}
	var n int
	_ = pool.QueryRow(ctx, `SELECT count(*) FROM calendar_connections`).Scan(&n)
	if n != 0 {
		t.Errorf("%d connections stored after refusals", n)
	}
}

func TestPrivateAddressesAreRefusedUnlessAllowed(t *testing.T) {
	_, pool := newService(t)
	keys, _ := seal.NewKeyring(make([]byte, 32))
	guarded := calsync.NewService(pool, calsync.Options{Keys: keys})
	srv := httptest.NewServer(&feedServer{body: feedOf()})
	defer srv.Close()
	for _, u := range []string{srv.URL + "/cal.ics", "http://127.1/cal.ics", "http://2130706433/cal.ics", "http://[::1]/cal.ics", "http://localhost/x.ics"} {
		_, err := guarded.Create(context.Background(), calsync.Input{Staff: "jonas", Kind: "ics", URL: u})
		var verr *calsync.ValidationError
		var cerr *calsync.ConnectError
		if !(errors.As(err, &verr) && strings.Contains(verr.Fields["url"], "private")) && !(errors.As(err, &cerr) && strings.Contains(cerr.Message, "private")) {
			t.Errorf("%s: %v, want refused as private", u, err)
		}
	}
}

func httptestURL(t *testing.T, h http.Handler) string {
	t.Helper()
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return srv.URL
}

func TestAFiveMegabyteCalendarSyncsAndAnOversizedOneIsRefused(t *testing.T) {
	svc, pool := newService(t)
	ctx := context.Background()
	big := func(events int) string {
		var b strings.Builder
		note := "DESCRIPTION:" + strings.Repeat("Agenda item, ", 35) + "\r\n"
		for i := range events {
			day := time.Date(2027, 3, 1, 0, 0, 0, 0, time.UTC).AddDate(0, 0, i%60)
			b.WriteString(event(fmt.Sprintf("e%d", i), day.Format("20060102")+"T060000Z", day.Format("20060102")+"T061500Z", note))
		}
		return feedOf(b.String())
	}
	feed := &feedServer{body: big(9100)}
	if n := len(feed.body); n < 5<<20 {
		t.Fatalf("the calendar is %d bytes, want at least 5 MB", n)
	}
	srv := httptest.NewServer(feed)
	defer srv.Close()
	conn, err := svc.Create(ctx, calsync.Input{Staff: "jonas", Kind: calsync.KindICS, URL: srv.URL + "/big.ics"})
	if err != nil || conn.Status.State != calsync.StateOK {
		t.Fatalf("a 5 MB calendar: %v %+v", err, conn)
	}
	// 9,100 events on 60 mornings at one time are 60 busy times, merged.
	var n int
	_ = pool.QueryRow(ctx, `SELECT count(*) FROM staff_busy`).Scan(&n)
	if n != 60 {
		t.Errorf("%d busy times stored, want 60", n)
	}
	feed.set(big(30000), 0)
	got, _ := svc.Sync(ctx, conn.ID)
	if got.Status.State != calsync.StateError || !strings.Contains(got.Status.Error, "larger than 16 MB") {
		t.Errorf("an oversized calendar: %+v", got.Status)
	}
	_ = pool.QueryRow(ctx, `SELECT count(*) FROM staff_busy`).Scan(&n)
	if n != 60 {
		t.Errorf("%d busy times after the oversized one, want the last good 60", n)
	}
}

// TestAChangeOfBusyTimesTellsEveryReplicaWhosePagesAreStale listens as the
// replicas' page caches do: a sync that changes someone's busy times names
// that person once; an unchanged one names nobody.
func TestAChangeOfBusyTimesTellsEveryReplicaWhosePagesAreStale(t *testing.T) {
	svc, pool := newService(t)
	ctx := context.Background()
	feed := &feedServer{body: feedOf(event("dentist", "20270302T090000Z", "20270302T100000Z"))}
	conn, err := svc.Create(ctx, calsync.Input{Staff: "jonas", Kind: calsync.KindICS, URL: httptestURL(t, feed) + "/j.ics"})
	if err != nil {
		t.Fatal(err)
	}
	listener, err := pool.Acquire(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer listener.Release()
	if _, err := listener.Exec(ctx, `LISTEN slotwise_content`); err != nil {
		t.Fatal(err)
	}
	heard := func() []string {
		var out []string
		for {
			wait, cancel := context.WithTimeout(ctx, 300*time.Millisecond)
			n, err := listener.Conn().WaitForNotification(wait)
			cancel()
			if err != nil {
				return out
			}
			out = append(out, n.Payload)
		}
	}
	var jonas int64
	_ = pool.QueryRow(ctx, `SELECT id FROM staff WHERE slug = 'jonas'`).Scan(&jonas)

	// Forget the validators so the file is read again, unchanged.
	_, _ = pool.Exec(ctx, `UPDATE connection_calendars SET etag = ''`)
	if _, err := svc.Sync(ctx, conn.ID); err != nil {
		t.Fatal(err)
	}
	if got := heard(); len(got) != 0 {
		t.Errorf("an unchanged calendar made pages stale: %v", got)
	}
	feed.set(feedOf(event("dentist", "20270302T140000Z", "20270302T150000Z"), event("gym", "20270303T170000Z", "20270303T180000Z")), 0)
	if _, err := svc.Sync(ctx, conn.ID); err != nil {
		t.Fatal(err)
	}
	var business int64 // each change is told with its business's id
	if err := pool.QueryRow(ctx, `SELECT location_id FROM staff WHERE id = $1`, jonas).Scan(&business); err != nil {
		t.Fatal(err)
	}
	if got := fmt.Sprint(heard()); got != fmt.Sprintf("[%d/staff:%d]", business, jonas) {
		t.Errorf("a changed calendar told %s, want Jonas's pages once", got)
	}
}
