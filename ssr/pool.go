// Package ssr server-renders pages with a pool of V8 isolates that call
// global functions defined by a JavaScript bundle. It knows nothing of the
// domain, and it is the only package allowed to import v8go (its engine,
// V8 13.6 through github.com/tommie/v8go, is named in engine_v8_13.go only).
//
// Why it is built this way:
//
//   - One goroutine per isolate. A V8 isolate must not be used by two
//     threads at once, so each worker goroutine owns one isolate and one
//     long-lived context (the bundle is evaluated once per isolate, not per
//     request), locks itself to its OS thread, and receives work over a
//     channel. No other goroutine touches the isolate, except the watchdog,
//     which calls TerminateExecution, the one method V8 allows from another
//     thread.
//   - Serialized creation. Creating isolates concurrently has crashed v8go,
//     so New starts workers one after another and every later creation or
//     disposal (recycle, timeout) takes a package-level mutex.
//   - Release. Every *v8go.Value handed to Go is a persistent handle that
//     V8 cannot collect until it is released or its context is closed. The
//     context here lives for thousands of renders, so each call releases the
//     function, the arguments and the result it created; without that the
//     heap and RSS grow by the size of every payload and page rendered.
//     Isolates are also recycled after MaxRenders calls or when their used
//     heap passes MaxHeapBytes, as a backstop against leaks in the bundle.
//   - Deadline. A call running past Options.Deadline is terminated, reported
//     as ErrTimeout, and its isolate replaced (a terminated isolate may still
//     carry the termination).
//
// A caller whose context is cancelled while its call runs gets ctx.Err() at
// once, but the call itself is left to finish (it is bounded by Deadline):
// terminating it would force an isolate rebuild, so clients that disconnect
// could make the pool spend its time re-evaluating the bundle.
package ssr

import (
	"context"
	"errors"
	"log/slog"
	"runtime"
	"sync"
	"sync/atomic"
	"time"
)

// Options configures a Pool. Zero values take the documented defaults.
type Options struct {
	// Bundle is the JavaScript source of the server bundle. It is evaluated
	// once per isolate and must define
	// globalThis.renderPage(url string, payloadJSON string) string, or one
	// answering a promise of it that settles without an event loop.
	Bundle []byte
	// BundleName is the file name used in stack traces, e.g. "server.js".
	BundleName string
	// Workers is the number of isolates; default runtime.NumCPU().
	Workers int
	// Deadline bounds each call; default 2s. Evaluating the bundle in a new
	// isolate is bounded by 10×Deadline (at least 1s).
	Deadline time.Duration
	// MaxRenders recycles an isolate after this many calls; default 5000.
	MaxRenders int
	// MaxHeapBytes recycles an isolate when its used heap exceeds this
	// after a call; default 256 MiB.
	MaxHeapBytes uint64
	// Logger receives console output from JS and the pool's own events;
	// default slog.Default().
	Logger *slog.Logger
	// Observe, when set, hears of every call a worker ran (metrics). It
	// runs on the worker's thread: it must be quick.
	Observe func(Observation)
}

// Observation is one call as a worker ran it.
type Observation struct {
	Fn      string        // renderPage, renderEmail, …
	Wait    time.Duration // in the queue, before a worker took it
	Took    time.Duration // in the isolate
	Err     error
	Recycle string // why the isolate is replaced after it ("" when it is not)
}

// Stats are counters since New.
type Stats struct {
	Workers  int
	Renders  uint64 // calls that reached a worker (Render and Call)
	Recycles uint64 // isolates replaced, for any reason including timeouts
	Timeouts uint64 // calls terminated at the deadline
	HeapUsed uint64 // sum of the workers' used V8 heap after their last call
}

// Pool renders by calling into a fixed set of warm isolates.
type Pool struct {
	opts    Options
	bundle  string
	log     *slog.Logger
	workers []*worker

	reqs      chan *request
	closing   chan struct{}
	closeOnce sync.Once
	closed    atomic.Bool
	wg        sync.WaitGroup

	broken   atomic.Int64 // workers whose rebuild keeps failing
	renders  atomic.Uint64
	recycles atomic.Uint64
	timeouts atomic.Uint64
}

// New starts the workers one after another, each evaluating the bundle in
// its own isolate, and returns once all are warm. It fails if the bundle
// throws (the error carries the JS stack and wraps a *JSError) or does not
// define renderPage.
func New(opts Options) (*Pool, error) {
	if len(opts.Bundle) == 0 {
		return nil, errors.New("ssr: empty bundle")
	}
	if opts.BundleName == "" {
		opts.BundleName = "bundle.js"
	}
	if opts.Workers <= 0 {
		opts.Workers = runtime.NumCPU()
	}
	if opts.Deadline <= 0 {
		opts.Deadline = 2 * time.Second
	}
	if opts.MaxRenders <= 0 {
		opts.MaxRenders = 5000
	}
	if opts.MaxHeapBytes == 0 {
		opts.MaxHeapBytes = 256 << 20
	}
	if opts.Logger == nil {
		opts.Logger = slog.Default()
	}
	p := &Pool{
		opts:    opts,
		bundle:  string(opts.Bundle),
		log:     opts.Logger,
		reqs:    make(chan *request),
		closing: make(chan struct{}),
	}
	for i := range opts.Workers {
		w := &worker{id: i, pool: p}
		ready := make(chan error, 1)
		p.wg.Add(1)
		go w.run(ready)
		if err := <-ready; err != nil {
			p.Close()
			return nil, err
		}
		p.workers = append(p.workers, w)
	}
	return p, nil
}

// Render calls globalThis.renderPage(url, payloadJSON) on a free worker and
// returns its result, which must be a string (a promise resolving to one is
// accepted if it settles without an event loop). It waits for a worker as
// long as ctx allows; see the package doc for cancellation mid-render.
// Errors: ctx.Err(), ErrClosed, an error wrapping ErrTimeout, or *JSError.
func (p *Pool) Render(ctx context.Context, url string, payloadJSON []byte) (string, error) {
	return p.do(ctx, &request{fn: "renderPage", args: []string{url, string(payloadJSON)}, strict: true})
}

// Shared is a value many renders hand over unchanged, under a key that
// names its content (a page's messages: the same for every page of a
// layout in a language, and most of what a render would otherwise parse).
// An isolate is sent it once and keeps it, parsed, for as long as it lives.
type Shared struct {
	Key  string
	JSON []byte
}

// RenderWith is Render with shared: renderPage gets its key as a third
// argument, and its JSON as a fourth the first time the isolate meets the
// key (an empty string after, when the isolate has it).
func (p *Pool) RenderWith(ctx context.Context, url string, payloadJSON []byte, shared Shared) (string, error) {
	return p.do(ctx, &request{fn: "renderPage", args: []string{url, string(payloadJSON)}, shared: &shared, strict: true})
}

// Call calls globalThis[fn](args...) with string arguments and returns
// String(result) (after settling a returned promise, as Render does). It is
// for entry points other than renderPage, e.g. matchRoute or renderEmail.
func (p *Pool) Call(ctx context.Context, fn string, args ...string) (string, error) {
	return p.do(ctx, &request{fn: fn, args: args})
}

func (p *Pool) do(ctx context.Context, req *request) (string, error) {
	if p.closed.Load() {
		return "", ErrClosed
	}
	if err := ctx.Err(); err != nil {
		return "", err
	}
	req.ctx, req.queued = ctx, time.Now() // real time: how long a render waited
	req.resp = make(chan result, 1)
	select {
	case p.reqs <- req:
	case <-ctx.Done():
		return "", ctx.Err()
	case <-p.closing:
		return "", ErrClosed
	}
	select {
	case r := <-req.resp:
		return r.s, r.err
	case <-ctx.Done():
		return "", ctx.Err()
	}
}

// Ready reports whether the pool can serve: New has warmed every worker,
// Close has not been called, and no worker is stuck failing to rebuild its
// isolate. A routine recycle does not make it false.
func (p *Pool) Ready() bool {
	return !p.closed.Load() && p.broken.Load() == 0
}

// Stats returns the pool's counters.
func (p *Pool) Stats() Stats {
	s := Stats{
		Workers:  len(p.workers),
		Renders:  p.renders.Load(),
		Recycles: p.recycles.Load(),
		Timeouts: p.timeouts.Load(),
	}
	for _, w := range p.workers {
		s.HeapUsed += w.heapUsed.Load()
	}
	return s
}

// Close stops the workers, waiting for calls in progress (each bounded by
// Deadline), and disposes the isolates. It is safe to call more than once;
// Render and Call return ErrClosed afterwards.
func (p *Pool) Close() {
	p.closeOnce.Do(func() {
		p.closed.Store(true)
		close(p.closing)
	})
	p.wg.Wait()
}
