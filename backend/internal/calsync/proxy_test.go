package calsync_test

import (
	"io"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"sync"
	"testing"
	"time"
)

// watch stands between the service and a server: it counts requests by
// method, the most in flight at once, and can stop answering (holding
// each request until its client gives up).
type watch struct {
	mu       sync.Mutex
	methods  map[string]int
	inFlight int
	most     int
	silent   bool
	URL      string
}

func newWatch(t *testing.T, target string) *watch { return newWatchTB(t, target) }

func newWatchTB(t testing.TB, target string) *watch {
	t.Helper()
	u, err := url.Parse(target)
	if err != nil {
		t.Fatal(err)
	}
	w := &watch{methods: map[string]int{}}
	proxy := httputil.NewSingleHostReverseProxy(u)
	srv := httptest.NewServer(http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		w.mu.Lock()
		w.methods[r.Method]++
		w.inFlight++
		w.most = max(w.most, w.inFlight)
		silent := w.silent
		w.mu.Unlock()
		defer func() { w.mu.Lock(); w.inFlight--; w.mu.Unlock() }()
		if silent {
			// Read the request first: only then does the server notice
			// the client hanging up.
			_, _ = io.Copy(io.Discard, r.Body)
			select {
			case <-r.Context().Done():
			case <-time.After(10 * time.Second):
			}
			return
		}
		proxy.ServeHTTP(rw, r)
	}))
	t.Cleanup(srv.Close)
	w.URL = srv.URL
	return w
}

func (w *watch) reset() {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.methods, w.most = map[string]int{}, 0
}

func (w *watch) total() int {
	w.mu.Lock()
	defer w.mu.Unlock()
	n := 0
	for _, c := range w.methods {
		n += c
	}
	return n
}

func (w *watch) mostAtOnce() int {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.most
}

func (w *watch) goSilent() {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.silent = true
}

func (w *watch) goLoud() {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.silent = false
}
