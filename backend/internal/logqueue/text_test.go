package logqueue

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"math"
	"testing"
	"time"
)

// textHandlerLine is r as slog's TextHandler writes it.
func textHandlerLine(t testing.TB, r slog.Record) string {
	var b bytes.Buffer
	if err := text(&b).Handle(context.Background(), r); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func record(at time.Time, level slog.Level, msg string, attrs ...slog.Attr) slog.Record {
	r := slog.NewRecord(at, level, msg, 0)
	r.AddAttrs(attrs...)
	return r
}

func TestAppendTextWritesALineAsTheTextHandlerDoes(t *testing.T) {
	at := time.Date(2026, 3, 29, 1, 30, 0, 999_999_999, time.UTC)
	berlin := time.FixedZone("CEST", 2*3600)
	tests := []struct {
		name   string
		r      slog.Record
		itself bool // false: a kind it leaves to the TextHandler
	}{
		{"a request", record(at, slog.LevelInfo, "request", slog.String("method", "GET"), slog.String("path", "/widget/otl/vip_…"),
			slog.Int("status", 404), slog.Duration("took", 1234567*time.Nanosecond), slog.String("request_id", "n4zq-7dyw.2k:x")), true},
		{"no time", record(time.Time{}, slog.LevelWarn, "waiting", slog.Int("n", -3)), true},
		{"a time in another zone, on a whole second", record(time.Date(2026, 10, 25, 2, 59, 59, 0, berlin), slog.LevelError, "x"), true},
		{"levels between the named ones", record(at, slog.LevelInfo+2, "between", slog.Bool("ok", true)), true},
		{"a level below debug", record(at, slog.LevelDebug-4, "deep"), true},
		{"text that must be quoted", record(at, slog.LevelInfo, "a message with spaces",
			slog.String("empty", ""), slog.String("eq", "a=b"), slog.String("quote", `say "hi"`), slog.String("tab", "a\tb"),
			slog.String("newline", "a\nb"), slog.String("nbsp", "a\u00a0b"), slog.String("bad", "a\xffb"), slog.String("replacement", "a\ufffdb"),
			slog.String("del", "a\x7fb"), slog.String("format", "a\u200bb"), slog.String("key with space", "v")), true},
		{"text left bare", record(at, slog.LevelInfo, "bare", slog.String("backslash", `a\b`), slog.String("unicode", "Zürich·東京"),
			slog.String("punctuation", "/a?b&c#d[e]{f}<g>'h'"), slog.String("emoji", "💈")), true},
		{"numbers", record(at, slog.LevelInfo, "numbers", slog.Int64("min", math.MinInt64), slog.Uint64("max", math.MaxUint64),
			slog.Float64("pi", math.Pi), slog.Float64("big", 1e21), slog.Float64("nan", math.NaN()), slog.Float64("inf", math.Inf(-1))), true},
		{"durations and times", record(at, slog.LevelInfo, "spans", slog.Duration("zero", 0), slog.Duration("negative", -90*time.Minute),
			slog.Time("at", at.In(berlin)), slog.Time("never", time.Time{})), true},
		{"an error", record(at, slog.LevelError, "failed", slog.Any("err", errors.New("a b"))), false},
		{"a group", record(at, slog.LevelInfo, "grouped", slog.Group("g", slog.Int("a", 1))), false},
		{"an empty key", record(at, slog.LevelInfo, "unkeyed", slog.String("", "v")), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := appendText(nil, tt.r)
			if ok != tt.itself {
				t.Fatalf("written by appendText: %v, want %v", ok, tt.itself)
			}
			if want := textHandlerLine(t, tt.r); ok && string(got) != want {
				t.Errorf("appendText:\n%s\nTextHandler:\n%s", got, want)
			}
		})
	}
}

func FuzzAppendTextWritesALineAsTheTextHandlerDoes(f *testing.F) {
	f.Add("request", "path", "/blog/b/winter-skin/", int64(200), int64(87000), 0, int64(1774747800123456789))
	f.Add("", "", "", int64(0), int64(0), -4, int64(0))
	f.Add("a=b \"c\"", "k\x00", "\xff\u00a0", int64(-1), int64(-1), 13, int64(-62135596800000000))
	f.Fuzz(func(t *testing.T, msg, key, value string, n, took int64, level int, at int64) {
		r := record(time.Unix(0, at).UTC(), slog.Level(level), msg, slog.String(key, value), slog.Int64("n", n),
			slog.Duration("took", time.Duration(took)), slog.Time("at", time.Unix(0, at)))
		got, ok := appendText(nil, r)
		if !ok {
			if key != "" {
				t.Fatal("appendText left a line of simple kinds to the TextHandler")
			}
			return
		}
		if want := textHandlerLine(t, r); string(got) != want {
			t.Errorf("appendText:\n%q\nTextHandler:\n%q", got, want)
		}
	})
}
