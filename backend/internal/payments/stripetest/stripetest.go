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
	"runtime"
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

var (
	mockOnce sync.Once
	mockAddr string
	mockErr  error
)

// startMock runs stripe-mock on a free port of 127.0.0.1 for the rest of
// the test process and returns its address. It is started from a thread
// kept for it until it exits, so that on Linux it is killed with the
// process (stopOnParentExit): a test binary that ends, or is killed,
// leaves no stripe-mock behind.
func startMock() (string, error) {
	path, err := exec.Command("go", "tool", "-n", "stripe-mock").Output()
	if err != nil {
		return "", fmt.Errorf("stripe-mock is a tool of go.mod (go tool -n stripe-mock): %w", err)
	}
	// Its HTTPS listener (unused) gets a free port too: by default it takes
	// a fixed one (12112), where two doubles at once would collide.
	cmd := exec.Command(strings.TrimSpace(string(path)), "-http-addr", "127.0.0.1:", "-https-addr", "127.0.0.1:")
	stopOnParentExit(cmd)
	out, err := cmd.StdoutPipe()
	if err != nil {
		return "", err
	}
	cmd.Stderr = cmd.Stdout
	started := make(chan error, 1)
	go func() {
		runtime.LockOSThread() // never unlocked: the thread lives as long as the process
		if err := cmd.Start(); err != nil {
			started <- fmt.Errorf("unable to start stripe-mock: %w", err)
			return
		}
		started <- nil
		_ = cmd.Wait()
	}()
	if err := <-started; err != nil {
		return "", err
	}
	// heard is its address, or what it said before it exited without one.
	type heard struct{ addr, said string }
	first := make(chan heard, 1)
	go func() {
		sc := bufio.NewScanner(out)
		var said []string
		for sc.Scan() {
			if m := listening.FindStringSubmatch(sc.Text()); m != nil {
				first <- heard{addr: m[1]}
				_, _ = io.Copy(io.Discard, out)
				return
			}
			said = append(said, sc.Text())
		}
		first <- heard{said: strings.Join(said, "\n")}
	}()
	select {
	case h := <-first:
		if h.addr == "" {
			return "", fmt.Errorf("stripe-mock exited before it listened; it said: %s", h.said)
		}
		return h.addr, nil
	case <-time.After(30 * time.Second):
		_ = cmd.Process.Kill()
		return "", fmt.Errorf("stripe-mock did not start within 30 s")
	}
}

// Start gives the test a Double: its own proxy, in front of the process's
// one stripe-mock (started at the first test asking; it keeps no state,
// and it takes a second of CPU to start).
func Start(t testing.TB) *Double {
	t.Helper()
	mockOnce.Do(func() { mockAddr, mockErr = startMock() })
	if mockErr != nil {
		t.Fatal(mockErr)
	}
	d := &Double{paid: map[string]int64{}}
	target, _ := url.Parse("http://" + mockAddr)
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
