package web_test

import (
	"context"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"slotwise/backend/internal/db"
	"slotwise/backend/internal/payments/stripetest"
)

// queued is a mail in the outbox, readable.
type queued struct{ kind, to, text string }

// run delivers every due event to the shop's consumers and returns the
// mails queued since the last call.
func (sf *shopParts) run(t *testing.T, pool *db.Pool, after *int64) []queued {
	t.Helper()
	for {
		n, err := sf.worker.DeliverDue(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if n == 0 {
			break
		}
	}
	every := db.WithEveryBusiness(context.Background()) // the mails of every business
	var failed string
	_ = pool.QueryRow(every, `SELECT coalesce(string_agg(consumer || ': ' || last_error, '; '), '') FROM event_deliveries
		WHERE done_at IS NULL AND coalesce(last_error, '') <> ''`).Scan(&failed)
	if failed != "" {
		t.Fatalf("a consumer failed: %s", failed)
	}
	rows, err := pool.Query(every, `SELECT id, kind, recipient, mime FROM outbox WHERE id > $1 ORDER BY id`, *after)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []queued
	for rows.Next() {
		var q queued
		var raw []byte
		if err := rows.Scan(after, &q.kind, &q.to, &raw); err != nil {
			t.Fatal(err)
		}
		q.text = readableMail(t, raw)
		out = append(out, q)
	}
	return out
}

// payByStripe sends the provider's signed word that the order's checkout
// was paid: amount, or (0) its total.
func (sf *shopParts) payByStripe(t *testing.T, pool *db.Pool, business int64, orderID string, amount int64) {
	t.Helper()
	ctx := db.WithBusiness(context.Background(), business)
	var session string
	var total int64
	if err := pool.QueryRow(ctx, `SELECT p.session_id, o.total_cents FROM payments p JOIN orders o ON o.id = p.order_id AND o.location_id = p.location_id
		WHERE p.order_id = $1 ORDER BY p.created_at DESC LIMIT 1`, orderID).Scan(&session, &total); err != nil {
		t.Fatal(err)
	}
	if amount == 0 {
		amount = total
	}
	body := stripetest.Event("evt_"+orderID, "checkout.session.completed",
		stripetest.Session{ID: session, PaymentStatus: "paid", Status: "complete", Amount: amount, Intent: "pi_" + orderID[4:]})
	h := http.Header{}
	h.Set("Stripe-Signature", stripetest.Sign(body, stripetest.WebhookSecret, time.Now()))
	if err := sf.pay.TakeEvent(ctx, "stripe", body, h); err != nil {
		t.Fatal(err)
	}
}

var mailLink = regexp.MustCompile(`https://book\.example\.com(/\S*order/ord_[A-Za-z0-9_-]+\?token=[A-Za-z0-9_-]+)`)

// A buyer in German gets the confirmation and receipt in German, the
// business its alert in its own language, and then each step of the
// order: shipped with its tracking link, a part refunded. Each mail's
// link opens the order's page.
func TestAnOrdersMailsTellTheBuyerAndTheBusiness(t *testing.T) {
	sf := newShopFixture(t)
	var studio int64
	if err := sf.pool.QueryRow(context.Background(), `SELECT id FROM locations WHERE slug = 'demo-studio'`).Scan(&studio); err != nil {
		t.Fatal(err)
	}
	ctx := db.WithBusiness(context.Background(), studio)
	var seen int64
	_ = sf.pool.QueryRow(context.Background(), `SELECT coalesce(max(id), 0) FROM outbox`).Scan(&seen)

	rec := sf.post("/de/cart", url.Values{"product": {"massage-oil"}, "variant": {"250ml"}, "quantity": {"2"}}, nil)
	cookie := cartCookie(t, rec)
	rec = sf.post("/de/checkout", url.Values{"email": {"ada@example.com"}, "name": {"Ada Lovelace"}, "delivery": {"ship"}, "line1": {"Torstraße 1"},
		"postalCode": {"10119"}, "city": {"Berlin"}, "country": {"DE"}}, map[string]string{"Cookie": cookie})
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("checkout: %d %s", rec.Code, rec.Body)
	}
	var orderID string
	if err := sf.pool.QueryRow(ctx, `SELECT id FROM orders ORDER BY created_at DESC LIMIT 1`).Scan(&orderID); err != nil {
		t.Fatal(err)
	}
	if mails := sf.run(t, sf.pool, &seen); len(mails) != 0 {
		t.Fatalf("mails before the payment: %+v", mails)
	}

	sf.payByStripe(t, sf.pool, studio, orderID, 9800)
	mails := sf.run(t, sf.pool, &seen)
	if len(mails) != 2 {
		t.Fatalf("%d mails after the payment, want the buyer's and the business's", len(mails))
	}
	buyer, business := mails[0], mails[1]
	if buyer.kind != "order.confirmation" || buyer.to != "ada@example.com" {
		t.Fatalf("first mail %s to %s", buyer.kind, buyer.to)
	}
	for _, want := range []string{"Bestellung #1001 bestätigt", "Vielen Dank für Ihre Bestellung", "2 × Warming massage oil (250 ml)", "98,00", "Versand", "Kostenlos",
		"Enthält VAT: 15,65", "Torstraße 1, 10119 Berlin, Deutschland", "Bestellung ansehen"} {
		if !strings.Contains(buyer.text, want) {
			t.Errorf("the buyer's confirmation lacks %q:\n%s", want, buyer.text)
		}
	}
	if business.kind != "order.received" || business.to != "studio@slotwise.localhost" {
		t.Fatalf("second mail %s to %s", business.kind, business.to)
	}
	for _, want := range []string{"New order #1001: €98.00 from Ada Lovelace", "Reply-To: ada@example.com", "/admin/order/" + orderID} {
		if !strings.Contains(business.text, want) {
			t.Errorf("the business's alert lacks %q:\n%s", want, business.text)
		}
	}
	link := mailLink.FindStringSubmatch(buyer.text)
	if link == nil {
		t.Fatalf("no order link in the confirmation:\n%s", buyer.text)
	}
	if rec := sf.do(http.MethodGet, link[1], nil); rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), "Vielen Dank") {
		t.Fatalf("the confirmation's link %s: %d", link[1], rec.Code)
	}

	// The payment told again (the provider retries): no second mail.
	sf.payByStripe(t, sf.pool, studio, orderID, 9800)
	if again := sf.run(t, sf.pool, &seen); len(again) != 0 {
		t.Fatalf("the payment told twice mailed %d more", len(again))
	}

	if _, err := sf.shop.Fulfil(ctx, orderID, "https://parcels.example/track/123", "fulfil-1"); err != nil {
		t.Fatal(err)
	}
	mails = sf.run(t, sf.pool, &seen)
	if len(mails) != 1 || mails[0].kind != "order.shipped" || !strings.Contains(mails[0].text, "https://parcels.example/track/123") ||
		!strings.Contains(mails[0].text, "ist unterwegs") {
		t.Fatalf("after the fulfilment: %+v", mails)
	}

	if _, err := sf.shop.Refund(ctx, orderID, 1500, "refund-1"); err != nil {
		t.Fatal(err)
	}
	mails = sf.run(t, sf.pool, &seen)
	if len(mails) != 1 || mails[0].kind != "order.refunded" || !strings.Contains(mails[0].text, "Wir haben 15,00") {
		t.Fatalf("after a part refunded: %+v", mails)
	}
	link = mailLink.FindStringSubmatch(mails[0].text)
	if link == nil {
		t.Fatal("no order link in the refund's mail")
	}
	if rec := sf.do(http.MethodGet, link[1], nil); rec.Code != http.StatusOK {
		t.Fatalf("the refund mail's link: %d", rec.Code)
	}
}
