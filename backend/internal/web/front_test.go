package web_test

import (
	"context"
	"maps"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"slotwise/backend/internal/web"
)

// A kept page is answered before the router exactly as the router
// answered it: the same status, headers (but the request's own id) and
// bytes, for a GET, a HEAD and a browser that has it already.
func TestTheFrontDoorAnswersAKeptPageAsTheRouterDoes(t *testing.T) {
	f := newFixture(t, sharedRenderer(t))
	for _, path := range []string{"/", "/blog/b/winter-skin/", "/widget/bookings/demo-consultation", "/de/blog"} {
		routed := f.do(http.MethodGet, path, nil) // the router's, which keeps the page
		if routed.Code != http.StatusOK || routed.Header().Get("X-Cache") != "" {
			t.Fatalf("%s: %d, X-Cache %q at first", path, routed.Code, routed.Header().Get("X-Cache"))
		}
		cachedOn(t, f.handler, path)
		tests := []struct {
			name, method string
			header       map[string]string
			status       int
		}{
			{"a GET", http.MethodGet, nil, http.StatusOK},
			{"a HEAD", http.MethodHead, nil, http.StatusOK},
			{"a browser that has it", http.MethodGet, map[string]string{"If-None-Match": routed.Header().Get("Etag")}, http.StatusNotModified},
			{"a visitor sending their request's id", http.MethodGet, map[string]string{"X-Request-Id": "from-the-proxy"}, http.StatusOK},
		}
		for _, tt := range tests {
			rec := f.do(tt.method, path, tt.header)
			if rec.Code != tt.status || rec.Header().Get("X-Cache") != "hit" {
				t.Fatalf("%s %s: %d, X-Cache %q", tt.name, path, rec.Code, rec.Header().Get("X-Cache"))
			}
			if want := routed.Body.String(); tt.status == http.StatusOK && tt.method == http.MethodGet && rec.Body.String() != want {
				t.Errorf("%s %s: the body is not the router's", tt.name, path)
			}
			if tt.method == http.MethodHead && rec.Body.Len() != 0 {
				t.Errorf("%s %s: a body of %d bytes", tt.name, path, rec.Body.Len())
			}
			if got, want := headerNames(rec.Header()), append(headerNames(routed.Header()), "X-Cache"); tt.status == http.StatusOK && !slices.Equal(got, slices.Sorted(slices.Values(want))) {
				t.Errorf("%s %s: headers %v, the router's %v", tt.name, path, got, want)
			}
			for _, name := range []string{"Content-Security-Policy", "Content-Type", "Vary", "Referrer-Policy", "X-Content-Type-Options", "Permissions-Policy", "Etag"} {
				if got, want := rec.Header().Get(name), routed.Header().Get(name); got != want {
					t.Errorf("%s %s: %s %q, the router's %q", tt.name, path, name, got, want)
				}
			}
			id := rec.Header().Get("X-Request-Id")
			if want := tt.header["X-Request-Id"]; want != "" && id != want || id == "" || id == routed.Header().Get("X-Request-Id") {
				t.Errorf("%s %s: request id %q", tt.name, path, id)
			}
		}
	}
}

// What the router's middleware answers otherwise it still answers, for a
// page that is kept: a URL that is not text, a host that is no business's
// or one that sends to its business's primary host, and a booker sent
// back to the booking they made.
func TestTheFrontDoorLeavesToTheRouterWhatItWouldRefuseOrSendOn(t *testing.T) {
	f := newFixture(t, sharedRenderer(t))
	b := addSecondStudio(t, f)
	if _, err := f.pool.Exec(context.Background(), `INSERT INTO location_hosts (host, location_id, redirect) VALUES ('www.beta.example', $1, true)`, b); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the map to hear of the redirect", func() bool {
		a, ok := f.deps.Hosts.Resolve("www.beta.example")
		return ok && a.RedirectTo == hostB
	})
	if _, err := f.pool.Exec(context.Background(), `UPDATE locations SET is_default = false`); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the map to hear of no default", func() bool {
		_, ok := f.deps.Hosts.Resolve("nobody.example")
		return !ok
	})
	// Kept after the changes above, which drop the business's pages.
	waitFor(t, "/about to be kept on "+hostB, func() bool {
		return f.do(http.MethodGet, "/about", map[string]string{"Host": hostB}).Header().Get("X-Cache") == "hit"
	})
	tests := []struct {
		name, target, host string
		status             int
	}{
		{"a query that is not text", "/about?utm_source=%00", hostB, http.StatusBadRequest},
		{"a query past its limit", "/about?utm_source=" + strings.Repeat("a", 9000), hostB, http.StatusRequestURITooLong},
		{"a host nobody claims", "/about", "nobody.example", http.StatusNotFound},
		{"a host that sends to the primary", "/about", "www.beta.example", http.StatusMovedPermanently},
	}
	for _, tt := range tests {
		rec := f.do(http.MethodGet, tt.target, map[string]string{"Host": tt.host})
		if rec.Code != tt.status || rec.Header().Get("X-Cache") != "" {
			t.Errorf("%s: %d, X-Cache %q, want %d from the router", tt.name, rec.Code, rec.Header().Get("X-Cache"), tt.status)
		}
	}
}

func headerNames(h http.Header) []string {
	names := slices.Sorted(maps.Keys(h))
	return slices.DeleteFunc(names, func(n string) bool { return n == "Date" })
}

// A panic at the front door is logged; then, before anything was sent,
// the router answers as it would have; while the page is sent, the
// connection is cut (http.ErrAbortHandler) rather than a half-written page
// finished as if whole; after the page went whole, the visitor has it.
func TestAPanicAtTheFrontDoorIsLoggedAndTheAnswerIsWholeOrCut(t *testing.T) {
	var metricsPanic atomic.Bool
	f := newFixture(t, sharedRenderer(t), func(d *web.Deps, _ wiring) { d.Metrics = panickyMetrics{&metricsPanic} })
	whole := cachedOn(t, f.handler, "/").Body.String()
	tests := []struct {
		name      string
		writer    func(*httptest.ResponseRecorder) http.ResponseWriter
		inMetrics bool
		abort     bool
	}{
		{"before anything was sent", func(rec *httptest.ResponseRecorder) http.ResponseWriter {
			return &panicOnce{ResponseRecorder: rec, inHeader: true}
		}, false, false},
		{"while the page is sent", func(rec *httptest.ResponseRecorder) http.ResponseWriter {
			return &panicOnce{ResponseRecorder: rec, inWrite: true}
		}, false, true},
		{"after the page went whole", func(rec *httptest.ResponseRecorder) http.ResponseWriter { return rec }, true, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			metricsPanic.Store(tt.inMetrics)
			defer metricsPanic.Store(false)
			logged := strings.Count(f.logs.String(), "handler panicked")
			rec := httptest.NewRecorder()
			aborted := func() (aborted bool) {
				defer func() {
					if v := recover(); v != nil {
						if v != http.ErrAbortHandler {
							t.Fatalf("recovered %v, want http.ErrAbortHandler", v)
						}
						aborted = true
					}
				}()
				f.handler.ServeHTTP(tt.writer(rec), httptest.NewRequest(http.MethodGet, "/", nil))
				return false
			}()
			if aborted != tt.abort {
				t.Fatalf("the connection cut: %v, want %v", aborted, tt.abort)
			}
			if !tt.abort && (rec.Code != http.StatusOK || rec.Body.String() != whole) {
				t.Errorf("%d, %d bytes: not the whole page", rec.Code, rec.Body.Len())
			}
			if strings.Count(f.logs.String(), "handler panicked") <= logged {
				t.Error("the panic was not logged")
			}
		})
	}
}

// panicOnce panics the first time its headers or its body are touched.
type panicOnce struct {
	*httptest.ResponseRecorder
	inHeader, inWrite, done bool
}

func (w *panicOnce) Header() http.Header {
	if w.inHeader && !w.done {
		w.done = true
		panic("headers")
	}
	return w.ResponseRecorder.Header()
}

func (w *panicOnce) Write(p []byte) (int, error) {
	if w.inWrite && !w.done {
		w.done = true
		panic("write")
	}
	return w.ResponseRecorder.Write(p)
}

type panickyMetrics struct{ on *atomic.Bool }

func (m panickyMetrics) Request(string, string, int, time.Duration) {
	if m.on.Load() {
		panic("metrics")
	}
}
func (panickyMetrics) CacheLookup(bool)      {}
func (panickyMetrics) Handler() http.Handler { return http.NotFoundHandler() }
