package logqueue

import (
	"bytes"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"
)

// syncBuffer is an output the test reads while the writer writes it.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// queued is how many lines wait for the writer.
func queued(q *Queue) int {
	q.mu.Lock()
	defer q.mu.Unlock()
	return len(q.waiting)
}

// text is the handler the queue writes as, writing directly.
func text(w io.Writer) slog.Handler {
	return slog.NewTextHandler(w, &slog.HandlerOptions{Level: slog.LevelInfo})
}

// The queue holds every line here (a burst past its capacity drops lines
// by design: TestAFullQueueDropsLinesAndSaysHowMany).
func TestLinesLoggedJustBeforeCloseAllArrive(t *testing.T) {
	tests := []struct {
		name             string
		loggers, perEach int
		opts             Options
	}{
		{"one logger", 1, 5000, Options{Capacity: 5000}},
		{"many loggers at once", 32, 500, Options{Capacity: 16000}},
		{"a batch longer than the close", 8, 1000, Options{Capacity: 8000, Every: time.Hour}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out syncBuffer
			q := New(&out, slog.LevelInfo, tt.opts)
			log := slog.New(q.Handler())
			var wg sync.WaitGroup
			for g := range tt.loggers {
				wg.Go(func() {
					for i := range tt.perEach {
						log.Info("request", "logger", g, "line", i)
					}
				})
			}
			wg.Wait()
			if err := q.Close(); err != nil {
				t.Fatal(err)
			}
			lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
			if len(lines) != tt.loggers*tt.perEach {
				t.Fatalf("%d lines arrived, want %d", len(lines), tt.loggers*tt.perEach)
			}
			next := make([]int, tt.loggers) // each logger's lines arrive in its order
			for _, l := range lines {
				var g, i int
				if _, err := fmt.Sscanf(l[strings.Index(l, "logger="):], "logger=%d line=%d", &g, &i); err != nil {
					t.Fatalf("a line is not whole: %q (%v)", l, err)
				}
				if i != next[g] {
					t.Fatalf("logger %d: line %d arrived where %d was due", g, i, next[g])
				}
				next[g]++
			}
		})
	}
}

func TestALineArrivesWithoutWaitingForClose(t *testing.T) {
	var out syncBuffer
	q := New(&out, slog.LevelInfo, Options{})
	defer q.Close()
	slog.New(q.Handler()).Info("served")
	deadline := time.Now().Add(5 * time.Second)
	for !strings.Contains(out.String(), "msg=served") {
		if time.Now().After(deadline) {
			t.Fatal("the line was not written within 5 s")
		}
		time.Sleep(time.Millisecond)
	}
}

func TestALineLoggedAfterCloseIsWrittenAtOnce(t *testing.T) {
	var out syncBuffer
	q := New(&out, slog.LevelInfo, Options{})
	if err := q.Close(); err != nil {
		t.Fatal(err)
	}
	slog.New(q.Handler()).Warn("late", "n", 1)
	if got := out.String(); !strings.Contains(got, `msg=late n=1`) {
		t.Errorf("after Close the output holds %q", got)
	}
	if err := q.Close(); err != nil {
		t.Errorf("a second Close: %v", err)
	}
}

// stalled is an output that takes nothing until it is let go.
type stalled struct {
	syncBuffer
	release chan struct{}
}

func (s *stalled) Write(p []byte) (int, error) {
	<-s.release
	return s.syncBuffer.Write(p)
}

func TestAFullQueueDropsLinesAndSaysHowMany(t *testing.T) {
	out := &stalled{release: make(chan struct{})}
	q := New(out, slog.LevelInfo, Options{Capacity: 4, Every: time.Millisecond})
	log := slog.New(q.Handler())
	// The first line fills the writer's buffer past its size, so the
	// writer stalls in its write while the rest come.
	log.Info("big", "pad", strings.Repeat("x", 70<<10))
	deadline := time.Now().Add(5 * time.Second)
	for queued(q) > 0 {
		if time.Now().After(deadline) {
			t.Fatal("the writer did not take the first line")
		}
		time.Sleep(time.Millisecond)
	}
	const sent = 20
	for i := range sent {
		log.Info("queued", "i", i) // never waits, however stalled the output
	}
	close(out.release)
	if err := q.Close(); err != nil {
		t.Fatal(err)
	}
	got := out.String()
	kept := strings.Count(got, "msg=queued")
	if kept != 4 {
		t.Errorf("%d lines kept, want the queue's 4", kept)
	}
	if want := fmt.Sprintf(`level=WARN msg="log lines dropped: the log's output could not keep up" count=%d`, sent-kept); !strings.Contains(got, want) {
		t.Errorf("the output does not say %q:\n%.300s", want, got[strings.Index(got, "msg=queued"):])
	}
}
