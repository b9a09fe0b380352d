package web_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
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
