package metrics

import (
	"net/http"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus/testutil"
)

func TestRequestsAreCountedPerSeriesAndOnlyKnownMethodsAreKept(t *testing.T) {
	m := New(nil, nil, nil)
	for range 3 {
		m.Request("page:index", http.MethodGet, 200, time.Millisecond)
	}
	m.Request("page:index", http.MethodGet, 304, time.Millisecond)
	m.Request("unmatched", "BREW", 404, time.Millisecond)
	m.Request("unmatched", "BREW", 404, time.Millisecond)
	tests := []struct {
		route, method, status string
		want                  float64
	}{
		{"page:index", "GET", "200", 3},
		{"page:index", "GET", "304", 1},
		{"unmatched", "BREW", "404", 2},
	}
	for _, tt := range tests {
		if got := testutil.ToFloat64(m.requests.WithLabelValues(tt.route, tt.method, tt.status)); got != tt.want {
			t.Errorf("%s %s %s counted %v, want %v", tt.route, tt.method, tt.status, got, tt.want)
		}
	}
	if got := testutil.CollectAndCount(m.requestDuration); got != 2 {
		t.Errorf("%d duration series, want 2 (page:index, unmatched)", got)
	}
	kept := 0
	m.series.Range(func(key, _ any) bool {
		if key.(requestSeries).method == "BREW" {
			t.Errorf("a client's method was kept among the series: %+v", key)
		}
		kept++
		return true
	})
	if kept != 2 {
		t.Errorf("%d series kept, want 2", kept)
	}
}

func TestCacheLookupsAreCountedByResult(t *testing.T) {
	m := New(nil, nil, nil)
	m.CacheLookup(true)
	m.CacheLookup(true)
	m.CacheLookup(false)
	for result, want := range map[string]float64{"hit": 2, "miss": 1} {
		if got := testutil.ToFloat64(m.cache.WithLabelValues(result)); got != want {
			t.Errorf("%s: %v, want %v", result, got, want)
		}
	}
}
