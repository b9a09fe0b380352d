// Command webhookbench measures how fast a payment provider's deliveries
// are acknowledged: -n signed events (each a new event id, as providers
// send them) from -conns concurrent deliverers to
// /api/payments/{-provider}/webhook, with the latency's p50 and p99. The
// server must run with the provider's webhook secret set to -secret
// (SLOTWISE_STRIPE_WEBHOOK_SECRET, SLOTWISE_RAZORPAY_WEBHOOK_SECRET). For
// PayPal, whose events the server has PayPal verify, -double is the PayPal
// double the server asks (cmd/providerdouble -provider paypal), which signs every delivery
// before the run.
// scripts/bench.sh runs it against a freshly started binary; it talks to
// 127.0.0.1 only.
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net/http"
	"time"

	"slotwise/backend/internal/loadtest"
	"slotwise/backend/internal/payments/razorpaytest"
	"slotwise/backend/internal/payments/stripetest"
)

func main() {
	c := loadtest.Flags(20, "concurrent deliveries", 2000, "deliveries to make")
	secret := flag.String("secret", "whsec_bench", "the webhook signing secret the server has")
	provider := flag.String("provider", "stripe", "stripe, razorpay or paypal")
	double := flag.String("double", "", "the PayPal double the server verifies PayPal's events with")
	loadtest.Main("webhookbench", c, func() error {
		if *provider == "paypal" {
			return runPayPal(c, *double)
		}
		return run(c, *provider, *secret)
	})
}

// delivery is the i-th event's body and headers, signed as the provider
// signs them.
func delivery(provider, secret string, stamp int64, i int) ([]byte, http.Header, error) {
	id := fmt.Sprintf("evt_bench_%d_%d", stamp, i)
	switch provider {
	case "stripe":
		body := stripetest.Event(id, "checkout.session.completed",
			stripetest.Session{ID: fmt.Sprintf("cs_bench_%d", i), PaymentStatus: "paid", Amount: 2700, Intent: "pi_bench"})
		h := http.Header{}
		h.Set("Stripe-Signature", stripetest.Sign(body, secret, time.Now()))
		return body, h, nil
	case "razorpay":
		body := []byte(fmt.Sprintf(`{"entity":"event","account_id":"acc_bench","event":"order.paid","contains":["payment","order"],`+
			`"payload":{"payment":{"entity":{"id":"pay_bench_%d","entity":"payment","order_id":"order_bench_%d","amount":2700,"currency":"INR","status":"captured","captured":true}},`+
			`"order":{"entity":{"id":"order_bench_%d","entity":"order","amount":2700,"amount_paid":2700,"currency":"INR","status":"paid"}}},"created_at":%d}`,
			i, i, i, time.Now().Unix()))
		return body, razorpaytest.Headers(id, body, secret), nil
	}
	return nil, nil, fmt.Errorf("no provider %q", provider)
}

func run(c *loadtest.Common, provider, secret string) error {
	if _, _, err := delivery(provider, secret, 0, 0); err != nil {
		return err
	}
	client := loadtest.Client(c.Conns)
	stamp := time.Now().UnixNano()
	return measure(c, provider, client, func(i int) ([]byte, http.Header) {
		body, h, _ := delivery(provider, secret, stamp, i)
		return body, h
	})
}

// runPayPal has the double sign each delivery before the run: PayPal
// signs with its own key, which only the double holds.
func runPayPal(c *loadtest.Common, double string) error {
	if double == "" {
		return fmt.Errorf("-double is needed for PayPal")
	}
	client := loadtest.Client(c.Conns)
	n := c.Warmup + c.N
	bodies, headers := make([][]byte, n), make([]http.Header, n)
	stamp := time.Now().UnixNano()
	for i := range n {
		bodies[i] = []byte(fmt.Sprintf(`{"id":"WH-BENCH-%d-%d","event_version":"1.0","resource_type":"capture","event_type":"PAYMENT.CAPTURE.COMPLETED",`+
			`"resource":{"id":"3C_BENCH_%d","status":"COMPLETED","amount":{"currency_code":"EUR","value":"27.00"},"supplementary_data":{"related_ids":{"order_id":"5O_BENCH_%d"}}}}`,
			stamp, i, i, i))
		res, err := client.Post(double+"/_double/sign", "application/json", bytes.NewReader(bodies[i]))
		if err != nil {
			return err
		}
		err = json.NewDecoder(res.Body).Decode(&headers[i])
		res.Body.Close()
		if err != nil {
			return err
		}
	}
	return measure(c, "paypal", client, func(i int) ([]byte, http.Header) { return bodies[i], headers[i] })
}

func measure(c *loadtest.Common, provider string, client *http.Client, delivery func(int) ([]byte, http.Header)) error {
	res, err := c.Measure(func(i int) error {
		body, h := delivery(i)
		req, _ := http.NewRequest(http.MethodPost, c.Base+"/api/payments/"+provider+"/webhook", bytes.NewReader(body))
		req.Header = h
		req.Header.Set("Content-Type", "application/json; charset=utf-8")
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
	res.Print(provider+" deliveries", "p99 under 50 ms")
	return nil
}
