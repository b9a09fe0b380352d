package payments_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"slotwise/backend/internal/payments"
	"slotwise/backend/internal/payments/paypaltest"
)

func newPayPal(t *testing.T) (*payments.PayPal, *paypaltest.Double) {
	t.Helper()
	d := paypaltest.Start(t)
	return payments.NewPayPal(payments.PayPalConfig{ClientID: paypaltest.ClientID, ClientSecret: paypaltest.ClientSecret,
		WebhookID: paypaltest.WebhookID, APIURL: d.URL}), d
}

func paypalCheckout(key, currency string, amount int64) payments.CheckoutRequest {
	return payments.CheckoutRequest{Key: key, Amount: amount, Currency: currency, Description: "Deep tissue · Studio", Merchant: "Studio",
		Locale: "de", Reference: "bk_1", PaymentID: key,
		SuccessURL: "https://book.example.com/api/payments/paypal/return?key=s3cret&payment=" + key,
		CancelURL:  "https://book.example.com/api/payments/paypal/return?key=s3cret&payment=" + key + "&cancelled=1"}
}

func TestAPayPalOrderIsMadeOncePerPaymentInTheCurrencysDecimals(t *testing.T) {
	tests := []struct {
		currency  string
		amount    int64
		wantValue string // "" : refused before PayPal is asked
	}{
		{"EUR", 2700, "27.00"},
		{"EUR", 5, "0.05"},
		{"JPY", 5000, "5000"},
		{"HUF", 1200000, "12000"},
		{"HUF", 1200050, ""}, // PayPal takes forints whole only
		{"KWD", 12345, ""},   // nor does it take dinars
		{"INR", 150000, ""},
	}
	for _, tt := range tests {
		t.Run(tt.currency+" "+tt.wantValue, func(t *testing.T) {
			pp, d := newPayPal(t)
			ctx := context.Background()
			first, err := pp.Checkout(ctx, paypalCheckout("pay_a", tt.currency, tt.amount))
			if tt.wantValue == "" {
				if !errors.Is(err, payments.ErrCurrency) || len(d.Asked(http.MethodPost, "/v2/checkout/orders")) != 0 {
					t.Fatalf("%d %s: %v, want refused without asking PayPal", tt.amount, tt.currency, err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			again, err := pp.Checkout(ctx, paypalCheckout("pay_a", tt.currency, tt.amount))
			if err != nil || again.ID != first.ID {
				t.Fatalf("the same payment again: order %q (%v), the first was %q", again.ID, err, first.ID)
			}
			if first.Status != payments.SessionOpen || first.Paid || first.Amount != tt.amount || !strings.HasPrefix(first.URL, d.URL+"/checkoutnow?token=") {
				t.Fatalf("a new order reads %+v", first)
			}
			asked := d.Asked(http.MethodPost, "/v2/checkout/orders")
			var sent struct {
				PurchaseUnits []struct {
					CustomID string                 `json:"custom_id"`
					Amount   struct{ Value string } `json:"amount"`
				} `json:"purchase_units"`
				PaymentSource struct {
					PayPal struct {
						ExperienceContext map[string]string `json:"experience_context"`
					} `json:"paypal"`
				} `json:"payment_source"`
			}
			if err := json.Unmarshal([]byte(asked[0].Body), &sent); err != nil {
				t.Fatal(err)
			}
			ec := sent.PaymentSource.PayPal.ExperienceContext
			if asked[0].Header.Get("PayPal-Request-Id") != "pay_a" || sent.PurchaseUnits[0].Amount.Value != tt.wantValue ||
				sent.PurchaseUnits[0].CustomID != "pay_a" || ec["locale"] != "de" || ec["user_action"] != "PAY_NOW" || ec["shipping_preference"] != "NO_SHIPPING" {
				t.Fatalf("asked PayPal for %s with %s", asked[0].Header.Get("PayPal-Request-Id"), asked[0].Body)
			}
			other, err := pp.Checkout(ctx, paypalCheckout("pay_b", tt.currency, tt.amount))
			if err != nil || other.ID == first.ID {
				t.Fatalf("another payment got order %q (%v)", other.ID, err)
			}
		})
	}
}

func TestAnApprovedPayPalOrderIsPaidOnlyOnceCaptured(t *testing.T) {
	pp, d := newPayPal(t)
	ctx := context.Background()
	s, err := pp.Checkout(ctx, paypalCheckout("pay_a", "EUR", 2700))
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := pp.Capture(ctx, s.ID, "capture-pay_a"); got.Paid || got.Status != payments.SessionOpen {
		t.Fatalf("capturing before the booker approved: %+v, want still open", got)
	}
	if err := d.Approve(s.ID); err != nil {
		t.Fatal(err)
	}
	if got, err := pp.Session(ctx, s.ID); err != nil || got.Status != payments.SessionApproved || got.Paid {
		t.Fatalf("approved, the order reads %+v (%v), want approved and not paid", got, err)
	}
	first, err := pp.Capture(ctx, s.ID, "capture-pay_a")
	if err != nil {
		t.Fatal(err)
	}
	again, err := pp.Capture(ctx, s.ID, "capture-pay_a")
	if err != nil {
		t.Fatal(err)
	}
	other, err := pp.Capture(ctx, s.ID, "someone else's key")
	if err != nil {
		t.Fatal(err)
	}
	if !first.Paid || first.IntentID == "" || first.Amount != 2700 || again.IntentID != first.IntentID || other.IntentID != first.IntentID {
		t.Fatalf("captured %+v, again %+v, under another key %+v; want one capture, paid", first, again, other)
	}
	if got, _ := pp.Session(ctx, s.ID); !got.Paid || got.Status != payments.SessionComplete || got.IntentID != first.IntentID {
		t.Fatalf("the captured order reads %+v", got)
	}
}

func TestAPayPalRefundIsMadeOncePerKeyAndNeverMoreThanCaptured(t *testing.T) {
	pp, d := newPayPal(t)
	ctx := context.Background()
	s, _ := pp.Checkout(ctx, paypalCheckout("pay_a", "EUR", 2700))
	_ = d.Approve(s.ID)
	captureID, err := d.Capture(s.ID)
	if err != nil {
		t.Fatal(err)
	}
	req := payments.RefundRequest{Key: "refund-bk_1", IntentID: captureID, Amount: 1000, Currency: "EUR"}
	first, err := pp.Refund(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	again, err := pp.Refund(ctx, req)
	if err != nil || first == "" || again != first || d.Refunded(captureID) != 1000 {
		t.Fatalf("refunds %q and %q (%v), %d refunded; want one of 10.00", first, again, err, d.Refunded(captureID))
	}
	if body := d.Asked(http.MethodPost, "/v2/payments/captures/")[0].Body; !strings.Contains(body, `"value":"10.00"`) {
		t.Fatalf("refund asked with %s", body)
	}
	_, err = pp.Refund(ctx, payments.RefundRequest{Key: "refund-more", IntentID: captureID, Amount: 2000, Currency: "EUR"})
	if err == nil || errors.Is(err, payments.ErrUnavailable) || !strings.Contains(err.Error(), "REFUND_AMOUNT_EXCEEDED") {
		t.Fatalf("refunding more than is left: %v, want PayPal's refusal named", err)
	}
}

// A delivery is PayPal's only when its signature verifies with PayPal's
// certificate, for our webhook's id and the body byte for byte.
func TestPayPalEventsAreReadOnlyWhenPayPalsSignatureVerifies(t *testing.T) {
	pp, d := newPayPal(t)
	ctx := context.Background()
	s, _ := pp.Checkout(ctx, paypalCheckout("pay_a", "EUR", 2700))
	_ = d.Approve(s.ID)
	approved := d.Event("WH-1", "CHECKOUT.ORDER.APPROVED", s.ID)
	ev, err := pp.Verify(ctx, approved, d.Headers(approved, paypaltest.WebhookID))
	if err != nil {
		t.Fatal(err)
	}
	if want := (payments.Event{ID: "WH-1", Type: payments.EventApproved, Original: "CHECKOUT.ORDER.APPROVED", SessionID: s.ID}); ev != want {
		t.Fatalf("an approval reads %+v, want %+v", ev, want)
	}
	// The certificate comes from PayPal's host (here the double), once; a
	// delivery naming it on another host is not PayPal's.
	elsewhere := d.Headers(approved, paypaltest.WebhookID)
	elsewhere.Set("Paypal-Cert-Url", "https://attacker.example/v1/notifications/certs/"+paypaltest.CertName)
	if _, err := pp.Verify(ctx, approved, elsewhere); !errors.Is(err, payments.ErrBadSignature) {
		t.Fatalf("a delivery naming another host for the same certificate: %v, want refused", err)
	}
	if _, err := pp.Verify(ctx, approved, d.Headers(approved, paypaltest.WebhookID)); err != nil {
		t.Fatalf("the same delivery again: %v", err)
	}
	if certs := d.Asked(http.MethodGet, "/v1/notifications/certs/"); len(certs) != 1 {
		t.Fatalf("the certificate was fetched %d times, want once", len(certs))
	}
	captureID, _ := d.Capture(s.ID)
	completed := d.Event("WH-2", "PAYMENT.CAPTURE.COMPLETED", captureID)
	ev, err = pp.Verify(ctx, completed, d.Headers(completed, paypaltest.WebhookID))
	if want := (payments.Event{ID: "WH-2", Type: payments.EventCompleted, Original: "PAYMENT.CAPTURE.COMPLETED", SessionID: s.ID,
		Paid: true, IntentID: captureID, Amount: 2700}); err != nil || ev != want {
		t.Fatalf("a capture reads %+v (%v), want %+v", ev, err, want)
	}
	other := d.Event("WH-3", "PAYMENT.CAPTURE.REFUNDED", captureID)
	if ev, err := pp.Verify(ctx, other, d.Headers(other, paypaltest.WebhookID)); err != nil || ev.Type != payments.EventOther {
		t.Fatalf("a refund's event reads %+v, %v; want acknowledged and left alone", ev, err)
	}

	changed := []byte(strings.Replace(string(completed), `"27.00"`, `"2700.00"`, 1))
	signed := d.Headers(completed, paypaltest.WebhookID)
	tests := []struct {
		name   string
		body   []byte
		header http.Header
		want   error
	}{
		{"a changed body", changed, signed, payments.ErrBadSignature},
		{"signed for another webhook", completed, d.Headers(completed, "WH-SOMEONE-ELSE"), payments.ErrBadSignature},
		{"signed by someone else", completed, forger(d).Headers(completed, paypaltest.WebhookID), payments.ErrBadSignature},
		{"no signature", completed, without(signed, "Paypal-Transmission-Sig"), payments.ErrBadSignature},
		{"no transmission id", completed, without(signed, "Paypal-Transmission-Id"), payments.ErrBadSignature},
		{"another transmission time", completed, with(signed, "Paypal-Transmission-Time", "2026-01-01T00:00:00Z"), payments.ErrBadSignature},
		{"another algorithm", completed, with(signed, "Paypal-Auth-Algo", "SHA1withRSA"), payments.ErrBadSignature},
		{"a certificate that is not one of PayPal's", completed, with(signed, "Paypal-Cert-Url", d.URL+"/v1/notifications/certs/../../v1/oauth2/token"), payments.ErrBadSignature},
		{"a certificate on another host", completed, with(signed, "Paypal-Cert-Url", "https://api.paypal.com.evil.example/v1/notifications/certs/"+paypaltest.CertName), payments.ErrBadSignature},
		{"a certificate behind a user", completed, with(signed, "Paypal-Cert-Url", strings.Replace(d.URL, "://", "://paypal@", 1)+"/v1/notifications/certs/"+paypaltest.CertName), payments.ErrBadSignature},
		{"a signature that is not base64", completed, with(signed, "Paypal-Transmission-Sig", "%%%"), payments.ErrBadSignature},
		{"a body that is not JSON", []byte("not json"), d.Headers([]byte("not json"), paypaltest.WebhookID), payments.ErrBadEvent},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := pp.Verify(ctx, tt.body, tt.header); !errors.Is(err, tt.want) {
				t.Fatalf("got %v, want %v", err, tt.want)
			}
		})
	}
	d.Down()
	if _, err := pp.Verify(ctx, completed, d.Headers(completed, paypaltest.WebhookID)); err != nil {
		t.Fatalf("PayPal down, its certificate kept: %v, want verified here", err)
	}
	fresh := payments.NewPayPal(payments.PayPalConfig{ClientID: paypaltest.ClientID, ClientSecret: paypaltest.ClientSecret, WebhookID: paypaltest.WebhookID, APIURL: d.URL})
	if _, err := fresh.Verify(ctx, completed, d.Headers(completed, paypaltest.WebhookID)); !errors.Is(err, payments.ErrUnavailable) {
		t.Fatalf("PayPal down, its certificate not fetched yet: %v, want ErrUnavailable (PayPal delivers again)", err)
	}
	noWebhook := payments.NewPayPal(payments.PayPalConfig{ClientID: paypaltest.ClientID, ClientSecret: paypaltest.ClientSecret, APIURL: d.URL})
	if _, err := noWebhook.Verify(ctx, completed, d.Headers(completed, "")); !errors.Is(err, payments.ErrBadSignature) {
		t.Fatalf("without a webhook id: %v", err)
	}
}

// forger signs deliveries with a key of its own and names the double's
// certificate, as someone posting to our webhook would.
func forger(d *paypaltest.Double) *paypaltest.Double {
	f := paypaltest.New()
	f.URL = d.URL
	return f
}

// Forged deliveries name certificates at random: each name PayPal does not
// have is asked for once, a few a minute at most, and never again for a
// while; a host that is not PayPal's is never asked; and PayPal's own
// certificate, kept, verifies a genuine delivery all the while.
func TestForgedPayPalDeliveriesCostPayPalFewRequests(t *testing.T) {
	pp, d := newPayPal(t)
	ctx := context.Background()
	body := d.Event("WH-1", "PAYMENT.CAPTURE.REFUNDED", "3C-none")
	certFetches := func() int { return len(d.Asked(http.MethodGet, "/v1/notifications/certs/")) }
	if _, err := pp.Verify(ctx, body, d.Headers(body, paypaltest.WebhookID)); err != nil {
		t.Fatalf("a genuine delivery: %v", err)
	}
	forged := forger(d).Headers(body, paypaltest.WebhookID)
	naming := func(certURL string) http.Header { return with(forged, "Paypal-Cert-Url", certURL) }
	unknown := map[string]bool{} // names PayPal was asked for and does not have
	for i := range 20 {
		name := "CERT-" + strconv.Itoa(i) + "-" + strconv.FormatInt(time.Now().UnixNano(), 36)
		_, err := pp.Verify(ctx, body, naming(d.CertURL(name)))
		switch {
		case errors.Is(err, payments.ErrBadSignature):
			unknown[name] = true
		case !errors.Is(err, payments.ErrUnavailable): // past the budget: PayPal would deliver it again
			t.Fatalf("a forged delivery naming %s: %v", name, err)
		}
	}
	if n := certFetches(); n > 10 || len(unknown) != n-1 {
		t.Fatalf("20 forged deliveries made %d fetches (%d names found unknown), want at most 10 in all", n, len(unknown))
	}
	steps := []struct {
		name    string
		headers func() []http.Header
		want    error
	}{
		{"names found unknown, again", func() []http.Header {
			var out []http.Header
			for name := range unknown {
				out = append(out, naming(d.CertURL(name)))
			}
			return out
		}, payments.ErrBadSignature},
		{"another host", func() []http.Header {
			var out []http.Header
			for i := range 20 {
				out = append(out, naming("https://attacker.example/v1/notifications/certs/CERT-"+strconv.Itoa(i)))
			}
			return out
		}, payments.ErrBadSignature},
		{"PayPal's certificate, signed by PayPal", func() []http.Header { return []http.Header{d.Headers(body, paypaltest.WebhookID)} }, nil},
	}
	for _, step := range steps {
		before := certFetches()
		for _, h := range step.headers() {
			if _, err := pp.Verify(ctx, body, h); !errors.Is(err, step.want) {
				t.Fatalf("%s (%s): %v, want %v", step.name, h.Get("Paypal-Cert-Url"), err, step.want)
			}
		}
		if n := certFetches() - before; n != 0 {
			t.Errorf("%s: %d fetches, want none", step.name, n)
		}
	}
}

func with(h http.Header, name, value string) http.Header {
	out := h.Clone()
	out.Set(name, value)
	return out
}

func without(h http.Header, name string) http.Header {
	out := h.Clone()
	out.Del(name)
	return out
}

func TestPayPalUnreachableOrRefusingIsToldApart(t *testing.T) {
	pp, d := newPayPal(t)
	ctx := context.Background()
	d.Down()
	if _, err := pp.Checkout(ctx, paypalCheckout("pay_a", "EUR", 2700)); !errors.Is(err, payments.ErrUnavailable) {
		t.Fatalf("PayPal down: %v, want ErrUnavailable", err)
	}
	d.Up()
	wrong := payments.NewPayPal(payments.PayPalConfig{ClientID: paypaltest.ClientID, ClientSecret: "wrong", WebhookID: paypaltest.WebhookID, APIURL: d.URL})
	if _, err := wrong.Checkout(ctx, paypalCheckout("pay_a", "EUR", 2700)); err == nil || errors.Is(err, payments.ErrUnavailable) {
		t.Fatalf("a wrong secret: %v, want a refusal", err)
	}
	if _, err := pp.Session(ctx, "5O-no-such-order"); err == nil || errors.Is(err, payments.ErrUnavailable) || !strings.Contains(err.Error(), "RESOURCE_NOT_FOUND") {
		t.Fatalf("an order PayPal does not know: %v", err)
	}
	unreachable := payments.NewPayPal(payments.PayPalConfig{ClientID: "c", ClientSecret: "s", APIURL: "http://127.0.0.1:9"})
	if _, err := unreachable.Session(ctx, "5O1"); !errors.Is(err, payments.ErrUnavailable) {
		t.Fatalf("nothing listening: %v, want ErrUnavailable", err)
	}
	// One token serves every call while it lasts.
	tokens := len(d.Asked(http.MethodPost, "/v1/oauth2/token"))
	for range 3 {
		_, _ = pp.Session(ctx, "5O-no-such-order")
	}
	if n := len(d.Asked(http.MethodPost, "/v1/oauth2/token")); n != tokens {
		t.Fatalf("%d more tokens asked for, want none", n-tokens)
	}
	d.ForgetTokens()
	if _, err := pp.Checkout(ctx, paypalCheckout("pay_b", "EUR", 2700)); err != nil {
		t.Fatalf("after PayPal ended the token early: %v, want a new token and the order", err)
	}
}
