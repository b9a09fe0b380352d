// Package razorpaytest is a double of the part of Razorpay's API that
// Slotwise uses, started by the tests as stripe-mock is: orders (create,
// fetch, list by receipt, their payments), refunds of a payment, the
// hosted checkout's form, and webhook deliveries signed as Razorpay signs
// them. It keeps state, so a test can pay an order and see it paid.
//
// What it reproduces of Razorpay's documented behaviour:
//   - HTTP Basic authentication with the key pair (401 otherwise);
//   - orders: amount in the currency's minor unit, at least 100 (1.00 of
//     a two-decimal currency), a receipt of at most 40 characters, status
//     created → attempted → paid, amount_paid; GET /v1/orders?receipt=…;
//   - a payment captured on an order marks it paid; refunds of at most
//     what is left, each with its receipt; 400 BAD_REQUEST_ERROR bodies
//     ({"error": {"code", "description"}}) for what Razorpay refuses;
//   - the checkout's answer: razorpay_signature = hex HMAC-SHA256 of
//     "order_id|payment_id" with the key secret;
//   - webhooks: X-Razorpay-Signature = hex HMAC-SHA256 of the body with
//     the webhook secret, X-Razorpay-Event-Id, order.paid and
//     payment.captured bodies with payload.payment.entity and
//     payload.order.entity.
//
// What it does not: authorization without capture, partial payments,
// three-decimal currencies' rules, rate limits, order expiry (Razorpay's
// orders do not expire either), and any payment method's own screens.
package razorpaytest

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"html"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"
)

// The double's keys.
const (
	KeyID         = "rzp_test_slotwise"
	KeySecret     = "rzp_secret_slotwise"
	WebhookSecret = "rzp_whsec_slotwise"
)

// Double is a Razorpay double: an http.Handler, running once started.
type Double struct {
	URL string
	// Webhook, when set, receives order.paid, signed, when its checkout
	// page is paid, as Razorpay delivers it (the browser tests' server).
	Webhook string

	mu       sync.Mutex
	seq      int
	orders   map[string]*order
	refunds  map[string][]refund // payment id → its refunds
	payments map[string]payment  // payment id → payment
	Requests []Request           // what was asked, in order
	down     bool
}

// Request is one request the double answered.
type Request struct {
	Method, Path string
	Body         string
}

type order struct {
	ID         string            `json:"id"`
	Entity     string            `json:"entity"`
	Amount     int64             `json:"amount"`
	AmountPaid int64             `json:"amount_paid"`
	AmountDue  int64             `json:"amount_due"`
	Currency   string            `json:"currency"`
	Receipt    string            `json:"receipt"`
	Status     string            `json:"status"`
	Attempts   int               `json:"attempts"`
	Notes      map[string]string `json:"notes"`
	CreatedAt  int64             `json:"created_at"`
	payments   []string
}

type payment struct {
	ID       string `json:"id"`
	Entity   string `json:"entity"`
	OrderID  string `json:"order_id"`
	Amount   int64  `json:"amount"`
	Currency string `json:"currency"`
	Status   string `json:"status"`
	Captured bool   `json:"captured"`
	Refunded int64  `json:"amount_refunded"`
}

type refund struct {
	ID        string            `json:"id"`
	Entity    string            `json:"entity"`
	PaymentID string            `json:"payment_id"`
	Amount    int64             `json:"amount"`
	Receipt   string            `json:"receipt"`
	Notes     map[string]string `json:"notes"`
	Status    string            `json:"status"`
}

// New is a double that is not listening yet: serve it, and set URL to
// where it is served.
func New() *Double {
	return &Double{orders: map[string]*order{}, refunds: map[string][]refund{}, payments: map[string]payment{}}
}

// ServeHTTP implements http.Handler. POST /_double/webhook (a URL as the
// body) sets Webhook, for a server started after the double.
func (d *Double) ServeHTTP(w http.ResponseWriter, r *http.Request) { d.serve(w, r) }

// Start runs the double until the test ends.
func Start(t testing.TB) *Double {
	d := New()
	srv := httptest.NewServer(d)
	t.Cleanup(srv.Close)
	d.URL = srv.URL
	return d
}

// Down makes every API request fail with 503 until Up.
func (d *Double) Down() { d.mu.Lock(); d.down = true; d.mu.Unlock() }

// Up ends Down.
func (d *Double) Up() { d.mu.Lock(); d.down = false; d.mu.Unlock() }

// Asked returns the requests answered so far whose path starts with prefix.
func (d *Double) Asked(method, prefix string) []Request {
	d.mu.Lock()
	defer d.mu.Unlock()
	var out []Request
	for _, r := range d.Requests {
		if r.Method == method && strings.HasPrefix(r.Path, prefix) {
			out = append(out, r)
		}
	}
	return out
}

// Pay pays an order in full with a captured payment, as a booker at the
// hosted checkout would, and returns the payment's id.
func (d *Double) Pay(orderID string) (string, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	o := d.orders[orderID]
	if o == nil {
		return "", fmt.Errorf("razorpaytest: no order %s", orderID)
	}
	d.seq++
	p := payment{ID: fmt.Sprintf("pay_%014d", d.seq), Entity: "payment", OrderID: o.ID, Amount: o.Amount - o.AmountPaid,
		Currency: o.Currency, Status: "captured", Captured: true}
	d.payments[p.ID] = p
	o.payments = append(o.payments, p.ID)
	o.AmountPaid, o.AmountDue, o.Status, o.Attempts = o.Amount, 0, "paid", o.Attempts+1
	return p.ID, nil
}

// Refunded is how much of a payment has been refunded.
func (d *Double) Refunded(paymentID string) int64 {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.payments[paymentID].Refunded
}

// ReturnSignature signs the checkout's answer as Razorpay does.
func ReturnSignature(orderID, paymentID string) string {
	return Sign([]byte(orderID+"|"+paymentID), KeySecret)
}

// Sign is the hex HMAC-SHA256 of message with secret.
func Sign(message []byte, secret string) string {
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write(message)
	return hex.EncodeToString(mac.Sum(nil))
}

// Event is a webhook body of an event about a paid order's payment.
func (d *Double) Event(name, paymentID string) []byte {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.eventLocked(name, paymentID)
}

// deliverLocked sends an event to target, signed, after the answer that
// is being written (as Razorpay does, on its own time).
func (d *Double) deliverLocked(target, name, paymentID string) {
	body := d.eventLocked(name, paymentID)
	go func() {
		req, err := http.NewRequest(http.MethodPost, target, strings.NewReader(string(body)))
		if err != nil {
			return
		}
		req.Header = Headers("evt_"+paymentID, body, WebhookSecret)
		if res, err := http.DefaultClient.Do(req); err == nil {
			res.Body.Close()
		}
	}()
}

func (d *Double) eventLocked(name, paymentID string) []byte {
	p := d.payments[paymentID]
	o := d.orders[p.OrderID]
	payload := map[string]any{"payment": map[string]any{"entity": p}}
	contains := []string{"payment"}
	if o != nil && name == "order.paid" {
		payload["order"] = map[string]any{"entity": o}
		contains = append(contains, "order")
	}
	body, _ := json.Marshal(map[string]any{"entity": "event", "account_id": "acc_slotwise", "event": name,
		"contains": contains, "payload": payload, "created_at": time.Now().Unix()})
	return body
}

// Headers are a delivery's headers: the body signed with secret.
func Headers(eventID string, body []byte, secret string) http.Header {
	h := http.Header{}
	h.Set("Content-Type", "application/json")
	h.Set("X-Razorpay-Event-Id", eventID)
	h.Set("X-Razorpay-Signature", Sign(body, secret))
	return h
}

func (d *Double) serve(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(io.LimitReader(r.Body, 1<<20))
	d.mu.Lock()
	defer d.mu.Unlock()
	d.Requests = append(d.Requests, Request{Method: r.Method, Path: r.URL.RequestURI(), Body: string(body)})
	if r.Method == http.MethodPost && r.URL.Path == "/_double/webhook" {
		d.Webhook = strings.TrimSpace(string(body))
		w.WriteHeader(http.StatusNoContent)
		return
	}
	if r.URL.Path == "/favicon.ico" { // the checkout page's, asked by browsers
		w.WriteHeader(http.StatusNoContent)
		return
	}
	if r.URL.Path == "/v1/checkout/embedded" {
		d.checkoutPage(w, r, body)
		return
	}
	if d.down {
		http.Error(w, `{"error":{"code":"SERVER_ERROR","description":"The server is down"}}`, http.StatusServiceUnavailable)
		return
	}
	if user, pass, ok := r.BasicAuth(); !ok || user != KeyID || pass != KeySecret {
		answer(w, http.StatusUnauthorized, errorBody("BAD_REQUEST_ERROR", "Authentication failed"))
		return
	}
	parts := strings.Split(strings.Trim(r.URL.Path, "/"), "/")
	switch {
	case r.Method == http.MethodPost && r.URL.Path == "/v1/orders":
		d.createOrder(w, body)
	case r.Method == http.MethodGet && r.URL.Path == "/v1/orders":
		items := []*order{}
		for _, o := range d.orders {
			if rc := r.URL.Query().Get("receipt"); rc == "" || o.Receipt == rc {
				items = append(items, o)
			}
		}
		answer(w, http.StatusOK, map[string]any{"entity": "collection", "count": len(items), "items": items})
	case r.Method == http.MethodGet && len(parts) == 3 && parts[1] == "orders":
		if o := d.orders[parts[2]]; o != nil {
			answer(w, http.StatusOK, o)
			return
		}
		answer(w, http.StatusBadRequest, errorBody("BAD_REQUEST_ERROR", "The id provided does not exist"))
	case r.Method == http.MethodGet && len(parts) == 4 && parts[1] == "orders" && parts[3] == "payments":
		items := []payment{}
		if o := d.orders[parts[2]]; o != nil {
			for _, id := range o.payments {
				items = append(items, d.payments[id])
			}
		}
		answer(w, http.StatusOK, map[string]any{"entity": "collection", "count": len(items), "items": items})
	case r.Method == http.MethodGet && len(parts) == 4 && parts[1] == "payments" && parts[3] == "refunds":
		items := append([]refund{}, d.refunds[parts[2]]...)
		answer(w, http.StatusOK, map[string]any{"entity": "collection", "count": len(items), "items": items})
	case r.Method == http.MethodPost && len(parts) == 4 && parts[1] == "payments" && parts[3] == "refund":
		d.refund(w, parts[2], body)
	default:
		answer(w, http.StatusNotFound, errorBody("NOT_FOUND", "The requested URL was not found on the server."))
	}
}

func (d *Double) createOrder(w http.ResponseWriter, body []byte) {
	var in struct {
		Amount   int64             `json:"amount"`
		Currency string            `json:"currency"`
		Receipt  string            `json:"receipt"`
		Notes    map[string]string `json:"notes"`
	}
	switch {
	case json.Unmarshal(body, &in) != nil:
		answer(w, http.StatusBadRequest, errorBody("BAD_REQUEST_ERROR", "The request body is not JSON"))
	case in.Amount < 100:
		answer(w, http.StatusBadRequest, errorBody("BAD_REQUEST_ERROR", "The amount must be atleast INR 1.00"))
	case len(in.Currency) != 3:
		answer(w, http.StatusBadRequest, errorBody("BAD_REQUEST_ERROR", "The currency field is invalid"))
	case len(in.Receipt) > 40:
		answer(w, http.StatusBadRequest, errorBody("BAD_REQUEST_ERROR", "The receipt may not be greater than 40 characters."))
	default:
		d.seq++
		o := &order{ID: fmt.Sprintf("order_%014d", d.seq), Entity: "order", Amount: in.Amount, AmountDue: in.Amount,
			Currency: in.Currency, Receipt: in.Receipt, Status: "created", Notes: in.Notes, CreatedAt: time.Now().Unix()}
		if o.Notes == nil {
			o.Notes = map[string]string{}
		}
		d.orders[o.ID] = o
		answer(w, http.StatusOK, o)
	}
}

func (d *Double) refund(w http.ResponseWriter, paymentID string, body []byte) {
	p, ok := d.payments[paymentID]
	var in struct {
		Amount  int64             `json:"amount"`
		Receipt string            `json:"receipt"`
		Notes   map[string]string `json:"notes"`
	}
	switch {
	case !ok:
		answer(w, http.StatusBadRequest, errorBody("BAD_REQUEST_ERROR", "The id provided does not exist"))
	case json.Unmarshal(body, &in) != nil || in.Amount <= 0:
		answer(w, http.StatusBadRequest, errorBody("BAD_REQUEST_ERROR", "The amount is invalid"))
	case in.Amount > p.Amount-p.Refunded:
		answer(w, http.StatusBadRequest, errorBody("BAD_REQUEST_ERROR", "The refund amount provided is greater than amount captured"))
	default:
		d.seq++
		f := refund{ID: fmt.Sprintf("rfnd_%014d", d.seq), Entity: "refund", PaymentID: paymentID, Amount: in.Amount,
			Receipt: in.Receipt, Notes: in.Notes, Status: "processed"}
		d.refunds[paymentID] = append(d.refunds[paymentID], f)
		p.Refunded += in.Amount
		if p.Refunded == p.Amount {
			p.Status = "refunded"
		}
		d.payments[paymentID] = p
		answer(w, http.StatusOK, f)
	}
}

// checkoutPage stands for Razorpay's hosted checkout: it reads the form a
// browser posts and offers to pay (the booker's "Pay") or to go back,
// posting to the callback as Razorpay does.
func (d *Double) checkoutPage(w http.ResponseWriter, r *http.Request, body []byte) {
	form, _ := url.ParseQuery(string(body))
	if r.Method == http.MethodGet {
		form = r.URL.Query()
	}
	o := d.orders[form.Get("order_id")]
	if form.Get("key_id") != KeyID || o == nil {
		http.Error(w, "unknown key or order", http.StatusBadRequest)
		return
	}
	if form.Get("pay") == "1" {
		d.mu.Unlock()
		id, err := d.Pay(o.ID)
		d.mu.Lock()
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		if d.Webhook != "" {
			d.deliverLocked(d.Webhook, "order.paid", id)
		}
		// Razorpay posts the booker back at once.
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprintf(w, `<!doctype html><title>Razorpay</title><form method="post" action="%s">
<input type="hidden" name="razorpay_payment_id" value="%s"><input type="hidden" name="razorpay_order_id" value="%s">
<input type="hidden" name="razorpay_signature" value="%s"><button>Return to the merchant</button></form>
<script>document.forms[0].submit()</script>`,
			html.EscapeString(form.Get("callback_url")), id, o.ID, ReturnSignature(o.ID, id))
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	fmt.Fprintf(w, `<!doctype html><title>Razorpay</title><h1>%s</h1><p>%s</p><p>%s %d</p>
<form method="post" action="/v1/checkout/embedded">%s<input type="hidden" name="pay" value="1"><button>Pay</button></form>
<a href="%s">Cancel</a>`, html.EscapeString(form.Get("name")), html.EscapeString(form.Get("description")), o.Currency, o.Amount,
		hiddenFields(form), html.EscapeString(form.Get("cancel_url")))
}

func hiddenFields(form url.Values) string {
	var b strings.Builder
	for k, vs := range form {
		for _, v := range vs {
			fmt.Fprintf(&b, `<input type="hidden" name="%s" value="%s">`, html.EscapeString(k), html.EscapeString(v))
		}
	}
	return b.String()
}

func errorBody(code, description string) map[string]any {
	return map[string]any{"error": map[string]any{"code": code, "description": description}}
}

func answer(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}
