package web_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"slotwise/backend/internal/booking"
	"slotwise/backend/internal/events"
	"slotwise/backend/internal/payments"
	"slotwise/backend/internal/payments/paypaltest"
	"slotwise/backend/internal/web"
)

type paypalFixture struct {
	*fixture
	double *paypaltest.Double
	worker *events.Dispatcher
}

// newPayPalFixture serves with PayPal the only provider configured.
func newPayPalFixture(t *testing.T) *paypalFixture {
	t.Helper()
	pf := &paypalFixture{double: paypaltest.Start(t)}
	pf.fixture = newFixture(t, sharedRenderer(t), func(d *web.Deps, w wiring) {
		_, pf.worker = servePaymentsThrough(t, d, w, payments.NewPayPal(payments.PayPalConfig{ClientID: paypaltest.ClientID,
			ClientSecret: paypaltest.ClientSecret, WebhookID: paypaltest.WebhookID, APIURL: pf.double.URL}))
	})
	return pf
}

// noRedirects is a client that shows where a page sends the browser.
var noRedirects = &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}

func TestAPaidBookingGoesThroughPayPalAndComesBackToItsResult(t *testing.T) {
	pf := newPayPalFixture(t)
	rec := pf.send(http.MethodPost, "/api/bookings", bookingBody(nextMonday10(), func(b map[string]any) {
		b["calendar"], b["acceptTerms"] = "demo-paid", true
	}), nil)
	var v booking.View
	if rec.Code != http.StatusCreated || json.Unmarshal(rec.Body.Bytes(), &v) != nil {
		t.Fatalf("book: %d %s", rec.Code, rec.Body)
	}
	token := mustQuery(t, v.ManageURL, "token")
	var opened web.CheckoutResponse
	rec = pf.send(http.MethodPost, "/api/bookings/"+v.ID+"/checkout", `{"token":"`+token+`"}`, nil)
	if rec.Code != http.StatusOK || json.Unmarshal(rec.Body.Bytes(), &opened) != nil || !strings.HasPrefix(opened.URL, pf.double.URL+"/checkoutnow?token=") {
		t.Fatalf("checkout: %d %s", rec.Code, rec.Body)
	}
	order := mustQuery(t, opened.URL, "token")

	// Cancelled at PayPal, the booker comes back to a page that offers to pay again.
	created := pf.double.Asked(http.MethodPost, "/v2/checkout/orders")[0].Body
	var asked struct {
		PaymentSource struct {
			PayPal struct {
				ExperienceContext struct {
					ReturnURL string `json:"return_url"`
					CancelURL string `json:"cancel_url"`
				} `json:"experience_context"`
			} `json:"paypal"`
		} `json:"payment_source"`
	}
	_ = json.Unmarshal([]byte(created), &asked)
	cancel := asked.PaymentSource.PayPal.ExperienceContext.CancelURL + "&token=" + order
	if rec := pf.do(http.MethodGet, sitePath(t, cancel), nil); rec.Code != http.StatusSeeOther || !strings.Contains(rec.Header().Get("Location"), "cancelled=1") {
		t.Fatalf("back from PayPal's Cancel: %d to %q", rec.Code, rec.Header().Get("Location"))
	}

	// The booker approves at PayPal, which sends them back with its token and PayerID.
	res, err := noRedirects.PostForm(pf.double.URL+"/checkoutnow", url.Values{"token": {order}})
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	back := res.Header.Get("Location")
	if res.StatusCode != http.StatusSeeOther || !strings.Contains(back, "PayerID=") || mustQuery(t, back, "token") != order {
		t.Fatalf("PayPal sends the booker to %q", back)
	}
	rec = pf.do(http.MethodGet, sitePath(t, back), nil)
	result := rec.Header().Get("Location")
	if rec.Code != http.StatusSeeOther || !strings.HasPrefix(result, "/verifyPayment?") || mustQuery(t, "https://x"+result, "token") != token ||
		strings.Contains(result, order) || strings.Contains(result, "cancelled") {
		t.Fatalf("back from PayPal: %d to %q", rec.Code, result)
	}
	if rec.Header().Get("Cache-Control") != "no-store" {
		t.Fatal("the return address's answer may be stored")
	}
	page := pf.do(http.MethodGet, result, nil)
	if !strings.Contains(page.Body.String(), `"state":"paid"`) {
		t.Fatalf("the result page after approving: %.400s", page.Body)
	}
	if n := len(pf.double.CapturesOf(order)); n != 1 {
		t.Fatalf("%d captures, want the result page's one", n)
	}

	// PayPal's events come after: verified by PayPal, taken once; while
	// PayPal cannot verify them, refused so that it delivers again.
	event := pf.double.Event("WH-approved-1", "CHECKOUT.ORDER.APPROVED", order)
	pf.double.Down()
	rec = pf.send(http.MethodPost, "/api/payments/paypal/webhook", string(event), headerMap(pf.double.Headers(event, paypaltest.WebhookID)))
	if rec.Code != http.StatusServiceUnavailable || rec.Header().Get("Retry-After") == "" {
		t.Fatalf("an event PayPal cannot verify now: %d %s", rec.Code, rec.Body)
	}
	pf.double.Up()
	for range 2 {
		rec := pf.send(http.MethodPost, "/api/payments/paypal/webhook", string(event), headerMap(pf.double.Headers(event, paypaltest.WebhookID)))
		if rec.Code != http.StatusOK {
			t.Fatalf("webhook: %d %s", rec.Code, rec.Body)
		}
	}
	forged := []byte(strings.Replace(string(event), order, "5O-someone-elses", 1))
	if rec := pf.send(http.MethodPost, "/api/payments/paypal/webhook", string(forged), headerMap(pf.double.Headers(event, paypaltest.WebhookID))); rec.Code != http.StatusBadRequest {
		t.Fatalf("a changed event: %d", rec.Code)
	}
	if _, err := pf.worker.DeliverDue(context.Background()); err != nil {
		t.Fatal(err)
	}
	var status, money string
	var booked int
	_ = pf.pool.QueryRow(context.Background(), `SELECT status, payment FROM bookings WHERE id = $1`, v.ID).Scan(&status, &money)
	_ = pf.pool.QueryRow(context.Background(), `SELECT count(*) FROM events WHERE type = 'booking.booked'`).Scan(&booked)
	if status != "scheduled" || money != "paid" || booked != 1 || len(pf.double.CapturesOf(order)) != 1 {
		t.Fatalf("booking %s / %s, booked %d times, %d captures", status, money, booked, len(pf.double.CapturesOf(order)))
	}
}

func TestPayPalsReturnAddressOpensOnlyWithTheBookingsSecret(t *testing.T) {
	pf := newPayPalFixture(t)
	tests := []struct {
		name, target string
		want         int
	}{
		{"no payment", "/api/payments/paypal/return?key=x&token=5O1&PayerID=P", http.StatusNotFound},
		{"a payment that is not there", "/api/payments/paypal/return?payment=pay_nope&key=x&token=5O1", http.StatusNotFound},
		{"PayPal's token in place of the secret", "/api/payments/paypal/return?payment=pay_nope&token=5O1", http.StatusNotFound},
		{"a provider that is not set up", "/api/payments/razorpay/return?payment=pay_nope&key=x", http.StatusNotFound},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if rec := pf.do(http.MethodGet, tt.target, nil); rec.Code != tt.want {
				t.Fatalf("%d %s, want %d", rec.Code, rec.Body, tt.want)
			}
		})
	}
}
