package payments

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// Razorpay takes payments through Razorpay's Orders API and its Hosted
// Checkout: an order for what is due now, then a form posted to
// Razorpay's page, which posts the booker back with a signed answer.
//
// It speaks plain HTTP: the official client (github.com/razorpay/razorpay-go
// v1.3.3) takes no context (a request cannot be cancelled with the
// visitor's), reads and writes untyped maps, sets its timeout in
// nanoseconds, and compares signatures in variable time.
type Razorpay struct {
	cfg    RazorpayConfig
	client *http.Client
}

// RazorpayConfig holds the keys. APIURL points at another API (the tests'
// double); empty is Razorpay's.
type RazorpayConfig struct {
	KeyID         string
	KeySecret     string
	WebhookSecret string
	APIURL        string
}

// RazorpayAPI is Razorpay's API and hosted checkout.
const RazorpayAPI = "https://api.razorpay.com"

// NewRazorpay builds the provider.
func NewRazorpay(cfg RazorpayConfig) *Razorpay {
	if cfg.APIURL == "" {
		cfg.APIURL = RazorpayAPI
	}
	cfg.APIURL = strings.TrimSuffix(cfg.APIURL, "/")
	return &Razorpay{cfg: cfg, client: &http.Client{Timeout: 15 * time.Second}}
}

// Name implements Provider.
func (*Razorpay) Name() string { return "razorpay" }

// razorpayOrder is an order as Razorpay answers it.
type razorpayOrder struct {
	ID         string            `json:"id"`
	Amount     int64             `json:"amount"`
	AmountPaid int64             `json:"amount_paid"`
	Currency   string            `json:"currency"`
	Receipt    string            `json:"receipt"`
	Status     string            `json:"status"` // created, attempted, paid
	Notes      map[string]string `json:"notes"`
}

// razorpayPayment is one attempt to pay an order.
type razorpayPayment struct {
	ID       string `json:"id"`
	OrderID  string `json:"order_id"`
	Amount   int64  `json:"amount"`
	Currency string `json:"currency"`
	Status   string `json:"status"` // created, authorized, captured, refunded, failed
	Captured bool   `json:"captured"`
}

type razorpayRefund struct {
	ID        string            `json:"id"`
	PaymentID string            `json:"payment_id"`
	Amount    int64             `json:"amount"`
	Receipt   string            `json:"receipt"`
	Notes     map[string]string `json:"notes"`
}

type razorpayList[T any] struct {
	Items []T `json:"items"`
}

// Checkout implements Provider: the order for the payment, made once. The
// Orders API takes no idempotency key, so the payment's id is the order's
// receipt and an order with that receipt is looked for first: a retry
// after a lost answer finds the order it made.
func (r *Razorpay) Checkout(ctx context.Context, req CheckoutRequest) (Session, error) {
	if err := razorpayAmount(req.Currency, req.Amount); err != nil {
		return Session{}, err
	}
	var found razorpayList[razorpayOrder]
	if err := r.call(ctx, http.MethodGet, "/v1/orders?receipt="+url.QueryEscape(req.Key), nil, &found, "find an order"); err != nil {
		return Session{}, err
	}
	for _, o := range found.Items {
		if o.Receipt == req.Key {
			return r.session(ctx, o)
		}
	}
	var o razorpayOrder
	body := map[string]any{"amount": req.Amount, "currency": req.Currency, "receipt": req.Key,
		"notes": map[string]string{"reference": req.Reference, "payment": req.PaymentID}}
	if err := r.call(ctx, http.MethodPost, "/v1/orders", body, &o, "create an order"); err != nil {
		return Session{}, err
	}
	return r.session(ctx, o)
}

// razorpayAmount refuses what Razorpay would: it takes three-decimal
// currencies (KWD, BHD, OMR) only in whole hundredths, the last digit 0.
func razorpayAmount(currency string, amount int64) error {
	switch strings.ToUpper(currency) {
	case "KWD", "BHD", "OMR", "JOD", "TND", "IQD", "LYD":
		if amount%10 != 0 {
			return fmt.Errorf("payments: razorpay takes %s only in steps of 0.010 (%d)", currency, amount)
		}
	}
	return nil
}

// Session implements Provider: the order and, once paid, the captured
// payment that paid it (what a refund gives back).
func (r *Razorpay) Session(ctx context.Context, id string) (Session, error) {
	var o razorpayOrder
	if err := r.call(ctx, http.MethodGet, "/v1/orders/"+url.PathEscape(id), nil, &o, "read an order"); err != nil {
		return Session{}, err
	}
	return r.session(ctx, o)
}

func (r *Razorpay) session(ctx context.Context, o razorpayOrder) (Session, error) {
	s := Session{ID: o.ID, URL: r.cfg.APIURL + "/v1/checkout/embedded", Status: SessionOpen, Amount: o.Amount}
	if o.Status != "paid" {
		return s, nil
	}
	var paid razorpayList[razorpayPayment]
	if err := r.call(ctx, http.MethodGet, "/v1/orders/"+url.PathEscape(o.ID)+"/payments", nil, &paid, "read an order's payments"); err != nil {
		return Session{}, err
	}
	for _, p := range paid.Items {
		if p.Status == "captured" || p.Captured {
			s.Status, s.Paid, s.IntentID, s.Amount = SessionComplete, true, p.ID, p.Amount
		}
	}
	return s, nil
}

// CheckoutForm is what the booker's browser posts to Razorpay's hosted
// checkout (Session.URL) to pay an order: the key, the order and where
// Razorpay sends the booker back, the answer posted with it.
func (r *Razorpay) CheckoutForm(sessionID string, req CheckoutRequest) url.Values {
	f := url.Values{
		"key_id":       {r.cfg.KeyID},
		"order_id":     {sessionID},
		"name":         {req.Merchant},
		"description":  {req.Description},
		"callback_url": {strings.ReplaceAll(req.SuccessURL, SessionIDTemplate, sessionID)},
		"cancel_url":   {strings.ReplaceAll(req.CancelURL, SessionIDTemplate, sessionID)},
	}
	if req.Email != "" {
		f.Set("prefill[email]", req.Email)
	}
	return f
}

// Expire implements Provider. Razorpay's orders cannot be closed: an order
// stays payable. Once our hold has ended, a payment that still comes is a
// late one, and it is refunded as Stripe's are.
func (*Razorpay) Expire(context.Context, string) error { return nil }

// Refund implements Provider. Razorpay's refunds take no idempotency key
// either: the key is the refund's receipt, and the payment's refunds are
// looked through first.
func (r *Razorpay) Refund(ctx context.Context, req RefundRequest) (string, error) {
	path := "/v1/payments/" + url.PathEscape(req.IntentID)
	var done razorpayList[razorpayRefund]
	if err := r.call(ctx, http.MethodGet, path+"/refunds?count=100", nil, &done, "read a payment's refunds"); err != nil {
		return "", err
	}
	for _, f := range done.Items {
		if f.Receipt == req.Key || f.Notes["key"] == req.Key {
			return f.ID, nil
		}
	}
	var f razorpayRefund
	body := map[string]any{"amount": req.Amount, "receipt": req.Key, "notes": map[string]string{"key": req.Key}}
	if err := r.call(ctx, http.MethodPost, path+"/refund", body, &f, "refund"); err != nil {
		return "", err
	}
	return f.ID, nil
}

// razorpayEvent is a webhook delivery's body.
type razorpayEvent struct {
	Event   string `json:"event"`
	Payload struct {
		Payment *struct {
			Entity razorpayPayment `json:"entity"`
		} `json:"payment"`
		Order *struct {
			Entity razorpayOrder `json:"entity"`
		} `json:"order"`
	} `json:"payload"`
}

// Verify implements Provider: X-Razorpay-Signature is the hex HMAC-SHA256
// of the raw body with the webhook secret, compared in constant time;
// X-Razorpay-Event-Id names the event, once however often it comes.
func (r *Razorpay) Verify(_ context.Context, payload []byte, header http.Header) (Event, error) {
	if r.cfg.WebhookSecret == "" || !validHMAC(payload, header.Get("X-Razorpay-Signature"), r.cfg.WebhookSecret) {
		return Event{}, ErrBadSignature
	}
	var ev razorpayEvent
	id := header.Get("X-Razorpay-Event-Id")
	if json.Unmarshal(payload, &ev) != nil || ev.Event == "" || id == "" || len(id) > 100 {
		return Event{}, fmt.Errorf("%w: a razorpay event without its name or id", ErrBadEvent)
	}
	out := Event{ID: id, Original: ev.Event}
	switch ev.Event {
	case "order.paid", "payment.captured":
		p := ev.Payload.Payment
		if p == nil || p.Entity.OrderID == "" {
			return Event{}, fmt.Errorf("%w: razorpay event %s carries no payment of an order", ErrBadEvent, id)
		}
		out.Type, out.SessionID, out.Paid, out.IntentID, out.Amount = EventCompleted, p.Entity.OrderID, true, p.Entity.ID, p.Entity.Amount
	}
	// payment.failed is one attempt: the order stays payable until our
	// hold ends, so it changes nothing. Others are acknowledged.
	return out, nil
}

// VerifyReturn implements FormCheckout: Razorpay's checkout posts back
// razorpay_order_id, razorpay_payment_id and razorpay_signature, the hex
// HMAC-SHA256 of "order_id|payment_id" with the key secret.
func (r *Razorpay) VerifyReturn(form url.Values) bool {
	orderID, paymentID := form.Get("razorpay_order_id"), form.Get("razorpay_payment_id")
	return orderID != "" && paymentID != "" && validHMAC([]byte(orderID+"|"+paymentID), form.Get("razorpay_signature"), r.cfg.KeySecret)
}

// validHMAC compares a hex HMAC-SHA256 in constant time.
func validHMAC(message []byte, signature, secret string) bool {
	got, err := hex.DecodeString(signature)
	if err != nil || len(got) != sha256.Size {
		return false
	}
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write(message)
	return hmac.Equal(got, mac.Sum(nil))
}

// maxRazorpayAnswer bounds what is read of an answer.
const maxRazorpayAnswer = 1 << 20

// CheckKeys implements KeyChecker: the key pair lists one order.
func (r *Razorpay) CheckKeys(ctx context.Context) error {
	return r.call(ctx, http.MethodGet, "/v1/orders?count=1", nil, &razorpayList[razorpayOrder]{}, "check the keys")
}

// call sends one request with the key pair and reads the JSON answer into
// out. Razorpay's refusals (4xx) keep its code and description, never the
// request (a 401 is ErrKeysRefused); failures to reach it are
// ErrUnavailable.
func (r *Razorpay) call(ctx context.Context, method, path string, body, out any, what string) error {
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return err
		}
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, r.cfg.APIURL+path, rd)
	if err != nil {
		return err
	}
	req.SetBasicAuth(r.cfg.KeyID, r.cfg.KeySecret)
	req.Header.Set("Accept", "application/json")
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	res, err := r.client.Do(req)
	if err != nil {
		return fmt.Errorf("%w: unable to %s at razorpay: %v", ErrUnavailable, what, errors.Unwrap(err))
	}
	defer res.Body.Close()
	data, err := io.ReadAll(io.LimitReader(res.Body, maxRazorpayAnswer))
	if err != nil {
		return fmt.Errorf("%w: unable to %s at razorpay: %v", ErrUnavailable, what, err)
	}
	switch {
	case res.StatusCode >= 500 || res.StatusCode == http.StatusTooManyRequests:
		return fmt.Errorf("%w: unable to %s at razorpay: %s", ErrUnavailable, what, res.Status)
	case res.StatusCode == http.StatusUnauthorized:
		return fmt.Errorf("%w: razorpay, asked to %s (%d)", ErrKeysRefused, what, res.StatusCode)
	case res.StatusCode >= 400:
		var e struct {
			Error struct{ Code, Description string } `json:"error"`
		}
		_ = json.Unmarshal(data, &e)
		return fmt.Errorf("payments: razorpay refused to %s: %s %s (%d)", what, e.Error.Code, e.Error.Description, res.StatusCode)
	}
	if err := json.Unmarshal(data, out); err != nil {
		return fmt.Errorf("%w: razorpay's answer to %s cannot be read", ErrUnavailable, what)
	}
	return nil
}
