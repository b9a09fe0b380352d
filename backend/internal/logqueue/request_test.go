package logqueue

import (
	"bytes"
	"context"
	"log/slog"
	"strings"
	"testing"
	"time"
)

// A request line handed over as its fields reads as the record the server
// logged before, written by the formatting handler; a handler with
// attributes of its own declines it, and one above Info takes it and
// writes nothing.
func TestARequestLineReadsAsItsRecordWritten(t *testing.T) {
	at := time.Date(2026, 3, 29, 1, 30, 0, 123456789, time.UTC)
	tests := []struct {
		name string
		req  Request
	}{
		{"with its id", Request{Time: at, Method: "GET", Path: "/blog/b/winter-skin/", Status: 200, Took: 1234 * time.Microsecond, ID: "abc"}},
		{"without an id", Request{Time: at, Method: "HEAD", Path: "/", Status: 304, Took: 80 * time.Microsecond}},
		{"a path that needs quoting", Request{Time: at, Method: "GET", Path: "/a b=\"c\"\x00é", Status: 404, Took: time.Second, ID: "x"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var direct, queued bytes.Buffer
			_ = text(&direct).Handle(context.Background(), tt.req.record())
			q := New(&queued, slog.LevelInfo, Options{})
			if !q.Handler().(RequestLogger).LogRequest(context.Background(), tt.req) {
				t.Fatal("the queue's own handler declined a request line")
			}
			if err := q.Close(); err != nil {
				t.Fatal(err)
			}
			if queued.String() != direct.String() {
				t.Errorf("handed over:\n%s\nwritten directly:\n%s", queued.String(), direct.String())
			}
			if !strings.HasPrefix(queued.String(), "time=2026-03-29T01:30:00.123Z level=INFO msg=request method=") {
				t.Errorf("line = %q", queued.String())
			}
		})
	}
	t.Run("a handler with attributes of its own declines", func(t *testing.T) {
		q := New(&bytes.Buffer{}, slog.LevelInfo, Options{})
		defer q.Close()
		if q.Handler().WithAttrs([]slog.Attr{slog.String("worker", "mail")}).(RequestLogger).LogRequest(context.Background(), tests[0].req) {
			t.Fatal("taken")
		}
	})
	t.Run("above Info, taken and not written", func(t *testing.T) {
		var out bytes.Buffer
		q := New(&out, slog.LevelError, Options{})
		if !q.Handler().(RequestLogger).LogRequest(context.Background(), tests[0].req) {
			t.Fatal("declined")
		}
		if err := q.Close(); err != nil || out.Len() != 0 {
			t.Fatalf("wrote %q, %v", out.String(), err)
		}
	})
}
