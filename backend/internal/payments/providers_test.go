package payments_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"

	"slotwise/backend/internal/booking"
	"slotwise/backend/internal/content"
	"slotwise/backend/internal/db"
	"slotwise/backend/internal/demo"
	"slotwise/backend/internal/events"
	"slotwise/backend/internal/payments"
	"slotwise/backend/internal/payments/paypaltest"
	"slotwise/backend/internal/payments/razorpaytest"
	"slotwise/backend/internal/payments/stripetest"
	"slotwise/backend/internal/seal"
)

// chooses records the business's choice of provider, as its site file or
// the admin API would.
func (f *fixture) chooses(t *testing.T, provider string) {
	t.Helper()
	if _, err := f.pool.Exec(context.Background(), `UPDATE locations SET payment_provider = nullif($1, '')`, provider); err != nil {
		t.Fatal(err)
	}
}

func TestABusinessPaysThroughTheProviderItChoseWhenItIsConfigured(t *testing.T) {
	tests := []struct {
		name, chose string
		want        error
	}{
		{"no choice: the operator's default", "", nil},
		{"a configured provider", "stripe", nil},
		{"a provider the operator did not configure", "paypal", booking.ErrPaymentsOff},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFixture(t)
			f.chooses(t, tt.chose)
			_, _, err := f.bookings.Book(context.Background(), booking.BookCommand{Calendar: "demo-paid", Start: monday10, TimeZone: "Europe/Berlin", Contact: contact(), AcceptTerms: true})
			if !errors.Is(err, tt.want) {
				t.Fatalf("booking a calendar paid online: %v, want %v", err, tt.want)
			}
			if tt.want != nil {
				if n := f.count(t, `SELECT count(*) FROM bookings`); n != 0 {
					t.Fatalf("%d bookings written", n)
				}
			}
		})
	}
}

func TestAPaymentStaysWithTheProviderThatTookItWhenTheBusinessChangesProvider(t *testing.T) {
	f := newFixture(t)
	razorpay, rzp := newRazorpay(t)
	f.configure(f.stripe, razorpay)

	first, token, session := f.book(t, monday10)
	f.chooses(t, "razorpay")
	second, _, order := f.book(t, "2026-11-24T10:00:00+01:00")
	if provider := f.providerOf(t, first.ID); provider != "stripe" || session == "" {
		t.Fatalf("the first payment went to %s", provider)
	}
	if provider := f.providerOf(t, second.ID); provider != "razorpay" || order == session {
		t.Fatalf("after the business chose Razorpay the next payment went to %s (order %q)", provider, order)
	}
	// The first is paid at Stripe, and its result page asks Stripe.
	f.double.Pay(session, 2700)
	res, err := f.pay.Check(context.Background(), f.paymentOf(t, first.ID), token, true, false)
	if err != nil || res.State != payments.ResultPaid {
		t.Fatalf("the Stripe payment reads %+v, %v", res, err)
	}
	// The second is paid at Razorpay; its event is taken in at Razorpay's address.
	paymentID, err := rzp.Pay(order)
	if err != nil {
		t.Fatal(err)
	}
	body := rzp.Event("order.paid", paymentID)
	if err := f.pay.TakeEvent(context.Background(), "razorpay", body, razorpaytest.Headers("evt_r1", body, razorpaytest.WebhookSecret)); err != nil {
		t.Fatal(err)
	}
	if err := f.pay.TakeEvent(context.Background(), "stripe", body, razorpaytest.Headers("evt_r1", body, razorpaytest.WebhookSecret)); !errors.Is(err, payments.ErrBadSignature) {
		t.Fatalf("Razorpay's event at Stripe's address: %v, want a bad signature", err)
	}
	f.work(t)
	if got := f.state(t, second.ID).status; got != booking.StatusScheduled {
		t.Fatalf("the booking paid at Razorpay is %s", got)
	}
}

func (f *fixture) paymentOf(t *testing.T, bookingID string) string {
	t.Helper()
	var id string
	if err := f.pool.QueryRow(context.Background(), `SELECT id FROM payments WHERE booking_id = $1`, bookingID).Scan(&id); err != nil {
		t.Fatal(err)
	}
	return id
}

func (f *fixture) providerOf(t *testing.T, bookingID string) string {
	t.Helper()
	var provider string
	if err := f.pool.QueryRow(context.Background(), `SELECT provider FROM payments WHERE booking_id = $1`, bookingID).Scan(&provider); err != nil {
		t.Fatal(err)
	}
	return provider
}

// A paid request waits for the business; declined, its payment goes back
// in full whatever the refund policy, at the provider, once.
func TestADeclinedPaidRequestIsRefunded(t *testing.T) {
	f := newFixture(t)
	if _, err := f.pool.Exec(context.Background(), `UPDATE calendars SET requires_confirmation = true, refund_policy = 'never' WHERE slug = 'demo-paid'`); err != nil {
		t.Fatal(err)
	}
	b, _, session := f.book(t, monday10)
	if err := f.deliver(t, "evt_1", "checkout.session.completed", stripetest.Session{ID: session, PaymentStatus: "paid", Amount: 2700, Intent: "pi_1"}); err != nil {
		t.Fatal(err)
	}
	if got := f.state(t, b.ID); got != (state{"requested", "paid", 2700, 0}) {
		t.Fatalf("paid, the request waits for the business: %+v", got)
	}
	if _, err := f.bookings.DecideAsBusiness(context.Background(), booking.DecideCommand{ID: b.ID, Confirm: false, Reason: "fully booked", IdempotencyKey: "decline-1"}); err != nil {
		t.Fatal(err)
	}
	f.work(t)
	f.work(t)
	if got := f.state(t, b.ID); got != (state{"cancelled", "refunded", 2700, 2700}) {
		t.Fatalf("declined: %+v, want refunded in full", got)
	}
	refunds := f.double.Asked(http.MethodPost, "/v1/refunds")
	if len(refunds) != 1 || refunds[0].Form.Get("amount") != "2700" || refunds[0].Form.Get("payment_intent") != "pi_1" {
		t.Fatalf("refunds asked of Stripe: %+v", refunds)
	}
}

// The business gives back a part of a payment, then the rest: each part
// at the provider once, under a key of its own.
func TestTheBusinessRefundsAPartThenTheRest(t *testing.T) {
	f := newFixture(t)
	b, _, session := f.book(t, monday10)
	if err := f.deliver(t, "evt_1", "checkout.session.completed", stripetest.Session{ID: session, PaymentStatus: "paid", Amount: 2700, Intent: "pi_1"}); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	var ve *booking.ValidationError
	if _, err := f.bookings.RefundAsBusiness(ctx, b.ID, "too-much", 2701); !errors.As(err, &ve) {
		t.Fatalf("more than was paid: %v, want a validation error", err)
	}
	if _, err := f.bookings.RefundAsBusiness(ctx, b.ID, "part", 1000); err != nil {
		t.Fatal(err)
	}
	f.work(t)
	if got := f.state(t, b.ID); got != (state{"scheduled", "paid", 2700, 1000}) {
		t.Fatalf("after a part: %+v", got)
	}
	if _, err := f.bookings.RefundAsBusiness(ctx, b.ID, "part", 1000); err != nil { // the same request again: refunded once
		t.Fatal(err)
	}
	if _, err := f.bookings.RefundAsBusiness(ctx, b.ID, "rest", 0); err != nil {
		t.Fatal(err)
	}
	f.work(t)
	if got := f.state(t, b.ID); got != (state{"scheduled", "refunded", 2700, 2700}) {
		t.Fatalf("after the rest: %+v", got)
	}
	refunds := f.double.Asked(http.MethodPost, "/v1/refunds")
	if len(refunds) != 2 || refunds[0].Form.Get("amount") != "1000" || refunds[1].Form.Get("amount") != "1700" {
		t.Fatalf("refunds asked of Stripe: %+v", refunds)
	}
	if _, err := f.bookings.RefundAsBusiness(ctx, b.ID, "more", 0); !errors.Is(err, booking.ErrNothingToRefund) {
		t.Fatalf("all given back, another: %v", err)
	}
}

// Cancelled while a part of its payment is being refunded, a booking the
// business calls off gets the rest back too, once the part is made.
func TestCancellingDuringAPartialRefundGivesBackTheRest(t *testing.T) {
	f := newFixture(t)
	b, _, session := f.book(t, monday10)
	if err := f.deliver(t, "evt_1", "checkout.session.completed", stripetest.Session{ID: session, PaymentStatus: "paid", Amount: 2700, Intent: "pi_1"}); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if _, err := f.bookings.RefundAsBusiness(ctx, b.ID, "part", 1000); err != nil {
		t.Fatal(err)
	}
	if _, err := f.bookings.CancelAsBusiness(ctx, booking.CancelCommand{ID: b.ID, Reason: "closed", IdempotencyKey: "cancel-1"}); err != nil {
		t.Fatal(err)
	}
	f.work(t)
	f.work(t)
	if got := f.state(t, b.ID); got != (state{"cancelled", "refunded", 2700, 2700}) {
		t.Fatalf("after the part and the cancellation: %+v, want all of it back", got)
	}
	refunds := f.double.Asked(http.MethodPost, "/v1/refunds")
	if len(refunds) != 2 || refunds[0].Form.Get("amount") != "1000" || refunds[1].Form.Get("amount") != "1700" {
		t.Fatalf("refunds asked of Stripe: %+v", refunds)
	}
}

// Two checkouts at once at Razorpay, which takes no idempotency key, may
// make two orders: the payment keeps the first recorded, and both clicks
// go to it.
func TestTwoCheckoutsAtOnceAtRazorpayShowOneOrder(t *testing.T) {
	f := newFixture(t)
	razorpay, rzp := newRazorpay(t)
	f.configure(razorpay)
	b, token, err := f.bookings.Book(context.Background(), booking.BookCommand{Calendar: "demo-paid", Start: monday10, TimeZone: "Europe/Berlin", Contact: contact(), AcceptTerms: true})
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	urls := make([]string, 6)
	for i := range urls {
		wg.Add(1)
		go func() {
			defer wg.Done()
			o, err := f.pay.Checkout(context.Background(), b.ID, token, "en-US")
			if err != nil {
				t.Error(err)
			}
			urls[i] = o.URL
		}()
	}
	wg.Wait()
	for _, u := range urls {
		if u != urls[0] {
			t.Fatalf("two checkouts at once went to %q and %q", urls[0], u)
		}
	}
	var stored string
	if err := f.pool.QueryRow(context.Background(), `SELECT session_id FROM payments WHERE booking_id = $1`, b.ID).Scan(&stored); err != nil {
		t.Fatal(err)
	}
	form, err := f.pay.FormFor(context.Background(), "razorpay", f.paymentOf(t, b.ID), token)
	if err != nil || form.Fields.Get("order_id") != stored {
		t.Fatalf("the checkout page opens order %q (%v), the payment's is %q", form.Fields.Get("order_id"), err, stored)
	}
	// The order shown is the one paid, and its event books the time.
	paymentID, err := rzp.Pay(stored)
	if err != nil {
		t.Fatal(err)
	}
	body := rzp.Event("order.paid", paymentID)
	if err := f.pay.TakeEvent(context.Background(), "razorpay", body, razorpaytest.Headers("evt_once", body, razorpaytest.WebhookSecret)); err != nil {
		t.Fatal(err)
	}
	f.worker.Consumers = []events.Consumer{&payments.Fulfiller{Service: f.pay}}
	f.work(t)
	if got := f.state(t, b.ID); got.payment != "paid" || got.paid != 2700 {
		t.Fatalf("after paying the order shown: %+v", got)
	}
}

// secondStudio makes a second business of the demo's own folder, every
// slug the same; it returns its id.
func (f *fixture) secondStudio(t *testing.T) int64 {
	t.Helper()
	ctx := context.Background()
	var id int64
	if err := f.pool.QueryRow(ctx, `INSERT INTO locations (slug, name, time_zone) VALUES ('beta-studio', 'Beta', 'Europe/Berlin') RETURNING id`).Scan(&id); err != nil {
		t.Fatal(err)
	}
	folder, err := content.Read(demo.Site())
	if err != nil {
		t.Fatal(err)
	}
	folder.Site.Locations[0].Slug = "beta-studio"
	if _, err := content.Import(db.WithBusiness(ctx, id), f.pool, folder, content.Options{Now: f.clock}); err != nil {
		t.Fatal(err)
	}
	return id
}

// Each business is paid through its own account: without one, a business
// other than the default is not paid through the operator's; its keys are
// sealed and never shown; its events verify only with its own secret, on
// its own host; and an event verified with another business's secret
// finds nothing of its payments.
func TestEachBusinessIsPaidThroughItsOwnAccountAndOnlyItsSecretVerifiesItsEvents(t *testing.T) {
	f := newFixture(t)
	operators, rzp := newRazorpay(t)
	f.configure(f.stripe, operators)
	keys, err := seal.NewKeyring(bytes.Repeat([]byte{7}, 32))
	if err != nil {
		t.Fatal(err)
	}
	f.pay.WithAccounts(keys, payments.APIs{Razorpay: rzp.URL})
	ctx := context.Background()
	beta := f.secondStudio(t)
	onBeta := db.WithBusiness(ctx, beta)
	var studio int64
	if err := f.pool.QueryRow(ctx, `SELECT id FROM locations WHERE is_default`).Scan(&studio); err != nil {
		t.Fatal(err)
	}
	onStudio := db.WithBusiness(ctx, studio)
	book := func() (*booking.Booking, string, error) {
		return f.bookings.Book(onBeta, booking.BookCommand{Calendar: "demo-paid", Start: monday10, TimeZone: "Europe/Berlin", Contact: contact(), AcceptTerms: true, Locale: "de"})
	}
	if _, _, err := book(); !errors.Is(err, booking.ErrPaymentsOff) {
		t.Fatalf("a second business without an account books a paid calendar: %v", err)
	}

	const betaSecret = "beta-own-webhook-secret"
	account, err := f.pay.Connect(onBeta, payments.Credentials{Provider: "razorpay", KeyID: razorpaytest.KeyID, KeySecret: razorpaytest.KeySecret, WebhookSecret: betaSecret})
	if err != nil {
		t.Fatal(err)
	}
	var sealed []byte
	if err := f.pool.QueryRow(onBeta, `SELECT secret FROM payment_accounts WHERE provider = 'razorpay'`).Scan(&sealed); err != nil {
		t.Fatal(err)
	}
	shown, _ := json.Marshal(account)
	for _, secret := range []string{razorpaytest.KeySecret, betaSecret} {
		if bytes.Contains(sealed, []byte(secret)) || bytes.Contains(shown, []byte(secret)) {
			t.Fatalf("a secret is readable: stored %q, shown %s", sealed, shown)
		}
	}
	if list, err := f.pay.Accounts(onStudio); err != nil || len(list) != 0 {
		t.Fatalf("the default business sees accounts %+v (%v)", list, err)
	}

	b, token, err := book()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.pay.Checkout(onBeta, b.ID, token, "de"); err != nil {
		t.Fatal(err)
	}
	var provider, order string
	if err := f.pool.QueryRow(onBeta, `SELECT provider, session_id FROM payments WHERE booking_id = $1`, b.ID).Scan(&provider, &order); err != nil || provider != "razorpay" {
		t.Fatalf("the checkout went to %q (%v)", provider, err)
	}
	paymentID, err := rzp.Pay(order)
	if err != nil {
		t.Fatal(err)
	}
	body := rzp.Event("order.paid", paymentID)
	if err := f.pay.TakeEvent(onBeta, "razorpay", body, razorpaytest.Headers("evt_b0", body, "a-secret-nobody-has")); !errors.Is(err, payments.ErrBadSignature) {
		t.Fatalf("an event signed with a stranger's secret: %v, want a bad signature", err)
	}
	// Signed with the operator's secret, on the second business's host or
	// the default's, the event settles only what the operator's account
	// took: not this payment, which the business's own account took.
	for i, on := range []context.Context{onBeta, onStudio} {
		if err := f.pay.TakeEvent(on, "razorpay", body, razorpaytest.Headers("evt_op"+strconv.Itoa(i), body, razorpaytest.WebhookSecret)); err != nil {
			t.Fatal(err)
		}
	}
	f.work(t)
	status := func() string {
		var s string
		if err := f.pool.QueryRow(onBeta, `SELECT status FROM bookings WHERE id = $1`, b.ID).Scan(&s); err != nil {
			t.Fatal(err)
		}
		return s
	}
	if got := status(); got != booking.StatusPending {
		t.Fatalf("another business's event made the booking %s", got)
	}
	if err := f.pay.TakeEvent(onBeta, "razorpay", body, razorpaytest.Headers("evt_b3", body, betaSecret)); err != nil {
		t.Fatal(err)
	}
	f.work(t)
	if got := status(); got != booking.StatusScheduled {
		t.Fatalf("the booking paid at the business's own account is %s", got)
	}

	if err := f.pay.Disconnect(onBeta, "razorpay"); err != nil {
		t.Fatal(err)
	}
	if err := f.pay.Disconnect(onBeta, "razorpay"); !errors.Is(err, payments.ErrNoAccount) {
		t.Fatalf("disconnecting twice: %v", err)
	}
	if p, err := f.pay.Provider(onBeta, "razorpay"); p != nil || err != nil {
		t.Fatalf("a disconnected account still pays: %v, %v", p, err)
	}
	// Its provider's events still come, and are verified with it.
	if err := f.pay.TakeEvent(onBeta, "razorpay", body, razorpaytest.Headers("evt_b4", body, betaSecret)); err != nil {
		t.Fatalf("an event of the disconnected account: %v", err)
	}
	// The payment it took is still refunded through it: cancelling the
	// booking gives the money back at the retired account.
	if _, err := f.bookings.Cancel(onBeta, booking.CancelCommand{ID: b.ID, Token: token, Reason: "ill"}); err != nil {
		t.Fatal(err)
	}
	f.work(t)
	var refunded int64
	if err := f.pool.QueryRow(onBeta, `SELECT refunded_cents FROM payments WHERE booking_id = $1`, b.ID).Scan(&refunded); err != nil || refunded == 0 {
		t.Fatalf("after the account was disconnected, the cancelled booking's payment refunded %d (%v)", refunded, err)
	}
}

func TestAnAccountsCredentialsAreCheckedFieldByField(t *testing.T) {
	f := newFixture(t)
	keys, _ := seal.NewKeyring(bytes.Repeat([]byte{7}, 32))
	f.pay.WithAccounts(keys, payments.APIs{})
	for _, tc := range []struct {
		name  string
		in    payments.Credentials
		field string
	}{
		{"an unknown provider", payments.Credentials{Provider: "bank"}, "provider"},
		{"Stripe without its webhook secret", payments.Credentials{Provider: "stripe", SecretKey: "sk_test_1"}, "webhookSecret"},
		{"a Stripe key that is not one", payments.Credentials{Provider: "stripe", SecretKey: "pk_test_1", WebhookSecret: "whsec_1"}, "secretKey"},
		{"a field of another provider", payments.Credentials{Provider: "stripe", SecretKey: "sk_test_1", WebhookSecret: "whsec_1", ClientID: "x"}, "clientId"},
		{"a NUL byte", payments.Credentials{Provider: "paypal", ClientID: "a\x00b", ClientSecret: "s", WebhookID: "w"}, "clientId"},
		{"invalid UTF-8", payments.Credentials{Provider: "paypal", ClientID: "id", ClientSecret: "\xff\xfe", WebhookID: "w"}, "clientSecret"},
		{"a huge value", payments.Credentials{Provider: "razorpay", KeyID: "rzp_test_" + strings.Repeat("x", 300), KeySecret: "s", WebhookSecret: "w"}, "keyId"},
		{"a Razorpay key id that is not one", payments.Credentials{Provider: "razorpay", KeyID: "key", KeySecret: "s", WebhookSecret: "w"}, "keyId"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := f.pay.Connect(context.Background(), tc.in)
			var verr *payments.ValidationError
			if !errors.As(err, &verr) || verr.Fields[tc.field] == "" {
				t.Fatalf("Connect = %v, want a message for %s", err, tc.field)
			}
		})
	}
	if n := f.count(t, `SELECT count(*) FROM payment_accounts`); n != 0 {
		t.Fatalf("%d accounts stored", n)
	}
}

// An account is connected only with keys its provider takes, asked before
// anything is stored: keys it refuses name the field to copy again, and a
// provider that cannot be reached stores nothing either.
func TestAnAccountIsConnectedOnlyWithKeysItsProviderTakes(t *testing.T) {
	f := newFixture(t)
	keys, _ := seal.NewKeyring(bytes.Repeat([]byte{7}, 32))
	_, rzp := newRazorpay(t)
	pp := paypaltest.Start(t)
	f.pay.WithAccounts(keys, payments.APIs{Stripe: f.double.URL, Razorpay: rzp.URL, PayPal: pp.URL})
	closed := payments.NewService(f.pool, f.bookings, "https://book.example.com", slog.New(slog.DiscardHandler)).
		WithAccounts(keys, payments.APIs{Stripe: "http://127.0.0.1:9", Razorpay: "http://127.0.0.1:9", PayPal: "http://127.0.0.1:9"})
	stripe := payments.Credentials{Provider: "stripe", SecretKey: "sk_test_businessown", WebhookSecret: "whsec_1"}
	razorpay := payments.Credentials{Provider: "razorpay", KeyID: razorpaytest.KeyID, KeySecret: razorpaytest.KeySecret, WebhookSecret: "w"}
	paypal := payments.Credentials{Provider: "paypal", ClientID: paypaltest.ClientID, ClientSecret: paypaltest.ClientSecret, WebhookID: "WH-1"}
	with := func(c payments.Credentials, change func(*payments.Credentials)) payments.Credentials {
		change(&c)
		return c
	}
	ctx := context.Background()
	for _, tc := range []struct {
		name    string
		pay     *payments.Service
		in      payments.Credentials
		field   string // refused: the field named
		offline bool
	}{
		{"a Stripe key Stripe refuses", f.pay, with(stripe, func(c *payments.Credentials) { c.SecretKey = "sk_live_notakey" }), "secretKey", false},
		{"a Razorpay secret Razorpay refuses", f.pay, with(razorpay, func(c *payments.Credentials) { c.KeySecret = "wrong" }), "keySecret", false},
		{"a PayPal secret PayPal refuses", f.pay, with(paypal, func(c *payments.Credentials) { c.ClientSecret = "wrong" }), "clientSecret", false},
		{"Stripe out of reach", closed, stripe, "", true},
		{"Razorpay out of reach", closed, razorpay, "", true},
		{"PayPal out of reach", closed, paypal, "", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := tc.pay.Connect(ctx, tc.in)
			var verr *payments.ValidationError
			switch {
			case tc.offline && !errors.Is(err, payments.ErrUnavailable):
				t.Fatalf("Connect = %v, want ErrUnavailable", err)
			case !tc.offline && (!errors.As(err, &verr) || verr.Fields[tc.field] == ""):
				t.Fatalf("Connect = %v, want a message for %s", err, tc.field)
			}
		})
	}
	if n := f.count(t, `SELECT count(*) FROM payment_accounts`); n != 0 {
		t.Fatalf("%d accounts stored with keys no provider took", n)
	}
	for _, c := range []payments.Credentials{stripe, razorpay, paypal} {
		if _, err := f.pay.Connect(ctx, c); err != nil {
			t.Fatalf("%s's own keys: %v", c.Provider, err)
		}
	}
}
