package web_test

import (
	"log/slog"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"slotwise/backend/internal/clock"
	"slotwise/backend/internal/metrics"
	"slotwise/backend/internal/web"
)

func TestMetricsCountRequestsByRouteAndAskForTheirToken(t *testing.T) {
	f := newFixture(t, sharedRenderer(t), func(d *web.Deps, w wiring) {
		pool := w.pool
		d.Metrics = metrics.New(pool, slog.Default(), nil)
		d.Config.MetricsToken = "scrape-secret"
	})
	// The page cache serves once its listener is connected: its lookups
	// until then are counted apart from the two below.
	cachedOn(t, f.handler, "/about")
	scrape := func() string {
		return f.do(http.MethodGet, "/metrics", map[string]string{"Authorization": "Bearer scrape-secret"}).Body.String()
	}
	lookups := func(body, result string) int {
		m := regexp.MustCompile(`slotwise_page_cache_lookups_total\{result="` + result + `"\} (\d+)`).FindStringSubmatch(body)
		if m == nil {
			return 0
		}
		n, _ := strconv.Atoi(m[1])
		return n
	}
	before := scrape()
	day := clock.Now().AddDate(0, 0, 7).Format("2006-01-02")
	f.do(http.MethodGet, "/api/booking/slots?calendar=demo-consultation&tz=Europe/Berlin&from="+day+"&to="+day, nil)
	f.do(http.MethodGet, "/", nil)
	f.do(http.MethodGet, "/", nil) // from the page cache
	f.do(http.MethodGet, "/nowhere-at-all", nil)

	if rec := f.do(http.MethodGet, "/metrics", nil); rec.Code != http.StatusUnauthorized {
		t.Errorf("/metrics without the token: %d", rec.Code)
	}
	if rec := f.do(http.MethodGet, "/metrics", map[string]string{"Authorization": "Bearer wrong"}); rec.Code != http.StatusUnauthorized {
		t.Errorf("/metrics with a wrong token: %d", rec.Code)
	}
	rec := f.do(http.MethodGet, "/metrics", map[string]string{"Authorization": "Bearer scrape-secret"})
	if rec.Code != http.StatusOK {
		t.Fatalf("/metrics: %d %s", rec.Code, rec.Body)
	}
	body := rec.Body.String()
	for _, want := range []string{
		`slotwise_http_requests_total{method="GET",route="/api/booking/slots",status="200"} 1`,
		`slotwise_http_requests_total{method="GET",route="page:index",status="200"} 2`,
		`slotwise_http_requests_total{method="GET",route="page:website",status="404"} 1`,
		`slotwise_backlog{queue="events"}`,
		`slotwise_backlog{queue="webhooks"} 0`,
		`slotwise_database_up 1`,
	} {
		if !strings.Contains(body, want) {
			t.Errorf("/metrics lacks %s\n%s", want, body)
		}
	}
	for _, result := range []string{"hit", "miss"} {
		if n := lookups(body, result) - lookups(before, result); n != 1 {
			t.Errorf("the home page twice counted %d page cache %ses, want 1", n, result)
		}
	}
}

func TestEveryAnswerCarriesARequestID(t *testing.T) {
	f := newFixture(t, sharedRenderer(t))
	tests := []struct {
		sent    string
		keepsIt bool
	}{
		{"", false},
		{"proxy-1234.abc:9", true},
		{strings.Repeat("x", 65), false},
		{"bad id\r\nX-Injected: 1", false},
	}
	for _, tt := range tests {
		rec := f.do(http.MethodGet, "/healthz", map[string]string{"X-Request-Id": tt.sent})
		got := rec.Header().Get("X-Request-Id")
		if got == "" || (got == tt.sent) != tt.keepsIt {
			t.Errorf("sent %q, answered %q", tt.sent, got)
		}
	}
}
