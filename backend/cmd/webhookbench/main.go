// Command webhookbench measures how fast Stripe's deliveries are
// acknowledged: -n signed checkout events (each a new event id, as Stripe
// sends them) from -conns concurrent deliverers to
// /api/payments/stripe/webhook, with the latency's p50 and p99. The
// server must run with SLOTWISE_STRIPE_WEBHOOK_SECRET set to -secret.
// scripts/bench.sh runs it against a freshly started binary; it talks to
// 127.0.0.1 only.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"net/http"
	"time"

	"slotwise/backend/internal/loadtest"
	"slotwise/backend/internal/payments/stripetest"
)

func main() {
	c := loadtest.Flags(20, "concurrent deliveries", 2000, "deliveries to make")
	secret := flag.String("secret", "whsec_bench", "the webhook signing secret the server has")
	loadtest.Main("webhookbench", c, func() error { return run(c.Base, *secret, c.Conns, c.N) })
}

func run(base, secret string, conns, n int) error {
	client := loadtest.Client(conns)
	stamp := time.Now().UnixNano()
	res, err := loadtest.Run(n, conns, func(i int) error {
		body := stripetest.Event(fmt.Sprintf("evt_bench_%d_%d", stamp, i), "checkout.session.completed",
			stripetest.Session{ID: fmt.Sprintf("cs_bench_%d", i), PaymentStatus: "paid", Amount: 2700, Intent: "pi_bench"})
		req, _ := http.NewRequest(http.MethodPost, base+"/api/payments/stripe/webhook", bytes.NewReader(body))
		req.Header.Set("Content-Type", "application/json; charset=utf-8")
		req.Header.Set("Stripe-Signature", stripetest.Sign(body, secret, time.Now()))
		out, err := client.Do(req)
		if err != nil {
			return err
		}
		_, _ = io.Copy(io.Discard, out.Body)
		out.Body.Close()
		if out.StatusCode != http.StatusOK {
			return fmt.Errorf("status %d", out.StatusCode)
		}
		return nil
	})
	if err != nil {
		return err
	}
	res.Print("deliveries", "p99 under 50 ms")
	return nil
}
