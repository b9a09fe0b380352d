// Command shopbench measures the shop under buyers: adding to a cart from
// -conns concurrent buyers, then starting the checkout of each of those
// carts (its stock held, its order written, the provider's checkout
// opened at a double that answers at once), with the latency's p50 and
// p99. With -buy-for it is instead the background of another measure:
// one buyer after another, each adding -product's -variant and checking
// out, so the stock the shop's pages show moves while they are loaded.
// scripts/bench.sh runs it against a freshly started binary whose demo
// business takes payments through PayPal's double; it talks to
// 127.0.0.1 only.
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"slotwise/backend/internal/loadtest"
)

func main() {
	c := loadtest.Flags(20, "concurrent buyers", 400, "carts filled, then checkouts started")
	product := flag.String("product", "gift-voucher", "product to buy")
	variant := flag.String("variant", "default", "its variant")
	buyFor := flag.Duration("buy-for", 0, "instead of measuring, buy one after another for this long")
	loadtest.Main("shopbench", c, func() error {
		b := &buyer{client: loadtest.Client(c.Conns), base: c.Base, product: *product, variant: *variant}
		if *buyFor > 0 {
			return b.keepBuying(*buyFor)
		}
		return b.measure(c)
	})
}

type buyer struct {
	client           *http.Client
	base             string
	product, variant string
}

func (b *buyer) measure(c *loadtest.Common) error {
	carts := make([]string, c.Warmup+c.N)
	res, err := c.Measure(func(i int) error {
		var err error
		carts[i], err = b.add()
		return err
	})
	if err != nil {
		return fmt.Errorf("adding to a cart: %w", err)
	}
	res.Print("adds to a cart", "p99 under 50 ms")
	res, err = c.Measure(func(i int) error { return b.checkout(carts[i], i) })
	if err != nil {
		return fmt.Errorf("starting a checkout: %w", err)
	}
	res.Print("checkouts started", "p99 under 100 ms")
	return nil
}

// keepBuying buys one after another until d is over, and says how many.
func (b *buyer) keepBuying(d time.Duration) error {
	end := time.Now().Add(d)
	n := 0
	for ; time.Now().Before(end); n++ {
		cart, err := b.add()
		if err == nil {
			err = b.checkout(cart, n)
		}
		if err != nil {
			return err
		}
	}
	fmt.Printf("%d checkouts held stock of %s (%s) meanwhile\n", n, b.product, b.variant)
	return nil
}

// add puts one of the product in a new cart and returns the cart's cookie.
func (b *buyer) add() (string, error) {
	res, err := b.post("/api/shop/cart", "", map[string]any{"product": b.product, "variant": b.variant, "quantity": 1})
	if err != nil {
		return "", err
	}
	for _, c := range res.Cookies() {
		if strings.HasSuffix(c.Name, "slotwise_cart") {
			return c.Name + "=" + c.Value, nil
		}
	}
	return "", fmt.Errorf("no cart cookie set")
}

// checkout starts the cart's checkout, to be picked up, and checks that
// it answers the provider's page.
func (b *buyer) checkout(cart string, i int) error {
	res, err := b.post("/api/shop/checkout", cart, map[string]any{"email": fmt.Sprintf("buyer%d@example.com", i), "name": "Ada Lovelace", "delivery": "pickup"})
	if err != nil {
		return err
	}
	var out struct {
		URL string `json:"url"`
	}
	if err := json.NewDecoder(res.Body).Decode(&out); err != nil || out.URL == "" {
		return fmt.Errorf("the checkout answered no provider's page: %v", err)
	}
	return nil
}

func (b *buyer) post(path, cookie string, body any) (*http.Response, error) {
	data, _ := json.Marshal(body)
	req, _ := http.NewRequest(http.MethodPost, b.base+path, bytes.NewReader(data))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	if cookie != "" {
		req.Header.Set("Cookie", cookie)
	}
	res, err := b.client.Do(req)
	if err != nil {
		return nil, err
	}
	raw, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("%s: %d %s", path, res.StatusCode, raw)
	}
	res.Body = io.NopCloser(bytes.NewReader(raw))
	return res, nil
}
