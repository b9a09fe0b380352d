package web_test

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"slotwise/backend/internal/payments"
	"slotwise/backend/internal/payments/paypaltest"
	"slotwise/backend/internal/web"
)

// An order paid through PayPal: approved at PayPal's page, captured once
// when the buyer comes back (the order's page asks PayPal), its unit
// taken from the shelf; PayPal's own events after that (its approval
// twice, its capture) capture and record nothing more.
func TestAnOrderPaidThroughPayPalIsCapturedOnceAndTakesItsStock(t *testing.T) {
	double := paypaltest.Start(t)
	sf := &shopFixture{}
	sf.fixture = newFixture(t, sharedRenderer(t), withShopThrough(t, &sf.shopParts, payments.NewPayPal(payments.PayPalConfig{ClientID: paypaltest.ClientID,
		ClientSecret: paypaltest.ClientSecret, WebhookID: paypaltest.WebhookID, APIURL: double.URL})),
		func(d *web.Deps, w wiring) { *w.dashboard = web.DashboardDeps{} })
	rec := sf.post("/de/cart", url.Values{"product": {"massage-oil"}, "variant": {"250ml"}, "quantity": {"1"}}, nil)
	cookie := cartCookie(t, rec)
	rec = sf.post("/de/checkout", url.Values{"email": {"ada@example.com"}, "name": {"Ada Lovelace"}, "delivery": {"pickup"}}, map[string]string{"Cookie": cookie})
	opened := rec.Header().Get("Location")
	if rec.Code != http.StatusSeeOther || !strings.HasPrefix(opened, double.URL+"/checkoutnow?token=") {
		t.Fatalf("checkout: %d to %q %s", rec.Code, opened, rec.Body)
	}
	paypalOrder := mustQuery(t, opened, "token")
	var orderID string
	if err := sf.pool.QueryRow(context.Background(), `SELECT order_id FROM payments WHERE session_id = $1`, paypalOrder).Scan(&orderID); err != nil {
		t.Fatal(err)
	}
	level := func() (onHand, held int) {
		t.Helper()
		_ = sf.pool.QueryRow(context.Background(), `SELECT on_hand, held FROM product_variants WHERE product_id = 'massage-oil' AND id = '250ml'`).Scan(&onHand, &held)
		return onHand, held
	}
	if onHand, held := level(); onHand != 3 || held != 1 {
		t.Fatalf("stock %d on hand, %d held while paying, want 3 and 1", onHand, held)
	}

	// Approved at PayPal, the buyer comes back with its token and PayerID.
	res, err := noRedirects.PostForm(double.URL+"/checkoutnow", url.Values{"token": {paypalOrder}})
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	back := res.Header.Get("Location")
	rec = sf.do(http.MethodGet, sitePath(t, back), nil)
	result := rec.Header().Get("Location")
	if rec.Code != http.StatusSeeOther || !strings.HasPrefix(result, "/de/order/"+orderID+"?") || strings.Contains(result, paypalOrder) {
		t.Fatalf("back from PayPal: %d to %q", rec.Code, result)
	}
	page := sf.do(http.MethodGet, result, nil)
	if page.Code != http.StatusOK || !strings.Contains(page.Body.String(), `"state":"paid"`) {
		t.Fatalf("the order's page after approving: %d %.400s", page.Code, page.Body)
	}

	// PayPal's events follow: the approval (told twice) and the capture.
	captures := double.CapturesOf(paypalOrder)
	if len(captures) != 1 {
		t.Fatalf("%d captures, want the order page's one", len(captures))
	}
	approved := double.Event("WH-order-approved-1", "CHECKOUT.ORDER.APPROVED", paypalOrder)
	for _, event := range [][]byte{approved, approved, double.Event("WH-order-captured-1", "PAYMENT.CAPTURE.COMPLETED", captures[0])} {
		if rec := sf.send(http.MethodPost, "/api/payments/paypal/webhook", string(event), headerMap(double.Headers(event, paypaltest.WebhookID))); rec.Code != http.StatusOK {
			t.Fatalf("webhook: %d %s", rec.Code, rec.Body)
		}
	}
	if _, err := sf.worker.DeliverDue(context.Background()); err != nil {
		t.Fatal(err)
	}
	var status string
	var paidEvents int
	_ = sf.pool.QueryRow(context.Background(), `SELECT status FROM orders WHERE id = $1`, orderID).Scan(&status)
	_ = sf.pool.QueryRow(context.Background(), `SELECT count(*) FROM events WHERE type = 'order.paid'`).Scan(&paidEvents)
	if status != "paid" || paidEvents != 1 || len(double.CapturesOf(paypalOrder)) != 1 {
		t.Fatalf("order %s, paid %d times, %d captures; want paid once, one capture", status, paidEvents, len(double.CapturesOf(paypalOrder)))
	}
	if onHand, held := level(); onHand != 2 || held != 0 {
		t.Fatalf("stock %d on hand, %d held once paid, want 2 and none", onHand, held)
	}
}
