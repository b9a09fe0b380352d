// Package stripetest runs Stripe's own API double (stripe-mock, pinned as
// a tool in go.mod) for tests, and makes webhook deliveries signed with
// stripe-go's own helpers.
//
// stripe-mock answers every request from its fixtures and keeps no state:
// a checkout it is asked about is always open and unpaid. Double puts a
// small proxy in front of it that answers for the sessions a test has
// "paid", so the return page's question to Stripe can be tested too.
package stripetest

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os/exec"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stripe/stripe-go/v76/webhook"
)

// WebhookSecret signs the test deliveries.
const WebhookSecret = "whsec_slotwise_test"

// Double is a running stripe-mock behind its proxy.
type Double struct {
	URL string // the API's base URL, for StripeConfig.APIURL

	mu       sync.Mutex
	paid     map[string]int64 // session → amount the test paid
	Requests []Request        // what was asked, in order
}

// Request is one request the double was sent.
type Request struct {
	Method, Path   string
	Form           url.Values
	IdempotencyKey string
}

var listening = regexp.MustCompile(`Listening for HTTP at address: (\S+)`)

// Start runs stripe-mock on a free port of 127.0.0.1 for the test.
func Start(t testing.TB) *Double {
	t.Helper()
	path, err := exec.Command("go", "tool", "-n", "stripe-mock").Output()
	if err != nil {
		t.Fatalf("stripe-mock is a tool of go.mod (go tool -n stripe-mock): %v", err)
	}
	// Its HTTPS listener (unused) gets a free port too: by default it takes
	// a fixed one (12112), where two doubles at once would collide.
	cmd := exec.Command(strings.TrimSpace(string(path)), "-http-addr", "127.0.0.1:", "-https-addr", "127.0.0.1:")
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = cmd.Stdout
	if err := cmd.Start(); err != nil {
		t.Fatalf("unable to start stripe-mock: %v", err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	addr := make(chan string, 1)
	go func() {
		defer close(addr) // it exited without listening
		sc := bufio.NewScanner(out)
		var said []string
		for sc.Scan() {
			if m := listening.FindStringSubmatch(sc.Text()); m != nil {
				addr <- m[1]
				_, _ = io.Copy(io.Discard, out)
				return
			}
			said = append(said, sc.Text())
		}
		t.Logf("stripe-mock said: %s", strings.Join(said, "\n"))
	}()
	var mock string
	select {
	case a, ok := <-addr:
		if !ok {
			t.Fatal("stripe-mock exited before it listened")
		}
		mock = a
	case <-time.After(30 * time.Second):
		t.Fatal("stripe-mock did not start within 30 s")
	}
	d := &Double{paid: map[string]int64{}}
	target, _ := url.Parse("http://" + mock)
	proxy := httputil.NewSingleHostReverseProxy(target)
	proxy.ModifyResponse = d.answerPaid
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		form, _ := url.ParseQuery(string(body))
		d.mu.Lock()
		d.Requests = append(d.Requests, Request{Method: r.Method, Path: r.URL.Path, Form: form, IdempotencyKey: r.Header.Get("Idempotency-Key")})
		d.mu.Unlock()
		r.Body = io.NopCloser(bytes.NewReader(body))
		proxy.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	d.URL = srv.URL
	return d
}

// Pay makes the double say that session was paid with amount.
func (d *Double) Pay(session string, amount int64) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.paid[session] = amount
}

// Asked returns the requests to a path prefix, in order.
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

var sessionPath = regexp.MustCompile(`^/v1/checkout/sessions/([^/]+)$`)

// answerPaid rewrites a paid session's answer: complete and paid.
func (d *Double) answerPaid(res *http.Response) error {
	m := sessionPath.FindStringSubmatch(res.Request.URL.Path)
	if res.Request.Method != http.MethodGet || m == nil {
		return nil
	}
	d.mu.Lock()
	amount, ok := d.paid[m[1]]
	d.mu.Unlock()
	if !ok {
		return nil
	}
	body, err := io.ReadAll(res.Body)
	if err != nil {
		return err
	}
	var obj map[string]any
	if err := json.Unmarshal(body, &obj); err != nil {
		return err
	}
	obj["status"], obj["payment_status"], obj["amount_total"] = "complete", "paid", amount
	body, _ = json.Marshal(obj)
	res.Body = io.NopCloser(bytes.NewReader(body))
	res.ContentLength = int64(len(body))
	res.Header.Set("Content-Length", fmt.Sprint(len(body)))
	return nil
}

// Session is what a test event says of a checkout session.
type Session struct {
	ID            string
	PaymentStatus string // paid, unpaid
	Status        string // complete, expired, open
	Amount        int64
	Intent        string
}

// Event is a checkout event's body, as Stripe sends it.
func Event(id, typ string, s Session) []byte {
	if s.Status == "" {
		s.Status = "complete"
	}
	obj := map[string]any{
		"id": s.ID, "object": "checkout.session", "status": s.Status, "payment_status": s.PaymentStatus,
		"amount_total": s.Amount, "currency": "eur", "mode": "payment",
	}
	if s.Intent != "" {
		obj["payment_intent"] = s.Intent
	}
	body, _ := json.Marshal(map[string]any{
		"id": id, "object": "event", "type": typ, "api_version": "2023-10-16", "created": time.Now().Unix(),
		"data": map[string]any{"object": obj},
	})
	return body
}

// Sign is the Stripe-Signature header of payload, signed at t with secret.
func Sign(payload []byte, secret string, t time.Time) string {
	return webhook.GenerateTestSignedPayload(&webhook.UnsignedPayload{Payload: payload, Secret: secret, Timestamp: t}).Header
}
