package ssr

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"
)

const greetBundle = `
globalThis.renderPage = (url, p) => "<p>" + JSON.parse(p).name + " " + url + "</p>";
globalThis.matchRoute = (path) => path.startsWith("/slots/") ? "slot" : "none";
globalThis.answer = () => 42;
globalThis.renderEmail = async (name) => { await null; return "Hi " + name; };
globalThis.badPage = () => 7;
`

func newPool(t testing.TB, bundle string, opts Options) *Pool {
	t.Helper()
	opts.Bundle = []byte(bundle)
	if opts.BundleName == "" {
		opts.BundleName = "server.js"
	}
	if opts.Logger == nil {
		opts.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	p, err := New(opts)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	t.Cleanup(p.Close)
	return p
}

func TestRenderAndCallReturnTheFunctionResult(t *testing.T) {
	p := newPool(t, greetBundle, Options{Workers: 1})
	ctx := context.Background()

	got, err := p.Render(ctx, "/home", []byte(`{"name":"Ada"}`))
	if err != nil || got != "<p>Ada /home</p>" {
		t.Fatalf("Render = %q, %v", got, err)
	}

	tests := []struct {
		name, fn string
		args     []string
		want     string
		wantErr  string
	}{
		{"string result", "matchRoute", []string{"/slots/3"}, "slot", ""},
		{"number converted to string", "answer", nil, "42", ""},
		{"promise is settled", "renderEmail", []string{"Bo"}, "Hi Bo", ""},
		{"missing function", "nope", nil, "", "globalThis.nope is not a function"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := p.Call(ctx, tc.fn, tc.args...)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("Call(%s) err = %v, want %q", tc.fn, err, tc.wantErr)
				}
				return
			}
			if err != nil || got != tc.want {
				t.Fatalf("Call(%s) = %q, %v; want %q", tc.fn, got, err, tc.want)
			}
		})
	}
}

// sharedBundle's renderPage answers the name in the payload, the greeting
// kept under the key it is given, and whether its JSON came with this call.
const sharedBundle = `
const kept = new Map();
globalThis.renderPage = async (url, p, key, json) => {
  const page = JSON.parse(p);
  if (json) kept.set(key, JSON.parse(json));
  if (!kept.has(key)) throw new Error("no " + key);
  if (page.fail) throw new Error("failed");
  return kept.get(key).greeting + " " + page.name + (json ? " (sent)" : "");
};
`

// A value many renders share is sent to an isolate once, kept by key, and
// sent again only to a new isolate or after a call that failed.
func TestASharedValueIsSentToAnIsolateOnce(t *testing.T) {
	p := newPool(t, sharedBundle, Options{Workers: 1, MaxRenders: 5})
	ctx := context.Background()
	hello := Shared{Key: "en", JSON: []byte(`{"greeting":"Hello"}`)}
	hallo := Shared{Key: "de", JSON: []byte(`{"greeting":"Hallo"}`)}
	steps := []struct {
		name    string
		payload string
		shared  Shared
		want    string
		wantErr bool
	}{
		{"the first use sends it", `{"name":"Ada"}`, hello, "Hello Ada (sent)", false},
		{"the isolate keeps it", `{"name":"Bo"}`, hello, "Hello Bo", false},
		{"another key is sent", `{"name":"Cy"}`, hallo, "Hallo Cy (sent)", false},
		{"a failed render", `{"name":"Di","fail":true}`, hallo, "", true},
		{"kept after a failure", `{"name":"Ed"}`, hallo, "Hallo Ed", false},
		// MaxRenders 5: the isolate that served the five above is replaced.
		{"a new isolate is sent it again", `{"name":"Fa"}`, hello, "Hello Fa (sent)", false},
	}
	for _, st := range steps {
		got, err := p.RenderWith(ctx, "/", []byte(st.payload), st.shared)
		if (err != nil) != st.wantErr || got != st.want {
			t.Fatalf("%s: RenderWith = %q, %v; want %q (error: %v)", st.name, got, err, st.want, st.wantErr)
		}
	}
}

// A call that fails before the isolate took the value sends it again.
func TestASharedValueAFailedCallDidNotTakeIsSentAgain(t *testing.T) {
	p := newPool(t, sharedBundle, Options{Workers: 1})
	ctx := context.Background()
	if _, err := p.RenderWith(ctx, "/", []byte(`{"name":`), Shared{Key: "en", JSON: []byte(`{"greeting":"Hi"}`)}); err == nil {
		t.Fatal("a payload that is not JSON rendered")
	}
	got, err := p.RenderWith(ctx, "/", []byte(`{"name":"Ada"}`), Shared{Key: "en", JSON: []byte(`{"greeting":"Hi"}`)})
	if err != nil || got != "Hi Ada (sent)" {
		t.Fatalf("RenderWith = %q, %v; want the value sent again", got, err)
	}
}

func TestRenderRejectsNonStringResult(t *testing.T) {
	p := newPool(t, `globalThis.renderPage = () => undefined;`, Options{Workers: 1})
	_, err := p.Render(context.Background(), "/", []byte(`{}`))
	if err == nil || !strings.Contains(err.Error(), "returned undefined") {
		t.Fatalf("err = %v, want a 'returned undefined' error", err)
	}
}

func TestBundleSeesSelfAndGlobalButNoWindow(t *testing.T) {
	p := newPool(t, `
globalThis.renderPage = () => "";
globalThis.env = () => [typeof window, self === globalThis, global === globalThis, typeof console.debug].join(",");
`, Options{Workers: 1})
	got, err := p.Call(context.Background(), "env")
	if err != nil || got != "undefined,true,true,function" {
		t.Fatalf("env = %q, %v", got, err)
	}
}

func TestConcurrentRendersOnTwoWorkersGetTheirOwnResults(t *testing.T) {
	p := newPool(t, greetBundle, Options{Workers: 2})
	const n = 64
	var wg sync.WaitGroup
	errs := make(chan error, n)
	for i := range n {
		wg.Go(func() {
			url := fmt.Sprintf("/u/%d", i)
			got, err := p.Render(context.Background(), url, fmt.Appendf(nil, `{"name":"n%d"}`, i))
			want := fmt.Sprintf("<p>n%d %s</p>", i, url)
			if err != nil || got != want {
				errs <- fmt.Errorf("render %d = %q, %v; want %q", i, got, err, want)
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	if s := p.Stats(); s.Renders != n || s.Workers != 2 {
		t.Errorf("Stats = %+v, want %d renders on 2 workers", s, n)
	}
}

func TestInfiniteLoopIsTerminatedAtDeadline(t *testing.T) {
	p := newPool(t, `
globalThis.renderPage = (url) => { if (url === "/loop") { for (;;) {} } return "ok " + url; };
`, Options{Workers: 1, Deadline: 200 * time.Millisecond})

	start := time.Now()
	_, err := p.Render(context.Background(), "/loop", []byte(`{}`))
	if !errors.Is(err, ErrTimeout) {
		t.Fatalf("err = %v, want ErrTimeout", err)
	}
	if d := time.Since(start); d < 200*time.Millisecond || d > 5*time.Second {
		t.Errorf("timed out after %s, want about 200ms", d)
	}

	got, err := p.Render(context.Background(), "/next", []byte(`{}`))
	if err != nil || got != "ok /next" {
		t.Fatalf("after timeout Render = %q, %v", got, err)
	}
	if s := p.Stats(); s.Timeouts != 1 || s.Recycles != 1 {
		t.Errorf("Stats = %+v, want 1 timeout and 1 recycle", s)
	}
	if !p.Ready() {
		t.Error("pool not ready after replacing the timed-out isolate")
	}
}

func TestExceptionsSurfaceAsJSErrorWithStack(t *testing.T) {
	p := newPool(t, `
function explode(what) { throw new Error("boom " + what); }
globalThis.renderPage = function renderPage(url) { return explode(url); };
async function rejectLater(what) { await null; explode(what); }
globalThis.asyncBoom = function asyncBoom(x) { return rejectLater(x); };
`, Options{Workers: 1})

	tests := []struct {
		name string
		call func() (string, error)
		msg  string
	}{
		{"thrown from nested function", func() (string, error) {
			return p.Render(context.Background(), "/x", []byte(`{}`))
		}, "Error: boom /x"},
		{"rejected promise", func() (string, error) {
			return p.Call(context.Background(), "asyncBoom", "y")
		}, "Error: boom y"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := tc.call()
			var je *JSError
			if !errors.As(err, &je) {
				t.Fatalf("err = %v (%T), want *JSError", err, err)
			}
			if je.Message != tc.msg {
				t.Errorf("Message = %q, want %q", je.Message, tc.msg)
			}
			for _, s := range []string{"server.js", "explode"} {
				if !strings.Contains(je.Stack, s) {
					t.Errorf("Stack %q does not mention %q", je.Stack, s)
				}
			}
			if !strings.Contains(err.Error(), "server.js:") {
				t.Errorf("Error() = %q, want a server.js location", err.Error())
			}
		})
	}
	if got, err := p.Call(context.Background(), "String", "still alive"); err != nil || got != "still alive" {
		t.Fatalf("after exceptions Call = %q, %v", got, err)
	}
}

func TestNewRejectsBadBundles(t *testing.T) {
	tests := []struct {
		name, bundle string
		want         []string
		jsError      bool
	}{
		{"throws on evaluation", "function init() { throw new Error('no config'); }\ninit();",
			[]string{"evaluating server.js", "no config", "at init (server.js:1"}, true},
		{"syntax error", "globalThis.renderPage = (", []string{"evaluating server.js", "SyntaxError"}, true},
		{"no renderPage", "globalThis.other = () => ''", []string{"does not define globalThis.renderPage", "undefined"}, false},
		{"renderPage not a function", "globalThis.renderPage = 'x'", []string{"does not define globalThis.renderPage"}, false},
		{"endless top level", "for (;;) {}", []string{"did not finish within 1s"}, false},
		{"empty", "", []string{"empty bundle"}, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p, err := New(Options{Bundle: []byte(tc.bundle), BundleName: "server.js", Workers: 2,
				Deadline: 50 * time.Millisecond, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
			if err == nil {
				p.Close()
				t.Fatal("New succeeded")
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not contain %q", err, w)
				}
			}
			var je *JSError
			if errors.As(err, &je) != tc.jsError {
				t.Errorf("errors.As(*JSError) = %v, want %v", !tc.jsError, tc.jsError)
			}
		})
	}
}

// syncBuffer is a bytes.Buffer safe for the worker goroutine to write while
// the test reads.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func TestConsoleReachesTheLogger(t *testing.T) {
	var buf syncBuffer
	logger := slog.New(slog.NewTextHandler(&buf, &slog.HandlerOptions{Level: slog.LevelDebug}))
	p := newPool(t, `
console.log("bundle loaded");
globalThis.renderPage = (url) => {
  const loop = {}; loop.self = loop;
  console.error("failed", url, {code: 7});
  console.warn("careful");
  console.debug("detail", loop);
  return "ok";
};
`, Options{Workers: 1, Logger: logger})
	if _, err := p.Render(context.Background(), "/e", []byte(`{}`)); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	for _, want := range []string{
		`level=INFO msg="bundle loaded" source=js worker=0`,
		`level=ERROR msg="failed /e {\"code\":7}" source=js worker=0`,
		`level=WARN msg=careful source=js worker=0`,
		`level=DEBUG msg="detail [object Object]" source=js worker=0`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("log does not contain %s\n--- log:\n%s", want, out)
		}
	}
}

func TestRecyclesAfterMaxRendersAndKeepsRendering(t *testing.T) {
	// The counter lives in the isolate, so it restarts after each recycle.
	p := newPool(t, `let n = 0; globalThis.renderPage = (url) => url + ":" + (++n);`,
		Options{Workers: 1, MaxRenders: 10})
	for i := range 25 {
		got, err := p.Render(context.Background(), "/r", []byte(`{}`))
		want := fmt.Sprintf("/r:%d", i%10+1)
		if err != nil || got != want {
			t.Fatalf("render %d = %q, %v; want %q", i, got, err, want)
		}
	}
	if s := p.Stats(); s.Recycles < 2 || s.Renders != 25 {
		t.Errorf("Stats = %+v, want >= 2 recycles after 25 renders", s)
	}
}

func TestRecyclesWhenHeapExceedsLimit(t *testing.T) {
	p := newPool(t, `
const keep = [];
globalThis.renderPage = () => { keep.push(new Array(250000).fill(0)); return String(keep.length); };
`, Options{Workers: 1, MaxHeapBytes: 8 << 20})
	restarted := false
	for i := range 20 {
		got, err := p.Render(context.Background(), "/", []byte(`{}`))
		if err != nil {
			t.Fatal(err)
		}
		// keep lives in the isolate: it starts again from 1 after a recycle.
		if i > 0 && got == "1" {
			restarted = true
		}
	}
	if s := p.Stats(); s.Recycles == 0 || !restarted {
		t.Errorf("Stats = %+v, restarted = %v; want a heap recycle", s, restarted)
	}
}

func TestCloseIsIdempotentAndLaterCallsGetErrClosed(t *testing.T) {
	p := newPool(t, greetBundle, Options{Workers: 2})
	if !p.Ready() {
		t.Fatal("new pool not ready")
	}
	p.Close()
	p.Close()
	if p.Ready() {
		t.Error("closed pool reports ready")
	}
	if _, err := p.Render(context.Background(), "/", []byte(`{"name":"x"}`)); !errors.Is(err, ErrClosed) {
		t.Errorf("Render after Close err = %v, want ErrClosed", err)
	}
	if _, err := p.Call(context.Background(), "answer"); !errors.Is(err, ErrClosed) {
		t.Errorf("Call after Close err = %v, want ErrClosed", err)
	}
}

func TestContextEndsWaitForWorker(t *testing.T) {
	p := newPool(t, `
globalThis.renderPage = (url) => { const end = Date.now() + 300; while (Date.now() < end) {} return url; };
`, Options{Workers: 1})

	busy := make(chan error, 1)
	go func() {
		_, err := p.Render(context.Background(), "/slow", []byte(`{}`))
		busy <- err
	}()
	time.Sleep(50 * time.Millisecond) // let the slow render take the only worker

	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	if _, err := p.Render(ctx, "/queued", []byte(`{}`)); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("queued Render err = %v, want context.DeadlineExceeded", err)
	}
	cancelled, cancel2 := context.WithCancel(context.Background())
	cancel2()
	if _, err := p.Render(cancelled, "/", []byte(`{}`)); !errors.Is(err, context.Canceled) {
		t.Errorf("Render with cancelled ctx err = %v, want context.Canceled", err)
	}
	if err := <-busy; err != nil {
		t.Errorf("slow render: %v", err)
	}
}

// With recycling disabled, leaking the argument and result handles would keep
// every ~20 KB payload and ~20 KB page alive: 3000 renders would hold well
// over 100 MB of V8 heap. Released values keep it to a few MB.
func TestMemoryStaysBoundedOverManyRenders(t *testing.T) {
	if testing.Short() {
		t.Skip("3000 renders")
	}
	p := newPool(t, `
globalThis.renderPage = (url, payload) => {
  const data = JSON.parse(payload);
  return "<ul data-url='" + url + "'>" + data.items.map((it) => "<li>" + it + "</li>").join("") + "</ul>";
};
`, Options{Workers: 1, MaxRenders: 1 << 30, MaxHeapBytes: 1 << 40})

	items := make([]string, 0, 1000)
	for i := range 1000 {
		items = append(items, fmt.Sprintf(`"item-%05d-abcdef"`, i))
	}
	payload := `{"items":[` + strings.Join(items, ",") + `]}`
	if len(payload) < 20_000 {
		t.Fatalf("payload is %d bytes, want ~20 KB", len(payload))
	}

	const renders = 3000
	var heapAt1000 uint64
	for i := range renders {
		// Distinct strings each time so nothing can be shared or cached.
		out, err := p.Render(context.Background(), fmt.Sprintf("/m/%d", i), []byte(payload))
		if err != nil {
			t.Fatalf("render %d: %v", i, err)
		}
		if len(out) < 20_000 {
			t.Fatalf("render %d returned %d bytes", i, len(out))
		}
		if i == 1000 {
			heapAt1000 = p.Stats().HeapUsed
		}
	}
	s := p.Stats()
	t.Logf("used heap after 1000 renders: %.1f MB, after %d: %.1f MB", mb(heapAt1000), renders, mb(s.HeapUsed))
	if s.Recycles != 0 {
		t.Fatalf("Recycles = %d; recycling must be off for this check", s.Recycles)
	}
	const bound = 32 << 20
	if s.HeapUsed > bound {
		t.Errorf("used heap %.1f MB after %d renders exceeds %.0f MB: values are leaking", mb(s.HeapUsed), renders, mb(bound))
	}
}

func mb(n uint64) float64 { return float64(n) / (1 << 20) }

func BenchmarkRender(b *testing.B) {
	p := newPool(b, greetBundle, Options{Workers: 2})
	payload := []byte(`{"name":"bench"}`)
	b.ReportAllocs()
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			if _, err := p.Render(context.Background(), "/bench", payload); err != nil {
				b.Error(err)
				return
			}
		}
	})
}
