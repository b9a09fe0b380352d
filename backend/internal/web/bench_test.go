package web_test

import (
	"context"
	"fmt"
	"io/fs"
	"net/http"
	"os"
	"runtime"
	"testing"
	"time"

	"slotwise/ssr"
	"slotwise/ui"
)

// BenchmarkRenderBookingPage renders the booking widget's payload, as the
// page loader builds it from the demo data, through the V8 pool: with one
// worker (comparable with one Node process) and with one per CPU. With
// SLOTWISE_BENCH_PAYLOAD set it writes the payload there, so scripts/bench.sh
// renders the very same page under Node.
func BenchmarkRenderBookingPage(b *testing.B) {
	f := newFixture(b, sharedRenderer(b))
	const url = "/widget/bookings/demo-consultation"
	rec := f.do(http.MethodGet, "/api/page-data?path="+url, nil)
	if rec.Code != http.StatusOK {
		b.Fatalf("page data: %d %s", rec.Code, rec.Body)
	}
	payload := rec.Body.Bytes()
	if out := os.Getenv("SLOTWISE_BENCH_PAYLOAD"); out != "" {
		if err := os.WriteFile(out, payload, 0o644); err != nil {
			b.Fatal(err)
		}
	}
	bundle, err := fs.ReadFile(ui.Dist(), "server/server.js")
	if err != nil {
		b.Fatal(err)
	}
	for _, workers := range []int{1, runtime.NumCPU()} {
		b.Run(fmt.Sprintf("workers=%d", workers), func(b *testing.B) {
			pool, err := ssr.New(ssr.Options{Bundle: bundle, BundleName: "server.js", Workers: workers, Deadline: 5 * time.Second})
			if err != nil {
				b.Fatal(err)
			}
			defer pool.Close()
			b.SetParallelism(workers)
			b.ResetTimer()
			b.RunParallel(func(pb *testing.PB) {
				for pb.Next() {
					if _, err := pool.Render(context.Background(), url, payload); err != nil {
						b.Error(err)
						return
					}
				}
			})
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "renders/s")
		})
	}
}
