package web_test

import (
	"context"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"

	"slotwise/backend/internal/db"
)

// shopDashboard is the dashboard of two businesses selling the same
// products under the same slugs, the demo's paid through Stripe's double.
type shopDashboard struct {
	*dashboard
	shopParts
}

func newShopDashboard(t *testing.T) *shopDashboard {
	sd := &shopDashboard{}
	sd.dashboard = newDashboard(t, withShop(t, &sd.shopParts))
	return sd
}

// buy puts quantity of a product's variant in a new cart on host and
// checks it out to email, shipped (or picked up), and returns the order.
func (sd *shopDashboard) buy(t *testing.T, host, product, variant, quantity, email, delivery string) string {
	t.Helper()
	return buyOn(t, sd.fixture, host, product, variant, quantity, email, delivery)
}

func buyOn(t *testing.T, sd *fixture, host, product, variant, quantity, email, delivery string) string {
	t.Helper()
	rec := sd.post("/cart", url.Values{"product": {product}, "variant": {variant}, "quantity": {quantity}}, map[string]string{"Host": hostOr(host)})
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("adding to the cart on %q: %d %s", host, rec.Code, rec.Body)
	}
	form := url.Values{"email": {email}, "name": {"Ada Lovelace"}, "delivery": {delivery}}
	if delivery == "ship" {
		form = url.Values{"email": {email}, "name": {"Ada Lovelace"}, "delivery": {"ship"}, "line1": {"Torstraße 1"}, "postalCode": {"10119"}, "city": {"Berlin"}, "country": {"DE"}}
	}
	rec = sd.post("/checkout", form, map[string]string{"Host": hostOr(host), "Cookie": cartCookie(t, rec)})
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("checkout on %q: %d %s", host, rec.Code, rec.Body)
	}
	var id string
	if err := sd.pool.QueryRow(db.WithEveryBusiness(context.Background()), `SELECT id FROM orders WHERE email = $1 ORDER BY created_at DESC LIMIT 1`, email).Scan(&id); err != nil {
		t.Fatal(err)
	}
	return id
}

// betaOrder is an order of the second business, #1001 as the demo's
// first is, written as a paid checkout leaves it (beta sells through no
// provider of its own).
func (sd *shopDashboard) betaOrder(t *testing.T) string {
	t.Helper()
	ctx := sd.ctxOf(hostB)
	id := "ord_betaBetaBetaBeta01"
	if _, err := sd.pool.Exec(ctx, `INSERT INTO orders (id, number, cart_id, token_hash, status, stock, locale, email, name, delivery, address, currency,
		subtotal_cents, shipping_cents, tax_cents, total_cents, tax_inclusive, paid_cents, hold_until, created_at, updated_at, paid_at)
		VALUES ($1, 1001, 'cart_beta', '\\x00', 'paid', 'taken', 'en-US', 'alan@example.com', 'Alan Turing', 'pickup', '{}', 'EUR',
		4900, 0, 782, 4900, true, 4900, now(), now(), now(), now())`, id); err != nil {
		t.Fatal(err)
	}
	if _, err := sd.pool.Exec(ctx, `INSERT INTO order_items (order_id, position, product_id, variant_id, name, variant_name, unit_cents, quantity, tax_basis_points)
		VALUES ($1, 1, 'massage-oil', '250ml', 'Warming massage oil', '250 ml', 4900, 1, 1900)`, id); err != nil {
		t.Fatal(err)
	}
	return id
}

func (sd *shopDashboard) status(t *testing.T, id string) (status string, onShelf int) {
	t.Helper()
	if err := sd.pool.QueryRow(sd.ctxOf(""), `SELECT o.status, v.on_hand FROM orders o JOIN order_items i ON i.order_id = o.id AND i.location_id = o.location_id
		JOIN product_variants v ON v.id = i.variant_id AND v.product_id = i.product_id AND v.location_id = o.location_id WHERE o.id = $1`, id).Scan(&status, &onShelf); err != nil {
		t.Fatal(err)
	}
	return status, onShelf
}

// The owner and the front desk find, fulfil and refund the business's
// orders; only the owner gives money back or cancels; a staff member and
// another business, whose products have the same slugs and whose first
// order has the same number, reach none of them.
func TestOrdersAreWorkedInTheDashboardByWhoMayWorkThem(t *testing.T) {
	sd := newShopDashboard(t)
	var studio int64
	_ = sd.pool.QueryRow(context.Background(), `SELECT id FROM locations WHERE slug = 'demo-studio'`).Scan(&studio)
	shipped := sd.buy(t, "", "massage-oil", "250ml", "2", "ada@example.com", "ship")
	sd.payByStripe(t, sd.pool, studio, shipped, 9800)
	pickup := sd.buy(t, "", "calming-cream", "default", "1", "grace@example.com", "pickup")
	sd.payByStripe(t, sd.pool, studio, pickup, 0)
	var seen int64
	sd.shopParts.run(t, sd.pool, &seen)
	beta := sd.betaOrder(t)

	data := func(target string) string { return "/api/page-data?path=" + url.QueryEscape(target) }
	tests := []struct {
		name, who, host, target string
		want                    int
		shows, hides            []string
	}{
		{"signed out", "", "", "/admin/orders", 303, nil, nil},
		{"the owner", "owner", "", data("/admin/orders"), 200, []string{`"number":1001`, `"number":1002`, "ada@example.com", "grace@example.com", `"shop":true`}, []string{"alan@example.com"}},
		{"the front desk, by number", "desk", "", data("/admin/orders?q=%231002"), 200, []string{"grace@example.com"}, []string{"ada@example.com"}},
		{"by part of the address", "desk", "", data("/admin/orders?q=ADA%40"), 200, []string{"ada@example.com"}, []string{"grace@example.com"}},
		{"a search that is odd", "desk", "", data("/admin/orders?q=%25_%5C"), 200, []string{`"orders":[]`}, nil},
		{"by status", "owner", "", data("/admin/orders?status=fulfilled"), 200, []string{`"orders":[]`}, nil},
		{"a status that is not", "owner", "", data("/admin/orders?status=lost"), 200, []string{"ada@example.com"}, nil},
		{"the order's page", "desk", "", data("/admin/order/" + shipped), 200, []string{`"canFulfil":true`, `"refundable":0`, "Torstraße 1", `"action":"paid"`}, nil},
		{"the owner's page of it", "owner", "", data("/admin/order/" + shipped), 200, []string{`"refundable":9800`, `"canCancel":true`}, nil},
		{"a staff member", "jonas", "", "/admin/orders", 404, nil, []string{"ada@example.com"}},
		{"a staff member, the order", "jonas", "", "/admin/order/" + shipped, 404, nil, []string{"ada@example.com"}},
		{"another business", "betaOwner", hostB, data("/admin/orders"), 200, []string{"alan@example.com", `"number":1001`}, []string{"ada@example.com"}},
		{"another business's order by its id", "betaOwner", hostB, "/admin/order/" + shipped, 404, nil, []string{"ada@example.com"}},
		{"an id that is not", "owner", "", "/admin/order/ord_", 404, nil, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			expect(t, sd.do(http.MethodGet, tt.target, sd.browser(tt.who, tt.host)), tt.want, tt.shows, tt.hides)
		})
	}
	if rec := sd.post("/admin/order/"+beta, url.Values{"do": {"cancel"}, "idempotencyKey": {"x1"}}, sd.browser("owner", "")); rec.Code != http.StatusNotFound {
		t.Fatalf("the demo's owner cancelling beta's order: %d", rec.Code)
	}

	posts := []struct {
		name, who, id string
		form          url.Values
		want          int
		status        string
	}{
		{"a tracking link that is no link", "desk", shipped, url.Values{"do": {"fulfil"}, "trackingUrl": {"javascript:alert(1)"}, "idempotencyKey": {"k1"}}, 422, "paid"},
		{"the front desk refunding", "desk", shipped, url.Values{"do": {"refund"}, "idempotencyKey": {"k2"}}, 404, "paid"},
		{"the front desk cancelling", "desk", shipped, url.Values{"do": {"cancel"}, "idempotencyKey": {"k3"}}, 404, "paid"},
		{"shipped with its link", "desk", shipped, url.Values{"do": {"fulfil"}, "trackingUrl": {"https://parcels.example/track/1"}, "idempotencyKey": {"k4"}}, 303, "fulfilled"},
		{"shipped again", "desk", shipped, url.Values{"do": {"fulfil"}, "trackingUrl": {"https://parcels.example/track/1"}, "idempotencyKey": {"k4"}}, 303, "fulfilled"},
		{"cancelled once shipped", "owner", shipped, url.Values{"do": {"cancel"}, "idempotencyKey": {"k5"}}, 409, "fulfilled"},
		{"more refunded than paid", "owner", shipped, url.Values{"do": {"refund"}, "amount": {"98.01"}, "idempotencyKey": {"k6"}}, 422, "fulfilled"},
		{"an amount that is none", "owner", shipped, url.Values{"do": {"refund"}, "amount": {"twelve"}, "idempotencyKey": {"k7"}}, 422, "fulfilled"},
		{"a part refunded", "owner", shipped, url.Values{"do": {"refund"}, "amount": {"15"}, "idempotencyKey": {"k8"}}, 303, "fulfilled"},
		{"a pick-up told ready", "desk", pickup, url.Values{"do": {"ready"}, "idempotencyKey": {"k9"}}, 303, "paid"},
		{"a pick-up cancelled", "owner", pickup, url.Values{"do": {"cancel"}, "idempotencyKey": {"k10"}}, 303, "cancelled"},
		{"a change the page does not make", "owner", pickup, url.Values{"do": {"explode"}, "idempotencyKey": {"k11"}}, 422, "cancelled"},
	}
	for _, p := range posts {
		rec := sd.post("/admin/order/"+p.id, p.form, sd.browser(p.who, ""))
		if rec.Code != p.want {
			t.Fatalf("%s: %d, want %d: %s", p.name, rec.Code, p.want, rec.Body)
		}
		if status, _ := sd.status(t, p.id); status != p.status {
			t.Fatalf("%s: the order is %s, want %s", p.name, status, p.status)
		}
	}
	if _, onShelf := sd.status(t, pickup); onShelf != 12 {
		t.Errorf("the cancelled pick-up left %d creams on the shelf, want all 12 back", onShelf)
	}
	// What the buyers were told: shipped with the link, a part refunded,
	// the pick-up ready, then cancelled and refunded whole.
	var kinds []string
	for _, m := range sd.shopParts.run(t, sd.pool, &seen) {
		kinds = append(kinds, m.kind+" "+m.to)
	}
	want := "order.ready grace@example.com,order.refunded ada@example.com,order.refunded grace@example.com,order.shipped ada@example.com"
	if got := strings.Join(slices.Sorted(slices.Values(kinds)), ","); got != want {
		t.Errorf("mails %s, want %s", got, want)
	}
	rec := sd.do(http.MethodGet, data("/admin/order/"+shipped), sd.browser("owner", ""))
	expect(t, rec, 200, []string{`"trackingUrl":"https://parcels.example/track/1"`, `"refundedCents":1500`, `"refundable":8300`, `"action":"fulfilled"`, `"actor":"person:desk@example.com"`}, nil)
}
