package payments_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"slotwise/backend/internal/booking"
	"slotwise/backend/internal/db"
	"slotwise/backend/internal/db/dbtest"
	"slotwise/backend/internal/demo"
	"slotwise/backend/internal/events"
	"slotwise/backend/internal/payments"
	"slotwise/backend/internal/payments/stripetest"
)

func TestMain(m *testing.M) { dbtest.Main(m) }

// friday is the tests' "now": Friday 20 November 2026, 11:00 in Berlin.
var friday = time.Date(2026, 11, 20, 10, 0, 0, 0, time.UTC)

type fixture struct {
	pool     *db.Pool
	bookings *booking.Service
	pay      *payments.Service
	stripe   *payments.Stripe
	double   *stripetest.Double
	now      atomic.Pointer[time.Time]
	worker   *events.Dispatcher
}

// clock is the fixture's time, which a test moves (f.now).
func (f *fixture) clock() time.Time { return *f.now.Load() }

// configure makes providers the ones the operator set up: the booking
// and payments services are made again with them, as serve makes them.
func (f *fixture) configure(providers ...payments.Provider) {
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	f.bookings = booking.NewService(f.pool, log, booking.Options{Clock: f.clock, OnlinePayments: payments.Payable(providers...)})
	f.pay = payments.NewService(f.pool, f.bookings, "http://127.0.0.1:8080", log, providers...)
	if f.worker != nil {
		f.worker.Consumers = []events.Consumer{&payments.Fulfiller{Service: f.pay}}
	}
}

func newFixture(t *testing.T) *fixture {
	t.Helper()
	f := &fixture{pool: dbtest.NewFilled(t, "demo", demo.Seed), double: stripetest.Start(t)}
	start := friday
	f.now.Store(&start)
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	f.stripe = payments.NewStripe(payments.StripeConfig{SecretKey: "sk_test_123", WebhookSecret: stripetest.WebhookSecret, APIURL: f.double.URL})
	f.bookings = booking.NewService(f.pool, log, booking.Options{Clock: f.clock, OnlinePayments: payments.Payable(f.stripe)})
	f.pay = payments.NewService(f.pool, f.bookings, "http://127.0.0.1:8080", log, f.stripe)
	f.worker = &events.Dispatcher{Pool: f.pool, Consumers: []events.Consumer{&payments.Fulfiller{Service: f.pay}}, Logger: log}
	if err := f.worker.Subscribe(context.Background()); err != nil {
		t.Fatal(err)
	}
	return f
}

func (f *fixture) advance(d time.Duration) {
	next := f.now.Load().Add(d)
	f.now.Store(&next)
}

func contact() booking.Contact {
	return booking.Contact{FirstName: "Ada", LastName: "Lovelace", Email: "ada@example.com", Phone: "+49 30 1234567"}
}

// book holds a deep-tissue massage (90 €, 30 % deposit online) and opens its checkout.
func (f *fixture) book(t *testing.T, start string) (*booking.Booking, string, string) {
	t.Helper()
	b, token, err := f.bookings.Book(context.Background(), booking.BookCommand{
		Calendar: "demo-paid", Start: start, TimeZone: "Europe/Berlin", Contact: contact(), AcceptTerms: true, Locale: "de",
	})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.pay.Checkout(context.Background(), b.ID, token, "de"); err != nil {
		t.Fatal(err)
	}
	var session string
	if err := f.pool.QueryRow(context.Background(), `SELECT session_id FROM payments WHERE booking_id = $1`, b.ID).Scan(&session); err != nil {
		t.Fatal(err)
	}
	return b, token, session
}

// deliver sends a signed event as Stripe would and runs its consumer, as
// the dispatcher does after the answer.
func (f *fixture) deliver(t *testing.T, id, typ string, s stripetest.Session) error {
	t.Helper()
	body := stripetest.Event(id, typ, s)
	return f.deliverRaw(t, body, stripetest.Sign(body, stripetest.WebhookSecret, time.Now()))
}

func (f *fixture) deliverRaw(t *testing.T, body []byte, sig string) error {
	t.Helper()
	h := http.Header{}
	h.Set("Stripe-Signature", sig)
	err := f.pay.TakeEvent(context.Background(), "stripe", body, h)
	if err != nil {
		return err
	}
	f.work(t)
	return nil
}

// work delivers every due event to the payments consumer.
func (f *fixture) work(t *testing.T) {
	t.Helper()
	for {
		done, err := f.worker.DeliverDue(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if done == 0 {
			break
		}
	}
	var failed string
	_ = f.pool.QueryRow(context.Background(), `SELECT coalesce(string_agg(last_error, '; '), '') FROM event_deliveries
		WHERE consumer = 'payments.fulfiller' AND done_at IS NULL`).Scan(&failed)
	if failed != "" {
		t.Fatalf("payments consumer failed: %s", failed)
	}
}

type state struct {
	status, payment string
	paid, refunded  int64
}

func (f *fixture) state(t *testing.T, id string) state {
	t.Helper()
	var s state
	if err := f.pool.QueryRow(context.Background(), `SELECT status, payment, paid_cents, refunded_cents FROM bookings WHERE id = $1`, id).
		Scan(&s.status, &s.payment, &s.paid, &s.refunded); err != nil {
		t.Fatal(err)
	}
	return s
}

func (f *fixture) count(t *testing.T, sql string, args ...any) int {
	t.Helper()
	var n int
	if err := f.pool.QueryRow(context.Background(), sql, args...).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

const monday10 = "2026-11-23T10:00:00+01:00"

func TestABookingPaidOnlineIsHeldUntilItsPaymentArrives(t *testing.T) {
	f := newFixture(t)
	b, _, session := f.book(t, monday10)
	if b.Status != booking.StatusPending || b.Money.Total != 9000 || b.Money.PayNow != 2700 || b.Money.HoldUntil == nil {
		t.Fatalf("booked %+v / %+v, want pending, 90.00 in all, 27.00 now, held", b.Status, b.Money)
	}
	if got := b.Money.HoldUntil.Sub(friday); got != 10*time.Minute {
		t.Fatalf("held for %v, want the calendar's 10 minutes", got)
	}
	asked := f.double.Asked(http.MethodPost, "/v1/checkout/sessions")
	if len(asked) != 1 {
		t.Fatalf("checkouts opened: %d, want 1", len(asked))
	}
	form := asked[0].Form
	for field, want := range map[string]string{
		"line_items[0][price_data][unit_amount]": "2700", "line_items[0][price_data][currency]": "eur",
		"mode": "payment", "client_reference_id": b.ID, "locale": "de", "customer_email": "ada@example.com",
	} {
		if got := form.Get(field); got != want {
			t.Errorf("checkout %s = %q, want %q", field, got, want)
		}
	}
	if !strings.Contains(form.Get("success_url"), "/de/verify-payment-callback?") || !strings.Contains(form.Get("success_url"), "session_id={CHECKOUT_SESSION_ID}") {
		t.Errorf("success_url = %q", form.Get("success_url"))
	}
	if !strings.Contains(form.Get("cancel_url"), "cancelled=1") {
		t.Errorf("cancel_url = %q", form.Get("cancel_url"))
	}
	if asked[0].IdempotencyKey == "" {
		t.Error("the checkout was opened without an idempotency key")
	}
	if n := f.count(t, `SELECT count(*) FROM events WHERE type = 'booking.booked'`); n != 0 {
		t.Fatalf("booked events before the payment: %d, want 0 (no confirmation mail yet)", n)
	}
	if err := f.deliver(t, "evt_1", "checkout.session.completed", stripetest.Session{ID: session, PaymentStatus: "paid", Amount: 2700, Intent: "pi_1"}); err != nil {
		t.Fatal(err)
	}
	if got := f.state(t, b.ID); got != (state{"scheduled", "paid", 2700, 0}) {
		t.Fatalf("after the payment: %+v", got)
	}
	if n := f.count(t, `SELECT count(*) FROM events WHERE type = 'booking.booked'`); n != 1 {
		t.Fatalf("booked events after the payment: %d, want 1", n)
	}
}

func TestProviderEventsAreTakenOnceInAnyOrder(t *testing.T) {
	tests := []struct {
		name   string
		events []struct{ id, typ, status string }
		want   state
	}{
		{"a duplicate", []struct{ id, typ, status string }{
			{"evt_a", "checkout.session.completed", "paid"}, {"evt_a", "checkout.session.completed", "paid"},
		}, state{"scheduled", "paid", 2700, 0}},
		{"async success after completed unpaid", []struct{ id, typ, status string }{
			{"evt_a", "checkout.session.completed", "unpaid"}, {"evt_b", "checkout.session.async_payment_succeeded", "paid"},
		}, state{"scheduled", "paid", 2700, 0}},
		{"async success before completed unpaid", []struct{ id, typ, status string }{
			{"evt_b", "checkout.session.async_payment_succeeded", "paid"}, {"evt_a", "checkout.session.completed", "unpaid"},
		}, state{"scheduled", "paid", 2700, 0}},
		{"expired after paid", []struct{ id, typ, status string }{
			{"evt_a", "checkout.session.completed", "paid"}, {"evt_c", "checkout.session.expired", "unpaid"},
		}, state{"scheduled", "paid", 2700, 0}},
		{"a delayed method keeps the time held", []struct{ id, typ, status string }{
			{"evt_a", "checkout.session.completed", "unpaid"},
		}, state{"pending", "processing", 0, 0}},
		{"a delayed method that fails frees the time", []struct{ id, typ, status string }{
			{"evt_a", "checkout.session.completed", "unpaid"}, {"evt_d", "checkout.session.async_payment_failed", "unpaid"},
		}, state{"cancelled", "released", 0, 0}},
		{"an event of another kind", []struct{ id, typ, status string }{
			{"evt_e", "customer.created", ""},
		}, state{"pending", "hold", 0, 0}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFixture(t)
			b, _, session := f.book(t, monday10)
			for _, e := range tt.events {
				if err := f.deliver(t, e.id, e.typ, stripetest.Session{ID: session, PaymentStatus: e.status, Amount: 2700, Intent: "pi_1"}); err != nil {
					t.Fatal(err)
				}
			}
			if got := f.state(t, b.ID); got != tt.want {
				t.Fatalf("booking = %+v, want %+v", got, tt.want)
			}
			if n := f.count(t, `SELECT count(*) FROM events WHERE type = 'booking.booked'`); n > 1 {
				t.Fatalf("booked %d times", n)
			}
		})
	}
}

func TestAForgedOrStaleSignatureChangesNothing(t *testing.T) {
	f := newFixture(t)
	b, _, session := f.book(t, monday10)
	body := stripetest.Event("evt_f", "checkout.session.completed", stripetest.Session{ID: session, PaymentStatus: "paid", Amount: 2700})
	tests := []struct{ name, sig string }{
		{"another secret", stripetest.Sign(body, "whsec_someone_else", time.Now())},
		{"older than five minutes", stripetest.Sign(body, stripetest.WebhookSecret, time.Now().Add(-6*time.Minute))},
		{"no signature", ""},
		{"garbage", "t=1,v1=00"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := f.deliverRaw(t, body, tt.sig); !errors.Is(err, payments.ErrBadSignature) {
				t.Fatalf("err = %v, want ErrBadSignature", err)
			}
		})
	}
	tampered := []byte(strings.Replace(string(body), `"amount_total":2700`, `"amount_total":1`, 1))
	if err := f.deliverRaw(t, tampered, stripetest.Sign(body, stripetest.WebhookSecret, time.Now())); !errors.Is(err, payments.ErrBadSignature) {
		t.Fatalf("a changed body: err = %v, want ErrBadSignature", err)
	}
	if got := f.state(t, b.ID); got != (state{"pending", "hold", 0, 0}) {
		t.Fatalf("booking = %+v, want still held", got)
	}
	if n := f.count(t, `SELECT count(*) FROM payment_events`); n != 0 {
		t.Fatalf("stored %d events from forged deliveries", n)
	}
}

func TestTheReturnPageAsksStripeAndRecordsWhatItSays(t *testing.T) {
	f := newFixture(t)
	b, token, session := f.book(t, monday10)
	var paymentID string
	if err := f.pool.QueryRow(context.Background(), `SELECT id FROM payments WHERE booking_id = $1`, b.ID).Scan(&paymentID); err != nil {
		t.Fatal(err)
	}
	res, err := f.pay.Check(context.Background(), paymentID, token, true, false)
	if err != nil || res.State != payments.ResultPending {
		t.Fatalf("before paying: %v, %v; want pending", res, err)
	}
	if res, _ := f.pay.Check(context.Background(), paymentID, token, true, true); res.State != payments.ResultLeft {
		t.Fatalf("back from the checkout without paying: %s, want left", res.State)
	}
	if _, err := f.pay.Check(context.Background(), paymentID, "wrong", true, false); !errors.Is(err, booking.ErrBookingNotFound) {
		t.Fatalf("a wrong secret: %v, want not found", err)
	}
	f.double.Pay(session, 2700)
	// A preview asks nothing and writes nothing.
	if res, _ := f.pay.Check(context.Background(), paymentID, token, false, false); res.State != payments.ResultPending || f.state(t, b.ID).payment != "hold" {
		t.Fatalf("a preview changed the payment: %s", res.State)
	}
	res, err = f.pay.Check(context.Background(), paymentID, token, true, false)
	if err != nil || res.State != payments.ResultPaid {
		t.Fatalf("after paying: %v, %v; want paid", res, err)
	}
	// The webhook that follows finds it done and books nothing twice.
	if err := f.deliver(t, "evt_1", "checkout.session.completed", stripetest.Session{ID: session, PaymentStatus: "paid", Amount: 2700, Intent: "pi_1"}); err != nil {
		t.Fatal(err)
	}
	if n := f.count(t, `SELECT count(*) FROM events WHERE type = 'booking.booked'`); n != 1 {
		t.Fatalf("booked %d times, want once", n)
	}
}

func TestAnUnpaidHoldIsReleasedAndALatePaymentRefunded(t *testing.T) {
	f := newFixture(t)
	b, _, session := f.book(t, monday10)
	// The same time cannot be held twice meanwhile.
	if _, _, err := f.bookings.Book(context.Background(), booking.BookCommand{Calendar: "demo-paid", Start: monday10, TimeZone: "Europe/Berlin",
		Contact: contact(), AcceptTerms: true, StaffID: b.Staff.ID}); err == nil {
		t.Fatal("the held time was booked again")
	}
	f.advance(9 * time.Minute)
	if n, err := f.pay.ReleaseDue(context.Background()); n != 0 || err != nil {
		t.Fatalf("released %d before the hold ended (%v)", n, err)
	}
	f.advance(2 * time.Minute)
	if n, err := f.pay.ReleaseDue(context.Background()); n != 1 || err != nil {
		t.Fatalf("released %d, %v; want 1", n, err)
	}
	f.work(t)
	if got := f.state(t, b.ID); got != (state{"cancelled", "released", 0, 0}) {
		t.Fatalf("after the hold: %+v", got)
	}
	if len(f.double.Asked(http.MethodPost, "/v1/checkout/sessions/"+session+"/expire")) != 1 {
		t.Fatal("the checkout was not expired at Stripe when the hold ended")
	}
	// The time is free again: booking it asks for a payment again.
	again, _, err := f.bookings.Book(context.Background(), booking.BookCommand{Calendar: "demo-paid", Start: monday10, TimeZone: "Europe/Berlin",
		Contact: contact(), AcceptTerms: true, StaffID: b.Staff.ID})
	if err != nil || again.Status != booking.StatusPending {
		t.Fatalf("booking the released time: %v, %v; want pending again", again, err)
	}
	// The first booker's payment still arrives: it goes back.
	if err := f.deliver(t, "evt_late", "checkout.session.completed", stripetest.Session{ID: session, PaymentStatus: "paid", Amount: 2700, Intent: "pi_late"}); err != nil {
		t.Fatal(err)
	}
	if got := f.state(t, b.ID); got != (state{"cancelled", "refunded", 2700, 2700}) {
		t.Fatalf("after the late payment: %+v", got)
	}
	refunds := f.double.Asked(http.MethodPost, "/v1/refunds")
	if len(refunds) != 1 || refunds[0].Form.Get("payment_intent") != "pi_late" || refunds[0].Form.Get("amount") != "2700" || refunds[0].IdempotencyKey == "" {
		t.Fatalf("refunds asked: %+v", refunds)
	}
	if n := f.count(t, `SELECT count(*) FROM events WHERE type = 'booking.late_paid'`); n != 1 {
		t.Fatalf("late-payment events (the booker's mail): %d, want 1", n)
	}
	if got := f.state(t, again.ID); got.status != "pending" {
		t.Fatalf("the second booker's hold = %+v, want untouched", got)
	}
}

func TestCancellingRefundsByTheCalendarsPolicy(t *testing.T) {
	tests := []struct {
		name     string
		policy   string
		cancelAt time.Duration // after the payment
		want     state
	}{
		{"within the window", "window", 0, state{"cancelled", "refunded", 2700, 2700}},
		{"too close to the start", "window", 2*24*time.Hour + 12*time.Hour, state{"cancelled", "paid", 2700, 0}},
		{"the business decides", "business", 0, state{"cancelled", "paid", 2700, 0}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFixture(t)
			if _, err := f.pool.Exec(context.Background(), `UPDATE calendars SET refund_policy = $1 WHERE slug = 'demo-paid'`, tt.policy); err != nil {
				t.Fatal(err)
			}
			b, token, session := f.book(t, monday10)
			if err := f.deliver(t, "evt_1", "checkout.session.completed", stripetest.Session{ID: session, PaymentStatus: "paid", Amount: 2700, Intent: "pi_1"}); err != nil {
				t.Fatal(err)
			}
			// A reschedule keeps the payment.
			moved, err := f.bookings.Reschedule(context.Background(), booking.RescheduleCommand{ID: b.ID, Token: token, Start: "2026-11-23T11:00:00+01:00", TimeZone: "Europe/Berlin"})
			if err != nil || moved.Money.State != booking.MoneyPaid || moved.Money.Paid != 2700 {
				t.Fatalf("rescheduled: %v, %+v", err, moved)
			}
			f.advance(tt.cancelAt)
			if _, err := f.bookings.Cancel(context.Background(), booking.CancelCommand{ID: b.ID, Token: token}); err != nil {
				t.Fatal(err)
			}
			f.work(t)
			if got := f.state(t, b.ID); got != tt.want {
				t.Fatalf("after cancelling: %+v, want %+v", got, tt.want)
			}
		})
	}
}

func TestTheLastPaidSeatsAreHeldNeverOversold(t *testing.T) {
	f := newFixture(t)
	if _, err := f.pool.Exec(context.Background(), `UPDATE calendars SET payment = 'online' WHERE slug = 'demo-yoga'`); err != nil {
		t.Fatal(err)
	}
	// Five of the eight mats are taken.
	first, _, err := f.bookings.Book(context.Background(), booking.BookCommand{Calendar: "demo-yoga", Start: monday10, TimeZone: "Europe/Berlin",
		Contact: contact(), GuestCount: 3})
	if err != nil {
		t.Fatal(err)
	}
	if first.Money.Total != 4*1800 || first.Money.PayNow != 4*1800 {
		t.Fatalf("four mats cost %+v, want 72.00 due now", first.Money)
	}
	if _, _, err := f.bookings.Book(context.Background(), booking.BookCommand{Calendar: "demo-yoga", Start: monday10, TimeZone: "Europe/Berlin",
		Contact: contact()}); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	var won atomic.Int32
	for i := range 50 {
		wg.Go(func() {
			c := contact()
			c.Email = fmt.Sprintf("racer%d@example.com", i)
			if _, _, err := f.bookings.Book(context.Background(), booking.BookCommand{Calendar: "demo-yoga", Start: monday10, TimeZone: "Europe/Berlin", Contact: c}); err == nil {
				won.Add(1)
			}
		})
	}
	wg.Wait()
	if won.Load() != 3 {
		t.Fatalf("%d of 50 bookers held a mat, want exactly the 3 left", won.Load())
	}
	if n := f.count(t, `SELECT coalesce(sum(seats), 0) FROM bookings WHERE calendar_id = (SELECT id FROM calendars WHERE slug = 'demo-yoga') AND status <> 'cancelled'`); n != 8 {
		t.Fatalf("%d mats taken, want 8", n)
	}
}

func TestWithoutAProviderAPaidCalendarBooksNothing(t *testing.T) {
	f := newFixture(t)
	// The same database, with no provider configured.
	f.bookings = booking.NewService(f.pool, slog.New(slog.NewTextHandler(io.Discard, nil)), booking.Options{Clock: f.clock})
	_, _, err := f.bookings.Book(context.Background(), booking.BookCommand{Calendar: "demo-paid", Start: monday10, TimeZone: "Europe/Berlin", Contact: contact(), AcceptTerms: true})
	if !errors.Is(err, booking.ErrPaymentsOff) {
		t.Fatalf("err = %v, want ErrPaymentsOff", err)
	}
	if n := f.count(t, `SELECT count(*) FROM bookings`); n != 0 {
		t.Fatalf("%d bookings written", n)
	}
	// A calendar paid on site books as before.
	b, _, err := f.bookings.Book(context.Background(), booking.BookCommand{Calendar: "demo-yoga", Start: monday10, TimeZone: "Europe/Berlin", Contact: contact(), GuestCount: 1})
	if err != nil || b.Status != booking.StatusScheduled || b.Money.State != booking.MoneyOnSite || b.Money.Total != 3600 {
		t.Fatalf("on site: %v, %+v", err, b)
	}
}

func TestTwoCheckoutsAtOnceOpenOne(t *testing.T) {
	f := newFixture(t)
	b, token, err := f.bookings.Book(context.Background(), booking.BookCommand{Calendar: "demo-paid", Start: monday10, TimeZone: "Europe/Berlin", Contact: contact(), AcceptTerms: true})
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	urls := make([]string, 5)
	for i := range urls {
		wg.Go(func() {
			u, err := f.pay.Checkout(context.Background(), b.ID, token, "en-US")
			if err != nil {
				t.Error(err)
			}
			urls[i] = u.URL
		})
	}
	wg.Wait()
	if n := f.count(t, `SELECT count(*) FROM payments WHERE booking_id = $1`, b.ID); n != 1 {
		t.Fatalf("%d payments for one booking", n)
	}
	keys := map[string]bool{}
	for _, r := range f.double.Asked(http.MethodPost, "/v1/checkout/sessions") {
		keys[r.IdempotencyKey] = true
	}
	if len(keys) != 1 {
		t.Fatalf("checkouts asked with %d keys, want one", len(keys))
	}
	if _, err := f.pay.Checkout(context.Background(), b.ID, "wrong", "en-US"); !errors.Is(err, booking.ErrBookingNotFound) {
		t.Fatalf("a wrong secret: %v", err)
	}
}

// dying is the payments consumer in a process killed after its work and
// before its commit: what it did is lost with it.
type dying struct{ events.Consumer }

func (d dying) Handle(ctx context.Context, ev events.Event) (events.Commit, error) {
	if _, err := d.Consumer.Handle(ctx, ev); err != nil {
		return nil, err
	}
	return nil, errors.New("killed")
}

func TestAProcessKilledBetweenTheWebhookAndItsWorkLosesNothingAndDoesNothingTwice(t *testing.T) {
	f := newFixture(t)
	b, _, session := f.book(t, monday10)
	body := stripetest.Event("evt_kill", "checkout.session.completed", stripetest.Session{ID: session, PaymentStatus: "paid", Amount: 2700, Intent: "pi_1"})
	h := http.Header{}
	h.Set("Stripe-Signature", stripetest.Sign(body, stripetest.WebhookSecret, time.Now()))
	// Taken in and acknowledged; then the process dies mid-work.
	if err := f.pay.TakeEvent(context.Background(), "stripe", body, h); err != nil {
		t.Fatal(err)
	}
	killed := &events.Dispatcher{Pool: f.pool, Consumers: []events.Consumer{dying{&payments.Fulfiller{Service: f.pay}}},
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil))}
	if _, err := killed.DeliverDue(context.Background()); err != nil {
		t.Fatal(err)
	}
	if got := f.state(t, b.ID); got.payment != "hold" {
		t.Fatalf("the killed work was kept: %+v", got)
	}
	// Stripe had no answer in time and delivers again; a new process runs.
	if err := f.pay.TakeEvent(context.Background(), "stripe", body, h); err != nil {
		t.Fatal(err)
	}
	if _, err := f.pool.Exec(context.Background(), `UPDATE event_deliveries SET next_attempt_at = now(), leased_until = NULL`); err != nil {
		t.Fatal(err)
	}
	f.work(t)
	if got := f.state(t, b.ID); got != (state{"scheduled", "paid", 2700, 0}) {
		t.Fatalf("after the restart: %+v", got)
	}
	if n := f.count(t, `SELECT count(*) FROM events WHERE type = 'booking.booked'`); n != 1 {
		t.Fatalf("booked %d times, want once", n)
	}
	if n := f.count(t, `SELECT count(*) FROM events WHERE type = $1`, payments.EventProvider); n != 1 {
		t.Fatalf("the delivery was taken in %d times, want once", n)
	}
}

func TestAHeldSeriesCancelledInPartIsReleasedWhole(t *testing.T) {
	f := newFixture(t)
	if _, err := f.pool.Exec(context.Background(), `UPDATE calendars SET recurring_max = 4 WHERE slug = 'demo-paid'`); err != nil {
		t.Fatal(err)
	}
	first, token, err := f.bookings.Book(context.Background(), booking.BookCommand{Calendar: "demo-paid", Start: monday10, TimeZone: "Europe/Berlin",
		Contact: contact(), AcceptTerms: true, Repeat: &booking.Repeat{Every: "week", Count: 2}})
	if err != nil {
		t.Fatal(err)
	}
	if first.Status != booking.StatusPending {
		t.Fatalf("series booked %s, want pending", first.Status)
	}
	if _, err := f.pay.Checkout(context.Background(), first.ID, token, "en-US"); err != nil {
		t.Fatal(err)
	}
	if got := f.double.Asked(http.MethodPost, "/v1/checkout/sessions")[0].Form.Get("line_items[0][price_data][unit_amount]"); got != "5400" {
		t.Fatalf("the series' deposit = %s, want 2 × 27.00", got)
	}
	if _, err := f.bookings.Cancel(context.Background(), booking.CancelCommand{ID: first.ID, Token: token}); err != nil {
		t.Fatal(err)
	}
	f.advance(11 * time.Minute)
	if _, err := f.pay.ReleaseDue(context.Background()); err != nil {
		t.Fatal(err)
	}
	if n := f.count(t, `SELECT count(*) FROM bookings WHERE status <> 'cancelled'`); n != 0 {
		t.Fatalf("%d bookings of the series still hold their time", n)
	}
}

// The checkout names the service as the booker read it: in German for a
// booking made in German, where the business translated it.
func TestTheCheckoutNamesTheServiceInTheBookersLanguage(t *testing.T) {
	f := newFixture(t)
	if _, err := f.pool.Exec(context.Background(), `UPDATE calendars SET translations = '{"de": {"name": "Tiefenmassage"}}' WHERE slug = 'demo-paid'`); err != nil {
		t.Fatal(err)
	}
	f.book(t, monday10)
	asked := f.double.Asked(http.MethodPost, "/v1/checkout/sessions")
	if got := asked[0].Form.Get("line_items[0][price_data][product_data][name]"); !strings.HasPrefix(got, "Tiefenmassage · ") {
		t.Errorf("the checkout names %q, want the German name", got)
	}
}
