package web_test

import (
	"context"
	"encoding/json"
	"html"
	"io"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"slotwise/backend/internal/booking"
	"slotwise/backend/internal/events"
	"slotwise/backend/internal/limits"
	"slotwise/backend/internal/payments"
	"slotwise/backend/internal/payments/razorpaytest"
	"slotwise/backend/internal/sites"
	"slotwise/backend/internal/web"
)

type razorpayFixture struct {
	*fixture
	double *razorpaytest.Double
	pay    *payments.Service
	worker *events.Dispatcher
}

// newRazorpayFixture serves with Razorpay the only provider configured:
// the business, which chose none, takes its payments there.
func newRazorpayFixture(t *testing.T, opts ...option) *razorpayFixture {
	t.Helper()
	rf := &razorpayFixture{double: razorpaytest.Start(t)}
	rf.fixture = newFixture(t, sharedRenderer(t), append([]option{func(d *web.Deps, w wiring) {
		rf.pay, rf.worker = servePaymentsThrough(t, d, w, payments.NewRazorpay(payments.RazorpayConfig{KeyID: razorpaytest.KeyID,
			KeySecret: razorpaytest.KeySecret, WebhookSecret: razorpaytest.WebhookSecret, APIURL: rf.double.URL}))
	}}, opts...)...)
	return rf
}

// servePaymentsThrough serves with provider the only one configured, and
// gives the payments service and the dispatcher of its consumer.
func servePaymentsThrough(t *testing.T, d *web.Deps, w wiring, provider payments.Provider) (*payments.Service, *events.Dispatcher) {
	t.Helper()
	pool := w.pool
	bookings := w.bookings(d.Logger, booking.Options{OnlinePayments: payments.Payable(provider)})
	pay := payments.NewService(pool, bookings, "https://book.example.com", d.Logger, provider)
	worker := &events.Dispatcher{Pool: pool, Logger: d.Logger, Consumers: []events.Consumer{&payments.Fulfiller{Service: pay}}}
	if err := worker.Subscribe(context.Background()); err != nil {
		t.Fatal(err)
	}
	formsSvc := d.Features[2]
	d.Features = []web.Feature{web.Sites(sites.NewStore(pool)), web.Booking(bookings), formsSvc, web.Payments(pay), web.Shop(nil, nil, nil)}
	*w.dashboard = web.DashboardDeps{} // a server without the dashboard's people
	return pay, worker
}

var hiddenField = regexp.MustCompile(`<input type="hidden" name="([^"]*)" value="([^"]*)">`)

// formOf reads a page's one form: where it posts and its hidden fields.
func formOf(t *testing.T, page string) (string, url.Values) {
	t.Helper()
	m := regexp.MustCompile(`<form[^>]* action="([^"]*)"`).FindStringSubmatch(page)
	if m == nil {
		t.Fatalf("no form in %.500s", page)
	}
	fields := url.Values{}
	for _, f := range hiddenField.FindAllStringSubmatch(page, -1) {
		fields.Add(html.UnescapeString(f[1]), html.UnescapeString(f[2]))
	}
	return html.UnescapeString(m[1]), fields
}

// sitePath is an absolute address of the site as a path to ask the handler.
func sitePath(t *testing.T, link string) string {
	t.Helper()
	u, err := url.Parse(link)
	if err != nil || u.Host != "book.example.com" {
		t.Fatalf("%q is not an address of the site", link)
	}
	return u.RequestURI()
}

// fromRazorpay is a post of Razorpay's checkout page sending the booker back.
var fromRazorpay = map[string]string{"Content-Type": "application/x-www-form-urlencoded", "Sec-Fetch-Site": "cross-site", "Origin": "https://api.razorpay.com"}

func TestAPaidBookingGoesThroughRazorpaysHostedCheckout(t *testing.T) {
	rf := newRazorpayFixture(t)
	body := bookingBody(nextMonday10(), func(b map[string]any) {
		b["calendar"], b["acceptTerms"] = "demo-paid", true
		b["contact"].(map[string]any)["phone"] = "+49 30 1234567"
	})
	rec := rf.send(http.MethodPost, "/api/bookings", body, nil)
	if rec.Code != http.StatusCreated {
		t.Fatalf("book: %d %s", rec.Code, rec.Body)
	}
	var v booking.View
	if err := json.Unmarshal(rec.Body.Bytes(), &v); err != nil {
		t.Fatal(err)
	}
	token := mustQuery(t, v.ManageURL, "token")

	// Where to pay: our page that posts Razorpay's form, the same one twice.
	var opened web.CheckoutResponse
	for range 2 {
		rec = rf.send(http.MethodPost, "/api/bookings/"+v.ID+"/checkout", `{"token":"`+token+`"}`, nil)
		if rec.Code != http.StatusOK || json.Unmarshal(rec.Body.Bytes(), &opened) != nil {
			t.Fatalf("checkout: %d %s", rec.Code, rec.Body)
		}
	}
	if n := len(rf.double.Asked(http.MethodPost, "/v1/orders")); n != 1 {
		t.Fatalf("%d orders made, want 1", n)
	}
	launch := rf.do(http.MethodGet, sitePath(t, opened.URL), nil)
	csp := launch.Header().Get("Content-Security-Policy")
	if launch.Code != http.StatusOK || !strings.Contains(csp, "form-action 'self' "+rf.double.URL) || strings.Contains(csp, "'unsafe-inline'") {
		t.Fatalf("the checkout page: %d, CSP %q", launch.Code, csp)
	}
	if !strings.Contains(launch.Body.String(), "27.00 now") || !strings.Contains(launch.Body.String(), `src="/api/payments/checkout.js"`) {
		t.Fatalf("the checkout page does not offer to pay the deposit: %s", launch.Body)
	}
	action, fields := formOf(t, launch.Body.String())
	if action != rf.double.URL+"/v1/checkout/embedded" || fields.Get("key_id") != razorpaytest.KeyID || fields.Get("order_id") == "" {
		t.Fatalf("the form posts to %q with %v", action, fields)
	}
	if strings.Contains(launch.Body.String(), razorpaytest.KeySecret) {
		t.Fatal("the page carries the key secret")
	}
	if js := rf.do(http.MethodGet, "/api/payments/checkout.js", nil); js.Code != http.StatusOK || !strings.Contains(js.Body.String(), "submit()") {
		t.Fatalf("the page's script: %d", js.Code)
	}

	// The booker pays at Razorpay, which posts them back to us.
	fields.Set("pay", "1")
	res, err := http.PostForm(action, fields)
	if err != nil {
		t.Fatal(err)
	}
	paid, _ := io.ReadAll(res.Body)
	res.Body.Close()
	callback, answer := formOf(t, string(paid))
	if answer.Get("razorpay_signature") == "" {
		t.Fatalf("Razorpay's page posts back %v", answer)
	}
	forged := url.Values{"razorpay_order_id": answer["razorpay_order_id"], "razorpay_payment_id": answer["razorpay_payment_id"], "razorpay_signature": {strings.Repeat("0", 64)}}
	if rec := rf.send(http.MethodPost, sitePath(t, callback), forged.Encode(), fromRazorpay); rec.Code != http.StatusSeeOther || !strings.Contains(rec.Header().Get("Location"), "cancelled=1") {
		t.Fatalf("a forged answer: %d to %q, want shown as unpaid", rec.Code, rec.Header().Get("Location"))
	}
	back := rf.send(http.MethodPost, sitePath(t, callback), answer.Encode(), fromRazorpay)
	result := back.Header().Get("Location")
	if back.Code != http.StatusSeeOther || !strings.HasPrefix(result, "/verifyPayment?") || strings.Contains(result, "cancelled") {
		t.Fatalf("back from Razorpay: %d to %q", back.Code, result)
	}
	page := rf.do(http.MethodGet, result, nil)
	if !strings.Contains(page.Body.String(), `"state":"paid"`) {
		t.Fatalf("the result page after paying: %.400s", page.Body)
	}
	// Razorpay's event comes after, is taken once, and books nothing twice.
	event := rf.double.Event("order.paid", answer.Get("razorpay_payment_id"))
	for range 2 {
		rec := rf.send(http.MethodPost, "/api/payments/razorpay/webhook", string(event), headerMap(razorpaytest.Headers("evt_rzp_1", event, razorpaytest.WebhookSecret)))
		if rec.Code != http.StatusOK {
			t.Fatalf("webhook: %d %s", rec.Code, rec.Body)
		}
	}
	if _, err := rf.worker.DeliverDue(context.Background()); err != nil {
		t.Fatal(err)
	}
	var status, money string
	var booked int
	_ = rf.pool.QueryRow(context.Background(), `SELECT status, payment FROM bookings WHERE id = $1`, v.ID).Scan(&status, &money)
	_ = rf.pool.QueryRow(context.Background(), `SELECT count(*) FROM events WHERE type = 'booking.booked'`).Scan(&booked)
	if status != "scheduled" || money != "paid" || booked != 1 {
		t.Fatalf("booking %s / %s, booked %d times", status, money, booked)
	}
	// Paid, the checkout page sends the booker to the result instead.
	if again := rf.do(http.MethodGet, sitePath(t, opened.URL), nil); again.Code != http.StatusSeeOther || !strings.HasPrefix(again.Header().Get("Location"), "/verifyPayment?") {
		t.Fatalf("the checkout page of a paid booking: %d %q", again.Code, again.Header().Get("Location"))
	}
}

// The checkout page opens with the booking's secret, so a wrong one is
// answered as every other secret is: 404 and a guess counted, 429 with
// Retry-After past the client's limit, while the right one still opens.
func TestTheCheckoutPageLimitsGuessesOfItsSecret(t *testing.T) {
	rf := newRazorpayFixture(t, withLimits(map[string]limits.Rule{web.BucketTokenGuesses: {Max: 3, Window: 24 * time.Hour}}))
	rec := rf.send(http.MethodPost, "/api/bookings", bookingBody(nextMonday10(), func(b map[string]any) {
		b["calendar"], b["acceptTerms"] = "demo-paid", true
	}), nil)
	var v booking.View
	if rec.Code != http.StatusCreated || json.Unmarshal(rec.Body.Bytes(), &v) != nil {
		t.Fatalf("book: %d %s", rec.Code, rec.Body)
	}
	token := mustQuery(t, v.ManageURL, "token")
	var opened web.CheckoutResponse
	if rec := rf.send(http.MethodPost, "/api/bookings/"+v.ID+"/checkout", `{"token":"`+token+`"}`, nil); rec.Code != http.StatusOK || json.Unmarshal(rec.Body.Bytes(), &opened) != nil {
		t.Fatalf("checkout: %d %s", rec.Code, rec.Body)
	}
	right := sitePath(t, opened.URL)
	wrong := strings.Replace(right, "token="+token, "token=guess", 1)
	unknown := strings.Replace(right, "payment="+mustQuery(t, opened.URL, "payment"), "payment=pay_nope", 1)
	tests := []struct {
		name, target string
		want         int
	}{
		{"a wrong token", wrong, http.StatusNotFound},
		{"a payment that is not there", unknown, http.StatusNotFound},
		{"a wrong token again", wrong, http.StatusNotFound},
		{"a wrong token past the limit", wrong, http.StatusTooManyRequests},
		{"a payment that is not there past the limit", unknown, http.StatusTooManyRequests},
		{"the right token past the limit", right, http.StatusOK},
	}
	for _, tt := range tests {
		rec := rf.do(http.MethodGet, tt.target, nil)
		if rec.Code != tt.want {
			t.Fatalf("%s: %d (Location %q), want %d", tt.name, rec.Code, rec.Header().Get("Location"), tt.want)
		}
		if tt.want == http.StatusTooManyRequests {
			if s, err := strconv.Atoi(rec.Header().Get("Retry-After")); err != nil || s < 1 {
				t.Errorf("%s: Retry-After %q", tt.name, rec.Header().Get("Retry-After"))
			}
		}
	}
}

func TestOnlyTheProvidersReturnIsTakenFromAnotherSite(t *testing.T) {
	rf := newRazorpayFixture(t)
	tests := []struct {
		name, target string
		want         int
	}{
		{"the return of a payment that is not there", "/api/payments/razorpay/return?payment=pay_nope&token=x", http.StatusNotFound},
		{"the return of a provider that is not set up", "/api/payments/paypal/return?payment=pay_nope&token=x", http.StatusNotFound},
		{"any other API", "/api/bookings", http.StatusForbidden},
		{"a page's form", "/widget/bookings/demo-consultation", http.StatusForbidden},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if rec := rf.send(http.MethodPost, tt.target, "a=b", fromRazorpay); rec.Code != tt.want {
				t.Fatalf("%d %s, want %d", rec.Code, rec.Body, tt.want)
			}
		})
	}
}

func headerMap(h http.Header) map[string]string {
	out := map[string]string{}
	for k := range h {
		out[k] = h.Get(k)
	}
	return out
}

// Without JavaScript, "Pay now" is a form post; when the checkout cannot
// open, the booker lands on the booking's page, which says why.
func TestAPayNowThatCannotOpenShowsTheBookingWithWhy(t *testing.T) {
	rf := newRazorpayFixture(t)
	rec := rf.send(http.MethodPost, "/api/bookings", bookingBody(nextMonday10(), func(b map[string]any) {
		b["calendar"], b["acceptTerms"] = "demo-paid", true
	}), nil)
	var v booking.View
	if rec.Code != http.StatusCreated || json.Unmarshal(rec.Body.Bytes(), &v) != nil {
		t.Fatalf("book: %d %s", rec.Code, rec.Body)
	}
	token := mustQuery(t, v.ManageURL, "token")
	rf.double.Down()
	rec = rf.post("/verifyPayment", url.Values{"booking": {v.ID}, "token": {token}}, nil)
	where := rec.Header().Get("Location")
	if rec.Code != http.StatusSeeOther || !strings.HasPrefix(where, "/widget/booking/"+v.ID+"?") || !strings.Contains(where, "payment=unavailable") {
		t.Fatalf("Pay now with Razorpay down: %d to %q", rec.Code, where)
	}
	page := rf.do(http.MethodGet, where, nil)
	if page.Code != http.StatusOK || !strings.Contains(page.Body.String(), "The payment service could not be reached. Please try again in a moment.") {
		t.Fatalf("the booking's page: %d, without why", page.Code)
	}
	// A wrong token learns nothing of the booking.
	if rec := rf.post("/verifyPayment", url.Values{"booking": {v.ID}, "token": {"wrong"}}, nil); rec.Code != http.StatusNotFound {
		t.Fatalf("Pay now with a wrong token: %d", rec.Code)
	}
	// Up again, the same form opens the checkout.
	rf.double.Up()
	if rec := rf.post("/verifyPayment", url.Values{"booking": {v.ID}, "token": {token}}, nil); rec.Code != http.StatusSeeOther || !strings.Contains(rec.Header().Get("Location"), "/api/payments/razorpay/checkout") {
		t.Fatalf("Pay now with Razorpay up: %d to %q", rec.Code, rec.Header().Get("Location"))
	}
}
