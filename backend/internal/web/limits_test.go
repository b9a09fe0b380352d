package web_test

import (
	"fmt"
	"net/http"
	"strconv"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"slotwise/backend/internal/limits"
	"slotwise/backend/internal/web"
)

func withLimits(rules map[string]limits.Rule) option {
	return func(d *web.Deps, pool *pgxpool.Pool) { d.Limits = limits.New(pool, rules) }
}

func TestBookingsPerClientAndPerAddressAreLimited(t *testing.T) {
	f := newFixture(t, sharedRenderer(t), withLimits(map[string]limits.Rule{
		web.BucketBookingsPerIP:    {Max: 4, Window: time.Hour},
		web.BucketBookingsPerEmail: {Max: 2, Window: time.Hour},
	}))
	book := func(email string, header map[string]string) int {
		return f.send(http.MethodPost, "/api/bookings", bookingBody(nextMonday10(), func(b map[string]any) {
			b["contact"].(map[string]any)["email"] = email
			b["calendar"] = "nope" // the limit counts attempts, whatever becomes of them
		}), header).Code
	}
	if got := []int{book("a@example.com", nil), book("a@example.com", nil)}; got[0] != 404 || got[1] != 404 {
		t.Fatalf("first two: %v", got)
	}
	rec := f.send(http.MethodPost, "/api/bookings", bookingBody(nextMonday10(), nil), map[string]string{"Accept-Language": "de"})
	if rec.Code != 201 {
		t.Fatalf("another address: %d %s", rec.Code, rec.Body)
	}
	limited := f.send(http.MethodPost, "/api/bookings", bookingBody(nextMonday10(), func(b map[string]any) {
		b["contact"].(map[string]any)["email"] = "A@Example.com"
	}), map[string]string{"Accept-Language": "de"})
	e := decodeJSON[apiErr](t, limited).Error
	if limited.Code != 429 || e.MessageID != "error.tooManyRequests" || e.Message == "Too many attempts. Please wait a moment and try again." {
		t.Errorf("third booking for one address: %d %s", limited.Code, limited.Body)
	}
	if s, err := strconv.Atoi(limited.Header().Get("Retry-After")); err != nil || s < 1 || s > 3600 {
		t.Errorf("Retry-After %q", limited.Header().Get("Retry-After"))
	}
	// The client is now at 4 attempts: a forged X-Forwarded-For does not make it another.
	if code := book("b@example.com", map[string]string{"X-Forwarded-For": "203.0.113.9"}); code != 429 {
		t.Errorf("fifth attempt from one client: %d, want 429", code)
	}
}

func TestManageTokenGuessesAreLimited(t *testing.T) {
	f := newFixture(t, sharedRenderer(t), withLimits(map[string]limits.Rule{web.BucketTokenGuesses: {Max: 3, Window: 10 * time.Minute}}))
	created := decodeJSON[bookingJSON](t, f.send(http.MethodPost, "/api/bookings", bookingBody(nextMonday10(), nil), nil))
	token := tokenOf(t, created.ManageURL)
	for i := range 3 {
		if code := f.do(http.MethodGet, fmt.Sprintf("/api/bookings/%s?token=guess%d", created.ID, i), nil).Code; code != 404 {
			t.Fatalf("guess %d: %d", i, code)
		}
	}
	for _, target := range []string{
		"/api/bookings/" + created.ID + "?token=" + token,
		"/api/bookings/" + created.ID + "/ics?token=" + token,
	} {
		if code := f.do(http.MethodGet, target, nil).Code; code != 429 {
			t.Errorf("%s after three wrong guesses: %d, want 429", target, code)
		}
	}
	if rec := f.do(http.MethodGet, "/widget/booking/"+created.ID+"?token="+token, nil); rec.Code != 429 {
		t.Errorf("manage page after three wrong guesses: %d, want 429", rec.Code)
	}
	if rec := f.post(created.CancelURL, cancelForm("", "cancel-1"), nil); rec.Code != 429 {
		t.Errorf("cancel form after three wrong guesses: %d, want 429", rec.Code)
	}
}
