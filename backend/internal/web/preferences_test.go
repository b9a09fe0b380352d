package web_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// The cookie banner's form, posted by a visitor without JavaScript: the
// choice is kept and the visitor is back on the same page, which the
// server renders without the banner; nothing else is done or recorded.
func TestTheCookieBannersFormKeepsTheChoiceAndReturnsToThePage(t *testing.T) {
	f := newFixture(t, sharedRenderer(t))
	tests := []struct {
		name, page, choice string
	}{
		{"the home page", "/", "all"},
		{"a booking page with its query", "/de/widget/bookings/demo-consultation?tz=Europe%2FBerlin", "essential"},
		{"a booking page's details step, whose own action is not taken", "/widget/bookings/demo-consultation?start=2030-01-07T09%3A00%3A00Z", "all"},
		{"a form", "/widget/form/demo-contact", "essential"},
		{"a page that is not there", "/no-such-page", "all"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := f.countRows(t)
			rec := f.post(tt.page, url.Values{"cookie-consent": {tt.choice}}, nil)
			if rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != tt.page {
				t.Fatalf("answered %d to %q, want 303 to %q: %s", rec.Code, rec.Header().Get("Location"), tt.page, rec.Body)
			}
			cookie := rec.Header().Get("Set-Cookie")
			for _, want := range []string{"slotwise_consent=" + tt.choice, "Path=/", "Max-Age=31536000", "SameSite=Lax"} {
				if !strings.Contains(cookie, want) {
					t.Errorf("Set-Cookie %q lacks %s", cookie, want)
				}
			}
			if strings.Contains(cookie, "HttpOnly") {
				t.Errorf("Set-Cookie %q: the page's script could not change the choice", cookie)
			}
			if changed := f.countRows(t).changedSince(before); len(changed) > 0 {
				t.Errorf("the banner's post wrote to %v", changed)
			}
		})
	}
}

func TestTheCookieBannersFormRefusesWhatItDoesNotOffer(t *testing.T) {
	f := newFixture(t, sharedRenderer(t))
	tests := []struct {
		name   string
		form   url.Values
		header map[string]string
		status int
	}{
		{"another value", url.Values{"cookie-consent": {"none"}}, nil, http.StatusBadRequest},
		{"two values", url.Values{"cookie-consent": {"all", "essential"}}, nil, http.StatusBadRequest},
		{"a NUL", url.Values{"cookie-consent": {"all\x00"}}, nil, http.StatusBadRequest},
		{"from another site", url.Values{"cookie-consent": {"all"}}, map[string]string{"Sec-Fetch-Site": "cross-site"}, http.StatusForbidden},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := f.post("/", tt.form, tt.header)
			if rec.Code != tt.status {
				t.Errorf("answered %d, want %d", rec.Code, tt.status)
			}
			if c := rec.Header().Get("Set-Cookie"); strings.Contains(c, "slotwise_consent") {
				t.Errorf("kept a choice: %q", c)
			}
		})
	}
}

func TestAPageWithoutAnActionStillRefusesOtherPosts(t *testing.T) {
	f := newFixture(t, sharedRenderer(t))
	if rec := f.post("/", url.Values{"name": {"x"}}, nil); rec.Code != http.StatusMethodNotAllowed {
		t.Errorf("a form without the banner's field to the home page: %d, want 405", rec.Code)
	}
	if rec := f.send(http.MethodPost, "/", `{"a":1}`, map[string]string{"Content-Type": "application/json", "Sec-Fetch-Site": "same-origin"}); rec.Code != http.StatusMethodNotAllowed {
		t.Errorf("JSON to the home page: %d, want 405", rec.Code)
	}
}
