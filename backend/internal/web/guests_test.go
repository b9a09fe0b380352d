package web_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"testing"
	"time"

	"slotwise/backend/internal/limits"
	"slotwise/backend/internal/web"
)

// bookYoga books the demo's class, days after next Monday at 10:00, for
// booker with the named guests (addresses).
func bookYoga(f *fixture, day int, booker string, guests ...string) *httptest.ResponseRecorder {
	monday, _ := time.Parse(time.RFC3339, nextMonday10())
	return f.send(http.MethodPost, "/api/bookings", bookingBody(monday.AddDate(0, 0, day).Format(time.RFC3339), func(b map[string]any) {
		b["calendar"] = "demo-yoga"
		b["contact"].(map[string]any)["email"] = booker
		var named []map[string]string
		for i, g := range guests {
			named = append(named, map[string]string{"name": fmt.Sprintf("Guest %d", i+1), "email": g})
		}
		b["guests"] = named
	}), nil)
}

// A guest is mailed as a booker is: their address counts against the
// same per-address limit, whoever names it.
func TestGuestAddressesCountAgainstThePerAddressLimit(t *testing.T) {
	f := newFixture(t, sharedRenderer(t), withLimits(map[string]limits.Rule{web.BucketBookingsPerEmail: {Max: 2, Window: time.Hour}}))
	steps := []struct {
		name   string
		day    int
		booker string
		guests []string
		want   int
	}{
		{"a stranger named as a guest", 1, "a@example.com", []string{"grace@example.com"}, 201},
		{"named again by another booker", 2, "b@example.com", []string{"grace@example.com", "alan@example.com"}, 201},
		{"named a third time", 3, "c@example.com", []string{"grace@example.com"}, 429},
		{"her address as a booker's", 3, "Grace@Example.com", nil, 429},
		{"another guest is still free", 3, "c@example.com", []string{"alan@example.com"}, 201},
	}
	for _, s := range steps {
		if rec := bookYoga(f, s.day, s.booker, s.guests...); rec.Code != s.want {
			t.Fatalf("%s: %d %s, want %d", s.name, rec.Code, rec.Body, s.want)
		}
	}
}

// Every move of a booking mails each named guest again, so a reschedule
// counts their addresses against the per-address limit as a booking
// does: moving a booking back and forth cannot mail them without bound.
// The booker, who moves it, is not counted, and a booking without named
// guests moves as often as its booker likes.
func TestReschedulesCountEachNamedGuestsAddress(t *testing.T) {
	f := newFixture(t, sharedRenderer(t), withLimits(map[string]limits.Rule{web.BucketBookingsPerEmail: {Max: 3, Window: 24 * time.Hour}}))
	monday, _ := time.Parse(time.RFC3339, nextMonday10())
	day := func(n int) string { return monday.In(berlin()).AddDate(0, 0, n).Format(time.RFC3339) }
	withGuest := decodeJSON[bookingJSON](t, bookYoga(f, 1, "a@example.com", "grace@example.com")) // grace: 1
	alone := decodeJSON[bookingJSON](t, bookYoga(f, 1, "b@example.com"))
	byAPI := func(b bookingJSON, n int) func() int {
		return func() int {
			return f.send(http.MethodPost, "/api/bookings/"+b.ID+"/reschedule",
				fmt.Sprintf(`{"token":%q,"start":%q,"tz":"Europe/Berlin"}`, tokenOf(t, b.ManageURL), day(n)), nil).Code
		}
	}
	byForm := func(b bookingJSON, n int, key string) func() int {
		return func() int {
			form := url.Values{"start": {day(n)}, "tz": {"Europe/Berlin"}, "idempotencyKey": {key}}
			return f.post(b.RescheduleURL+"&time="+url.QueryEscape(day(n)), form, nil).Code
		}
	}
	steps := []struct {
		name string
		move func() int
		want int
	}{
		{"moved once", byAPI(withGuest, 2), 200},                      // grace: 2
		{"moved back by the form", byForm(withGuest, 1, "back"), 303}, // grace: 3
		{"moved again", byAPI(withGuest, 2), 429},
		{"moved again by the form", byForm(withGuest, 2, "again"), 429},
		{"a booking without guests, moved", byAPI(alone, 2), 200},
		{"and back", byAPI(alone, 1), 200},
		{"and again", byAPI(alone, 2), 200},
		{"and by the form", byForm(alone, 3, "alone"), 303},
	}
	for _, s := range steps {
		if got := s.move(); got != s.want {
			t.Errorf("%s: %d, want %d", s.name, got, s.want)
		}
	}
	if rec := bookYoga(f, 4, "grace@example.com"); rec.Code != 429 {
		t.Errorf("the guest's address after three mails: %d, want 429", rec.Code)
	}
}

// A booking refused for its guests (more people than the calendar seats,
// an address not of the syntax a booking takes, one named twice, guests and
// a count at once, no such calendar or menu) mails nobody, so it uses up
// no named stranger's limit: one client cannot spend a hundred strangers'
// limits per request.
func TestARefusedBookingCountsNoGuestsAddress(t *testing.T) {
	f := newFixture(t, sharedRenderer(t), withLimits(map[string]limits.Rule{web.BucketBookingsPerEmail: {Max: 1, Window: 24 * time.Hour}}))
	stranger := "stranger@example.com"
	many := make([]map[string]string, 100)
	for i := range many {
		many[i] = map[string]string{"name": fmt.Sprintf("Guest %d", i+1), "email": fmt.Sprintf("s%d@example.com", i)}
	}
	many[0]["email"] = stranger
	guests := func(emails ...string) []map[string]string {
		var out []map[string]string
		for i, e := range emails {
			out = append(out, map[string]string{"name": fmt.Sprintf("Guest %d", i+1), "email": e})
		}
		return out
	}
	tests := []struct {
		name   string
		target string
		edit   func(b map[string]any)
		want   int
	}{
		{"a hundred guests for a class of four", "/api/bookings", func(b map[string]any) { b["calendar"], b["guests"] = "demo-yoga", many }, 422},
		{"a guest where the calendar seats one", "/api/bookings", func(b map[string]any) { b["guests"] = guests(stranger) }, 422},
		{"a guest beside a bad address", "/api/bookings", func(b map[string]any) {
			b["calendar"], b["guests"] = "demo-yoga", guests(stranger, "not-an-address")
		}, 422},
		{"a guest named twice", "/api/bookings", func(b map[string]any) {
			b["calendar"], b["guests"] = "demo-yoga", guests(stranger, "Stranger@example.com")
		}, 422},
		{"guests and a count", "/api/bookings", func(b map[string]any) { b["calendar"], b["guests"], b["guestCount"] = "demo-yoga", guests(stranger), 1 }, 422},
		{"no such calendar", "/api/bookings", func(b map[string]any) { b["calendar"], b["guests"] = "nope", guests(stranger) }, 404},
		{"a visit whose guest has no services", "/api/bookings/cart", func(b map[string]any) {
			delete(b, "calendar")
			b["menu"], b["items"], b["guestItems"], b["guests"] = "menu_salon", []string{"salon-haircut"}, [][]string{{"salon-manicure"}, {"salon-pedicure"}}, guests(stranger)
		}, 422},
		{"a visit of no such menu", "/api/bookings/cart", func(b map[string]any) {
			delete(b, "calendar")
			b["menu"], b["items"], b["guests"] = "menu_nope", []string{"salon-haircut"}, guests(stranger)
		}, 404},
	}
	for i, tt := range tests {
		rec := f.send(http.MethodPost, tt.target, bookingBody(nextMonday10(), func(b map[string]any) {
			b["contact"].(map[string]any)["email"] = fmt.Sprintf("booker%d@example.com", i)
			tt.edit(b)
		}), nil)
		if rec.Code != tt.want {
			t.Errorf("%s: %d %s, want %d", tt.name, rec.Code, rec.Body, tt.want)
		}
	}
	if rec := bookYoga(f, 1, stranger); rec.Code != 201 {
		t.Errorf("the stranger books for themselves: %d %s, want 201", rec.Code, rec.Body)
	}
}
