package web_test

import (
	"context"
	"crypto/sha256"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"slotwise/backend/internal/limits"
	"slotwise/backend/internal/web"
)

func withLimits(rules map[string]limits.Rule) option {
	return func(d *web.Deps, w wiring) { d.Limits = limits.New(w.pool, rules, nil) }
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

// Wrong secrets of every kind share one count per client, but a right one
// always opens: a guesser behind the same address (a NAT, a proxy) cannot
// lock a booker or an integration out.
func TestWrongSecretsAreLimitedAndRightOnesAlwaysOpen(t *testing.T) {
	af := newAdminFixture(t, withLimits(map[string]limits.Rule{web.BucketTokenGuesses: {Max: 20, Window: 10 * time.Minute}}))
	created := decodeJSON[bookingJSON](t, af.send(http.MethodPost, "/api/bookings", bookingBody(nextMonday10(), nil), nil))
	token := tokenOf(t, created.ManageURL)
	bearer := func(secret string) map[string]string { return map[string]string{"Authorization": "Bearer " + secret} }
	wrong := []struct {
		target string
		header map[string]string
		want   int
	}{
		{"/api/bookings/" + created.ID + "?token=guess", nil, 404},
		{"/api/admin/bookings", bearer("swa_WRONGWRONGWRONGWRONGWRONG"), 401},
		{"/widget/booking/" + created.ID + "?token=guess", nil, 404},
		{"/ical/staff/stf_WRONG.ics", nil, 404},
		{"/widget/otl/otl_unknown", nil, 410},
	}
	for i := range 25 {
		w := wrong[i%len(wrong)]
		want := w.want
		if i >= 20 {
			want = 429
		}
		if code := af.do(http.MethodGet, w.target, w.header).Code; code != want {
			t.Fatalf("guess %d (%s): %d, want %d", i+1, w.target, code, want)
		}
	}
	for _, right := range []struct {
		target string
		header map[string]string
	}{
		{"/api/bookings/" + created.ID + "?token=" + token, nil},
		{"/api/bookings/" + created.ID + "/ics?token=" + token, nil},
		{"/widget/booking/" + created.ID + "?token=" + token, nil},
		{"/api/admin/bookings", bearer(af.write)},
	} {
		if code := af.do(http.MethodGet, right.target, right.header).Code; code != 200 {
			t.Errorf("%s after 25 wrong guesses: %d, want 200", right.target, code)
		}
	}
	for _, w := range wrong {
		rec := af.do(http.MethodGet, w.target, w.header)
		if rec.Code != 429 || strings.HasPrefix(w.target, "/api/") && rec.Header().Get("Retry-After") == "" {
			t.Errorf("%s, a wrong secret past the limit: %d (Retry-After %q), want 429", w.target, rec.Code, rec.Header().Get("Retry-After"))
		}
	}
	// The cancel screen's form post is limited like the API.
	wrongCancel := strings.Replace(created.CancelURL, "token="+token, "token=guess", 1)
	if rec := af.post(wrongCancel, cancelForm("", "cancel-1"), nil); rec.Code != 429 {
		t.Errorf("cancel form with a wrong token past the limit: %d, want 429", rec.Code)
	}
	if rec := af.post(created.CancelURL, cancelForm("", "cancel-2"), nil); rec.Code != http.StatusSeeOther {
		t.Errorf("cancel form with the right token past the limit: %d, want 303", rec.Code)
	}
}

// A one-time link a business named in its content may be a word short
// enough to guess, and the guess limit is all that protects it: past the
// limit it is refused before it is looked up, right or wrong, on every
// path that opens it, so the answer tells a guesser nothing. A random link
// the server made still opens, as every other right secret does.
func TestNamedOneTimeLinksAreRefusedPastTheGuessLimitRightOrWrong(t *testing.T) {
	f := newFixture(t, sharedRenderer(t), withLimits(map[string]limits.Rule{web.BucketTokenGuesses: {Max: 3, Window: 24 * time.Hour}}))
	ctx := context.Background()
	named := "vip-anna-2027"
	hash := sha256.Sum256([]byte(named))
	if _, err := f.pool.Exec(ctx, `INSERT INTO one_time_links (slug_hash, slug, calendar_id, expires_at)
		VALUES ($1, $2, (SELECT id FROM calendars WHERE slug = 'demo-consultation'), $3)`, hash[:], named, f.clock.Now().Add(30*24*time.Hour)); err != nil {
		t.Fatal(err)
	}
	random, err := f.bookings.NewOneTimeLink(ctx, "demo-consultation", 24*time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	for _, link := range []string{named, random} {
		if code := f.do(http.MethodGet, "/widget/otl/"+link, nil).Code; code != 200 {
			t.Fatalf("%s under the limit: %d, want 200", link, code)
		}
	}
	for i, guess := range []string{"vip-anna-2025", "vip-anna-2026", "vip-anna-2028"} {
		if code := f.do(http.MethodGet, "/widget/otl/"+guess, nil).Code; code != 410 {
			t.Fatalf("guess %d: %d, want 410", i+1, code)
		}
	}
	start := nextMonday10()
	apiBook := func(link string) func() int {
		return func() int {
			return f.send(http.MethodPost, "/api/bookings", bookingBody(start, func(b map[string]any) { b["oneTimeLink"] = link }), nil).Code
		}
	}
	formBook := func(link string) func() int {
		return func() int {
			return f.post("/widget/otl/"+link+"?time="+url.QueryEscape(start), adaForm(start), nil).Code
		}
	}
	page := func(link string) func() int {
		return func() int { return f.do(http.MethodGet, "/widget/otl/"+link, nil).Code }
	}
	tests := []struct {
		name string
		try  func() int
		want int
	}{
		{"the named link's page", page(named), 429},
		{"a wrong named link's page", page("vip-anna-2029"), 429},
		{"booking through the named link by the API", apiBook(named), 429},
		{"booking through the named link by a form post", formBook(named), 429},
		{"the random link's page", page(random), 200},
		{"a wrong random link's page", page("otl_unknownunknownunk"), 429},
		{"booking through the random link by the API", apiBook(random), 201},
	}
	for _, tt := range tests {
		if got := tt.try(); got != tt.want {
			t.Errorf("%s past the limit: %d, want %d", tt.name, got, tt.want)
		}
	}
}

// A form post with a wrong secret is one guess: its action tries the
// secret, and the page rendered again after the action fails tries the
// same one without counting it again.
func TestAFormPostWithAWrongSecretCountsOneGuess(t *testing.T) {
	f := newFixture(t, sharedRenderer(t), withLimits(map[string]limits.Rule{web.BucketTokenGuesses: {Max: 20, Window: 24 * time.Hour}}))
	created := decodeJSON[bookingJSON](t, f.send(http.MethodPost, "/api/bookings", bookingBody(nextMonday10(), nil), nil))
	token := tokenOf(t, created.ManageURL)
	guesses := func() int {
		t.Helper()
		var n int
		if err := f.pool.QueryRow(context.Background(), `SELECT coalesce(sum(hits), 0) FROM rate_limits WHERE bucket = $1`, web.BucketTokenGuesses).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	later, _ := time.Parse(time.RFC3339, nextMonday10())
	moveTo := later.Add(2 * time.Hour).Format(time.RFC3339)
	tests := []struct {
		name   string
		target string
		form   url.Values
		want   int
	}{
		{"cancel", strings.Replace(created.CancelURL, "token="+token, "token=guess", 1), cancelForm("", "cancel-1"), 404},
		{"reschedule", strings.Replace(created.RescheduleURL, "token="+token, "token=guess", 1) + "&time=" + url.QueryEscape(moveTo),
			url.Values{"start": {moveTo}, "tz": {"Europe/Berlin"}, "idempotencyKey": {"move-1"}}, 404},
		{"decide", "/widget/booking/" + created.ID + "?decide=guess", url.Values{"decision": {"confirm"}, "idempotencyKey": {"decide-1"}}, 404},
		{"book through a one-time link", "/widget/otl/otl_unknownunknownunk?time=" + url.QueryEscape(moveTo), adaForm(moveTo), 410},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := guesses()
			rec := f.post(tt.target, tt.form, nil)
			if rec.Code != tt.want {
				t.Errorf("%d, want %d", rec.Code, tt.want)
			}
			if got := guesses() - before; got != 1 {
				t.Errorf("the post counted %d guesses, want 1", got)
			}
		})
	}
	// A wrong secret of a page's address still counts once per view.
	before := guesses()
	f.do(http.MethodGet, strings.Replace(created.CancelURL, "token="+token, "token=guess", 1), nil)
	if got := guesses() - before; got != 1 {
		t.Errorf("a page with a wrong token counted %d guesses, want 1", got)
	}
}
