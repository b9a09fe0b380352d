package web_test

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"
)

// cancelForm is the cancel screen's form as a browser without JavaScript
// sends it.
func cancelForm(reason, key string) url.Values {
	return url.Values{"reason": {reason}, "idempotencyKey": {key}}
}

// bookingState is a booking's status and reason, and how many times it was
// told to have been cancelled.
func (f *fixture) bookingState(t *testing.T, id string) (status, reason string, cancelEvents int) {
	t.Helper()
	ctx := context.Background()
	if err := f.pool.QueryRow(ctx, `SELECT status, cancellation_reason FROM bookings WHERE id = $1`, id).Scan(&status, &reason); err != nil {
		t.Fatal(err)
	}
	if err := f.pool.QueryRow(ctx, `SELECT count(*) FROM events WHERE type = 'booking.cancelled' AND payload->>'bookingId' = $1`, id).Scan(&cancelEvents); err != nil {
		t.Fatal(err)
	}
	return status, reason, cancelEvents
}

func TestCancellingWithoutJavaScript(t *testing.T) {
	f := newFixture(t, sharedRenderer(t))
	tests := []struct {
		name string
		// target turns the booking's cancel URL into the one posted to.
		target func(cancelURL string) string
		body   string
		header map[string]string
		status int
		want   []string // on the page the post lands on, or its answer
		// cancelled: the booking is cancelled afterwards.
		cancelled bool
	}{
		{"with a reason", same, cancelForm("Feeling ill", "cancel-1").Encode(), nil, http.StatusSeeOther,
			[]string{"Your appointment has been cancelled", "Feeling ill", `href="/widget/bookings/demo-consultation"`}, true},
		{"without a reason", same, cancelForm("", "cancel-1").Encode(), nil, http.StatusSeeOther, []string{"Your appointment has been cancelled"}, true},
		{"from the calendar's cancel page", func(u string) string {
			return "/widget/appointment/service/demo-consultation/cancel?" + strings.SplitN(u, "?", 2)[1]
		}, cancelForm("", "cancel-1").Encode(), nil, http.StatusSeeOther, []string{"Your appointment has been cancelled"}, true},
		{"in German", func(u string) string { return "/de" + u }, cancelForm("Krank", "cancel-1").Encode(), nil, http.StatusSeeOther,
			[]string{`lang="de"`, "Ihr Termin wurde storniert", "Krank"}, true},
		{"a wrong token", func(u string) string { return strings.Replace(u, "token=", "token=x", 1) }, cancelForm("", "cancel-1").Encode(), nil,
			http.StatusNotFound, []string{"No calendar event found"}, false},
		{"no booking named", func(string) string { return "/widget/booking/cancel-booking" }, cancelForm("", "cancel-1").Encode(), nil,
			http.StatusNotFound, []string{"No calendar event found"}, false},
		{"a reason too long, kept", same, cancelForm(strings.Repeat("Ü", 501), "cancel-1").Encode(), nil, http.StatusUnprocessableEntity,
			[]string{"Please keep the reason under 500 characters", strings.Repeat("Ü", 501), `aria-invalid="true"`, `name="idempotencyKey"`}, false},
		{"a reason too long, in German", func(u string) string { return "/de" + u }, cancelForm(strings.Repeat("a", 501), "cancel-1").Encode(), nil,
			http.StatusUnprocessableEntity, []string{"Bitte halten Sie den Grund unter 500 Zeichen"}, false},
		{"a control character in the reason", same, cancelForm("ill\a", "cancel-1").Encode(), nil, http.StatusUnprocessableEntity,
			[]string{"Please remove special or invisible characters"}, false},
		{"a NUL in the reason", same, "reason=ill%00&idempotencyKey=cancel-1", nil, http.StatusBadRequest, nil, false},
		{"a reason not UTF-8", same, "reason=ill%ff%fe&idempotencyKey=cancel-1", nil, http.StatusBadRequest, nil, false},
		{"a key outside its form", same, cancelForm("", "a key").Encode(), nil, http.StatusBadRequest, nil, false},
		{"from another site", same, cancelForm("", "cancel-1").Encode(), map[string]string{"Sec-Fetch-Site": "cross-site"}, http.StatusForbidden, nil, false},
		{"not a form", same, `{"reason":""}`, map[string]string{"Content-Type": "application/json"}, http.StatusUnsupportedMediaType, nil, false},
	}
	monday, err := time.Parse(time.RFC3339, nextMonday10())
	if err != nil {
		t.Fatal(err)
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			// Each its own booking, at its own time of one day.
			start := monday.Add(time.Duration(i-2) * 30 * time.Minute).Format(time.RFC3339)
			rec := f.send(http.MethodPost, "/api/bookings", bookingBody(start, nil), nil)
			if rec.Code != http.StatusCreated {
				t.Fatalf("booking at %s: %d %s", start, rec.Code, rec.Body)
			}
			created := decodeJSON[bookingJSON](t, rec)
			target := tt.target(created.CancelURL)
			body := strings.Replace(tt.body, "cancel-1", fmt.Sprintf("cancel-%d", i), 1)
			h := map[string]string{"Content-Type": "application/x-www-form-urlencoded", "Sec-Fetch-Site": "same-origin"}
			for k, v := range tt.header {
				h[k] = v
			}
			rec = f.send(http.MethodPost, target, body, h)
			if rec.Code != tt.status {
				t.Fatalf("%d, want %d", rec.Code, tt.status)
			}
			page := rec
			if rec.Code == http.StatusSeeOther {
				// The same screen, now showing the booking cancelled.
				if loc := rec.Header().Get("Location"); loc != target {
					t.Errorf("303 to %s, want %s", loc, target)
				}
				if page = f.do(http.MethodGet, rec.Header().Get("Location"), nil); page.Code != http.StatusOK {
					t.Fatalf("the page after the post: %d", page.Code)
				}
			}
			for _, w := range tt.want {
				if !strings.Contains(page.Body.String(), w) {
					t.Errorf("the page lacks %s", w)
				}
			}
			status, _, events := f.bookingState(t, created.ID)
			if cancelled := status == "cancelled"; cancelled != tt.cancelled || events != map[bool]int{true: 1}[tt.cancelled] {
				t.Errorf("booking %s with %d cancel events, want cancelled %v", status, events, tt.cancelled)
			}
		})
	}
}

// formKeyField is the cancel form's key as the page renders it.
var formKeyField = regexp.MustCompile(`name="idempotencyKey" value="([^"]+)"`)

// same posts to the cancel screen's own URL.
func same(cancelURL string) string { return cancelURL }

func TestACancelFormPostedAgainCancelsOnce(t *testing.T) {
	f := newFixture(t, sharedRenderer(t))
	created := decodeJSON[bookingJSON](t, f.send(http.MethodPost, "/api/bookings", bookingBody(nextMonday10(), nil), nil))
	page := f.do(http.MethodGet, created.CancelURL, nil).Body.String()
	if !strings.Contains(page, `method="post"`) || !strings.Contains(page, `action="`+strings.ReplaceAll(created.CancelURL, "&", "&amp;")+`"`) {
		t.Fatalf("the cancel screen has no form posting to itself")
	}
	key := formKeyField.FindStringSubmatch(page)
	if key == nil {
		t.Fatalf("the cancel form carries no key")
	}
	// A double click, a reload of the post, Back and submit again: the same
	// form, the same key, the same answer.
	for i := range 3 {
		rec := f.post(created.CancelURL, cancelForm("Feeling ill", key[1]), nil)
		if rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != created.CancelURL {
			t.Fatalf("post %d: %d %s", i+1, rec.Code, rec.Header().Get("Location"))
		}
	}
	// The form opened again after the booking was cancelled (another tab, a
	// key forgotten after a day) gets what the API answers, on the screen
	// that shows the booking cancelled.
	rec := f.post(created.CancelURL, cancelForm("Feeling ill", "another-key"), nil)
	if rec.Code != http.StatusGone || !strings.Contains(rec.Body.String(), "Your appointment has been cancelled") || strings.Contains(rec.Body.String(), `name="reason"`) {
		t.Errorf("a post with another key: %d, want 410 and the cancelled booking", rec.Code)
	}
	status, reason, events := f.bookingState(t, created.ID)
	if status != "cancelled" || reason != "Feeling ill" || events != 1 {
		t.Errorf("booking %s (%q) with %d cancel events, want cancelled once", status, reason, events)
	}
	if _, err := f.mails.DeliverDue(context.Background()); err != nil {
		t.Fatal(err)
	}
	var mails int
	if err := f.pool.QueryRow(context.Background(), `SELECT count(*) FROM outbox WHERE kind = 'booking.cancelled'`).Scan(&mails); err != nil || mails != 1 {
		t.Errorf("%d cancellation mails to the booker, want 1 (%v)", mails, err)
	}
	// The cancelled screen offers no form, so nothing posts a key again.
	if page := f.do(http.MethodGet, created.CancelURL, nil).Body.String(); strings.Contains(page, `name="idempotencyKey"`) {
		t.Errorf("the cancelled booking's screen still has the form")
	}
}

func TestAPastBookingCannotBeCancelledByForm(t *testing.T) {
	f := newFixture(t, sharedRenderer(t))
	created := decodeJSON[bookingJSON](t, f.send(http.MethodPost, "/api/bookings", bookingBody(nextMonday10(), nil), nil))
	start, err := time.Parse(time.RFC3339, created.Start)
	if err != nil {
		t.Fatal(err)
	}
	// The appointment has begun: the service's clock says so.
	f.bookings.SetClock(func() time.Time { return start.Add(10 * time.Minute) })
	rec := f.post(created.CancelURL, cancelForm("", "cancel-1"), nil)
	body := rec.Body.String()
	if rec.Code != http.StatusGone || !strings.Contains(body, "Reschedule or cancellation is no longer possible for this booking") || strings.Contains(body, `name="reason"`) {
		t.Errorf("a post after the start: %d, want 410 saying it can no longer be cancelled, without the form", rec.Code)
	}
	if status, _, events := f.bookingState(t, created.ID); status == "cancelled" || events != 0 {
		t.Errorf("booking %s with %d cancel events, want it untouched", status, events)
	}
}

// The router's action posts the same form and asks for its answer as
// data (ui/src/router/page.ts): where the 303 would point, or the page
// again with what was wrong, as JSON under the same status.
func TestAFormPostAskedForAsDataAnswersWithData(t *testing.T) {
	f := newFixture(t, sharedRenderer(t))
	monday, err := time.Parse(time.RFC3339, nextMonday10())
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name      string
		body      string
		status    int
		redirect  bool   // answers where to go next: the same screen
		field     string // the invalid field the page's action names
		route     string // the page answered
		cancelled bool
	}{
		{"cancelled", cancelForm("Feeling ill", "data-1").Encode(), http.StatusOK, true, "", "", true},
		{"a reason too long", cancelForm(strings.Repeat("a", 501), "data-2").Encode(), http.StatusUnprocessableEntity, false, "reason", "cancelBooking", false},
		{"a NUL in the reason", "reason=ill%00&idempotencyKey=data-3", http.StatusBadRequest, false, "", "error", false},
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			start := monday.Add(time.Duration(i) * 30 * time.Minute).Format(time.RFC3339)
			created := decodeJSON[bookingJSON](t, f.send(http.MethodPost, "/api/bookings", bookingBody(start, nil), nil))
			rec := f.send(http.MethodPost, created.CancelURL, tt.body, map[string]string{
				"Content-Type": "application/x-www-form-urlencoded", "Sec-Fetch-Site": "same-origin", "Accept": "application/json",
			})
			if rec.Code != tt.status || !strings.HasPrefix(rec.Header().Get("Content-Type"), "application/json") {
				t.Fatalf("%d %s, want %d as JSON", rec.Code, rec.Header().Get("Content-Type"), tt.status)
			}
			if rec.Header().Get("Cache-Control") != "no-store" {
				t.Errorf("Cache-Control %q, want no-store", rec.Header().Get("Cache-Control"))
			}
			got := decodeJSON[struct {
				Redirect string `json:"redirect"`
				Route    string `json:"route"`
				Action   *struct {
					Fields map[string]struct{ Message string } `json:"fields"`
				} `json:"action"`
			}](t, rec)
			if tt.redirect != (got.Redirect == created.CancelURL) {
				t.Errorf("redirect %q, want the cancel screen: %v", got.Redirect, tt.redirect)
			}
			if got.Route != tt.route {
				t.Errorf("route %q, want %q", got.Route, tt.route)
			}
			if tt.field != "" && (got.Action == nil || got.Action.Fields[tt.field].Message == "") {
				t.Errorf("no message for %s in %+v", tt.field, got.Action)
			}
			if status, _, _ := f.bookingState(t, created.ID); (status == "cancelled") != tt.cancelled {
				t.Errorf("booking %s, want cancelled %v", status, tt.cancelled)
			}
		})
	}
}
