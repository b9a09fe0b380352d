package logqueue

import (
	"context"
	"log/slog"
	"time"
)

// Request is the request log's line: a line for every request the server
// answers, tens of thousands a second for cached pages, with always the
// same fields. It reaches the queue as these fields, not as a slog.Record
// built, cloned and checked for values to resolve on the request's path;
// the writer makes the record and writes it as every other line is
// written (appendText), so it reads the same, byte for byte.
type Request struct {
	Time   time.Time
	Method string
	Path   string
	Status int
	Took   time.Duration
	ID     string // "" for none
}

// RequestLogger takes request lines; the handlers of a Queue are.
type RequestLogger interface {
	// LogRequest queues r and tells true, or tells false having done
	// nothing when the handler adds attributes or groups of its own (the
	// caller then logs r as a record, through the handler).
	LogRequest(ctx context.Context, r Request) bool
}

// LogRequest queues r when h writes lines as the queue's base does.
func (h handler) LogRequest(ctx context.Context, r Request) bool {
	if !h.plain {
		return false
	}
	if h.inner.Enabled(ctx, slog.LevelInfo) {
		h.q.put(item{h: h.inner, req: r, isReq: true, plain: true})
	}
	return true
}

// record is r as the request log's record: "request", then method, path,
// status, took and request_id, as web's logRequest would log it.
func (r Request) record() slog.Record {
	line := slog.NewRecord(r.Time, slog.LevelInfo, "request", 0)
	line.AddAttrs(slog.String("method", r.Method), slog.String("path", r.Path),
		slog.Int("status", r.Status), slog.Duration("took", r.Took))
	if r.ID != "" {
		line.AddAttrs(slog.String("request_id", r.ID))
	}
	return line
}
