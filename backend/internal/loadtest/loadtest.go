// Package loadtest is what the bench commands share: they talk to a
// server on this machine only, send n requests from a number of
// concurrent clients, and report the latency's percentiles.
package loadtest

import (
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"sync"
	"time"
)

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
