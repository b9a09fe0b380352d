package web_test

import (
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"slotwise/backend/internal/metrics"
	"slotwise/backend/internal/web"
)

func withMetricsToken(token string) option {
	return func(d *web.Deps, w wiring) {
		pool := w.pool
		d.Metrics = metrics.New(pool, slog.Default(), nil)
		d.Config.MetricsToken = token
	}
}

// The scheme of Authorization is case-insensitive: "bearer" is Bearer.
func TestBearerTokensAreReadWhateverTheSchemesCase(t *testing.T) {
	af := newAdminFixture(t, withMetricsToken("scrape-secret"))
	tests := []struct {
		name, target, header string
		want                 int
	}{
		{"admin, Bearer", "/api/admin/bookings", "Bearer " + af.read, 200},
		{"admin, bearer", "/api/admin/bookings", "bearer " + af.read, 200},
		{"admin, BEARER", "/api/admin/bookings", "BEARER " + af.read, 200},
		{"admin, two spaces", "/api/admin/bookings", "Bearer  " + af.read, 200},
		{"admin, another scheme", "/api/admin/bookings", "Token " + af.read, 401},
		{"admin, no token", "/api/admin/bookings", "bearer ", 401},
		{"admin, the scheme alone", "/api/admin/bookings", "bearer", 401},
		{"metrics, Bearer", "/metrics", "Bearer scrape-secret", 200},
		{"metrics, bearer", "/metrics", "bearer scrape-secret", 200},
		{"metrics, another scheme", "/metrics", "Basic scrape-secret", 401},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if rec := af.do(http.MethodGet, tt.target, map[string]string{"Authorization": tt.header}); rec.Code != tt.want {
				t.Errorf("%d %s, want %d", rec.Code, rec.Body, tt.want)
			}
		})
	}
}

// An answer about a credential, or one that carries a secret (a manage
// link, the redirect to it), is kept by no cache.
func TestAnswersAboutSecretsAreNotStored(t *testing.T) {
	af := newAdminFixture(t, withMetricsToken("scrape-secret"))
	created := af.send(http.MethodPost, "/api/bookings", bookingBody(nextMonday10(), nil), nil)
	booked := decodeJSON[bookingJSON](t, created)
	token := tokenOf(t, booked.ManageURL)
	other := nextMonday10()
	formPost := af.post(detailsURL(other), adaForm(other), map[string]string{"Accept-Language": "en"})
	tests := []struct {
		name string
		rec  func() *http.Response
		want int
	}{
		{"the 201 of a booking", func() *http.Response { return created.Result() }, 201},
		{"a booking read with its token", func() *http.Response {
			return af.do(http.MethodGet, "/api/bookings/"+booked.ID+"?token="+token, nil).Result()
		}, 200},
		{"a wrong token", func() *http.Response {
			return af.do(http.MethodGet, "/api/bookings/"+booked.ID+"?token=wrong", nil).Result()
		}, 404},
		{"a reschedule", func() *http.Response {
			start, _ := time.Parse(time.RFC3339, nextMonday10())
			later := start.Add(2 * time.Hour).Format(time.RFC3339)
			return af.send(http.MethodPost, "/api/bookings/"+booked.ID+"/reschedule", `{"token":"`+token+`","start":"`+later+`","tz":"Europe/Berlin"}`, nil).Result()
		}, 200},
		{"a form post's redirect to the manage page", func() *http.Response { return formPost.Result() }, 303},
		{"an admin call without a token", func() *http.Response { return af.do(http.MethodGet, "/api/admin/bookings", nil).Result() }, 401},
		{"an admin call with a wrong token", func() *http.Response {
			return af.do(http.MethodGet, "/api/admin/bookings", map[string]string{"Authorization": "Bearer swa_WRONG"}).Result()
		}, 401},
		{"metrics without the token", func() *http.Response { return af.do(http.MethodGet, "/metrics", nil).Result() }, 401},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := tt.rec()
			if tt.want != 0 && res.StatusCode != tt.want {
				t.Fatalf("%d, want %d", res.StatusCode, tt.want)
			}
			if cc := res.Header.Get("Cache-Control"); !strings.Contains(cc, "no-store") {
				t.Errorf("%d with Cache-Control %q, want no-store", res.StatusCode, cc)
			}
		})
	}
	if loc, _ := url.Parse(formPost.Header().Get("Location")); loc == nil || loc.Query().Get("token") == "" {
		t.Errorf("the form post's redirect %q carries no manage token: the test no longer tests what it says", formPost.Header().Get("Location"))
	}
}
