package web_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"slotwise/backend/internal/booking"
	"slotwise/backend/internal/events"
	"slotwise/backend/internal/payments"
	"slotwise/backend/internal/payments/stripetest"
	"slotwise/backend/internal/sites"
	"slotwise/backend/internal/web"
)

// paymentsFixture is the server with online payments through Stripe's
// double, and the payments' consumer to run by hand.
type paymentsFixture struct {
	*fixture
	double *stripetest.Double
	pay    *payments.Service
	worker *events.Dispatcher
}

func newPaymentsFixture(t *testing.T) *paymentsFixture {
	t.Helper()
	pf := &paymentsFixture{double: stripetest.Start(t)}
	pf.fixture = newFixture(t, sharedRenderer(t), func(d *web.Deps, w wiring) {
		pool := w.pool
		stripe := payments.NewStripe(payments.StripeConfig{SecretKey: "sk_test_123", WebhookSecret: stripetest.WebhookSecret, APIURL: pf.double.URL})
		bookings := w.bookings(d.Logger, booking.Options{OnlinePayments: payments.Payable(stripe)})
		pf.pay = payments.NewService(pool, bookings, "https://book.example.com", d.Logger, stripe)
		pf.worker = &events.Dispatcher{Pool: pool, Logger: d.Logger, Consumers: []events.Consumer{&payments.Fulfiller{Service: pf.pay}}}
		if err := pf.worker.Subscribe(context.Background()); err != nil {
			t.Fatal(err)
		}
		formsSvc := d.Features[2]
		d.Features = []web.Feature{web.Sites(sites.NewStore(pool)), web.Booking(bookings), formsSvc, web.Payments(pf.pay), web.Shop(nil, nil, nil)}
		*w.dashboard = web.DashboardDeps{} // a server without the dashboard's people
	})
	return pf
}

func TestAPaidBookingGoesThroughCheckoutWebhookAndResultPage(t *testing.T) {
	pf := newPaymentsFixture(t)
	start := nextMonday10()
	body := bookingBody(start, func(b map[string]any) {
		b["calendar"], b["acceptTerms"], b["locale"] = "demo-paid", true, "de"
		b["contact"].(map[string]any)["phone"] = "+49 30 1234567"
	})
	rec := pf.send(http.MethodPost, "/api/bookings", body, map[string]string{"Idempotency-Key": "paid-1"})
	if rec.Code != http.StatusCreated {
		t.Fatalf("book: %d %s", rec.Code, rec.Body)
	}
	var v booking.View
	if err := json.Unmarshal(rec.Body.Bytes(), &v); err != nil {
		t.Fatal(err)
	}
	if v.Status != booking.StatusPending || v.Payment == nil || v.Payment.State != "hold" || v.Payment.PayNow != 2700 || v.Payment.Total != 9000 {
		t.Fatalf("booked %+v, payment %+v", v.Status, v.Payment)
	}
	token := mustQuery(t, v.ManageURL, "token")

	// Where to pay: the API, and the same checkout again (no second session).
	for range 2 {
		rec = pf.send(http.MethodPost, "/api/bookings/"+v.ID+"/checkout", `{"token":"`+token+`","locale":"de"}`, nil)
		if rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), "checkout.stripe.com") {
			t.Fatalf("checkout: %d %s", rec.Code, rec.Body)
		}
	}
	if n := len(pf.double.Asked(http.MethodPost, "/v1/checkout/sessions")); n != 1 {
		t.Fatalf("%d checkouts opened, want 1", n)
	}
	// Without JavaScript, Pay now answers with the provider's page itself:
	// the one other site a form's answer leads to.
	if rec = pf.post("/verifyPayment", url.Values{"booking": {v.ID}, "token": {token}}, nil); rec.Code != http.StatusSeeOther ||
		!strings.HasPrefix(rec.Header().Get("Location"), "https://checkout.stripe.com/") {
		t.Fatalf("pay now without JavaScript: %d to %q", rec.Code, rec.Header().Get("Location"))
	}
	if rec = pf.send(http.MethodPost, "/api/bookings/"+v.ID+"/checkout", `{"token":"wrong"}`, nil); rec.Code != http.StatusNotFound {
		t.Fatalf("checkout with a wrong secret: %d", rec.Code)
	}
	success := pf.double.Asked(http.MethodPost, "/v1/checkout/sessions")[0].Form.Get("success_url")
	u, err := url.Parse(strings.Replace(success, "{CHECKOUT_SESSION_ID}", "cs_x", 1))
	if err != nil || u.Host != "book.example.com" || u.Path != "/de/verify-payment-callback" {
		t.Fatalf("success_url = %q", success)
	}
	result := u.RequestURI()
	var session string
	if err := pf.pool.QueryRow(context.Background(), `SELECT session_id FROM payments WHERE booking_id = $1`, v.ID).Scan(&session); err != nil {
		t.Fatal(err)
	}

	// Back before the webhook: the page asks Stripe, which says unpaid.
	page := pf.do(http.MethodGet, result, nil)
	if page.Code != http.StatusOK || !strings.Contains(page.Body.String(), `"state":"pending"`) || !strings.Contains(page.Body.String(), `content="noindex"`) {
		t.Fatalf("result page before paying: %d %s", page.Code, page.Body)
	}
	if n := len(pf.double.Asked(http.MethodGet, "/v1/checkout/sessions/"+session)); n != 1 {
		t.Fatalf("the result page asked Stripe %d times, want 1", n)
	}

	event := stripetest.Event("evt_web_1", "checkout.session.completed", stripetest.Session{ID: session, PaymentStatus: "paid", Amount: 2700, Intent: "pi_1"})
	tests := []struct {
		name string
		sig  string
		want int
	}{
		{"forged", stripetest.Sign(event, "whsec_other", time.Now()), http.StatusBadRequest},
		{"signed", stripetest.Sign(event, stripetest.WebhookSecret, time.Now()), http.StatusOK},
		{"the same again", stripetest.Sign(event, stripetest.WebhookSecret, time.Now()), http.StatusOK},
	}
	for _, tt := range tests {
		if rec := pf.send(http.MethodPost, "/api/payments/stripe/webhook", string(event), map[string]string{"Stripe-Signature": tt.sig}); rec.Code != tt.want {
			t.Fatalf("%s webhook: %d %s, want %d", tt.name, rec.Code, rec.Body, tt.want)
		}
	}
	if rec := pf.send(http.MethodPost, "/api/payments/paypal/webhook", string(event), nil); rec.Code != http.StatusNotFound {
		t.Fatalf("a provider that is not set up: %d", rec.Code)
	}
	if _, err := pf.worker.DeliverDue(context.Background()); err != nil {
		t.Fatal(err)
	}
	page = pf.do(http.MethodGet, result, nil)
	if !strings.Contains(page.Body.String(), `"state":"paid"`) || !strings.Contains(page.Body.String(), `data-state="paid"`) {
		t.Fatalf("result page after paying: %s", page.Body)
	}
	// The preview variant shows the page and asks nothing.
	before := len(pf.double.Requests)
	preview := pf.do(http.MethodGet, "/de/v2/preview/any/verify-payment-callback?"+u.RawQuery, nil)
	if preview.Code != http.StatusOK || !strings.Contains(preview.Body.String(), `"preview":true`) || len(pf.double.Requests) != before {
		t.Fatalf("preview: %d, asked Stripe %d times", preview.Code, len(pf.double.Requests)-before)
	}
	var status, money string
	if err := pf.pool.QueryRow(context.Background(), `SELECT status, payment FROM bookings WHERE id = $1`, v.ID).Scan(&status, &money); err != nil || status != "scheduled" || money != "paid" {
		t.Fatalf("booking %s / %s (%v)", status, money, err)
	}
}

func TestWithoutStripeAPaidCalendarSaysSoAndBooksNothing(t *testing.T) {
	f := newFixture(t, sharedRenderer(t))
	body := bookingBody(nextMonday10(), func(b map[string]any) {
		b["calendar"], b["acceptTerms"] = "demo-paid", true
		b["contact"].(map[string]any)["phone"] = "+49 30 1234567"
	})
	rec := f.send(http.MethodPost, "/api/bookings", body, nil)
	if rec.Code != http.StatusServiceUnavailable || !strings.Contains(rec.Body.String(), "payments_off") || !strings.Contains(rec.Body.String(), "Online payment is not set up") {
		t.Fatalf("%d %s", rec.Code, rec.Body)
	}
	firstScreenSaysPaymentsAreOff(t, f.handler)
	var n int
	_ = f.pool.QueryRow(context.Background(), `SELECT count(*) FROM bookings`).Scan(&n)
	if n != 0 {
		t.Fatalf("%d bookings written", n)
	}
}

func mustQuery(t *testing.T, link, key string) string {
	t.Helper()
	u, err := url.Parse(link)
	if err != nil {
		t.Fatal(err)
	}
	return u.Query().Get(key)
}

func TestTheWebhookRefusesWhatIsNotAnEventWithoutA500(t *testing.T) {
	pf := newPaymentsFixture(t)
	signed := func(body string) map[string]string {
		return map[string]string{"Stripe-Signature": stripetest.Sign([]byte(body), stripetest.WebhookSecret, time.Now())}
	}
	huge := `{"id":"evt_big","pad":"` + strings.Repeat("x", 600<<10) + `"}`
	tests := []struct {
		name, body string
		header     map[string]string
		want       int
		records    []string // the tables it writes to: a kind left alone keeps only its id, so a second delivery does nothing
	}{
		{"no signature", `{"id":"evt_1"}`, nil, http.StatusBadRequest, nil},
		{"signed, not JSON", "not json", signed("not json"), http.StatusBadRequest, nil},
		{"signed, a checkout event without its session", `{"id":"evt_2","object":"event","type":"checkout.session.completed","data":{"object":{}}}`,
			signed(`{"id":"evt_2","object":"event","type":"checkout.session.completed","data":{"object":{}}}`), http.StatusBadRequest, nil},
		{"NUL bytes", "{\"id\":\"evt_\x00\"}", signed("{\"id\":\"evt_\x00\"}"), http.StatusBadRequest, nil},
		{"larger than any event", huge, signed(huge), http.StatusRequestEntityTooLarge, nil},
		{"signed, a kind we leave alone", `{"id":"evt_3","object":"event","type":"customer.created","data":{"object":{"id":"cus_1"}}}`,
			signed(`{"id":"evt_3","object":"event","type":"customer.created","data":{"object":{"id":"cus_1"}}}`), http.StatusOK,
			[]string{"payment_events"}},
		{"signed again, the kind left alone", `{"id":"evt_3","object":"event","type":"customer.created","data":{"object":{"id":"cus_1"}}}`,
			signed(`{"id":"evt_3","object":"event","type":"customer.created","data":{"object":{"id":"cus_1"}}}`), http.StatusOK, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := pf.countRows(t)
			if rec := pf.send(http.MethodPost, "/api/payments/stripe/webhook", tt.body, tt.header); rec.Code != tt.want {
				t.Fatalf("%d %s, want %d", rec.Code, rec.Body, tt.want)
			}
			if changed := pf.countRows(t).changedSince(before); !slices.Equal(changed, tt.records) {
				t.Errorf("written to %v, want %v", changed, tt.records)
			}
		})
	}
	if strings.Contains(pf.logs.String(), "level=ERROR") {
		t.Fatalf("errors logged: %s", pf.logs)
	}
}

// firstScreenSaysPaymentsAreOff: a calendar paid online that cannot take a
// payment says so on its first screen and offers no day or time, with
// JavaScript and without.
func firstScreenSaysPaymentsAreOff(t *testing.T, h http.Handler) {
	t.Helper()
	page := get(h, "/widget/bookings/demo-paid")
	body := page.Body.String()
	if page.Code != http.StatusOK || !strings.Contains(body, `"online":false`) || !strings.Contains(body, `"paymentsOff":true`) {
		t.Fatalf("booking page: %d", page.Code)
	}
	// It says so, how it is paid, and how to book it instead.
	for _, w := range []string{"This service cannot be booked online yet. To book it, contact Slotwise Demo Studio:",
		"€27.00 deposit online when you book, €63.00 at the appointment.",
		`href="tel:+49301234567"`, `href="mailto:studio@slotwise.localhost"`, `href="/widget/form/demo-contact"`} {
		if !strings.Contains(strings.ReplaceAll(body, "\u00a0", " "), w) && !strings.Contains(strings.ReplaceAll(body, "\u00a0", " "), strings.ReplaceAll(w, "€", "\u20ac")) {
			t.Fatalf("the first screen does not say %s", w)
		}
	}
	if strings.Contains(body, `name="date"`) || strings.Contains(body, `name="time"`) {
		t.Fatal("the first screen offers days or times that cannot be booked")
	}
	if !strings.Contains(body, `"availability":"https://schema.org/OutOfStock"`) || strings.Contains(body, "InStock") {
		t.Fatal("search engines are told the service can be booked")
	}
}

func TestABusinessWhoseChosenProviderIsNotConfiguredSaysSoFirst(t *testing.T) {
	pf := newPaymentsFixture(t)
	if _, err := pf.pool.Exec(context.Background(), `UPDATE locations SET payment_provider = 'paypal'`); err != nil {
		t.Fatal(err)
	}
	firstScreenSaysPaymentsAreOff(t, pf.handler)
	if _, err := pf.pool.Exec(context.Background(), `UPDATE locations SET payment_provider = 'stripe'`); err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(2 * time.Second); strings.Contains(get(pf.handler, "/widget/bookings/demo-paid").Body.String(), `"paymentsOff":true`); time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("two seconds after the business chose Stripe, its page still says online payment is off")
		}
	}
}

func TestACalendarsFirstScreenSaysWhatItCosts(t *testing.T) {
	pf := newPaymentsFixture(t)
	tests := []struct {
		target string
		want   []string
		not    []string
	}{
		{"/widget/bookings/demo-paid", []string{"€90.00", "€27.00 deposit online when you book, €63.00 at the appointment."}, []string{"Free"}},
		{"/de/widget/bookings/demo-paid", []string{"90,00 €", "27,00 € Anzahlung online bei der Buchung, 63,00 € beim Termin."}, nil},
		{"/widget/bookings/demo-yoga", []string{"€18.00 per person"}, []string{"deposit"}},
		{"/widget/bookings/demo-consultation", []string{"Free"}, []string{"€", "deposit"}},
	}
	for _, tt := range tests {
		t.Run(tt.target, func(t *testing.T) {
			rec := pf.do(http.MethodGet, tt.target, nil)
			_, body, _ := strings.Cut(rec.Body.String(), "<body")
			body, _, _ = strings.Cut(body, "<script")
			body = strings.ReplaceAll(body, "\u00a0", " ")
			for _, w := range tt.want {
				if !strings.Contains(body, w) {
					t.Errorf("the first screen does not say %q", w)
				}
			}
			for _, w := range tt.not {
				if strings.Contains(body, w) {
					t.Errorf("the first screen says %q", w)
				}
			}
		})
	}
}

// A visit of services paid online shows, at its details step, what is paid
// now (each service's own share) beside the total.
func TestACartPaidOnlineShowsWhatIsPaidNow(t *testing.T) {
	pf := newPaymentsFixture(t)
	if _, err := pf.pool.Exec(context.Background(), `UPDATE calendars SET payment = 'online', deposit_kind = 'percent', deposit_value = 50 WHERE slug = 'salon-haircut'`); err != nil {
		t.Fatal(err)
	}
	start := nextMonday10()
	page := pf.do(http.MethodGet, "/widget/service-menus/demo-salon?cart=salon-haircut,salon-manicure&step=time&date="+start[:10]+"&time="+url.QueryEscape(start), nil)
	data := strings.ReplaceAll(page.Body.String(), "\u00a0", " ")
	// Haircut €39.00 (half now) and manicure €25.00 (at the studio): €64.00, €19.50 now.
	shown, _, _ := strings.Cut(data, "<script")
	for _, want := range []string{"Amount to pay now", "€19.50", "Total", "€64.00"} {
		if !strings.Contains(shown, want) {
			t.Errorf("the cart's details step does not show %s", want)
		}
	}
}
