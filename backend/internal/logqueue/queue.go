// Package logqueue takes log lines off the path of the code that logs them.
// A request that logs hands its record to a bounded queue and goes on; one
// goroutine formats the records as slog's TextHandler does (the same
// lines, byte for byte) and writes them in batches: a write every few
// milliseconds instead of a write, and a wait for the output's lock, per
// line. Close writes what is queued, so a clean stop loses nothing.
package logqueue

import (
	"bufio"
	"context"
	"io"
	"log/slog"
	"sync"
	"time"
)

// Options tune a Queue; the zero value is the server's.
type Options struct {
	// Capacity is how many records wait at most (default 8192: at the
	// cached pages' tens of thousands of requests a second, a fifth of a
	// second of lines).
	Capacity int
	// Every is how long the writer waits after the first line of a batch
	// for more to join it (default 5 ms).
	Every time.Duration
}

// Queue holds the records logged and the goroutine that writes them.
type Queue struct {
	// mu guards the lines waiting, the count of those dropped, and closed.
	// A caller holds it for an append; the writer, to take the batch.
	mu      sync.Mutex
	waiting []item
	limit   int
	dropped int64
	closed  bool

	wake    chan struct{} // the first line of a batch is waiting
	hurry   chan struct{} // half the queue is waiting: write before the pause ends
	done    chan struct{} // closed by Close
	stopped chan struct{} // closed when the writer has written its last line
	every   time.Duration

	// writing is held while out is written: by the writer, and after Close
	// by the callers themselves.
	writing sync.Mutex
	out     *bufio.Writer
	base    slog.Handler // the TextHandler writing into out; the handlers' root
	line    []byte       // the line appendText makes, reused
	spare   []item       // the writer's last batch, emptied: the next one to fill
}

type item struct {
	h     slog.Handler
	r     slog.Record
	req   Request // the record, when isReq: made by the writer
	isReq bool
	plain bool // h is base: appendText may write r in its place
}

// New starts the writer of w, which writes the lines logged at level and
// above as slog.NewTextHandler(w, &slog.HandlerOptions{Level: level})
// would.
func New(w io.Writer, level slog.Leveler, opts Options) *Queue {
	if opts.Capacity <= 0 {
		opts.Capacity = 8192
	}
	if opts.Every <= 0 {
		opts.Every = 5 * time.Millisecond
	}
	q := &Queue{
		limit: opts.Capacity, wake: make(chan struct{}, 1), hurry: make(chan struct{}, 1),
		done: make(chan struct{}), stopped: make(chan struct{}),
		every: opts.Every, out: bufio.NewWriterSize(w, 64<<10),
	}
	q.base = slog.NewTextHandler(q.out, &slog.HandlerOptions{Level: level})
	go q.run()
	return q
}

// Handler is the slog.Handler that logs through the queue.
func (q *Queue) Handler() slog.Handler { return handler{q: q, inner: q.base, plain: true} }

// Close writes every line logged before it and stops the writer. Lines
// logged after Close are written at once, by their caller.
func (q *Queue) Close() error {
	q.mu.Lock()
	already := q.closed
	q.closed = true // every line queued from here on is in the writer's last batch
	q.mu.Unlock()
	if !already {
		close(q.done)
	}
	<-q.stopped
	q.writing.Lock()
	defer q.writing.Unlock()
	return q.out.Flush()
}

// put queues one record, or writes it at once after Close.
func (q *Queue) put(it item) {
	q.mu.Lock()
	if q.closed {
		q.mu.Unlock()
		q.writing.Lock()
		defer q.writing.Unlock()
		q.write(it)
		_ = q.out.Flush()
		return
	}
	n := len(q.waiting)
	if n == q.limit {
		// The queue is full: the output has stalled (a pipe nobody reads)
		// or takes lines slower than they come. Waiting would make the
		// visitor wait on the log, the very stall the queue is here to
		// keep from them, and would not save the line when the output
		// stays stalled. So the line is dropped and counted, and the
		// count is written as soon as the writer catches up: a gap in
		// the log is never silent.
		q.dropped++
		q.mu.Unlock()
		return
	}
	q.waiting = append(q.waiting, it)
	q.mu.Unlock()
	switch n + 1 {
	case 1:
		signal(q.wake)
	case q.limit / 2:
		signal(q.hurry)
	}
}

// signal leaves a mark on c, unless one is there already.
func signal(c chan struct{}) {
	select {
	case c <- struct{}{}:
	default:
	}
}

// run writes batches until Close: it sleeps until a line comes, waits a
// moment for the lines of the same burst (less when they fill half the
// queue), and writes them all at once.
func (q *Queue) run() {
	defer close(q.stopped)
	pause := time.NewTimer(q.every)
	pause.Stop()
	for {
		select {
		case <-q.wake:
		case <-q.done:
			q.writeQueued()
			return
		}
		pause.Reset(q.every)
		select {
		case <-pause.C:
		case <-q.hurry:
			pause.Stop()
		case <-q.done:
			pause.Stop()
			q.writeQueued()
			return
		}
		q.writeQueued()
	}
}

// writeQueued takes the lines waiting, formats and writes them, then the
// count of those dropped since the last batch. The writer's goroutine
// alone calls it.
func (q *Queue) writeQueued() {
	q.mu.Lock()
	batch, dropped := q.waiting, q.dropped
	q.waiting, q.dropped = q.spare, 0
	q.mu.Unlock()
	q.writing.Lock()
	defer q.writing.Unlock()
	for _, it := range batch {
		q.write(it)
	}
	if dropped > 0 {
		r := slog.NewRecord(time.Now(), slog.LevelWarn, "log lines dropped: the log's output could not keep up", 0) // real time: when the gap was noticed
		r.AddAttrs(slog.Int64("count", dropped))
		_ = q.base.Handle(context.Background(), r)
	}
	_ = q.out.Flush()
	clear(batch) // nothing logged stays reachable from the spare batch
	q.spare = batch[:0]
}

// write formats one line into out; q.writing is held.
func (q *Queue) write(it item) {
	if it.isReq {
		it.r = it.req.record()
	}
	if it.plain {
		var ok bool
		if q.line, ok = appendText(q.line[:0], it.r); ok {
			_, _ = q.out.Write(q.line)
			return
		}
	}
	_ = it.h.Handle(context.Background(), it.r)
}
