package shop_test

import (
	"context"
	"io"
	"log/slog"
	"net/http"
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
	"slotwise/backend/internal/shop"
)

func TestMain(m *testing.M) { dbtest.Main(m) }

// friday is the tests' "now": Friday 20 November 2026, 11:00 in Berlin.
var friday = time.Date(2026, 11, 20, 10, 0, 0, 0, time.UTC)

// fixture is the demo studio's shop, paid through the Stripe double.
type fixture struct {
	pool   *db.Pool
	shop   *shop.Service
	pay    *payments.Service
	double *stripetest.Double
	worker *events.Dispatcher
	now    atomic.Pointer[time.Time]
}

func newFixture(t *testing.T) *fixture {
	t.Helper()
	f := &fixture{pool: dbtest.NewFilled(t, "demo", demo.Seed), double: stripetest.Start(t)}
	start := friday
	f.now.Store(&start)
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	clock := func() time.Time { return *f.now.Load() }
	stripe := payments.NewStripe(payments.StripeConfig{SecretKey: "sk_test_123", WebhookSecret: stripetest.WebhookSecret, APIURL: f.double.URL})
	bookings := booking.NewService(f.pool, log, booking.Options{Clock: clock, OnlinePayments: payments.Payable(stripe)})
	f.shop = shop.NewService(f.pool, log, shop.Options{Clock: clock})
	f.pay = payments.NewService(f.pool, bookings, "http://127.0.0.1:8080", log, stripe).WithOrders(f.shop)
	f.shop.WithPayments(f.pay)
	f.worker = &events.Dispatcher{Pool: f.pool, Consumers: []events.Consumer{&payments.Fulfiller{Service: f.pay}}, Logger: log}
	if err := f.worker.Subscribe(context.Background()); err != nil {
		t.Fatal(err)
	}
	return f
}

func (f *fixture) ctx() context.Context { return db.WithBusiness(context.Background(), f.studio()) }

func (f *fixture) studio() int64 {
	var id int64
	_ = f.pool.QueryRow(context.Background(), `SELECT id FROM locations WHERE slug = 'demo-studio'`).Scan(&id)
	return id
}

func (f *fixture) advance(d time.Duration) {
	next := f.now.Load().Add(d)
	f.now.Store(&next)
}

// stock sets a variant's stock, counted.
func (f *fixture) stock(t *testing.T, product, variant string, onHand int) {
	t.Helper()
	if _, err := f.pool.Exec(f.ctx(), `UPDATE product_variants SET track_stock = true, sell_when_out = false, on_hand = $3, held = 0
		WHERE product_id = $1 AND id = $2`, product, variant, onHand); err != nil {
		t.Fatal(err)
	}
}

type level struct{ onHand, held int }

func (f *fixture) level(t *testing.T, product, variant string) level {
	t.Helper()
	var l level
	if err := f.pool.QueryRow(f.ctx(), `SELECT on_hand, held FROM product_variants WHERE product_id = $1 AND id = $2`, product, variant).
		Scan(&l.onHand, &l.held); err != nil {
		t.Fatal(err)
	}
	return l
}

// cart adds quantity of a product's default variant to a new cart.
func (f *fixture) cart(t *testing.T, product string, quantity int) string {
	t.Helper()
	id, _, err := f.shop.ChangeCart(f.ctx(), shop.Change{Product: product, Quantity: quantity, Locale: "de"})
	if err != nil {
		t.Fatal(err)
	}
	return id
}

func buyer(cart string) shop.CheckoutCommand {
	return shop.CheckoutCommand{Cart: cart, Locale: "de", Email: "ada@example.com", Name: "Ada Lovelace", Delivery: shop.DeliveryShip,
		Address: shop.Address{Line1: "Torstraße 1", PostalCode: "10119", City: "Berlin", Country: "DE"}}
}

// checkout starts a checkout and opens its payment, and returns the
// order, its secret and the provider's session.
func (f *fixture) checkout(t *testing.T, cart string) (*shop.Order, string, string) {
	t.Helper()
	started, err := f.shop.StartCheckout(f.ctx(), buyer(cart))
	if err != nil {
		t.Fatal(err)
	}
	secret := started.Token
	if secret == "" {
		secret = cart
	}
	if _, err := f.pay.CheckoutOrder(f.ctx(), started.Order.ID, secret); err != nil {
		t.Fatal(err)
	}
	var session string
	if err := f.pool.QueryRow(f.ctx(), `SELECT session_id FROM payments WHERE order_id = $1 AND status = 'open'`, started.Order.ID).Scan(&session); err != nil {
		t.Fatal(err)
	}
	return started.Order, secret, session
}

// deliver sends a signed Stripe event and runs the consumers.
func (f *fixture) deliver(t *testing.T, id, typ string, s stripetest.Session) {
	t.Helper()
	body := stripetest.Event(id, typ, s)
	h := http.Header{}
	h.Set("Stripe-Signature", stripetest.Sign(body, stripetest.WebhookSecret, time.Now()))
	if err := f.pay.TakeEvent(f.ctx(), "stripe", body, h); err != nil {
		t.Fatal(err)
	}
	f.work(t)
}

func (f *fixture) paid(t *testing.T, id, session string, amount int64) {
	t.Helper()
	f.deliver(t, id, "checkout.session.completed", stripetest.Session{ID: session, PaymentStatus: "paid", Status: "complete", Amount: amount, Intent: "pi_" + id})
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

func (f *fixture) order(t *testing.T, id string) *shop.Order {
	t.Helper()
	var o *shop.Order
	o, err := f.shop.Order(f.ctx(), id, "")
	if err == nil {
		return o
	}
	var cart string
	if err := f.pool.QueryRow(f.ctx(), `SELECT cart_id FROM orders WHERE id = $1`, id).Scan(&cart); err != nil {
		t.Fatal(err)
	}
	o, err = f.shop.Order(f.ctx(), id, cart)
	if err != nil {
		t.Fatal(err)
	}
	return o
}
