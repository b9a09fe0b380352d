package web_test

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"slotwise/backend/internal/db"
)

// The calendar shows each person the viewer may see side by side: hours,
// bookings, their own calendar's busy times by its name, and a service's
// free times; a staff member sees only their own column.
func TestTheCalendarShowsEachPersonsDay(t *testing.T) {
	d := newDashboard(t)
	start, _ := time.Parse(time.RFC3339, nextMonday10())
	day := start.In(berlin()).Format(time.DateOnly)
	ctx := d.ctxOf("")
	mia := d.staffID("", "mia")
	if _, err := d.pool.Exec(ctx, `INSERT INTO calendar_connections (id, staff_id, kind, url) VALUES ('cc_dash', $1, 'ics', 'https://calendar.example/mia.ics')`, mia); err != nil {
		t.Fatal(err)
	}
	if _, err := d.pool.Exec(ctx, `INSERT INTO connection_calendars (connection_id, url, name) VALUES ('cc_dash', 'https://calendar.example/mia.ics', 'Private')`); err != nil {
		t.Fatal(err)
	}
	if _, err := d.pool.Exec(ctx, `INSERT INTO staff_busy (staff_id, connection_id, calendar_url, uid, span)
		VALUES ($1, 'cc_dash', 'https://calendar.example/mia.ics', 'dentist', tstzrange($2::timestamptz, $3::timestamptz))`,
		mia, start.Add(5*time.Hour), start.Add(6*time.Hour)); err != nil {
		t.Fatal(err)
	}
	data := func(q url.Values) string {
		return "/api/page-data?path=" + url.QueryEscape("/admin/calendar?"+q.Encode())
	}
	tests := []struct {
		name, who, target string
		want              int
		shows, hides      []string
	}{
		{"signed out", "", "/admin/calendar", 303, nil, nil},
		{"the owner's day, everyone", "owner", data(url.Values{"date": {day}, "book": {"facial-treatment"}}), 200,
			[]string{`"name":"Jonas Becker"`, `"name":"Mia Weber"`, d.jonasRequest, d.miaBooking, `"calendar":"Private"`, `"free":["`, `"hours":[{"start":"`}, nil},
		{"one person", "desk", data(url.Values{"date": {day}, "staff": {"mia"}}), 200, []string{d.miaBooking}, []string{d.jonasRequest}},
		{"a week", "desk", data(url.Values{"date": {day}, "view": {"week"}}), 200, []string{`"view":"week"`, `"from":"` + day + `"`, d.jonasRequest}, nil},
		{"in another zone", "desk", data(url.Values{"date": {day}, "tz": {"America/New_York"}}), 200, []string{`"timeZone":"America/New_York"`}, nil},
		{"a zone that is not", "desk", data(url.Values{"date": {day}, "tz": {"Mars/Base"}}), 200, []string{`"timeZone":"Europe/Berlin"`}, nil},
		{"a staff member sees their own", "jonas", data(url.Values{"date": {day}}), 200, []string{d.jonasRequest}, []string{"Mia Weber", d.miaBooking, "Private"}},
		{"a staff member asks for another", "jonas", data(url.Values{"date": {day}, "staff": {"mia"}}), 200, []string{`"columns":[]`}, []string{d.miaBooking}},
		{"another business", "betaOwner", data(url.Values{"date": {day}}), 200, nil, []string{d.jonasRequest, d.miaBooking}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			host := ""
			if tt.who == "betaOwner" {
				host = hostB
			}
			rec := d.do(http.MethodGet, tt.target, d.browser(tt.who, host))
			expect(t, rec, tt.want, tt.shows, tt.hides)
		})
	}
}

// A free time is booked for a client through the booking service, once
// however often it is sent, confirmed at once, told with who booked it;
// what it cannot book is refused by name.
func TestTheFrontDeskBooksAFreeTimeForAClient(t *testing.T) {
	d := newDashboard(t)
	start, _ := time.Parse(time.RFC3339, nextMonday10())
	at := start.Add(5 * time.Hour).UTC().Format(time.RFC3339)
	desk := map[string]string{"Cookie": d.cookies["desk"]}
	target := func(calendar, staff, when string) string {
		return "/admin/book?" + url.Values{"calendar": {calendar}, "staff": {staff}, "start": {when}}.Encode()
	}
	client := url.Values{"contact.firstName": {"Hedy"}, "contact.lastName": {"Lamarr"}, "contact.email": {"hedy@example.com"},
		"contact.phone": {"+49 30 1234567"}, "contact.location": {"Lindenstraße 12, 10969 Berlin"}, "idempotencyKey": {"desk-book-1"}}
	page := d.do(http.MethodGet, target("facial-treatment", "mia", at), desk)
	if page.Code != 200 || !strings.Contains(page.Body.String(), "Facial treatment") {
		t.Fatalf("the page: %d %s", page.Code, page.Body)
	}
	var first string
	for range 2 {
		rec := d.post(target("facial-treatment", "mia", at), client, desk)
		if rec.Code != 303 || !strings.Contains(rec.Header().Get("Location"), "done=booked") {
			t.Fatalf("book: %d %v %s", rec.Code, rec.Header(), rec.Body)
		}
		if first == "" {
			first = rec.Header().Get("Location")
		} else if rec.Header().Get("Location") != first {
			t.Errorf("a double submit booked again: %s, then %s", first, rec.Header().Get("Location"))
		}
	}
	id := strings.TrimPrefix(strings.Split(first, "?")[0], "/admin/booking/")
	ctx := db.WithEveryBusiness(context.Background())
	var status, actor string
	var n int
	if err := d.pool.QueryRow(ctx, `SELECT b.status, (SELECT actor FROM events WHERE payload->>'bookingId' = b.id ORDER BY id LIMIT 1),
		(SELECT count(*) FROM bookings WHERE email = 'hedy@example.com') FROM bookings b WHERE b.id = $1`, id).Scan(&status, &actor, &n); err != nil {
		t.Fatal(err)
	}
	if status != "scheduled" || actor != "person:desk@example.com" || n != 1 {
		t.Errorf("booked %s by %q, %d bookings; want scheduled (the business decided), by the desk, one", status, actor, n)
	}
	tests := []struct {
		name, who, target string
		form              url.Values
		want              int
		shows             string
	}{
		{"the time taken since", "desk", target("facial-treatment", "mia", at), cloneWith(client, "idempotencyKey", "k2"), 409, ""},
		{"no name", "desk", target("facial-treatment", "jonas", at), cloneWith(client, "contact.firstName", "", "idempotencyKey", "k3"), 422, "First name is required"},
		{"another staff member's time", "jonas", target("facial-treatment", "mia", at), cloneWith(client, "idempotencyKey", "k4"), 404, ""},
		{"a service that is not", "desk", target("nothing", "mia", at), cloneWith(client, "idempotencyKey", "k6"), 404, ""},
		{"a time that is not", "desk", target("facial-treatment", "mia", "tomorrow"), cloneWith(client, "idempotencyKey", "k7"), 404, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := d.post(tt.target, tt.form, map[string]string{"Cookie": d.cookies[tt.who]})
			if rec.Code != tt.want || !strings.Contains(rec.Body.String(), tt.shows) {
				t.Fatalf("%d, want %d showing %q: %s", rec.Code, tt.want, tt.shows, rec.Body)
			}
		})
	}
	// The service's questions are the desk's to answer as far as the
	// client says: an answer is checked as the client's own would be, and
	// a question left open (even one the client must answer) stays open.
	t.Run("a service's questions", func(t *testing.T) {
		asks := target("demo-consultation", "jonas", start.Add(2*time.Hour).UTC().Format(time.RFC3339))
		page := d.do(http.MethodGet, asks, desk)
		// Its two places are one to choose, as the booking service judges it.
		if page.Code != 200 || !strings.Contains(page.Body.String(), "What would you like to talk about?") || !strings.Contains(page.Body.String(), `name="answers.topic"`) ||
			!strings.Contains(page.Body.String(), `"placeRequired":true`) {
			t.Fatalf("the page: %d %s", page.Code, page.Body)
		}
		if rec := d.post(asks, cloneWith(client, "idempotencyKey", "k8", "answers.topic", "nonsense"), desk); rec.Code != 422 || !strings.Contains(rec.Body.String(), `"answers.topic":{"id":"validation.optionInvalid","message":"Please choose one of the options"}`) {
			t.Fatalf("an answer that is none of the options: %d %s", rec.Code, rec.Body)
		}
		rec := d.post(asks, cloneWith(client, "idempotencyKey", "k9", "answers.topic", "other"), desk)
		if rec.Code != 303 {
			t.Fatalf("book: %d %s", rec.Code, rec.Body)
		}
		id := strings.TrimPrefix(strings.Split(rec.Header().Get("Location"), "?")[0], "/admin/booking/")
		var answers string
		if err := d.pool.QueryRow(ctx, `SELECT answers::text FROM bookings WHERE id = $1`, id).Scan(&answers); err != nil || answers != `{"topic": ["other"]}` {
			t.Errorf("answers %s (%v), want the topic alone", answers, err)
		}
	})
	// A service its clients pay online when booking is paid at the
	// appointment when the desk books it: the client is at no payment
	// page, so nothing is held for a payment, and the form says so.
	t.Run("a service paid online", func(t *testing.T) {
		paid := target("demo-paid", "mia", start.Add(time.Hour).UTC().Format(time.RFC3339))
		page := d.do(http.MethodGet, paid, desk)
		if page.Code != 200 || !strings.Contains(page.Body.String(), "it is paid at the appointment") {
			t.Fatalf("the page: %d %s", page.Code, page.Body)
		}
		rec := d.post(paid, cloneWith(client, "idempotencyKey", "k5"), desk)
		if rec.Code != 303 || !strings.Contains(rec.Header().Get("Location"), "done=booked") {
			t.Fatalf("book: %d %v %s", rec.Code, rec.Header(), rec.Body)
		}
		id := strings.TrimPrefix(strings.Split(rec.Header().Get("Location"), "?")[0], "/admin/booking/")
		var status, money string
		var total, payNow int64
		if err := d.pool.QueryRow(ctx, `SELECT status, payment, total_cents, pay_now_cents FROM bookings WHERE id = $1`, id).Scan(&status, &money, &total, &payNow); err != nil {
			t.Fatal(err)
		}
		if status != "scheduled" || money != "on_site" || total == 0 || payNow != 0 {
			t.Errorf("booked %s, money %s, total %d, now %d; want scheduled, paid on site, its price, nothing now", status, money, total, payNow)
		}
	})
}
