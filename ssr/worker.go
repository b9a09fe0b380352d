package ssr

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"time"
)

// createMu serializes isolate creation and disposal across every Pool in the
// process: concurrent isolate creation has crashed v8go.
var createMu sync.Mutex

// worker owns one isolate and one long-lived context. All its fields except
// the watchdog ones and heapUsed are touched only by its own goroutine.
type worker struct {
	id   int
	pool *Pool

	iso     *v8Isolate
	ctx     *v8Context
	global  *v8Object       // released with ctx
	renders int             // calls served by the current isolate
	shared  map[string]bool // keys of the Shared values the current isolate keeps
	reqCtx  context.Context // context of the call in progress, for console
	broken  bool            // counted in pool.broken

	heapUsed atomic.Uint64 // used heap after the last call, for Stats

	// Watchdog. gen identifies the armed call so that a timer which fires
	// late, after its call was disarmed, can never terminate a later one.
	mu      sync.Mutex
	gen     uint64
	armed   bool
	expired bool
	timer   *time.Timer // touched only by the worker goroutine
}

type request struct {
	ctx    context.Context
	queued time.Time // when it was handed to the pool
	fn     string
	args   []string
	strict bool    // the result must be a string (Render)
	shared *Shared // handed over after args, its JSON once an isolate (RenderWith)
	resp   chan result
}

type result struct {
	s   string
	err error
}

// run is the worker goroutine. It reports the outcome of the first build on
// ready, then serves requests until the pool closes.
func (w *worker) run(ready chan<- error) {
	defer w.pool.wg.Done()
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	w.reqCtx = context.Background()

	if err := w.build(); err != nil {
		ready <- err
		return
	}
	ready <- nil
	defer w.dispose()

	for {
		select {
		case <-w.pool.closing:
			return
		case req := <-w.pool.reqs:
			res, recycle := w.handle(req)
			req.resp <- res // buffered: never blocks
			if recycle != "" && !w.rebuild(recycle) {
				return
			}
		}
	}
}

// handle runs one request under the watchdog. A non-empty reason means the
// isolate must be replaced before serving again.
func (w *worker) handle(req *request) (res result, reason string) {
	if err := req.ctx.Err(); err != nil {
		return result{err: err}, "" // caller gave up while we were busy
	}
	p := w.pool
	p.renders.Add(1)
	w.renders++
	w.reqCtx = req.ctx
	defer func() { w.reqCtx = context.Background() }()
	if observe := p.opts.Observe; observe != nil {
		began := time.Now() // real time: how long a render took
		defer func() {
			observe(Observation{Fn: req.fn, Wait: began.Sub(req.queued), Took: time.Since(began), Err: res.err, Recycle: reason}) // real time: how long the render took
		}()
	}

	gen := w.arm(p.opts.Deadline)
	s, err := w.call(req)
	if w.disarm(gen) {
		p.timeouts.Add(1)
		p.log.Warn("ssr: call exceeded deadline, execution terminated",
			"worker", w.id, "fn", req.fn, "deadline", p.opts.Deadline)
		return result{err: fmt.Errorf("%w: %s ran longer than %s", ErrTimeout, req.fn, p.opts.Deadline)}, "timeout"
	}

	heap := w.iso.GetHeapStatistics().UsedHeapSize
	w.heapUsed.Store(heap)
	switch {
	case w.renders >= p.opts.MaxRenders:
		reason = "max renders"
	case heap > p.opts.MaxHeapBytes:
		reason = "max heap"
	}
	return result{s: s, err: err}, reason
}

// call invokes globalThis[req.fn](...req.args), releasing every value it
// creates: each one is a persistent handle that V8 cannot collect otherwise.
func (w *worker) call(req *request) (string, error) {
	fnVal, err := w.global.Get(req.fn)
	if err != nil {
		return "", fromV8(err)
	}
	defer fnVal.Release()
	fn, err := fnVal.AsFunction()
	if err != nil {
		return "", fmt.Errorf("ssr: globalThis.%s is not a function", req.fn)
	}

	args := make([]v8Valuer, 0, len(req.args))
	defer func() {
		for _, a := range args {
			a.(*v8Value).Release()
		}
	}()
	values := req.args
	if sh := req.shared; sh != nil {
		json := "" // the isolate keeps it
		if !w.shared[sh.Key] {
			json = string(sh.JSON)
		}
		values = append(slices.Clip(req.args), sh.Key, json)
	}
	for _, a := range values {
		v, err := newValue(w.iso, a)
		if err != nil {
			return "", err
		}
		args = append(args, v)
	}

	ret, err := fn.Call(w.global, args...)
	if err != nil {
		return "", fromV8(err)
	}
	defer ret.Release()
	out := ret
	if ret.IsPromise() {
		settled, err := w.settle(ret, req.fn)
		if err != nil {
			return "", err
		}
		defer settled.Release()
		out = settled
	}
	if req.strict && !out.IsString() {
		return "", fmt.Errorf("ssr: %s returned %s, want a string", req.fn, kind(out))
	}
	if req.shared != nil {
		// Kept from a call that succeeded: one that failed may have failed
		// to parse it, and is sent it again.
		w.shared[req.shared.Key] = true
	}
	return out.String(), nil
}

// settle runs the microtask queue so an async entry point can finish. There
// is no event loop, so a promise that waits on timers or I/O never settles.
// The caller releases the returned value.
func (w *worker) settle(v *v8Value, fn string) (*v8Value, error) {
	prom, _ := v.AsPromise()
	if prom.State() == promisePending {
		w.ctx.PerformMicrotaskCheckpoint()
	}
	switch prom.State() {
	case promiseFulfilled:
		return prom.Result(), nil
	case promiseRejected:
		reason := prom.Result()
		defer reason.Release()
		return nil, rejection(reason)
	default:
		return nil, fmt.Errorf("ssr: %s returned a promise that did not settle (there is no event loop)", fn)
	}
}

// rejection turns a promise rejection reason into a *JSError.
func rejection(reason *v8Value) error {
	e := &JSError{Message: reason.String()}
	if obj, err := reason.AsObject(); err == nil {
		if st, err := obj.Get("stack"); err == nil {
			if st.IsString() {
				e.Stack = st.String()
			}
			st.Release()
		}
	}
	return e
}

func kind(v *v8Value) string {
	switch {
	case v.IsUndefined():
		return "undefined"
	case v.IsNull():
		return "null"
	case v.IsNumber():
		return "a number"
	case v.IsBoolean():
		return "a boolean"
	case v.IsArray():
		return "an array"
	case v.IsFunction():
		return "a function"
	case v.IsObject():
		return "an object"
	default:
		return "a non-string value"
	}
}

// arm starts the watchdog for one call. TerminateExecution is the one
// isolate method V8 allows from another thread.
func (w *worker) arm(d time.Duration) uint64 {
	w.mu.Lock()
	w.gen++
	gen, iso := w.gen, w.iso
	w.armed, w.expired = true, false
	w.mu.Unlock()
	w.timer = time.AfterFunc(d, func() {
		w.mu.Lock()
		defer w.mu.Unlock()
		if w.armed && w.gen == gen {
			w.expired = true
			iso.TerminateExecution()
		}
	})
	return gen
}

// disarm stops the watchdog and reports whether it fired. After disarm the
// timer can no longer touch the isolate. If it fired, the isolate may still
// carry a pending termination and must be replaced.
func (w *worker) disarm(gen uint64) (expired bool) {
	w.timer.Stop() // if it is already running, the gen check below covers it
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.gen == gen {
		w.armed = false
	}
	return w.expired
}

// build creates the isolate and context, installs console and evaluates the
// bundle. Creation is serialized process-wide by createMu.
func (w *worker) build() (err error) {
	p := w.pool
	createMu.Lock()
	defer createMu.Unlock()

	w.iso = newIsolate()
	w.ctx = newContext(w.iso)
	w.global = w.ctx.Global()
	w.renders = 0
	w.shared = map[string]bool{}
	defer func() {
		if err != nil {
			w.disposeLocked()
		}
	}()

	if err := w.installConsole(); err != nil {
		return err
	}

	limit := max(10*p.opts.Deadline, time.Second)
	gen := w.arm(limit)
	v, err := w.ctx.RunScript(p.bundle, p.opts.BundleName)
	if w.disarm(gen) {
		if err == nil {
			v.Release()
		}
		return fmt.Errorf("ssr: evaluating %s did not finish within %s", p.opts.BundleName, limit)
	}
	if err != nil {
		err = fromV8(err)
		var je *JSError
		if errors.As(err, &je) && je.Stack != "" {
			return fmt.Errorf("ssr: evaluating %s: %w\n%s", p.opts.BundleName, err, je.Stack)
		}
		return fmt.Errorf("ssr: evaluating %s: %w", p.opts.BundleName, err)
	}
	v.Release()

	rp, err := w.global.Get("renderPage")
	if err != nil {
		return fmt.Errorf("ssr: reading renderPage: %w", fromV8(err))
	}
	defer rp.Release()
	if !rp.IsFunction() {
		return fmt.Errorf("ssr: %s does not define globalThis.renderPage as a function (it is %s)",
			p.opts.BundleName, kind(rp))
	}
	w.heapUsed.Store(w.iso.GetHeapStatistics().UsedHeapSize)
	return nil
}

// rebuild replaces the isolate, retrying with backoff if the bundle fails
// to evaluate. It returns false if the pool closed before it succeeded.
func (w *worker) rebuild(reason string) bool {
	p := w.pool
	p.recycles.Add(1)
	p.log.Debug("ssr: recycling isolate", "worker", w.id, "reason", reason,
		"renders", w.renders, "heap_used", w.heapUsed.Load())
	w.dispose()

	backoff := 100 * time.Millisecond
	for {
		err := w.build()
		if err == nil {
			if w.broken {
				w.broken = false
				p.broken.Add(-1)
			}
			return true
		}
		p.log.Error("ssr: rebuilding isolate failed", "worker", w.id, "err", err)
		if !w.broken {
			w.broken = true
			p.broken.Add(1)
		}
		select {
		case <-p.closing:
			return false
		case <-time.After(backoff):
		}
		backoff = min(2*backoff, 5*time.Second)
	}
}

func (w *worker) dispose() {
	createMu.Lock()
	defer createMu.Unlock()
	w.disposeLocked()
}

// disposeLocked closes the context (freeing every value still tracked by
// it) and disposes the isolate. The caller holds createMu.
func (w *worker) disposeLocked() {
	if w.ctx != nil {
		w.ctx.Close()
		w.ctx, w.global = nil, nil
	}
	if w.iso != nil {
		w.iso.Dispose()
		w.iso = nil
	}
	w.heapUsed.Store(0)
}
