// Package loadtest is what the bench commands share: the flags they all
// take (-base, -conns, -n) and the refusal of a server not on this machine
// (Flags, Main), n requests sent from a number of concurrent clients
// (Run), and the latency's percentiles.
package loadtest

import (
	"flag"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"slices"
	"sync"
	"time"
)

// Common is what every bench command is told: the server's origin, which
// must be on this machine, how many concurrent clients send, how many
// requests they send in all, and how many before those, not measured.
type Common struct {
	Base             string
	Conns, N, Warmup int
}

// Flags registers -base, -conns, -n and -warmup on the command line, with
// this command's defaults and what its clients and requests are.
func Flags(conns int, connsAre string, n int, nAre string) *Common {
	c := &Common{}
	flag.StringVar(&c.Base, "base", "http://127.0.0.1:8080", "server origin (loopback)")
	flag.IntVar(&c.Conns, "conns", conns, connsAre)
	flag.IntVar(&c.N, "n", n, nAre)
	flag.IntVar(&c.Warmup, "warmup", max(n/10, 20), "requests sent first and not measured, as a server that has run a while has grown its pool of connections and its caches of plans")
	return c
}

// Measure is Run of c.N requests after c.Warmup that are not measured: do
// is called for 0..Warmup+N-1, each number once, so a request that must
// differ from the others (an event's id, a visitor's form key) can.
func (c *Common) Measure(do func(i int) error) (Result, error) {
	if _, err := Run(c.Warmup, c.Conns, do); err != nil {
		return Result{}, fmt.Errorf("warming up: %w", err)
	}
	return Run(c.N, c.Conns, func(i int) error { return do(c.Warmup + i) })
}

// Main parses the command line, refuses a server that is not on this
// machine, and runs the bench; an error ends the command with status 1.
func Main(name string, c *Common, run func() error) {
	flag.Parse()
	err := Loopback(c.Base)
	if err == nil {
		err = run()
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "%s: %v\n", name, err)
		os.Exit(1)
	}
}

// Loopback refuses an origin that is not on this machine: load is never
// sent anywhere else.
func Loopback(base string) error {
	u, err := url.Parse(base)
	if err != nil || (u.Hostname() != "127.0.0.1" && u.Hostname() != "localhost" && u.Hostname() != "::1") {
		return fmt.Errorf("-base must be a loopback origin, got %q", base)
	}
	return nil
}

// Client keeps a connection per concurrent client.
func Client(conns int) *http.Client {
	return &http.Client{Timeout: 30 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: conns + 4}}
}

// Result is what a run measured.
type Result struct {
	N, Conns int
	Elapsed  time.Duration
	took     []time.Duration // sorted
}

// At is the latency at quantile q (0.99: p99).
func (r Result) At(q float64) time.Duration {
	return r.took[min(len(r.took)-1, int(q*float64(len(r.took))))]
}

// Print writes the run's line and its p50 and p99 beside the budget.
func (r Result) Print(what, budget string) {
	fmt.Printf("%s: %d from %d concurrent clients in %s (%.0f/s)\n", what, r.N, r.Conns, r.Elapsed.Round(time.Millisecond), float64(r.N)/r.Elapsed.Seconds())
	fmt.Printf("latency p50 %s, p99 %s (budget: %s)\n", r.At(0.50).Round(100*time.Microsecond), r.At(0.99).Round(100*time.Microsecond), budget)
}

// Run calls do for 0..n-1 from conns goroutines and times each call; any
// failure fails the run, with the first error.
func Run(n, conns int, do func(i int) error) (Result, error) {
	jobs := make(chan int)
	took := make([]time.Duration, n)
	var failures []error
	var mu sync.Mutex
	var wg sync.WaitGroup
	began := time.Now()
	for range conns {
		wg.Go(func() {
			for i := range jobs {
				start := time.Now()
				err := do(i)
				took[i] = time.Since(start)
				if err != nil {
					mu.Lock()
					failures = append(failures, err)
					mu.Unlock()
				}
			}
		})
	}
	for i := range n {
		jobs <- i
	}
	close(jobs)
	wg.Wait()
	res := Result{N: n, Conns: conns, Elapsed: time.Since(began)}
	if len(failures) > 0 {
		return res, fmt.Errorf("%d of %d requests failed, first: %w", len(failures), n, failures[0])
	}
	slices.Sort(took)
	res.took = took
	return res, nil
}
