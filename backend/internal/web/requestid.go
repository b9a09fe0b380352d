package web

import (
	"context"
	"crypto/rand"
	"log/slog"
	"strings"
)

// Every request has an id: the one a proxy sent in X-Request-Id when it is
// plausible, else a new one. It is answered in X-Request-Id and written in
// every log line made with the request's context, so a visitor's report,
// a proxy's log and ours meet.

type requestIDKey struct{}

// RequestID returns the request id ctx carries, or "".
func RequestID(ctx context.Context) string {
	id, _ := ctx.Value(requestIDKey{}).(string)
	return id
}

func withRequestID(ctx context.Context, id string) context.Context {
	return context.WithValue(ctx, requestIDKey{}, id)
}

// requestID is the sent id when it is 1 to 64 letters, digits, - _ . and :,
// else a new one.
func requestID(sent string) string {
	if len(sent) >= 1 && len(sent) <= 64 && strings.Trim(sent, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.:") == "" {
		return sent
	}
	return strings.ToLower(rand.Text())
}

// LogHandler adds the request id of a log call's context to its record.
func LogHandler(h slog.Handler) slog.Handler { return requestIDHandler{h} }

type requestIDHandler struct{ slog.Handler }

func (h requestIDHandler) Handle(ctx context.Context, r slog.Record) error {
	if id := RequestID(ctx); id != "" {
		r.AddAttrs(slog.String("request_id", id))
	}
	return h.Handler.Handle(ctx, r)
}

func (h requestIDHandler) WithAttrs(attrs []slog.Attr) slog.Handler {
	return requestIDHandler{h.Handler.WithAttrs(attrs)}
}

func (h requestIDHandler) WithGroup(name string) slog.Handler {
	return requestIDHandler{h.Handler.WithGroup(name)}
}
