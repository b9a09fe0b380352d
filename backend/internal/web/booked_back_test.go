package web_test

import (
	"encoding/base64"
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// Back from a booking made without JavaScript lands on the booking, not
// on a form for the same time; a visitor who picks that time again on
// purpose gets the form.
func TestBackToTheStepABookingWasMadeFromShowsTheBooking(t *testing.T) {
	f := newFixture(t, sharedRenderer(t))
	start := nextMonday10()
	step := "/widget/bookings/demo-consultation?date=" + start[:10] + "&time=" + url.QueryEscape(start)
	rec := f.post(step, adaForm(start), nil)
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("booking: %d %s", rec.Code, rec.Body)
	}
	booked := rec.Header().Get("Location")
	var done *http.Cookie
	for _, c := range rec.Result().Cookies() {
		if c.Name == "slotwise_done" {
			done = c
		}
	}
	if done == nil || !done.HttpOnly || done.MaxAge <= 0 {
		t.Fatalf("no short-lived, script-proof cookie remembers the step: %+v", done)
	}
	hash, _, _ := strings.Cut(done.Value, ".")
	elsewhere := hash + "." + base64.RawURLEncoding.EncodeToString([]byte("https://evil.example/"))
	back := map[string]string{"Sec-Fetch-Mode": "navigate", "Sec-Fetch-Site": "same-origin"}
	clicked := map[string]string{"Sec-Fetch-Mode": "navigate", "Sec-Fetch-Site": "same-origin", "Sec-Fetch-User": "?1"}
	tests := []struct {
		name, target, cookie string
		header               map[string]string
		wantStatus           int
	}{
		{"Back to the step", step, done.Value, back, http.StatusSeeOther},
		{"the step written in another order", "/widget/bookings/demo-consultation?time=" + url.QueryEscape(start) + "&date=" + start[:10], done.Value, back, http.StatusSeeOther},
		{"the same time clicked again", step, done.Value, clicked, http.StatusOK},
		{"a browser without Fetch Metadata", step, done.Value, nil, http.StatusOK},
		{"another time", strings.Replace(step, "T10", "T11", 1), done.Value, back, http.StatusOK},
		{"a cookie pointing off the site", step, elsewhere, back, http.StatusOK},
		{"a cookie that is not ours", step, "garbage", back, http.StatusOK},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			h := map[string]string{"Cookie": "slotwise_done=" + tc.cookie}
			for k, v := range tc.header {
				h[k] = v
			}
			rec := f.do(http.MethodGet, tc.target, h)
			if rec.Code != tc.wantStatus {
				t.Fatalf("status %d, want %d", rec.Code, tc.wantStatus)
			}
			if tc.wantStatus == http.StatusSeeOther && rec.Header().Get("Location") != booked {
				t.Errorf("sent to %q, want the booking %q", rec.Header().Get("Location"), booked)
			}
		})
	}
}
