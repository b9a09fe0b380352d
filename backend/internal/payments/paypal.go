package payments

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/bojanz/currency"
)

// PayPal takes payments through PayPal's Orders v2 API: an order for what
// is due now, approved by the booker on PayPal's page, then captured by
// us, only while our hold lasts (Capturer): an approval that comes after
// the hold ended is left uncaptured, and no money moves. Refunds are of
// the capture. Webhooks are verified with PayPal's certificate, fetched
// from PayPal's own host (paypal_verify.go).
//
// It speaks plain HTTP: github.com/plutov/paypal/v4 v4.15.0 writes a
// field of the shared client on every capture without a lock (a data race
// between any two bookers), holds its token lock over the token's HTTP
// call, reads answers without a bound, and its go.mod brings golangci-lint
// and its ~190 modules into ours. What is used here is five endpoints.
type PayPal struct {
	cfg    PayPalConfig
	client *http.Client

	mu         sync.Mutex // guards the token
	token      string
	tokenUntil time.Time
	certs      certCache // PayPal's certificates by name (paypal_certs.go)
}

// PayPalConfig holds the REST app's credentials and the webhook's id.
// APIURL points at another API (the tests' double); empty is PayPal's.
type PayPalConfig struct {
	ClientID     string
	ClientSecret string
	WebhookID    string
	APIURL       string
}

// paypalOrders is the Orders v2 API, as the paths given to call are
// written: relative to the API's root.
const paypalOrders = "v2/checkout/orders"

// PayPalAPI is PayPal's live REST API.
const PayPalAPI = "https://api-m.paypal.com"

// NewPayPal builds the provider.
func NewPayPal(cfg PayPalConfig) *PayPal {
	if cfg.APIURL == "" {
		cfg.APIURL = PayPalAPI
	}
	cfg.APIURL = strings.TrimSuffix(cfg.APIURL, "/")
	return &PayPal{cfg: cfg, client: &http.Client{Timeout: 15 * time.Second}}
}

// Name implements Provider.
func (*PayPal) Name() string { return "paypal" }

// ReturnsByRedirect implements RedirectReturn: PayPal adds token (its
// order's id) and PayerID to the address it sends the booker back to.
func (*PayPal) ReturnsByRedirect() {}

type paypalMoney struct {
	CurrencyCode string `json:"currency_code"`
	Value        string `json:"value"`
}

type paypalCapture struct {
	ID                string      `json:"id"`
	Status            string      `json:"status"` // COMPLETED, PENDING, DECLINED, FAILED, REFUNDED, PARTIALLY_REFUNDED
	Amount            paypalMoney `json:"amount"`
	CustomID          string      `json:"custom_id"`
	SupplementaryData struct {
		RelatedIDs struct {
			OrderID string `json:"order_id"`
		} `json:"related_ids"`
	} `json:"supplementary_data"`
}

type paypalOrder struct {
	ID            string `json:"id"`
	Status        string `json:"status"` // CREATED, SAVED, PAYER_ACTION_REQUIRED, APPROVED, VOIDED, COMPLETED
	PurchaseUnits []struct {
		CustomID string      `json:"custom_id"`
		Amount   paypalMoney `json:"amount"`
		Payments struct {
			Captures []paypalCapture `json:"captures"`
		} `json:"payments"`
	} `json:"purchase_units"`
	Links []struct {
		Href string `json:"href"`
		Rel  string `json:"rel"`
	} `json:"links"`
}

// paypalCurrencies are the currencies PayPal takes; the second says it
// takes them only in whole units (its own rule for HUF and TWD, whose ISO
// minor unit is the cent).
var paypalCurrencies = map[string]bool{
	"AUD": false, "BRL": false, "CAD": false, "CNY": false, "CZK": false, "DKK": false, "EUR": false, "HKD": false,
	"HUF": true, "ILS": false, "JPY": true, "MYR": false, "MXN": false, "TWD": true, "NZD": false, "NOK": false,
	"PHP": false, "PLN": false, "GBP": false, "SGD": false, "SEK": false, "CHF": false, "THB": false, "USD": false,
}

// ErrCurrency is an amount in a currency the provider does not take.
var ErrCurrency = errors.New("payments: the provider does not take this currency")

// paypalValue writes an amount in the minor unit as PayPal's decimal
// value: "27.00", "5000" (JPY), "12000" (HUF, whole forints only).
func paypalValue(code string, minor int64) (string, error) {
	code = strings.ToUpper(code)
	whole, ok := paypalCurrencies[code]
	if !ok {
		return "", fmt.Errorf("%w: paypal does not take %s", ErrCurrency, code)
	}
	amount, err := currency.NewAmountFromInt64(minor, code)
	if err != nil {
		return "", fmt.Errorf("%w: %v", ErrCurrency, err)
	}
	if digits, _ := currency.GetDigits(code); whole && digits > 0 {
		unit := int64(math.Pow10(int(digits)))
		if minor%unit != 0 {
			return "", fmt.Errorf("%w: paypal takes %s only in whole units (%s)", ErrCurrency, code, amount.Number())
		}
		return strconv.FormatInt(minor/unit, 10), nil
	}
	return amount.Number(), nil
}

// paypalMinor reads PayPal's decimal value back into the minor unit.
func paypalMinor(m paypalMoney) int64 {
	amount, err := currency.NewAmount(m.Value, strings.ToUpper(m.CurrencyCode))
	if err != nil {
		return 0
	}
	n, err := amount.Int64()
	if err != nil {
		return 0
	}
	return n
}

// paypalLocale is the booker's language as PayPal's pages take it
// (a language, with its region where ours names one).
func paypalLocale(lang string) string {
	if lang == "en" {
		return "en-US"
	}
	return lang
}

// Checkout implements Provider: an order to capture, made once per key
// (PayPal-Request-Id). The booker approves it on PayPal's page
// (Session.URL, the order's payer-action link) and comes back to ours.
func (p *PayPal) Checkout(ctx context.Context, req CheckoutRequest) (Session, error) {
	value, err := paypalValue(req.Currency, req.Amount)
	if err != nil {
		return Session{}, err
	}
	unit := map[string]any{
		"reference_id": req.Reference,
		"custom_id":    req.PaymentID,
		"invoice_id":   req.PaymentID, // what an accountant finds in PayPal's reports
		"description":  cut(req.Description, 127),
		"amount":       paypalMoney{CurrencyCode: strings.ToUpper(req.Currency), Value: value},
	}
	body := map[string]any{
		"intent":         "CAPTURE",
		"purchase_units": []any{unit},
		"payment_source": map[string]any{"paypal": map[string]any{"experience_context": map[string]any{
			"brand_name":          cut(req.Merchant, 127),
			"locale":              paypalLocale(req.Locale),
			"shipping_preference": "NO_SHIPPING",
			"user_action":         "PAY_NOW",
			"return_url":          req.SuccessURL,
			"cancel_url":          req.CancelURL,
		}}},
	}
	var o paypalOrder
	if err := p.call(ctx, http.MethodPost, paypalOrders, req.Key, body, &o, "create an order"); err != nil {
		return Session{}, err
	}
	return paypalSession(o), nil
}

// cut shortens s to at most n characters, as PayPal's fields allow.
func cut(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n])
}

// Session implements Provider.
func (p *PayPal) Session(ctx context.Context, id string) (Session, error) {
	var o paypalOrder
	if err := p.call(ctx, http.MethodGet, paypalOrders+"/"+url.PathEscape(id), "", nil, &o, "read an order"); err != nil {
		return Session{}, err
	}
	return paypalSession(o), nil
}

// paypalSession reads an order: approved is the booker's yes, not money;
// a completed order's capture says whether the money arrived.
func paypalSession(o paypalOrder) Session {
	s := Session{ID: o.ID, Status: SessionOpen}
	for _, l := range o.Links {
		if l.Rel == "payer-action" || l.Rel == "approve" {
			s.URL = l.Href
		}
	}
	for _, u := range o.PurchaseUnits {
		s.Amount += paypalMinor(u.Amount)
	}
	switch o.Status {
	case "APPROVED":
		s.Status = SessionApproved
	case "VOIDED":
		s.Status = SessionExpired
	case "COMPLETED":
		s.Status = SessionComplete
		for _, u := range o.PurchaseUnits {
			for _, c := range u.Payments.Captures {
				switch c.Status {
				case "COMPLETED", "PARTIALLY_REFUNDED", "REFUNDED":
					s.Paid, s.IntentID, s.Amount = true, c.ID, paypalMinor(c.Amount)
				case "PENDING":
					s.IntentID = c.ID
				case "DECLINED", "FAILED":
					s.Status = SessionFailed
				}
			}
		}
	}
	return s
}

// Capture implements Capturer: the approved order's money is taken, once
// per key. An order that cannot be captured (not approved any more, its
// funding declined, captured already under another key) is read as it
// stands: never an error for the booker to see, and never money twice.
func (p *PayPal) Capture(ctx context.Context, id, key string) (Session, error) {
	var o paypalOrder
	err := p.call(ctx, http.MethodPost, paypalOrders+"/"+url.PathEscape(id)+"/capture", key, map[string]any{}, &o, "capture an order")
	var refused *paypalRefusal
	if errors.As(err, &refused) && refused.status == http.StatusUnprocessableEntity {
		s, err := p.Session(ctx, id)
		if err == nil && s.Status == SessionApproved {
			s.Status = SessionOpen // declined funding: the booker chooses again on PayPal's page
		}
		return s, err
	}
	if err != nil {
		return Session{}, err
	}
	return paypalSession(o), nil
}

// Expire implements Provider. An order to capture cannot be voided through
// the API; one not captured moves no money, and PayPal drops it itself.
// After our hold ends nothing captures it (Service.captureHeld).
func (*PayPal) Expire(context.Context, string) error { return nil }

// Refund implements Provider: part or all of the capture, once per key.
func (p *PayPal) Refund(ctx context.Context, req RefundRequest) (string, error) {
	value, err := paypalValue(req.Currency, req.Amount)
	if err != nil {
		return "", err
	}
	body := map[string]any{"amount": paypalMoney{CurrencyCode: strings.ToUpper(req.Currency), Value: value}}
	var out struct {
		ID string `json:"id"`
	}
	if err := p.call(ctx, http.MethodPost, "v2/payments/captures/"+url.PathEscape(req.IntentID)+"/refund", req.Key, body, &out, "refund"); err != nil {
		return "", err
	}
	return out.ID, nil
}

// paypalEvent is a webhook delivery's body.
type paypalEvent struct {
	ID           string          `json:"id"`
	EventType    string          `json:"event_type"`
	ResourceType string          `json:"resource_type"`
	Resource     json.RawMessage `json:"resource"`
}

// paypalEventRead maps a verified event onto ours.
func paypalEventRead(ev paypalEvent) (Event, error) {
	out := Event{ID: ev.ID, Original: ev.EventType}
	switch ev.EventType {
	case "CHECKOUT.ORDER.APPROVED":
		var o paypalOrder
		if json.Unmarshal(ev.Resource, &o) != nil || o.ID == "" {
			return Event{}, fmt.Errorf("%w: paypal event %s carries no order", ErrBadEvent, ev.ID)
		}
		out.Type, out.SessionID = EventApproved, o.ID
	case "PAYMENT.CAPTURE.COMPLETED", "PAYMENT.CAPTURE.PENDING", "PAYMENT.CAPTURE.DENIED":
		var c paypalCapture
		if json.Unmarshal(ev.Resource, &c) != nil || c.ID == "" || c.SupplementaryData.RelatedIDs.OrderID == "" {
			return Event{}, fmt.Errorf("%w: paypal event %s carries no capture of an order", ErrBadEvent, ev.ID)
		}
		out.SessionID, out.IntentID, out.Amount = c.SupplementaryData.RelatedIDs.OrderID, c.ID, paypalMinor(c.Amount)
		switch ev.EventType {
		case "PAYMENT.CAPTURE.COMPLETED":
			out.Type, out.Paid = EventCompleted, true
		case "PAYMENT.CAPTURE.PENDING":
			out.Type = EventCompleted // the time stays held until it completes
		default:
			out.Type = EventAsyncFailed
		}
	}
	return out, nil
}

// paypalRefusal is PayPal's answer to a request it will not do (4xx).
type paypalRefusal struct {
	status int
	name   string
	issue  string
	what   string
}

func (e *paypalRefusal) Error() string {
	return fmt.Sprintf("payments: paypal refused to %s: %s %s (%d)", e.what, e.name, e.issue, e.status)
}

// maxPayPalAnswer bounds what is read of an answer.
const maxPayPalAnswer = 1 << 20

// call sends one request with the app's token (a new one once when PayPal
// no longer takes it) and reads the JSON answer into out. requestID is
// PayPal-Request-Id, PayPal's idempotency key. Refusals (4xx) are
// *paypalRefusal with PayPal's name and issue, never the request;
// failures to reach it are ErrUnavailable.
func (p *PayPal) call(ctx context.Context, method, path, requestID string, body, out any, what string) error {
	for attempt := 0; ; attempt++ {
		token, err := p.accessToken(ctx, attempt > 0)
		if err != nil {
			return err
		}
		status, data, err := p.send(ctx, method, path, body, func(h http.Header) {
			h.Set("Authorization", "Bearer "+token)
			if requestID != "" {
				h.Set("PayPal-Request-Id", requestID)
			}
			h.Set("Prefer", "return=representation")
		}, what)
		if err != nil {
			return err
		}
		if status == http.StatusUnauthorized && attempt == 0 {
			continue // a token PayPal ended early
		}
		if status >= 400 {
			var e struct {
				Name    string `json:"name"`
				Error   string `json:"error"`
				Details []struct {
					Issue string `json:"issue"`
				} `json:"details"`
			}
			_ = json.Unmarshal(data, &e)
			r := &paypalRefusal{status: status, name: e.Name + e.Error, what: what}
			if len(e.Details) > 0 {
				r.issue = e.Details[0].Issue
			}
			return r
		}
		if err := json.Unmarshal(data, out); err != nil {
			return fmt.Errorf("%w: paypal's answer to %s cannot be read", ErrUnavailable, what)
		}
		return nil
	}
}

// send makes one request; 5xx and 429 are ErrUnavailable.
func (p *PayPal) send(ctx context.Context, method, path string, body any, headers func(http.Header), what string) (int, []byte, error) {
	var rd io.Reader
	contentType := "application/json"
	switch b := body.(type) {
	case nil:
	case url.Values:
		rd, contentType = strings.NewReader(b.Encode()), "application/x-www-form-urlencoded"
	default:
		data, err := json.Marshal(b)
		if err != nil {
			return 0, nil, err
		}
		rd = bytes.NewReader(data)
	}
	req, err := http.NewRequestWithContext(ctx, method, p.cfg.APIURL+"/"+path, rd)
	if err != nil {
		return 0, nil, err
	}
	req.Header.Set("Accept", "application/json")
	if body != nil {
		req.Header.Set("Content-Type", contentType)
	}
	headers(req.Header)
	res, err := p.client.Do(req)
	if err != nil {
		return 0, nil, fmt.Errorf("%w: unable to %s at paypal: %v", ErrUnavailable, what, errors.Unwrap(err))
	}
	defer res.Body.Close()
	data, err := io.ReadAll(io.LimitReader(res.Body, maxPayPalAnswer))
	if err != nil {
		return 0, nil, fmt.Errorf("%w: unable to %s at paypal: %v", ErrUnavailable, what, err)
	}
	if res.StatusCode >= 500 || res.StatusCode == http.StatusTooManyRequests {
		return 0, nil, fmt.Errorf("%w: unable to %s at paypal: %s", ErrUnavailable, what, res.Status)
	}
	return res.StatusCode, data, nil
}

// CheckKeys implements KeyChecker: the app signs in.
func (p *PayPal) CheckKeys(ctx context.Context) error {
	_, err := p.accessToken(ctx, true)
	return err
}

// accessToken is the app's OAuth token, asked for once and kept until a
// minute before it ends (or, with renew, asked for again).
func (p *PayPal) accessToken(ctx context.Context, renew bool) (string, error) {
	p.mu.Lock()
	if !renew && p.token != "" && time.Now().Before(p.tokenUntil) { // real time: the token ends by PayPal's clock
		defer p.mu.Unlock()
		return p.token, nil
	}
	p.mu.Unlock()
	status, data, err := p.send(ctx, http.MethodPost, "v1/oauth2/token", url.Values{"grant_type": {"client_credentials"}},
		func(h http.Header) { h.Set("Authorization", basicAuth(p.cfg.ClientID, p.cfg.ClientSecret)) }, "sign in")
	if err != nil {
		return "", err
	}
	var t struct {
		AccessToken string `json:"access_token"`
		ExpiresIn   int64  `json:"expires_in"`
	}
	if status == http.StatusUnauthorized {
		return "", fmt.Errorf("%w: paypal refused the app's credentials (%d)", ErrKeysRefused, status)
	}
	if status != http.StatusOK || json.Unmarshal(data, &t) != nil || t.AccessToken == "" {
		return "", fmt.Errorf("payments: paypal refused the app's credentials (%d)", status)
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.token, p.tokenUntil = t.AccessToken, time.Now().Add(time.Duration(t.ExpiresIn)*time.Second-time.Minute) // real time: PayPal's clock
	return p.token, nil
}

func basicAuth(user, pass string) string {
	return "Basic " + base64.StdEncoding.EncodeToString([]byte(user+":"+pass))
}
