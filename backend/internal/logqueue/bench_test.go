package logqueue

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// processCPU is the CPU time the process has used, every goroutine's.
func processCPU(b *testing.B) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		b.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkRequestLine is the request log's line written to a file, as
// serve's stderr redirected: directly (a text handler, its lock and a
// write per line) and through the queue, whose writer's work is counted
// too (cpu-ns/op is the whole process's). Lines come in bursts the queue
// holds, so none is dropped, as at the server's rates.
func BenchmarkRequestLine(b *testing.B) {
	for _, tt := range []struct {
		name string
		open func(io.Writer) (slog.Handler, func() error, func() int)
	}{
		{"direct", func(w io.Writer) (slog.Handler, func() error, func() int) {
			return text(w), func() error { return nil }, func() int { return 0 }
		}},
		{"queued", func(w io.Writer) (slog.Handler, func() error, func() int) {
			q := New(w, slog.LevelInfo, Options{})
			return q.Handler(), q.Close, func() int { return queued(q) }
		}},
	} {
		b.Run(tt.name, func(b *testing.B) {
			f, err := os.Create(filepath.Join(b.TempDir(), "log"))
			if err != nil {
				b.Fatal(err)
			}
			defer f.Close()
			h, closeLog, queued := tt.open(f)
			log := slog.New(h)
			ctx := context.Background()
			start := processCPU(b)
			i := 0
			for b.Loop() {
				log.LogAttrs(ctx, slog.LevelInfo, "request", slog.String("method", "GET"), slog.String("path", "/blog/b/winter-skin/"),
					slog.Int("status", 200), slog.Duration("took", 87*time.Microsecond), slog.String("request_id", "n4zq7dyw2kx3vb6m"))
				if i++; i%2048 == 0 {
					for queued() > 0 {
						time.Sleep(100 * time.Microsecond)
					}
				}
			}
			if err := closeLog(); err != nil {
				b.Fatal(err)
			}
			b.ReportMetric(float64(processCPU(b)-start)/float64(b.N), "cpu-ns/op")
			written, err := os.ReadFile(f.Name())
			if err != nil {
				b.Fatal(err)
			}
			b.ReportMetric(float64(b.N-bytes.Count(written, []byte("msg=request ")))/float64(b.N), "dropped/op")
		})
	}
}
