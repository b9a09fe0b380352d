// Command bookbench measures how long booking takes while the server is
// busy rendering pages: it keeps -conns connections loading the booking
// page and meanwhile books -n free slots one after another, then prints the
// booking latency's p50 and p99 and the page rate. scripts/bench.sh runs it
// against a freshly started binary; it talks to 127.0.0.1 only.
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net/http"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"slotwise/backend/internal/loadtest"
	"slotwise/backend/internal/route"
)

func main() {
	c := loadtest.Flags(50, "connections loading the booking page meanwhile", 200, "bookings to make")
	calendar := flag.String("calendar", "demo-consultation", "calendar to book")
	loadtest.Main("bookbench", c, func() error { return run(c.Base, *calendar, c.Conns, c.N) })
}

func run(base, calendar string, conns, n int) error {
	client := loadtest.Client(conns)
	starts, err := freeStarts(client, base, calendar, n)
	if err != nil {
		return err
	}
	page := base + route.Default().Href("", "bookings", "", map[string]string{"slug": calendar}, nil)
	ctx, stop := context.WithCancel(context.Background())
	var pages atomic.Int64
	var wg sync.WaitGroup
	for range conns {
		wg.Go(func() {
			for ctx.Err() == nil {
				req, _ := http.NewRequestWithContext(ctx, http.MethodGet, page, nil)
				if res, err := client.Do(req); err == nil {
					io.Copy(io.Discard, res.Body)
					res.Body.Close()
					if res.StatusCode == 200 {
						pages.Add(1)
					}
				}
			}
		})
	}
	time.Sleep(time.Second) // let the page load reach its pace
	began, pagesBefore := time.Now(), pages.Load()
	var took []time.Duration
	failed := 0
	for i, start := range starts {
		body, _ := json.Marshal(map[string]any{
			"calendar": calendar, "start": start, "tz": "Europe/Berlin",
			"contact": map[string]any{"firstName": "Bench", "lastName": fmt.Sprint(i), "email": fmt.Sprintf("bench%d@example.com", i), "location": "Lindenstraße 12, 10969 Berlin"},
		})
		t0 := time.Now()
		res, err := client.Post(base+"/api/bookings", "application/json", bytes.NewReader(body))
		d := time.Since(t0)
		if err != nil {
			failed++
			continue
		}
		io.Copy(io.Discard, res.Body)
		res.Body.Close()
		if res.StatusCode != http.StatusCreated {
			failed++
			continue
		}
		took = append(took, d)
	}
	elapsed, pageCount := time.Since(began), pages.Load()-pagesBefore
	stop()
	wg.Wait()
	if len(took) == 0 {
		return fmt.Errorf("no booking succeeded (%d failed)", failed)
	}
	slices.Sort(took)
	fmt.Printf("bookings: %d made, %d failed; latency p50 %s, p99 %s, max %s\n", len(took), failed,
		pct(took, 50), pct(took, 99), took[len(took)-1].Round(10*time.Microsecond))
	fmt.Printf("booking page meanwhile: %.0f pages/s over %d connections\n", float64(pageCount)/elapsed.Seconds(), conns)
	return nil
}

func pct(sorted []time.Duration, p int) time.Duration {
	i := (len(sorted)*p + 99) / 100
	return sorted[max(0, min(i-1, len(sorted)-1))].Round(10 * time.Microsecond)
}

// freeStarts lists up to n bookable starts, each once per free person.
func freeStarts(client *http.Client, base, calendar string, n int) ([]string, error) {
	var out []string
	day := time.Now().AddDate(0, 0, 1)
	for month := 0; month < 3 && len(out) < n; month++ {
		from, to := day.Format("2006-01-02"), day.AddDate(0, 0, 27).Format("2006-01-02")
		res, err := client.Get(base + "/api/booking/slots?calendar=" + calendar + "&from=" + from + "&to=" + to + "&tz=Europe/Berlin")
		if err != nil {
			return nil, err
		}
		var answer struct {
			Slots map[string][]string `json:"slots"`
		}
		err = json.NewDecoder(res.Body).Decode(&answer)
		res.Body.Close()
		if err != nil {
			return nil, fmt.Errorf("slots: %w", err)
		}
		days := make([]string, 0, len(answer.Slots))
		for d := range answer.Slots {
			days = append(days, d)
		}
		slices.Sort(days)
		for _, d := range days {
			for _, s := range answer.Slots[d] {
				out = append(out, s, s) // two people work each slot
			}
		}
		day = day.AddDate(0, 0, 28)
	}
	if len(out) > n {
		out = out[:n]
	}
	return out, nil
}
