// Command adminbench measures the admin API: -n lists of -limit bookings
// (GET /api/admin/bookings) from -conns concurrent clients, with the
// latency's p50 and p99. The token comes from SLOTWISE_BENCH_TOKEN
// (slotwise token create). scripts/bench.sh runs it after bookbench has
// made a few hundred bookings; it talks to 127.0.0.1 only.
package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"strconv"

	"slotwise/backend/internal/loadtest"
)

func main() {
	c := loadtest.Flags(20, "concurrent clients", 1000, "lists to ask for")
	limit := flag.Int("limit", 100, "bookings per list")
	loadtest.Main("adminbench", c, func() error { return run(c, os.Getenv("SLOTWISE_BENCH_TOKEN"), *limit) })
}

func run(c *loadtest.Common, token string, limit int) error {
	if token == "" {
		return errors.New("SLOTWISE_BENCH_TOKEN is not set")
	}
	client := loadtest.Client(c.Conns)
	target := c.Base + "/api/admin/bookings?limit=" + strconv.Itoa(limit)
	rows := -1
	res, err := c.Measure(func(i int) error {
		req, _ := http.NewRequest(http.MethodGet, target, nil)
		req.Header.Set("Authorization", "Bearer "+token)
		out, err := client.Do(req)
		if err != nil {
			return err
		}
		defer out.Body.Close()
		if out.StatusCode != http.StatusOK {
			return fmt.Errorf("status %d", out.StatusCode)
		}
		if i > 0 {
			_, _ = io.Copy(io.Discard, out.Body)
			return nil
		}
		var page struct{ Data []json.RawMessage }
		if err := json.NewDecoder(out.Body).Decode(&page); err != nil {
			return err
		}
		rows = len(page.Data)
		return nil
	})
	if err != nil {
		return err
	}
	if rows < limit {
		return fmt.Errorf("a list held %d bookings, not %d: make more bookings first", rows, limit)
	}
	res.Print(fmt.Sprintf("lists of %d bookings", limit), "p99 under 50 ms")
	return nil
}
