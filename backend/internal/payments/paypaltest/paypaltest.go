// Package paypaltest is a double of the part of PayPal's REST API that
// Slotwise uses, started by the tests as stripe-mock is: the app's OAuth
// token, Orders v2 (create, read, capture), refunds of a capture, the
// buyer's approval page, and webhook deliveries signed as PayPal signs
// them, with the certificate that verifies them. It keeps state, so a test can approve an
// order and see it captured.
//
// What it reproduces of PayPal's documented behaviour:
//   - POST /v1/oauth2/token with the client id and secret (HTTP Basic,
//     grant_type=client_credentials); every other call needs its bearer
//     token (401 invalid_token otherwise);
//   - orders: intent CAPTURE, one purchase unit, amounts as decimal
//     strings in the currency's decimals (none for JPY, HUF and TWD, which
//     PayPal takes only whole), PayPal's currencies only; status
//     PAYER_ACTION_REQUIRED with a payer-action link when the payment
//     source carries return and cancel URLs; APPROVED once the buyer
//     approves; COMPLETED once captured, with the capture under
//     purchase_units[].payments.captures; 201 for a new order, 200 for a
//     repeated PayPal-Request-Id, which answers the first request's result
//     (a refused request is not kept: it may be made again);
//   - capture: 422 UNPROCESSABLE_ENTITY with ORDER_NOT_APPROVED or
//     ORDER_ALREADY_CAPTURED, the same result for the same request id;
//   - refunds of at most what is left of a capture (422
//     REFUND_AMOUNT_EXCEEDED), in its currency (422 CURRENCY_MISMATCH),
//     once per PayPal-Request-Id; the capture reads PARTIALLY_REFUNDED or
//     REFUNDED;
//   - the approval page sends the buyer to return_url with token (the
//     order's id) and PayerID added, or to cancel_url with token;
//   - webhooks: CHECKOUT.ORDER.APPROVED and PAYMENT.CAPTURE.COMPLETED
//     bodies (id, event_type, resource_type, resource), with the
//     PAYPAL-TRANSMISSION-ID, -TIME, -SIG, -CERT-URL and -AUTH-ALGO
//     headers; the signature is SHA256withRSA over
//     "transmission_id|transmission_time|webhook_id|crc32(body)", as PayPal
//     signs, with the double's own key, whose certificate (CertName) it
//     serves at /v1/notifications/certs/CertName without a token, as PayPal
//     serves its own, and named on its own host in PAYPAL-CERT-URL; any
//     other name is 404, as PayPal answers a certificate it does not have.
//
// What it does not: authorizations, order expiry (three hours after
// creation at PayPal), PATCH, vaulting, the buyer's funding choices and
// their declines (INSTRUMENT_DECLINED), shipping, rate limits,
// verify-webhook-signature (Slotwise checks the signature itself), and
// PayPal's certificate chain (its certificate is self-signed).
package paypaltest

import (
	"bytes"
	"crypto"
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha256"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/base64"
	"encoding/json"
	"encoding/pem"
	"fmt"
	"hash/crc32"
	"html"
	"io"
	"math/big"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// ordersPath is PayPal's Orders v2 API, under the API's root.
const ordersPath = "v2/checkout/orders"

// The double's credentials and webhook id.
const (
	ClientID     = "paypal-client-slotwise"
	ClientSecret = "paypal-secret-slotwise"
	WebhookID    = "WH-SLOTWISE-1"
	// CertName is the double's certificate, the one its deliveries name.
	CertName = "CERT-360caa42-fca2a594-slotwise"
)

// Double is a PayPal double: an http.Handler, running once started.
type Double struct {
	URL string
	// Webhook, when set, receives CHECKOUT.ORDER.APPROVED and
	// PAYMENT.CAPTURE.COMPLETED, signed, as PayPal delivers them (the
	// browser tests' server).
	Webhook string

	key      *rsa.PrivateKey
	cert     []byte // PEM: the certificate of key, served as PayPal serves its own
	mu       sync.Mutex
	seq      int
	tokens   map[string]bool
	orders   map[string]*order
	captures map[string]*capture
	answers  map[string]answered // PayPal-Request-Id and path → the first answer
	Requests []Request           // what was asked, in order
	down     bool
}

// Request is one request the double answered.
type Request struct {
	Method, Path string
	Header       http.Header
	Body         string
}

type answered struct {
	status int
	body   []byte
}

type money struct {
	CurrencyCode string `json:"currency_code"`
	Value        string `json:"value"`
}

type link struct {
	Href   string `json:"href"`
	Rel    string `json:"rel"`
	Method string `json:"method"`
}

type order struct {
	ID            string  `json:"id"`
	Intent        string  `json:"intent"`
	Status        string  `json:"status"`
	PurchaseUnits []*unit `json:"purchase_units"`
	Links         []link  `json:"links"`
	CreateTime    string  `json:"create_time"`
	returnURL     string
	cancelURL     string
	brand         string
}

type unit struct {
	ReferenceID string `json:"reference_id,omitempty"`
	CustomID    string `json:"custom_id,omitempty"`
	InvoiceID   string `json:"invoice_id,omitempty"`
	Description string `json:"description,omitempty"`
	Amount      money  `json:"amount"`
	Payments    *struct {
		Captures []*capture `json:"captures"`
	} `json:"payments,omitempty"`
}

type capture struct {
	ID                string `json:"id"`
	Status            string `json:"status"`
	Amount            money  `json:"amount"`
	CustomID          string `json:"custom_id,omitempty"`
	InvoiceID         string `json:"invoice_id,omitempty"`
	FinalCapture      bool   `json:"final_capture"`
	SupplementaryData struct {
		RelatedIDs struct {
			OrderID string `json:"order_id"`
		} `json:"related_ids"`
	} `json:"supplementary_data"`
	refunded int64 // in the minor unit
	refunds  []map[string]any
}

// New is a double that is not listening yet: serve it, and set URL to
// where it is served.
func New() *Double {
	key, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		panic(err)
	}
	tmpl := &x509.Certificate{SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "messageverificationcerts.paypal.com"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(24 * time.Hour), KeyUsage: x509.KeyUsageDigitalSignature}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		panic(err)
	}
	return &Double{key: key, cert: pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}), tokens: map[string]bool{}, orders: map[string]*order{}, captures: map[string]*capture{},
		answers: map[string]answered{}}
}

// ServeHTTP implements http.Handler. POST /_double/webhook (a URL as the
// body) sets Webhook, for a server started after the double; POST
// /_double/sign answers the headers that sign its body for WebhookID.
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

// ForgetTokens ends every token given, as PayPal may before their time.
func (d *Double) ForgetTokens() { d.mu.Lock(); d.tokens = map[string]bool{}; d.mu.Unlock() }

// Approve approves an order as its buyer would on PayPal's page.
func (d *Double) Approve(orderID string) error {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.approveLocked(orderID)
}

func (d *Double) approveLocked(orderID string) error {
	o := d.orders[orderID]
	if o == nil {
		return fmt.Errorf("paypaltest: no order %s", orderID)
	}
	if o.Status == "PAYER_ACTION_REQUIRED" || o.Status == "CREATED" {
		o.Status = "APPROVED"
	}
	return nil
}

// Capture captures an approved order as a merchant's call would, and
// returns the capture's id.
func (d *Double) Capture(orderID string) (string, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	o := d.orders[orderID]
	if o == nil || o.Status != "APPROVED" {
		return "", fmt.Errorf("paypaltest: order %s is not approved", orderID)
	}
	return d.captureLocked(o).ID, nil
}

// CapturesOf are the captures of an order.
func (d *Double) CapturesOf(orderID string) []string {
	d.mu.Lock()
	defer d.mu.Unlock()
	var out []string
	if o := d.orders[orderID]; o != nil && o.PurchaseUnits[0].Payments != nil {
		for _, c := range o.PurchaseUnits[0].Payments.Captures {
			out = append(out, c.ID)
		}
	}
	return out
}

// Refunded is how much of a capture has been refunded, in the minor unit.
func (d *Double) Refunded(captureID string) int64 {
	d.mu.Lock()
	defer d.mu.Unlock()
	if c := d.captures[captureID]; c != nil {
		return c.refunded
	}
	return 0
}

// OrderStatus is an order's status.
func (d *Double) OrderStatus(orderID string) string {
	d.mu.Lock()
	defer d.mu.Unlock()
	if o := d.orders[orderID]; o != nil {
		return o.Status
	}
	return ""
}

// Event is a webhook body: CHECKOUT.ORDER.APPROVED of an order, or a
// PAYMENT.CAPTURE.* of a capture, with the event id given.
func (d *Double) Event(eventID, eventType, resourceID string) []byte {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.eventLocked(eventID, eventType, resourceID)
}

func (d *Double) eventLocked(eventID, eventType, resourceID string) []byte {
	var resource any
	resourceType := "capture"
	if o := d.orders[resourceID]; o != nil {
		resource, resourceType = o, "checkout-order"
	} else if c := d.captures[resourceID]; c != nil {
		resource = c
	}
	body, _ := json.Marshal(map[string]any{"id": eventID, "event_version": "1.0", "create_time": time.Now().UTC().Format(time.RFC3339),
		"resource_type": resourceType, "resource_version": "2.0", "event_type": eventType, "summary": eventType,
		"resource": resource})
	return body
}

// Headers are a delivery's headers: the body signed as PayPal signs it,
// for webhookID.
func (d *Double) Headers(body []byte, webhookID string) http.Header {
	d.mu.Lock()
	d.seq++
	id := fmt.Sprintf("%08x-7d1e-11ef-9c5e-%012d", d.seq, d.seq)
	d.mu.Unlock()
	at := time.Now().UTC().Format(time.RFC3339)
	sum := sha256.Sum256([]byte(signedText(id, at, webhookID, body)))
	sig, err := rsa.SignPKCS1v15(rand.Reader, d.key, crypto.SHA256, sum[:])
	if err != nil {
		panic(err)
	}
	h := http.Header{}
	h.Set("Content-Type", "application/json")
	h.Set("Paypal-Transmission-Id", id)
	h.Set("Paypal-Transmission-Time", at)
	h.Set("Paypal-Transmission-Sig", base64.StdEncoding.EncodeToString(sig))
	h.Set("Paypal-Cert-Url", d.CertURL(CertName))
	h.Set("Paypal-Auth-Algo", "SHA256withRSA")
	return h
}

// CertURL is where a delivery says the certificate name is: on the
// double's own host, as PayPal names its own (https://api.paypal.com
// for a double that is not running).
func (d *Double) CertURL(name string) string {
	base := d.URL
	if base == "" {
		base = "https://api.paypal.com"
	}
	return base + "/v1/notifications/certs/" + name
}

// signedText is what PayPal signs: the transmission's id and time, the
// webhook's id and the CRC32 of the body, as a decimal.
func signedText(id, at, webhookID string, body []byte) string {
	return id + "|" + at + "|" + webhookID + "|" + strconv.FormatUint(uint64(crc32.ChecksumIEEE(body)), 10)
}

// deliverLocked sends an event to the webhook, signed, after the answer
// being written (as PayPal does, on its own time).
func (d *Double) deliverLocked(eventType, resourceID string) {
	if d.Webhook == "" {
		return
	}
	d.seq++
	body := d.eventLocked(fmt.Sprintf("WH-%016d", d.seq), eventType, resourceID)
	target := d.Webhook
	go func() {
		req, err := http.NewRequest(http.MethodPost, target, bytes.NewReader(body))
		if err != nil {
			return
		}
		req.Header = d.Headers(body, WebhookID)
		if res, err := http.DefaultClient.Do(req); err == nil {
			res.Body.Close()
		}
	}()
}

func (d *Double) serve(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(io.LimitReader(r.Body, 1<<20))
	d.mu.Lock()
	defer d.mu.Unlock()
	d.Requests = append(d.Requests, Request{Method: r.Method, Path: r.URL.RequestURI(), Header: r.Header.Clone(), Body: string(body)})
	switch {
	case r.Method == http.MethodPost && r.URL.Path == "/_double/webhook":
		d.Webhook = strings.TrimSpace(string(body))
		w.WriteHeader(http.StatusNoContent)
		return
	case r.Method == http.MethodPost && r.URL.Path == "/_double/sign": // a delivery's headers for a body, for a process that sends them
		d.mu.Unlock()
		h := d.Headers(body, WebhookID)
		d.mu.Lock()
		answer(w, http.StatusOK, h)
		return
	case r.URL.Path == "/favicon.ico": // the approval page's, asked by browsers
		w.WriteHeader(http.StatusNoContent)
		return
	case r.URL.Path == "/checkoutnow":
		d.approvalPage(w, r, body)
		return
	case d.down:
		answer(w, http.StatusServiceUnavailable, problem("SERVICE_UNAVAILABLE", "", "Service Unavailable."))
		return
	case r.Method == http.MethodGet && path.Dir(r.URL.Path) == "/v1/notifications/certs":
		if path.Base(r.URL.Path) != CertName {
			answer(w, http.StatusNotFound, problem("RESOURCE_NOT_FOUND", "INVALID_RESOURCE_ID", "The specified resource does not exist."))
			return
		}
		w.Header().Set("Content-Type", "application/x-pem-file")
		_, _ = w.Write(d.cert)
		return
	case r.Method == http.MethodPost && r.URL.Path == "/v1/oauth2/token":
		d.token(w, r, body)
		return
	}
	auth := strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer ")
	if !d.tokens[auth] {
		answer(w, http.StatusUnauthorized, map[string]any{"error": "invalid_token", "error_description": "Token signature verification failed"})
		return
	}
	key := r.Header.Get("PayPal-Request-Id")
	if key != "" && r.Method == http.MethodPost {
		if a, ok := d.answers[key+" "+r.URL.Path]; ok {
			w.Header().Set("Content-Type", "application/json")
			status := a.status
			if status == http.StatusCreated {
				status = http.StatusOK // PayPal answers a repeated request 200
			}
			w.WriteHeader(status)
			_, _ = w.Write(a.body)
			return
		}
	}
	rec := httptest.NewRecorder()
	d.route(rec, r, body)
	if key != "" && r.Method == http.MethodPost && rec.Code < 300 { // a refusal is not kept: the request may be made again
		d.answers[key+" "+r.URL.Path] = answered{rec.Code, rec.Body.Bytes()}
	}
	for k, v := range rec.Header() {
		w.Header()[k] = v
	}
	w.WriteHeader(rec.Code)
	_, _ = w.Write(rec.Body.Bytes())
}

func (d *Double) route(w http.ResponseWriter, r *http.Request, body []byte) {
	parts := strings.Split(strings.Trim(r.URL.Path, "/"), "/")
	switch {
	case r.Method == http.MethodPost && strings.Trim(r.URL.Path, "/") == ordersPath:
		d.createOrder(w, body)
	case r.Method == http.MethodGet && len(parts) == 4 && parts[1] == "checkout" && parts[2] == "orders":
		if o := d.orders[parts[3]]; o != nil {
			answer(w, http.StatusOK, o)
			return
		}
		answer(w, http.StatusNotFound, problem("RESOURCE_NOT_FOUND", "INVALID_RESOURCE_ID", "Specified resource ID does not exist."))
	case r.Method == http.MethodPost && len(parts) == 5 && parts[2] == "orders" && parts[4] == "capture":
		d.captureOrder(w, parts[3])
	case r.Method == http.MethodPost && len(parts) == 5 && parts[2] == "captures" && parts[4] == "refund":
		d.refund(w, parts[3], body)
	default:
		answer(w, http.StatusNotFound, problem("RESOURCE_NOT_FOUND", "", "The specified resource does not exist."))
	}
}

func (d *Double) token(w http.ResponseWriter, r *http.Request, body []byte) {
	form, _ := url.ParseQuery(string(body))
	if user, pass, ok := r.BasicAuth(); !ok || user != ClientID || pass != ClientSecret {
		answer(w, http.StatusUnauthorized, map[string]any{"error": "invalid_client", "error_description": "Client Authentication failed"})
		return
	}
	if form.Get("grant_type") != "client_credentials" {
		answer(w, http.StatusBadRequest, map[string]any{"error": "unsupported_grant_type", "error_description": "Grant Type is NULL"})
		return
	}
	d.seq++
	t := fmt.Sprintf("A21AA%020d", d.seq)
	d.tokens[t] = true
	answer(w, http.StatusOK, map[string]any{"scope": "https://uri.paypal.com/services/payments/payment", "access_token": t,
		"token_type": "Bearer", "app_id": "APP-SLOTWISE", "expires_in": 32400, "nonce": "slotwise"})
}

// wholeOnly are the currencies PayPal takes without decimals; digits the
// decimals of the others it takes.
var wholeOnly = map[string]bool{"JPY": true, "HUF": true, "TWD": true}

var taken = map[string]bool{"AUD": true, "BRL": true, "CAD": true, "CNY": true, "CZK": true, "DKK": true, "EUR": true,
	"HKD": true, "HUF": true, "ILS": true, "JPY": true, "MYR": true, "MXN": true, "TWD": true, "NZD": true, "NOK": true,
	"PHP": true, "PLN": true, "GBP": true, "SGD": true, "SEK": true, "CHF": true, "THB": true, "USD": true}

// minor reads a decimal value in the currency's decimals as PayPal does;
// ok is false for a value PayPal refuses.
func minor(m money) (int64, bool) {
	if !taken[m.CurrencyCode] {
		return 0, false
	}
	whole, frac, hasFrac := strings.Cut(m.Value, ".")
	if wholeOnly[m.CurrencyCode] && hasFrac || !wholeOnly[m.CurrencyCode] && (!hasFrac || len(frac) != 2) {
		return 0, false
	}
	n, err := strconv.ParseInt(whole+frac, 10, 64)
	if err != nil || n <= 0 || strings.HasPrefix(whole, "-") {
		return 0, false
	}
	return n, true
}

func value(code string, n int64) string {
	if wholeOnly[code] {
		return strconv.FormatInt(n, 10)
	}
	return fmt.Sprintf("%d.%02d", n/100, n%100)
}

func (d *Double) createOrder(w http.ResponseWriter, body []byte) {
	var in struct {
		Intent        string  `json:"intent"`
		PurchaseUnits []*unit `json:"purchase_units"`
		PaymentSource struct {
			PayPal struct {
				ExperienceContext struct {
					BrandName string `json:"brand_name"`
					ReturnURL string `json:"return_url"`
					CancelURL string `json:"cancel_url"`
				} `json:"experience_context"`
			} `json:"paypal"`
		} `json:"payment_source"`
	}
	if err := json.Unmarshal(body, &in); err != nil {
		answer(w, http.StatusBadRequest, problem("INVALID_REQUEST", "MALFORMED_REQUEST_JSON", "The request JSON is not well formed."))
		return
	}
	if in.Intent != "CAPTURE" || len(in.PurchaseUnits) != 1 {
		answer(w, http.StatusUnprocessableEntity, problem("UNPROCESSABLE_ENTITY", "INVALID_PARAMETER_VALUE", "intent or purchase_units"))
		return
	}
	u := in.PurchaseUnits[0]
	if _, ok := minor(u.Amount); !ok {
		issue := "DECIMAL_PRECISION"
		if !taken[u.Amount.CurrencyCode] {
			issue = "CURRENCY_NOT_SUPPORTED"
		}
		answer(w, http.StatusUnprocessableEntity, problem("UNPROCESSABLE_ENTITY", issue, "The amount cannot be taken."))
		return
	}
	if len(u.Description) > 127 || len(u.CustomID) > 127 || len(u.InvoiceID) > 127 {
		answer(w, http.StatusBadRequest, problem("INVALID_REQUEST", "INVALID_STRING_MAX_LENGTH", "A field is too long."))
		return
	}
	ec := in.PaymentSource.PayPal.ExperienceContext
	if ec.ReturnURL == "" || ec.CancelURL == "" {
		answer(w, http.StatusBadRequest, problem("INVALID_REQUEST", "MISSING_REQUIRED_PARAMETER", "return_url and cancel_url"))
		return
	}
	d.seq++
	o := &order{ID: fmt.Sprintf("5O%015d", d.seq), Intent: "CAPTURE", Status: "PAYER_ACTION_REQUIRED", PurchaseUnits: []*unit{u},
		CreateTime: time.Now().UTC().Format(time.RFC3339), returnURL: ec.ReturnURL, cancelURL: ec.CancelURL, brand: ec.BrandName}
	o.Links = []link{{d.URL + "/" + ordersPath + "/" + o.ID, "self", "GET"},
		{d.URL + "/checkoutnow?token=" + o.ID, "payer-action", "GET"}}
	d.orders[o.ID] = o
	answer(w, http.StatusCreated, o)
}

func (d *Double) captureOrder(w http.ResponseWriter, id string) {
	o := d.orders[id]
	switch {
	case o == nil:
		answer(w, http.StatusNotFound, problem("RESOURCE_NOT_FOUND", "INVALID_RESOURCE_ID", "Specified resource ID does not exist."))
	case o.Status == "COMPLETED":
		answer(w, http.StatusUnprocessableEntity, problem("UNPROCESSABLE_ENTITY", "ORDER_ALREADY_CAPTURED", "Order already captured."))
	case o.Status != "APPROVED":
		answer(w, http.StatusUnprocessableEntity, problem("UNPROCESSABLE_ENTITY", "ORDER_NOT_APPROVED", "Payer has not yet approved the Order for payment."))
	default:
		c := d.captureLocked(o)
		d.deliverLocked("PAYMENT.CAPTURE.COMPLETED", c.ID)
		answer(w, http.StatusCreated, o)
	}
}

func (d *Double) captureLocked(o *order) *capture {
	d.seq++
	u := o.PurchaseUnits[0]
	c := &capture{ID: fmt.Sprintf("3C%015d", d.seq), Status: "COMPLETED", Amount: u.Amount, CustomID: u.CustomID,
		InvoiceID: u.InvoiceID, FinalCapture: true}
	c.SupplementaryData.RelatedIDs.OrderID = o.ID
	u.Payments = &struct {
		Captures []*capture `json:"captures"`
	}{Captures: []*capture{c}}
	o.Status = "COMPLETED"
	d.captures[c.ID] = c
	return c
}

func (d *Double) refund(w http.ResponseWriter, captureID string, body []byte) {
	c := d.captures[captureID]
	var in struct {
		Amount *money `json:"amount"`
	}
	if c == nil {
		answer(w, http.StatusNotFound, problem("RESOURCE_NOT_FOUND", "INVALID_RESOURCE_ID", "Specified resource ID does not exist."))
		return
	}
	if err := json.Unmarshal(body, &in); err != nil {
		answer(w, http.StatusBadRequest, problem("INVALID_REQUEST", "MALFORMED_REQUEST_JSON", "The request JSON is not well formed."))
		return
	}
	total, _ := minor(c.Amount)
	amount := total - c.refunded // no amount: the rest
	if in.Amount != nil {
		if in.Amount.CurrencyCode != c.Amount.CurrencyCode {
			answer(w, http.StatusUnprocessableEntity, problem("UNPROCESSABLE_ENTITY", "CURRENCY_MISMATCH", "Currency of refund must be the same as the currency of the capture."))
			return
		}
		n, ok := minor(*in.Amount)
		if !ok {
			answer(w, http.StatusUnprocessableEntity, problem("UNPROCESSABLE_ENTITY", "DECIMAL_PRECISION", "The amount cannot be taken."))
			return
		}
		amount = n
	}
	if amount <= 0 || amount > total-c.refunded {
		answer(w, http.StatusUnprocessableEntity, problem("UNPROCESSABLE_ENTITY", "REFUND_AMOUNT_EXCEEDED", "The refund amount must be less than or equal to the capture amount that has not yet been refunded."))
		return
	}
	d.seq++
	c.refunded += amount
	c.Status = "PARTIALLY_REFUNDED"
	if c.refunded == total {
		c.Status = "REFUNDED"
	}
	f := map[string]any{"id": fmt.Sprintf("1R%015d", d.seq), "status": "COMPLETED",
		"amount": money{c.Amount.CurrencyCode, value(c.Amount.CurrencyCode, amount)}}
	c.refunds = append(c.refunds, f)
	answer(w, http.StatusCreated, f)
}

// approvalPage stands for PayPal's page where the buyer logs in and
// approves: "Pay Now" approves the order and sends the buyer to the
// merchant's return_url with token and PayerID, "Cancel" to cancel_url.
func (d *Double) approvalPage(w http.ResponseWriter, r *http.Request, body []byte) {
	form, _ := url.ParseQuery(string(body))
	if r.Method == http.MethodGet {
		form = r.URL.Query()
	}
	o := d.orders[form.Get("token")]
	if o == nil {
		http.Error(w, "This order cannot be found.", http.StatusNotFound)
		return
	}
	if r.Method == http.MethodPost {
		if o.Status != "PAYER_ACTION_REQUIRED" && o.Status != "APPROVED" {
			http.Error(w, "This order can no longer be paid.", http.StatusUnprocessableEntity)
			return
		}
		_ = d.approveLocked(o.ID)
		d.deliverLocked("CHECKOUT.ORDER.APPROVED", o.ID)
		http.Redirect(w, r, withParams(o.returnURL, url.Values{"token": {o.ID}, "PayerID": {"SLOTWISEPAYER1"}}), http.StatusSeeOther)
		return
	}
	u := o.PurchaseUnits[0]
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	fmt.Fprintf(w, `<!doctype html><meta name="viewport" content="width=device-width, initial-scale=1"><title>PayPal</title>
<h1>%s</h1><p>%s</p><p>%s %s</p>
<form method="post" action="/checkoutnow"><input type="hidden" name="token" value="%s"><button>Pay Now</button></form>
<a href="%s">Cancel and return to %s</a>`, html.EscapeString(o.brand), html.EscapeString(u.Description),
		html.EscapeString(u.Amount.CurrencyCode), html.EscapeString(u.Amount.Value), html.EscapeString(o.ID),
		html.EscapeString(withParams(o.cancelURL, url.Values{"token": {o.ID}})), html.EscapeString(o.brand))
}

// withParams adds parameters to an address, as PayPal adds its own to the
// merchant's.
func withParams(address string, add url.Values) string {
	sep := "?"
	if strings.Contains(address, "?") {
		sep = "&"
	}
	return address + sep + add.Encode()
}

func problem(name, issue, message string) map[string]any {
	out := map[string]any{"name": name, "message": message, "debug_id": "f0e1d2c3b4a59"}
	if issue != "" {
		out["details"] = []map[string]any{{"issue": issue, "description": message}}
	}
	return out
}

func answer(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}
