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
