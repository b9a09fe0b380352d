package web_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"slotwise/backend/internal/clock"
)

// nextMonday10 is a bookable time of the demo calendar: 10:00 Berlin on the
// Monday after next, inside the 60-day window and past the notice.
func nextMonday10() string {
	t := clock.Now().In(berlin()).AddDate(0, 0, 7)
	for t.Weekday() != time.Monday {
		t = t.AddDate(0, 0, 1)
	}
	return time.Date(t.Year(), t.Month(), t.Day(), 10, 0, 0, 0, berlin()).Format(time.RFC3339)
}

func berlin() *time.Location {
	l, err := time.LoadLocation("Europe/Berlin")
	if err != nil {
		panic(err)
	}
	return l
}

func bookingBody(start string, edit func(map[string]any)) string {
	body := map[string]any{
		"calendar": "demo-consultation", "start": start, "tz": "Europe/Berlin",
		"contact": map[string]any{"firstName": "Ada", "lastName": "Lovelace", "email": "ada@example.com", "phone": "+49 30 1234567", "location": "Lindenstraße 12, 10969 Berlin"},
	}
	if edit != nil {
		edit(body)
	}
	data, _ := json.Marshal(body)
	return string(data)
}

func (f *fixture) send(method, target, body string, header map[string]string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(method, target, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	for k, v := range header {
		req.Header.Set(k, v)
		if k == "Host" {
			req.Host = v // net/http keeps the Host header here
		}
	}
	rec := httptest.NewRecorder()
	f.handler.ServeHTTP(rec, req)
	return rec
}

type apiErr struct {
	Error struct {
		Code, Message, MessageID string
		Fields                   map[string]struct{ ID, Message string }
	}
}

type bookingJSON struct {
	ID, Status, Start, ManageURL, CancelURL, RescheduleURL, IcsURL, GoogleURL string
	PreviousStart                                                             *string
	CanChange                                                                 bool
}

func decodeJSON[T any](t testing.TB, rec *httptest.ResponseRecorder) T {
	t.Helper()
	var v T
	if err := json.Unmarshal(rec.Body.Bytes(), &v); err != nil {
		t.Fatalf("not JSON (%d): %s", rec.Code, rec.Body)
	}
	return v
}

func tokenOf(t *testing.T, manageURL string) string {
	t.Helper()
	_, token, ok := strings.Cut(manageURL, "token=")
	if !ok {
		t.Fatalf("manage URL without token: %s", manageURL)
	}
	return token
}

func TestSlotsAPI(t *testing.T) {
	f := newFixture(t, sharedRenderer(t))
	monday := nextMonday10()[:10]
	tests := []struct {
		name   string
		query  string
		status int
		check  func(t *testing.T, rec *httptest.ResponseRecorder)
	}{
		{"a Monday in Berlin", "calendar=demo-consultation&from=" + monday + "&to=" + monday + "&tz=Europe/Berlin", 200, func(t *testing.T, rec *httptest.ResponseRecorder) {
			var res struct {
				Timezone string
				Slots    map[string][]string
				Next     *string
			}
			json.Unmarshal(rec.Body.Bytes(), &res)
			if res.Timezone != "Europe/Berlin" || len(res.Slots[monday]) != 16 || res.Next == nil {
				t.Errorf("answer %s", rec.Body)
			}
			if first := res.Slots[monday][0]; !strings.HasSuffix(first, "T09:00:00+01:00") && !strings.HasSuffix(first, "T09:00:00+02:00") {
				t.Errorf("first slot %s", first)
			}
		}},
		{"German field messages", "calendar=demo-consultation&from=x&to=" + monday + "&tz=Mars&locale=de", 422, func(t *testing.T, rec *httptest.ResponseRecorder) {
			e := decodeJSON[apiErr](t, rec)
			if e.Error.Fields["tz"].ID != "validation.timeZoneInvalid" || e.Error.Fields["from"].ID != "validation.startInvalid" {
				t.Errorf("fields %v", e.Error.Fields)
			}
			if e.Error.Fields["tz"].Message == "No time zone found" {
				t.Errorf("message not translated: %s", e.Error.Fields["tz"].Message)
			}
		}},
		{"unknown calendar", "calendar=nope&from=" + monday + "&to=" + monday + "&tz=UTC", 404, func(t *testing.T, rec *httptest.ResponseRecorder) {
			if e := decodeJSON[apiErr](t, rec); e.Error.Message != "Cannot find calendar" {
				t.Errorf("message %q", e.Error.Message)
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := f.do(http.MethodGet, "/api/booking/slots?"+tt.query, nil)
			if rec.Code != tt.status {
				t.Fatalf("status %d, want %d: %s", rec.Code, tt.status, rec.Body)
			}
			tt.check(t, rec)
		})
	}
}

func TestCreateBookingAnswersEveryOutcome(t *testing.T) {
	f := newFixture(t, sharedRenderer(t))
	start := nextMonday10()
	tests := []struct {
		name   string
		body   string
		header map[string]string
		status int
		code   string
		fields []string
	}{
		{"booked", bookingBody(start, nil), nil, 201, "", nil},
		{"the second person", bookingBody(start, nil), nil, 201, "", nil},
		{"nobody left", bookingBody(start, nil), nil, 409, "slot_unavailable", nil},
		{"invalid fields", bookingBody(start, func(b map[string]any) {
			b["contact"] = map[string]any{"email": "nope", "phone": "x"}
		}), nil, 422, "invalid", []string{"contact.firstName", "contact.lastName", "contact.email", "contact.phone", "contact.location"}},
		{"not JSON", "{", nil, 400, "bad_request", nil},
		{"too large", `{"calendar":"` + strings.Repeat("x", 70<<10) + `"}`, nil, 400, "bad_request", nil},
		{"unknown calendar", bookingBody(start, func(b map[string]any) { b["calendar"] = "nope" }), nil, 404, "not_found", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := f.send(http.MethodPost, "/api/bookings", tt.body, tt.header)
			if rec.Code != tt.status {
				t.Fatalf("status %d, want %d: %s", rec.Code, tt.status, rec.Body)
			}
			if tt.status == 201 {
				b := decodeJSON[bookingJSON](t, rec)
				if b.Status != "scheduled" || b.Start != start || !b.CanChange || !strings.HasPrefix(b.GoogleURL, "https://calendar.google.com/") {
					t.Errorf("booking %s", rec.Body)
				}
				return
			}
			e := decodeJSON[apiErr](t, rec)
			if e.Error.Code != tt.code {
				t.Errorf("code %q, want %q", e.Error.Code, tt.code)
			}
			for _, field := range tt.fields {
				if e.Error.Fields[field].ID == "" || e.Error.Fields[field].Message == "" {
					t.Errorf("no message for %s: %s", field, rec.Body)
				}
			}
			if len(tt.fields) > 0 && len(e.Error.Fields) != len(tt.fields) {
				t.Errorf("fields %v, want %v", e.Error.Fields, tt.fields)
			}
		})
	}
}

func TestConflictMessagesFollowTheSpec(t *testing.T) {
	f := newFixture(t, sharedRenderer(t))
	start := nextMonday10()
	f.send(http.MethodPost, "/api/bookings", bookingBody(start, nil), nil)
	f.send(http.MethodPost, "/api/bookings", bookingBody(start, nil), nil)
	anyone := decodeJSON[apiErr](t, f.send(http.MethodPost, "/api/bookings", bookingBody(start, nil), nil))
	if anyone.Error.Message != "Booking unsuccessful, resource unavailable at the moment" {
		t.Errorf("any available: %q", anyone.Error.Message)
	}
	var staffID int64
	f.pool.QueryRow(context.Background(), `SELECT id FROM staff WHERE slug = 'mia'`).Scan(&staffID)
	named := decodeJSON[apiErr](t, f.send(http.MethodPost, "/api/bookings", bookingBody(start, func(b map[string]any) { b["staff"] = staffID }), nil))
	if named.Error.Message != "Not booked: Staff busy" {
		t.Errorf("named staff: %q", named.Error.Message)
	}
	german := decodeJSON[apiErr](t, f.send(http.MethodPost, "/api/bookings", bookingBody(start, func(b map[string]any) { b["locale"] = "de" }), nil))
	if german.Error.MessageID != "booking.error.resourceUnavailable" || german.Error.Message == anyone.Error.Message {
		t.Errorf("German: %+v", german.Error)
	}
}

// TestConcurrentBookingsNeverDoubleBook fires 60 bookings at one slot over
// real HTTP: exactly as many succeed as there are free staff (two), every
// other one is a 409, nothing else.
func TestConcurrentBookingsNeverDoubleBook(t *testing.T) {
	f := newFixture(t, sharedRenderer(t))
	srv := httptest.NewServer(f.handler)
	defer srv.Close()
	start := nextMonday10()
	const n = 60
	statuses := make(chan int, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			body := bookingBody(start, func(b map[string]any) {
				b["contact"].(map[string]any)["email"] = fmt.Sprintf("booker%d@example.com", i)
			})
			res, err := http.Post(srv.URL+"/api/bookings", "application/json", strings.NewReader(body))
			if err != nil {
				t.Error(err)
				return
			}
			io.Copy(io.Discard, res.Body)
			res.Body.Close()
			statuses <- res.StatusCode
		}()
	}
	wg.Wait()
	close(statuses)
	count := map[int]int{}
	for s := range statuses {
		count[s]++
	}
	if count[201] != 2 || count[409] != n-2 || len(count) != 2 {
		t.Errorf("statuses %v, want 2×201 and %d×409", count, n-2)
	}
	var rows int
	f.pool.QueryRow(context.Background(), `SELECT count(*) FROM bookings WHERE status <> 'cancelled'`).Scan(&rows)
	if rows != 2 {
		t.Errorf("%d bookings in the database, want 2", rows)
	}
}

func TestIdempotencyKeyReturnsTheFirstAnswer(t *testing.T) {
	f := newFixture(t, sharedRenderer(t))
	body := bookingBody(nextMonday10(), nil)
	key := map[string]string{"Idempotency-Key": "retry-42"}
	first := decodeJSON[bookingJSON](t, f.send(http.MethodPost, "/api/bookings", body, key))
	again := f.send(http.MethodPost, "/api/bookings", body, key)
	if again.Code != 201 || decodeJSON[bookingJSON](t, again).ID != first.ID {
		t.Errorf("retry answered %d %s, want the first booking %s", again.Code, again.Body, first.ID)
	}
	// The first secret is not kept: the retry's link is a new one to the same booking.
	retried := decodeJSON[bookingJSON](t, again)
	if got := f.do(http.MethodGet, "/api/bookings/"+first.ID+"?token="+tokenOf(t, retried.ManageURL), nil); got.Code != 200 {
		t.Errorf("the retry's manage link: %d %s", got.Code, got.Body)
	}
	other := f.send(http.MethodPost, "/api/bookings", bookingBody(nextMonday10(), func(b map[string]any) { b["tz"] = "UTC" }), key)
	if other.Code != 422 || decodeJSON[apiErr](t, other).Error.Code != "idempotency_key_reused" {
		t.Errorf("reused key: %d %s", other.Code, other.Body)
	}
	for _, bad := range []string{strings.Repeat("k", 256), "with space", "ключ"} {
		rec := f.send(http.MethodPost, "/api/bookings", body, map[string]string{"Idempotency-Key": bad})
		if rec.Code != 400 {
			t.Errorf("key %.20q: %d %s, want 400", bad, rec.Code, rec.Body)
		}
	}
	// Cancel honours the key too: a retry gets the cancelled booking, not "expired".
	cancel := fmt.Sprintf(`{"token":%q}`, tokenOf(t, first.ManageURL))
	cancelKey := map[string]string{"Idempotency-Key": "cancel-42"}
	for i := range 2 {
		if rec := f.send(http.MethodPost, "/api/bookings/"+first.ID+"/cancel", cancel, cancelKey); rec.Code != 200 || decodeJSON[bookingJSON](t, rec).Status != "cancelled" {
			t.Errorf("cancel %d with one key: %d %s", i+1, rec.Code, rec.Body)
		}
	}
}

func TestManageBookingThroughTheAPI(t *testing.T) {
	f := newFixture(t, sharedRenderer(t))
	created := decodeJSON[bookingJSON](t, f.send(http.MethodPost, "/api/bookings", bookingBody(nextMonday10(), nil), nil))
	token := tokenOf(t, created.ManageURL)
	base := "/api/bookings/" + created.ID

	if rec := f.do(http.MethodGet, base+"?token="+token, nil); rec.Code != 200 {
		t.Errorf("get: %d", rec.Code)
	}
	if rec := f.do(http.MethodGet, base+"?token=wrong", nil); rec.Code != 404 || decodeJSON[apiErr](t, rec).Error.Message != "No calendar event found" {
		t.Errorf("wrong token: %d %s", rec.Code, rec.Body)
	}
	ics := f.do(http.MethodGet, base+"/ics?token="+token, nil)
	if ics.Code != 200 || !strings.HasPrefix(ics.Header().Get("Content-Type"), "text/calendar") ||
		!strings.Contains(ics.Body.String(), "UID:"+created.ID+"@slotwise") || !strings.Contains(ics.Body.String(), "BEGIN:VEVENT") {
		t.Errorf("ics: %d %s", ics.Code, ics.Body)
	}

	newStart := strings.Replace(nextMonday10(), "T10:00", "T14:30", 1)
	moved := f.send(http.MethodPost, base+"/reschedule", fmt.Sprintf(`{"token":%q,"start":%q,"tz":"Europe/Berlin"}`, token, newStart), nil)
	mb := decodeJSON[bookingJSON](t, moved)
	if moved.Code != 200 || mb.Status != "rescheduled" || mb.Start != newStart || mb.PreviousStart == nil || *mb.PreviousStart != created.Start {
		t.Errorf("reschedule: %d %s", moved.Code, moved.Body)
	}
	cancelled := f.send(http.MethodPost, base+"/cancel", fmt.Sprintf(`{"token":%q,"reason":"Ill"}`, token), nil)
	if cancelled.Code != 200 || decodeJSON[bookingJSON](t, cancelled).Status != "cancelled" {
		t.Errorf("cancel: %d %s", cancelled.Code, cancelled.Body)
	}
	again := f.send(http.MethodPost, base+"/cancel", fmt.Sprintf(`{"token":%q}`, token), nil)
	if again.Code != 410 || decodeJSON[apiErr](t, again).Error.Code != "expired" {
		t.Errorf("cancel twice: %d %s", again.Code, again.Body)
	}
	if ics := f.do(http.MethodGet, base+"/ics?token="+token, nil); !strings.Contains(ics.Body.String(), "METHOD:CANCEL") {
		t.Errorf("ics after cancel lacks METHOD:CANCEL")
	}
}

func TestBookingMailsAreQueuedAfterTheBookingCommits(t *testing.T) {
	f := newFixture(t, sharedRenderer(t))
	rec := f.send(http.MethodPost, "/api/bookings", bookingBody(nextMonday10(), func(b map[string]any) { b["locale"] = "de" }), nil)
	if rec.Code != 201 {
		t.Fatalf("booking: %d %s", rec.Code, rec.Body)
	}
	var queued int
	f.pool.QueryRow(context.Background(), `SELECT count(*) FROM outbox`).Scan(&queued)
	if queued != 0 {
		t.Errorf("%d mails rendered inside the booking's request; they belong to the event consumer", queued)
	}
	if _, err := f.mails.DeliverDue(context.Background()); err != nil {
		t.Fatal(err)
	}
	rows, err := f.pool.Query(context.Background(), `SELECT kind, recipient, mime FROM outbox ORDER BY id`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var kinds []string
	for rows.Next() {
		var kind, to string
		var mime []byte
		rows.Scan(&kind, &to, &mime)
		kinds = append(kinds, kind+" "+to)
		if !bytes.Contains(mime, []byte("text/calendar")) {
			t.Errorf("%s mail has no calendar file", kind)
		}
	}
	want := []string{"booking.confirmation ada@example.com"}
	if len(kinds) != 2 || kinds[0] != want[0] || !strings.HasPrefix(kinds[1], "staff.booked ") {
		t.Errorf("outbox %v", kinds)
	}
}

func TestManagePagesAnswerByTheBookingsState(t *testing.T) {
	f := newFixture(t, sharedRenderer(t))
	created := decodeJSON[bookingJSON](t, f.send(http.MethodPost, "/api/bookings", bookingBody(nextMonday10(), nil), nil))
	token := tokenOf(t, created.ManageURL)
	for _, target := range []string{created.ManageURL, created.CancelURL, created.RescheduleURL} {
		if rec := f.do(http.MethodGet, target, nil); rec.Code != 200 || !strings.Contains(rec.Body.String(), `content="noindex"`) && !strings.Contains(target, "reschedule") {
			t.Errorf("%s: %d", target, rec.Code)
		}
	}
	// A client-side navigation asks for the same page through page-data;
	// the loader must see the page's own query.
	rec := f.do(http.MethodGet, "/api/page-data?path="+url.QueryEscape(created.CancelURL), nil)
	if rec.Code != 200 || !strings.Contains(rec.Body.String(), created.ID) {
		t.Errorf("page-data of the cancel page: %d %s", rec.Code, rec.Body)
	}
	f.send(http.MethodPost, "/api/bookings/"+created.ID+"/cancel", fmt.Sprintf(`{"token":%q}`, token), nil)
	// A cancelled booking's links show it, cancelled, with a way to book again.
	for _, target := range []string{created.ManageURL, created.CancelURL, created.RescheduleURL} {
		rec := f.do(http.MethodGet, target, nil)
		body := rec.Body.String()
		if rec.Code != http.StatusOK || !strings.Contains(body, "Your appointment has been cancelled") || !strings.Contains(body, `href="/widget/bookings/demo-consultation"`) {
			t.Errorf("%s after cancel: %d, want the cancelled booking and a link to book again", target, rec.Code)
		}
	}
}
