// Command formbench measures how long submitting a form takes when many
// visitors send it at once: it opens the form -n times (each visit gets
// its own key), waits the form's minimum fill time as a person would, then
// sends every visit's answers from -conns concurrent submitters and prints
// the latency's p50 and p99. scripts/bench.sh runs it against a freshly
// started binary; it talks to 127.0.0.1 only.
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"slices"
	"sync"
	"time"

	"slotwise/backend/internal/route"
)

func main() {
	base := flag.String("base", "http://127.0.0.1:8080", "server origin (loopback)")
	conns := flag.Int("conns", 20, "concurrent submitters")
	n := flag.Int("n", 400, "submissions to make")
	form := flag.String("form", "demo-contact", "form to submit")
	fill := flag.Duration("fill", 3500*time.Millisecond, "how long a visitor takes to fill the form")
	flag.Parse()
	if err := run(*base, *form, *conns, *n, *fill); err != nil {
		fmt.Fprintln(os.Stderr, "formbench:", err)
		os.Exit(1)
	}
}

func run(base, form string, conns, n int, fill time.Duration) error {
	u, err := url.Parse(base)
	if err != nil || (u.Hostname() != "127.0.0.1" && u.Hostname() != "localhost" && u.Hostname() != "::1") {
		return fmt.Errorf("-base must be a loopback origin, got %q", base)
	}
	client := &http.Client{Timeout: 30 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: conns + 4}}
	page := route.Default().Href("", "form", "", map[string]string{"id": form}, nil)
	keys := make([]string, n)
	for i := range keys {
		if keys[i], err = formKey(client, base, page); err != nil {
			return err
		}
	}
	time.Sleep(fill)
	jobs := make(chan int)
	took := make([]time.Duration, n)
	var failures []string
	var mu sync.Mutex
	var wg sync.WaitGroup
	began := time.Now()
	for range conns {
		wg.Go(func() {
			for i := range jobs {
				d, err := submit(client, base, form, keys[i], i)
				took[i] = d
				if err != nil {
					mu.Lock()
					failures = append(failures, err.Error())
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
	elapsed := time.Since(began)
	if len(failures) > 0 {
		return fmt.Errorf("%d of %d submissions failed, first: %s", len(failures), n, failures[0])
	}
	slices.Sort(took)
	at := func(q float64) time.Duration { return took[min(len(took)-1, int(q*float64(len(took))))] }
	fmt.Printf("submissions: %d from %d concurrent submitters in %s (%.0f/s)\n", n, conns, elapsed.Round(time.Millisecond), float64(n)/elapsed.Seconds())
	fmt.Printf("latency p50 %s, p99 %s (budget: p99 under 100 ms)\n", at(0.50).Round(100*time.Microsecond), at(0.99).Round(100*time.Microsecond))
	return nil
}

// formKey opens the form as a visitor's browser would, for its key.
func formKey(client *http.Client, base, page string) (string, error) {
	res, err := client.Get(base + "/api/page-data?path=" + url.QueryEscape(page))
	if err != nil {
		return "", err
	}
	defer res.Body.Close()
	var p struct {
		Data struct {
			Key string `json:"key"`
		} `json:"data"`
	}
	if err := json.NewDecoder(res.Body).Decode(&p); err != nil || p.Data.Key == "" {
		return "", fmt.Errorf("no form key in %s's page data (%d): %v", page, res.StatusCode, err)
	}
	return p.Data.Key, nil
}

func submit(client *http.Client, base, form, key string, i int) (time.Duration, error) {
	body, _ := json.Marshal(map[string]any{"key": key, "step": "contact", "locale": "en-US", "answers": map[string][]string{
		"name": {"Ada Lovelace"}, "email": {fmt.Sprintf("visitor%d@example.com", i)}, "topic": {"treatment"},
		"message": {"Is the facial right for dry skin?"},
	}})
	req, _ := http.NewRequest(http.MethodPost, base+"/api/forms/form/"+form+"/answers", bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	start := time.Now()
	res, err := client.Do(req)
	if err != nil {
		return time.Since(start), err
	}
	out, _ := io.ReadAll(res.Body)
	res.Body.Close()
	d := time.Since(start)
	if res.StatusCode != http.StatusCreated {
		return d, fmt.Errorf("%d %s", res.StatusCode, out)
	}
	return d, nil
}
