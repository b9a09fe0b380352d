package logqueue

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"testing"
	"time"
)

// counter is a LogValuer whose value moves on after it is logged.
type counter struct{ n *int }

func (c counter) LogValue() slog.Value { return slog.IntValue(*c.n) }

func TestALineReadsAsTheFormattingHandlerWritesIt(t *testing.T) {
	at := time.Date(2026, 3, 29, 1, 30, 0, 0, time.UTC)
	tests := []struct {
		name string
		log  func(h slog.Handler)
	}{
		{"a request", func(h slog.Handler) {
			r := slog.NewRecord(at, slog.LevelInfo, "request", 0)
			r.AddAttrs(slog.String("method", "GET"), slog.String("path", "/blog/b/winter-skin/"), slog.Int("status", 200),
				slog.Duration("took", 1234*time.Microsecond), slog.String("request_id", "abc"))
			_ = h.Handle(context.Background(), r)
		}},
		{"more fields than a record holds inline", func(h slog.Handler) {
			r := slog.NewRecord(at, slog.LevelError, "handler panicked", 0)
			for _, k := range []string{"a", "b", "c", "d", "e", "f", "g"} {
				r.AddAttrs(slog.String(k, "needs \"quoting\" "+k))
			}
			r.AddAttrs(slog.Any("err", errors.New("boom")), slog.Time("at", at), slog.Bool("ok", false))
			_ = h.Handle(context.Background(), r)
		}},
		{"attributes and groups of a derived logger", func(h slog.Handler) {
			h = h.WithAttrs([]slog.Attr{slog.String("worker", "mail")}).WithGroup("outbox")
			r := slog.NewRecord(at, slog.LevelWarn, "retrying", 0)
			r.AddAttrs(slog.Group("mail", slog.Int("id", 7), slog.Group("empty")), slog.Float64("backoff", 1.5))
			_ = h.Handle(context.Background(), r)
		}},
		{"a line under the level", func(h slog.Handler) {
			slog.New(h).Debug("not shown")
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var direct, queued bytes.Buffer
			tt.log(text(&direct))
			q := New(&queued, slog.LevelInfo, Options{})
			tt.log(q.Handler())
			if err := q.Close(); err != nil {
				t.Fatal(err)
			}
			if queued.String() != direct.String() {
				t.Errorf("through the queue:\n%s\nwritten directly:\n%s", queued.String(), direct.String())
			}
		})
	}
}

func TestALogValuerIsReadWhenTheLineIsLogged(t *testing.T) {
	tests := []struct {
		name string
		attr func(counter) slog.Attr
		want string
	}{
		{"alone", func(c counter) slog.Attr { return slog.Any("n", c) }, "n=1"},
		{"in a group", func(c counter) slog.Attr { return slog.Group("g", slog.Any("n", c)) }, "g.n=1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out bytes.Buffer
			q := New(&out, slog.LevelInfo, Options{Every: time.Hour})
			n := 1
			slog.New(q.Handler()).Info("counted", tt.attr(counter{&n}))
			n = 2
			if err := q.Close(); err != nil {
				t.Fatal(err)
			}
			if !bytes.Contains(out.Bytes(), []byte("msg=counted "+tt.want+"\n")) {
				t.Errorf("the line is %q, want %s", out.String(), tt.want)
			}
		})
	}
}
