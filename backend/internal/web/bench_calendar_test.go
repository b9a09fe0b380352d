package web_test

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"testing"
	"time"
)

// BenchmarkBookingPageOfTheLargestCalendar serves the booking page of a
// person whose own calendars hold the most busy times Slotwise keeps of
// one person (calsync.MaxBusyPerStaff, 20,000), all in their booking
// window: the page from the cache (hit), and pages of other days and
// zones, each asked once (miss: slots read and the page rendered).
// Budgets (make bench): p99 under 50 ms for a hit, 100 ms for a miss.
func BenchmarkBookingPageOfTheLargestCalendar(b *testing.B) {
	f := newFixture(b, sharedRenderer(b))
	ctx := context.Background()
	var jonas int64
	if err := f.pool.QueryRow(ctx, `SELECT id FROM staff WHERE slug = 'jonas'`).Scan(&jonas); err != nil {
		b.Fatal(err)
	}
	if _, err := f.pool.Exec(ctx, `INSERT INTO calendar_connections (id, staff_id, kind, url) VALUES ('cc_bench', $1, 'ics', 'https://x.example/f.ics')`, jonas); err != nil {
		b.Fatal(err)
	}
	if _, err := f.pool.Exec(ctx, `INSERT INTO connection_calendars (connection_id, url) VALUES ('cc_bench', 'https://x.example/f.ics')`); err != nil {
		b.Fatal(err)
	}
	// 20,000 events of two minutes, one every four, from today for 56 days.
	if _, err := f.pool.Exec(ctx, `INSERT INTO staff_busy (staff_id, connection_id, calendar_url, uid, span)
		SELECT $1, 'cc_bench', 'https://x.example/f.ics', 'e' || k,
			tstzrange(date_trunc('day', $2::timestamptz) + k * interval '4 minutes', date_trunc('day', $2::timestamptz) + (k * 4 + 2) * interval '1 minute')
		FROM generate_series(0, 19999) k`, jonas, f.clock.Now()); err != nil {
		b.Fatal(err)
	}
	page := fmt.Sprintf("/widget/bookings/demo-consultation?staff=%d", jonas)
	zones := []string{"Europe/Berlin", "Europe/Lisbon", "America/New_York", "Asia/Tokyo", "Australia/Sydney", "America/Sao_Paulo", "Africa/Lagos", "Asia/Kolkata"}
	serve := func(b *testing.B, url string) time.Duration {
		start := time.Now() // real time: a measurement
		rec := f.do(http.MethodGet, url, nil)
		took := time.Since(start) // real time: see above
		if rec.Code != http.StatusOK {
			b.Fatalf("%s: %d", url, rec.Code)
		}
		return took
	}
	p99 := func(b *testing.B, took []time.Duration) {
		slices.Sort(took)
		b.ReportMetric(float64(took[len(took)*99/100].Microseconds())/1000, "p99-ms")
	}
	b.Run("hit", func(b *testing.B) {
		serve(b, page)
		var took []time.Duration
		for b.Loop() {
			took = append(took, serve(b, page))
		}
		p99(b, took)
	})
	b.Run("miss", func(b *testing.B) {
		var took []time.Duration
		i := 0
		for b.Loop() {
			day := f.clock.Now().AddDate(0, 0, 1+i/len(zones)%50).Format("2006-01-02")
			took = append(took, serve(b, fmt.Sprintf("%s&date=%s&tz=%s", page, day, zones[i%len(zones)])))
			i++
		}
		p99(b, took)
	})
}
