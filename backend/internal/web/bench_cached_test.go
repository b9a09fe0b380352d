package web_test

import (
	"io"
	"log/slog"
	"maps"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"slotwise/backend/internal/clock"
	"slotwise/backend/internal/logqueue"
	"slotwise/backend/internal/metrics"
	"slotwise/backend/internal/web"
)

// BenchmarkCachedPage is a cached page's cost in the server's own code,
// net/http's left out: the handler as served (the request log at its
// default level, metrics, the business found by its host) answering a
// hit, beside a plain handler writing the very same headers and bytes.
// Their difference is what a cached page pays over plain net/http on
// every request; make bench prints it beside the pages' wrk figures.
func BenchmarkCachedPage(b *testing.B) {
	queue := logqueue.New(io.Discard, slog.LevelInfo, logqueue.Options{})
	b.Cleanup(func() { _ = queue.Close() })
	logger := slog.New(web.LogHandler(queue.Handler()))
	f := newFixture(b, sharedRenderer(b), func(d *web.Deps, w wiring) {
		d.Logger = logger
		d.Metrics = metrics.New(w.pool, logger, clock.Now)
	})
	for _, page := range []struct{ name, path string }{
		{"home", "/"},
		{"post", "/blog/b/winter-skin/"},
		{"booking", "/widget/bookings/demo-consultation"},
	} {
		// The fixture's own writes may still drop a page just kept: asked
		// for until it is a hit.
		again := f.do(http.MethodGet, page.path, nil)
		for range 50 {
			if again.Header().Get("X-Cache") == "hit" {
				break
			}
			time.Sleep(20 * time.Millisecond)
			again = f.do(http.MethodGet, page.path, nil)
		}
		if again.Code != http.StatusOK || again.Header().Get("X-Cache") != "hit" {
			b.Fatalf("%s: %d, X-Cache %q", page.path, again.Code, again.Header().Get("X-Cache"))
		}
		body, header := again.Body.Bytes(), again.Header().Clone()
		req := httptest.NewRequest(http.MethodGet, page.path, nil)
		b.Run(page.name+"/server", func(b *testing.B) {
			w := &discardWriter{}
			b.ReportAllocs()
			for b.Loop() {
				w.reset()
				f.handler.ServeHTTP(w, req)
			}
			if w.status != http.StatusOK {
				b.Fatalf("status %d", w.status)
			}
		})
		b.Run(page.name+"/plain", func(b *testing.B) {
			plain := http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
				maps.Copy(w.Header(), header)
				_, _ = w.Write(body)
			})
			w := &discardWriter{}
			b.ReportAllocs()
			for b.Loop() {
				w.reset()
				plain.ServeHTTP(w, req)
			}
		})
	}
}

// discardWriter is a ResponseWriter that keeps nothing but the status: a
// fresh header map each request, as net/http gives.
type discardWriter struct {
	header http.Header
	status int
}

func (w *discardWriter) reset()              { w.header, w.status = http.Header{}, 0 }
func (w *discardWriter) Header() http.Header { return w.header }
func (w *discardWriter) WriteHeader(s int) {
	if w.status == 0 {
		w.status = s
	}
}
func (w *discardWriter) Write(p []byte) (int, error) {
	w.WriteHeader(http.StatusOK)
	return len(p), nil
}
