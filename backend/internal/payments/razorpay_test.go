package payments_test

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"slotwise/backend/internal/payments"
	"slotwise/backend/internal/payments/razorpaytest"
)

func newRazorpay(t *testing.T) (*payments.Razorpay, *razorpaytest.Double) {
	t.Helper()
	d := razorpaytest.Start(t)
	return payments.NewRazorpay(payments.RazorpayConfig{KeyID: razorpaytest.KeyID, KeySecret: razorpaytest.KeySecret,
		WebhookSecret: razorpaytest.WebhookSecret, APIURL: d.URL}), d
}

func razorpayCheckout(key string, amount int64) payments.CheckoutRequest {
	return payments.CheckoutRequest{Key: key, Amount: amount, Currency: "INR", Description: "Consultation · Studio", Merchant: "Studio",
		Email: "ada@example.com", Reference: "bk_1", PaymentID: key,
		SuccessURL: "https://book.example.com/verify-payment-callback?payment=" + key + "&session_id={SESSION_ID}",
		CancelURL:  "https://book.example.com/verify-payment-callback?payment=" + key + "&session_id={SESSION_ID}&cancelled=1"}
}

func TestARazorpayOrderIsMadeOncePerPayment(t *testing.T) {
	rp, d := newRazorpay(t)
	ctx := context.Background()
	first, err := rp.Checkout(ctx, razorpayCheckout("pay_a", 150000))
	if err != nil {
		t.Fatal(err)
	}
	again, err := rp.Checkout(ctx, razorpayCheckout("pay_a", 150000))
	if err != nil {
		t.Fatal(err)
	}
	if first.ID == "" || again.ID != first.ID || len(d.Asked(http.MethodPost, "/v1/orders")) != 1 {
		t.Fatalf("orders %q and %q, %d made; want one", first.ID, again.ID, len(d.Asked(http.MethodPost, "/v1/orders")))
	}
	if first.Paid || first.Status != "open" || first.Amount != 150000 || first.URL != d.URL+"/v1/checkout/embedded" {
		t.Fatalf("a new order reads %+v", first)
	}
	other, err := rp.Checkout(ctx, razorpayCheckout("pay_b", 150000))
	if err != nil || other.ID == first.ID {
		t.Fatalf("another payment got order %q (%v), the first's is %q", other.ID, err, first.ID)
	}
}

func TestARazorpayOrderReadsPaidOnceItsPaymentIsCaptured(t *testing.T) {
	rp, d := newRazorpay(t)
	ctx := context.Background()
	s, err := rp.Checkout(ctx, razorpayCheckout("pay_a", 150000))
	if err != nil {
		t.Fatal(err)
	}
	paymentID, err := d.Pay(s.ID)
	if err != nil {
		t.Fatal(err)
	}
	got, err := rp.Session(ctx, s.ID)
	if err != nil {
		t.Fatal(err)
	}
	if !got.Paid || got.IntentID != paymentID || got.Amount != 150000 || got.Status != "complete" {
		t.Fatalf("the paid order reads %+v, want paid by %s", got, paymentID)
	}
}

func TestARazorpayRefundIsMadeOncePerKey(t *testing.T) {
	rp, d := newRazorpay(t)
	ctx := context.Background()
	s, _ := rp.Checkout(ctx, razorpayCheckout("pay_a", 150000))
	paymentID, _ := d.Pay(s.ID)
	req := payments.RefundRequest{Key: "refund-pay_a", IntentID: paymentID, Amount: 100000}
	first, err := rp.Refund(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	again, err := rp.Refund(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	if first == "" || again != first || d.Refunded(paymentID) != 100000 {
		t.Fatalf("refunds %q and %q, %d refunded; want one of 100000", first, again, d.Refunded(paymentID))
	}
	if _, err := rp.Refund(ctx, payments.RefundRequest{Key: "refund-more", IntentID: paymentID, Amount: 100000}); err == nil || errors.Is(err, payments.ErrUnavailable) {
		t.Fatalf("refunding more than is left: %v, want Razorpay's refusal", err)
	}
}

func TestRazorpayEventsAreReadOnlyWithTheirSignature(t *testing.T) {
	rp, d := newRazorpay(t)
	s, _ := rp.Checkout(context.Background(), razorpayCheckout("pay_a", 150000))
	paymentID, _ := d.Pay(s.ID)
	paid := d.Event("order.paid", paymentID)
	ev, err := rp.Verify(context.Background(), paid, razorpaytest.Headers("evt_1", paid, razorpaytest.WebhookSecret))
	if err != nil {
		t.Fatal(err)
	}
	want := payments.Event{ID: "evt_1", Type: payments.EventCompleted, Original: "order.paid", SessionID: s.ID, Paid: true, IntentID: paymentID, Amount: 150000}
	if ev != want {
		t.Fatalf("order.paid reads %+v, want %+v", ev, want)
	}
	captured := d.Event("payment.captured", paymentID)
	if ev, err := rp.Verify(context.Background(), captured, razorpaytest.Headers("evt_2", captured, razorpaytest.WebhookSecret)); err != nil || !ev.Paid || ev.SessionID != s.ID {
		t.Fatalf("payment.captured reads %+v, %v", ev, err)
	}
	failed := d.Event("payment.failed", paymentID)
	if ev, err := rp.Verify(context.Background(), failed, razorpaytest.Headers("evt_3", failed, razorpaytest.WebhookSecret)); err != nil || ev.Type != payments.EventOther {
		t.Fatalf("payment.failed reads %+v, %v; want acknowledged and left alone", ev, err)
	}

	tests := []struct {
		name   string
		body   []byte
		header http.Header
		want   error
	}{
		{"another secret", paid, razorpaytest.Headers("evt_1", paid, "someone else's"), payments.ErrBadSignature},
		{"a changed body", []byte(strings.Replace(string(paid), "150000", "1", 1)), razorpaytest.Headers("evt_1", paid, razorpaytest.WebhookSecret), payments.ErrBadSignature},
		{"no signature", paid, http.Header{"X-Razorpay-Event-Id": {"evt_1"}}, payments.ErrBadSignature},
		{"a signature that is not hex", paid, http.Header{"X-Razorpay-Event-Id": {"evt_1"}, "X-Razorpay-Signature": {"zz"}}, payments.ErrBadSignature},
		{"no event id", paid, http.Header{"X-Razorpay-Signature": {razorpaytest.Sign(paid, razorpaytest.WebhookSecret)}}, payments.ErrBadEvent},
		{"a signed body that is not JSON", []byte("not json"), razorpaytest.Headers("evt_1", []byte("not json"), razorpaytest.WebhookSecret), payments.ErrBadEvent},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := rp.Verify(context.Background(), tt.body, tt.header); !errors.Is(err, tt.want) {
				t.Fatalf("got %v, want %v", err, tt.want)
			}
		})
	}
	unsigned := payments.NewRazorpay(payments.RazorpayConfig{KeyID: razorpaytest.KeyID, KeySecret: razorpaytest.KeySecret, APIURL: d.URL})
	if _, err := unsigned.Verify(context.Background(), paid, razorpaytest.Headers("evt_1", paid, "")); !errors.Is(err, payments.ErrBadSignature) {
		t.Fatalf("without a webhook secret an event signed with the empty one reads: %v", err)
	}
}

func TestTheRazorpayCheckoutsAnswerIsCheckedWithTheKeySecret(t *testing.T) {
	rp, _ := newRazorpay(t)
	sig := razorpaytest.ReturnSignature("order_1", "pay_1")
	tests := []struct {
		name                 string
		order, payment, sign string
		want                 bool
	}{
		{"as Razorpay signs it", "order_1", "pay_1", sig, true},
		{"another order", "order_2", "pay_1", sig, false},
		{"another payment", "order_1", "pay_2", sig, false},
		{"signed with another secret", "order_1", "pay_1", razorpaytest.Sign([]byte("order_1|pay_1"), "other"), false},
		{"no payment", "order_1", "", razorpaytest.Sign([]byte("order_1|"), razorpaytest.KeySecret), false},
		{"no signature", "order_1", "pay_1", "", false},
	}
	for _, tt := range tests {
		form := url.Values{"razorpay_order_id": {tt.order}, "razorpay_payment_id": {tt.payment}, "razorpay_signature": {tt.sign}}
		if got := rp.VerifyReturn(form); got != tt.want {
			t.Errorf("%s: %v, want %v", tt.name, got, tt.want)
		}
	}
}

func TestTheRazorpayCheckoutFormSendsTheBookerBackToUs(t *testing.T) {
	rp, _ := newRazorpay(t)
	f := rp.CheckoutForm("order_9", razorpayCheckout("pay_a", 150000))
	want := map[string]string{"key_id": razorpaytest.KeyID, "order_id": "order_9", "name": "Studio", "prefill[email]": "ada@example.com",
		"callback_url": "https://book.example.com/verify-payment-callback?payment=pay_a&session_id=order_9",
		"cancel_url":   "https://book.example.com/verify-payment-callback?payment=pay_a&session_id=order_9&cancelled=1"}
	for k, v := range want {
		if f.Get(k) != v {
			t.Errorf("%s = %q, want %q", k, f.Get(k), v)
		}
	}
	if f.Has("key_secret") || strings.Contains(f.Encode(), razorpaytest.KeySecret) {
		t.Fatal("the form carries the key secret")
	}
}

func TestRazorpayUnreachableOrRefusingIsToldApart(t *testing.T) {
	rp, d := newRazorpay(t)
	ctx := context.Background()
	d.Down()
	if _, err := rp.Checkout(ctx, razorpayCheckout("pay_a", 150000)); !errors.Is(err, payments.ErrUnavailable) {
		t.Fatalf("Razorpay down: %v, want ErrUnavailable", err)
	}
	d.Up()
	_, err := rp.Checkout(ctx, razorpayCheckout("pay_a", 50))
	if err == nil || errors.Is(err, payments.ErrUnavailable) || !strings.Contains(err.Error(), "BAD_REQUEST_ERROR") {
		t.Fatalf("an amount Razorpay refuses: %v, want its refusal named", err)
	}
	wrongKey := payments.NewRazorpay(payments.RazorpayConfig{KeyID: razorpaytest.KeyID, KeySecret: "wrong", APIURL: d.URL})
	if _, err := wrongKey.Checkout(ctx, razorpayCheckout("pay_a", 150000)); err == nil || errors.Is(err, payments.ErrUnavailable) {
		t.Fatalf("a wrong key secret: %v, want a refusal", err)
	}
	kwd := razorpayCheckout("pay_k", 12345)
	kwd.Currency = "KWD"
	asked := len(d.Asked(http.MethodPost, "/v1/orders"))
	if _, err := rp.Checkout(ctx, kwd); err == nil || len(d.Asked(http.MethodPost, "/v1/orders")) != asked {
		t.Fatalf("12.345 KWD: %v; Razorpay takes three-decimal currencies in whole hundredths only", err)
	}
	unreachable := payments.NewRazorpay(payments.RazorpayConfig{KeyID: "k", KeySecret: "s", APIURL: "http://127.0.0.1:9"})
	if _, err := unreachable.Session(ctx, "order_1"); !errors.Is(err, payments.ErrUnavailable) {
		t.Fatalf("nothing listening: %v, want ErrUnavailable", err)
	}
}
