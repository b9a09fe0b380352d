package logqueue

import (
	"context"
	"log/slog"
)

// handler enqueues records for inner, which formats them on the queue's
// writer. Its attributes and groups (WithAttrs, WithGroup) are inner's, so
// a line reads as inner alone would write it.
type handler struct {
	q     *Queue
	inner slog.Handler
	plain bool // inner is the queue's base, without attributes or groups
}

func (h handler) Enabled(ctx context.Context, level slog.Level) bool {
	return h.inner.Enabled(ctx, level)
}

// Handle keeps what the line says at the moment it is logged: the record
// is cloned (its caller may reuse it) and its LogValuers resolved now,
// since the state they read may change before the writer formats it.
// The context is not kept: what a line takes from it is added by the
// handlers wrapping this one (the request id), on the caller's path.
func (h handler) Handle(_ context.Context, r slog.Record) error {
	h.q.put(item{h: h.inner, r: resolved(r), plain: h.plain})
	return nil
}

func (h handler) WithAttrs(attrs []slog.Attr) slog.Handler {
	return handler{q: h.q, inner: h.inner.WithAttrs(attrs)}
}

func (h handler) WithGroup(name string) slog.Handler {
	return handler{q: h.q, inner: h.inner.WithGroup(name)}
}

// resolved is a copy of r sharing nothing with it, its LogValuers
// replaced by their values.
func resolved(r slog.Record) slog.Record {
	lazy := false
	r.Attrs(func(a slog.Attr) bool {
		lazy = hasValuer(a.Value)
		return !lazy
	})
	if !lazy {
		return r.Clone()
	}
	out := slog.NewRecord(r.Time, r.Level, r.Message, r.PC)
	r.Attrs(func(a slog.Attr) bool {
		out.AddAttrs(resolve(a))
		return true
	})
	return out
}

func hasValuer(v slog.Value) bool {
	switch v.Kind() {
	case slog.KindLogValuer:
		return true
	case slog.KindGroup:
		for _, a := range v.Group() {
			if hasValuer(a.Value) {
				return true
			}
		}
	}
	return false
}

func resolve(a slog.Attr) slog.Attr {
	a.Value = a.Value.Resolve()
	if a.Value.Kind() != slog.KindGroup {
		return a
	}
	group := a.Value.Group()
	attrs := make([]slog.Attr, len(group))
	for i, g := range group {
		attrs[i] = resolve(g)
	}
	return slog.Attr{Key: a.Key, Value: slog.GroupValue(attrs...)}
}
