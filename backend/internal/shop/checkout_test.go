package shop_test

import (
	"context"
	"encoding/json"
	"errors"
	"maps"
	"net/http"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"slotwise/backend/internal/content"
	"slotwise/backend/internal/payments/stripetest"
	"slotwise/backend/internal/shop"
)

func TestAnOrderHoldsItsStockUntilItsPaymentTakesIt(t *testing.T) {
	f := newFixture(t)
	f.stock(t, "calming-cream", "default", 5)
	cart := f.cart(t, "calming-cream", 2)
	o, _, session := f.checkout(t, cart)
	if o.Status != shop.StatusPending || o.Number != 1001 || o.TotalCents != 6800 || o.ShippingCents != 0 || o.TaxCents != 1086 {
		t.Fatalf("order %+v, want pending #1001, 68.00 with shipping free over 50.00 and 19 %% VAT inside", o)
	}
	if got := o.HoldUntil.Sub(friday); got != shop.DefaultHoldMinutes*time.Minute {
		t.Errorf("held for %v, want %d minutes", got, shop.DefaultHoldMinutes)
	}
	if l := f.level(t, "calming-cream", "default"); l != (level{onHand: 5, held: 2}) {
		t.Fatalf("stock %+v while paying, want 5 on hand and 2 held", l)
	}
	asked := f.double.Asked(http.MethodPost, "/v1/checkout/sessions")
	if len(asked) != 1 {
		t.Fatalf("checkouts opened: %d, want 1", len(asked))
	}
	form := asked[0].Form
	if form.Get("line_items[0][price_data][unit_amount]") != "6800" || form.Get("client_reference_id") != o.ID || form.Get("locale") != "de" {
		t.Errorf("checkout asked %v", form)
	}
	if !strings.Contains(form.Get("success_url"), "/de/order/"+o.ID+"?") {
		t.Errorf("success_url = %q, want the order's page", form.Get("success_url"))
	}

	f.paid(t, "evt_1", session, 6800)
	f.paid(t, "evt_1", session, 6800) // the same event again
	f.paid(t, "evt_2", session, 6800) // and another of the same payment
	got := f.order(t, o.ID)
	if got.Status != shop.StatusPaid || got.PaidCents != 6800 {
		t.Fatalf("order %s paid %d after its payment, want paid 6800", got.Status, got.PaidCents)
	}
	if l := f.level(t, "calming-cream", "default"); l != (level{onHand: 3, held: 0}) {
		t.Fatalf("stock %+v after the payment, want 3 on hand, none held", l)
	}
	q, err := f.shop.Cart(f.ctx(), cart, "de", shop.Where{})
	if err != nil || len(q.Lines) != 0 {
		t.Fatalf("the paid cart holds %v (%v), want it empty", q, err)
	}
	// A late "failed" changes nothing.
	f.deliver(t, "evt_3", "checkout.session.async_payment_failed", stripetest.Session{ID: session, PaymentStatus: "unpaid", Amount: 6800})
	if got := f.order(t, o.ID); got.Status != shop.StatusPaid {
		t.Fatalf("order %s after a late failure, want still paid", got.Status)
	}
}

func TestFiftyBuyersRacingForTheLastThreeUnitsMakeThreeOrders(t *testing.T) {
	f := newFixture(t)
	f.stock(t, "calming-cream", "default", 3)
	const buyers = 50
	carts := make([]string, buyers)
	for i := range carts {
		carts[i] = f.cart(t, "calming-cream", 1)
	}
	var wg sync.WaitGroup
	var mu sync.Mutex
	var orders []*shop.Order
	told := 0
	for _, cart := range carts {
		wg.Add(1)
		go func() {
			defer wg.Done()
			started, err := f.shop.StartCheckout(f.ctx(), buyer(cart))
			mu.Lock()
			defer mu.Unlock()
			var stock *shop.StockError
			switch {
			case errors.As(err, &stock):
				if l := stock.Quote.Lines[0]; l.Problem != shop.ProblemSoldOut || l.Available != 0 {
					t.Errorf("a buyer told %q with %d left, want sold out", l.Problem, l.Available)
				}
				told++
			case err != nil:
				t.Errorf("checkout: %v", err)
			default:
				orders = append(orders, started.Order)
			}
		}()
	}
	wg.Wait()
	if len(orders) != 3 || told != buyers-3 {
		t.Fatalf("%d orders and %d buyers told it is sold out, want 3 and %d", len(orders), told, buyers-3)
	}
	if l := f.level(t, "calming-cream", "default"); l != (level{onHand: 3, held: 3}) {
		t.Fatalf("stock %+v, want 3 on hand, all held", l)
	}
	numbers := map[int64]bool{}
	for _, o := range orders {
		numbers[o.Number] = true
	}
	if !numbers[1001] || !numbers[1002] || !numbers[1003] {
		t.Errorf("order numbers %v, want 1001 to 1003 without gaps", numbers)
	}
	// Adding the sold-out cream to a cart now is refused too.
	var stock *shop.StockError
	if _, _, err := f.shop.ChangeCart(f.ctx(), shop.Change{Product: "calming-cream", Quantity: 1, Locale: "de"}); !errors.As(err, &stock) {
		t.Fatalf("adding a sold-out product: %v, want a stock error", err)
	}
}

func TestASecondSubmitOfTheSameCheckoutMeetsTheFirstOrder(t *testing.T) {
	f := newFixture(t)
	f.stock(t, "calming-cream", "default", 3)
	cart := f.cart(t, "calming-cream", 1)
	var wg sync.WaitGroup
	ids := make([]string, 2)
	for i := range ids {
		wg.Add(1)
		go func() {
			defer wg.Done()
			started, err := f.shop.StartCheckout(f.ctx(), buyer(cart))
			if err != nil {
				t.Error(err)
				return
			}
			ids[i] = started.Order.ID
		}()
	}
	wg.Wait()
	if ids[0] != ids[1] || ids[0] == "" {
		t.Fatalf("two submits made orders %q and %q, want one", ids[0], ids[1])
	}
	if l := f.level(t, "calming-cream", "default"); l.held != 1 {
		t.Fatalf("held %d, want 1", l.held)
	}
	// Changed (two now), the checkout replaces its order: the first's
	// checkout is closed and its stock released.
	if _, _, err := f.shop.ChangeCart(f.ctx(), shop.Change{Cart: cart, Product: "calming-cream", Quantity: 2, Set: true, Locale: "de"}); err != nil {
		t.Fatal(err)
	}
	// Another buyer holds the third unit meanwhile: the two are there
	// only with the one the replaced order holds, the cart's own.
	if _, err := f.shop.StartCheckout(f.ctx(), buyer(f.cart(t, "calming-cream", 1))); err != nil {
		t.Fatal(err)
	}
	started, err := f.shop.StartCheckout(f.ctx(), buyer(cart))
	if err != nil {
		t.Fatal(err)
	}
	if started.Order.ID == ids[0] || f.order(t, ids[0]).Status != shop.StatusExpired {
		t.Fatalf("the changed checkout kept order %s (%s)", ids[0], f.order(t, ids[0]).Status)
	}
	if l := f.level(t, "calming-cream", "default"); l.held != 3 {
		t.Fatalf("held %d after the change, want the new order's 2 and the other buyer's 1", l.held)
	}
}

func TestAHoldThatEndsReleasesTheStockAfterClosingTheCheckout(t *testing.T) {
	f := newFixture(t)
	f.stock(t, "calming-cream", "default", 1)
	o, _, session := f.checkout(t, f.cart(t, "calming-cream", 1))
	f.advance(shop.DefaultHoldMinutes*time.Minute + time.Second)
	n, err := f.shop.ReleaseDue(f.ctx())
	if err != nil || n != 1 {
		t.Fatalf("released %d (%v), want 1", n, err)
	}
	if len(f.double.Asked(http.MethodPost, "/v1/checkout/sessions/"+session+"/expire")) != 1 {
		t.Error("the provider's checkout was not closed before the release")
	}
	if got := f.order(t, o.ID); got.Status != shop.StatusExpired {
		t.Fatalf("order %s after its hold, want expired", got.Status)
	}
	if l := f.level(t, "calming-cream", "default"); l != (level{onHand: 1, held: 0}) {
		t.Fatalf("stock %+v after the release, want the unit back", l)
	}

	t.Run("paid late with the unit still there: the order takes it", func(t *testing.T) {
		f.paid(t, "evt_late", session, 3890)
		if got := f.order(t, o.ID); got.Status != shop.StatusPaid || got.RefundDue != 0 {
			t.Fatalf("order %s owing %d, want paid", got.Status, got.RefundDue)
		}
		if l := f.level(t, "calming-cream", "default"); l != (level{onHand: 0, held: 0}) {
			t.Fatalf("stock %+v, want the unit taken", l)
		}
	})
}

func TestAPaymentAfterTheLastUnitWasSoldIsRefundedOnce(t *testing.T) {
	f := newFixture(t)
	f.stock(t, "calming-cream", "default", 1)
	late, _, session := f.checkout(t, f.cart(t, "calming-cream", 1))
	f.advance(shop.DefaultHoldMinutes*time.Minute + time.Second)
	if _, err := f.shop.ReleaseDue(f.ctx()); err != nil {
		t.Fatal(err)
	}
	other, _, otherSession := f.checkout(t, f.cart(t, "calming-cream", 1))
	f.paid(t, "evt_other", otherSession, 3890)

	f.paid(t, "evt_late", session, 3890)
	f.paid(t, "evt_late_again", session, 3890)
	got := f.order(t, late.ID)
	if got.Status != shop.StatusRefunded || got.RefundedCents != 3890 || got.RefundDue != 0 {
		t.Fatalf("late order %s refunded %d owing %d, want refunded 3890", got.Status, got.RefundedCents, got.RefundDue)
	}
	if n := len(f.double.Asked(http.MethodPost, "/v1/refunds")); n != 1 {
		t.Fatalf("refunds asked: %d, want 1", n)
	}
	if f.order(t, other.ID).Status != shop.StatusPaid {
		t.Fatal("the buyer who paid in time lost their order")
	}
	if l := f.level(t, "calming-cream", "default"); l != (level{onHand: 0, held: 0}) {
		t.Fatalf("stock %+v, want 0: sold once", l)
	}
}

func TestARefundRacingAFulfilmentEndsConsistent(t *testing.T) {
	f := newFixture(t)
	f.stock(t, "calming-cream", "default", 5)
	o, _, session := f.checkout(t, f.cart(t, "calming-cream", 1))
	f.paid(t, "evt_1", session, 3890)
	var wg sync.WaitGroup
	errs := make([]error, 2)
	wg.Add(2)
	go func() { defer wg.Done(); _, errs[0] = f.shop.Fulfil(f.ctx(), o.ID, "https://track.example/1", "") }()
	go func() { defer wg.Done(); _, errs[1] = f.shop.Refund(f.ctx(), o.ID, 0, "") }()
	wg.Wait()
	for _, err := range errs {
		if err != nil && !errors.Is(err, shop.ErrWrongState) {
			t.Fatal(err)
		}
	}
	f.work(t)
	got := f.order(t, o.ID)
	if got.RefundedCents != 3890 || got.Status != shop.StatusRefunded {
		t.Fatalf("order %s refunded %d, want refunded 3890", got.Status, got.RefundedCents)
	}
	if _, err := f.shop.Refund(f.ctx(), o.ID, 100, ""); !errors.Is(err, shop.ErrWrongState) && !errors.Is(err, shop.ErrRefundTooBig) {
		t.Fatalf("refunding more than was paid: %v", err)
	}
	if n := len(f.double.Asked(http.MethodPost, "/v1/refunds")); n != 1 {
		t.Fatalf("refunds asked: %d, want 1", n)
	}
}

func TestCancellingAPaidOrderReturnsItsStockAndRefundsIt(t *testing.T) {
	f := newFixture(t)
	f.stock(t, "calming-cream", "default", 2)
	o, _, session := f.checkout(t, f.cart(t, "calming-cream", 2))
	f.paid(t, "evt_1", session, 6800)
	if l := f.level(t, "calming-cream", "default"); l.onHand != 0 {
		t.Fatalf("on hand %d after the sale, want 0", l.onHand)
	}
	if _, err := f.shop.Cancel(f.ctx(), o.ID, "cancel-1"); err != nil {
		t.Fatal(err)
	}
	if _, err := f.shop.Cancel(f.ctx(), o.ID, "cancel-1"); err != nil {
		t.Fatalf("the same cancel again: %v", err)
	}
	f.work(t)
	got := f.order(t, o.ID)
	if got.Status != shop.StatusCancelled || got.RefundedCents != 6800 {
		t.Fatalf("order %s refunded %d, want cancelled and 6800 back", got.Status, got.RefundedCents)
	}
	if l := f.level(t, "calming-cream", "default"); l.onHand != 2 {
		t.Fatalf("on hand %d after the cancel, want both back", l.onHand)
	}
	if _, err := f.shop.Fulfil(f.ctx(), o.ID, "", ""); !errors.Is(err, shop.ErrWrongState) {
		t.Fatalf("fulfilling a cancelled order: %v, want refused", err)
	}
}

func TestTheHoldRefusesWhatAnotherBuyerTookAfterTheQuote(t *testing.T) {
	f := newFixture(t)
	f.stock(t, "calming-cream", "default", 1)
	f.stock(t, "massage-oil", "250ml", 5)
	first, second := f.cart(t, "calming-cream", 1), f.cart(t, "calming-cream", 1)
	if _, _, err := f.shop.ChangeCart(f.ctx(), shop.Change{Cart: first, Product: "massage-oil", Variant: "250ml", Quantity: 2, Locale: "de"}); err != nil {
		t.Fatal(err)
	}
	// The first buyer's checkout has read the last unit as there; before it
	// holds it, the second buyer's checkout takes it.
	var hooked atomic.Bool
	shop.BeforeHold(f.shop, func() {
		if hooked.Swap(true) {
			return // the second buyer's own checkout
		}
		if _, err := f.shop.StartCheckout(f.ctx(), buyer(second)); err != nil {
			t.Errorf("the second buyer: %v", err)
		}
	})
	var stock *shop.StockError
	if _, err := f.shop.StartCheckout(f.ctx(), buyer(first)); !errors.As(err, &stock) {
		t.Fatalf("the first buyer: %v, want told it is sold out", err)
	}
	// Told exactly what is left: the cream is gone, the oil all there
	// (the refused hold took none of it).
	if cream, oil := stock.Quote.Lines[0], stock.Quote.Lines[1]; cream.Problem != shop.ProblemSoldOut || oil.Problem != "" || oil.Available != 5 {
		t.Fatalf("the first buyer told the cream %q, the oil %q with %d left; want sold out, and 5 left", cream.Problem, oil.Problem, oil.Available)
	}
	if l := f.level(t, "calming-cream", "default"); l != (level{onHand: 1, held: 1}) {
		t.Fatalf("stock %+v, want the one unit held once", l)
	}
	if l := f.level(t, "massage-oil", "250ml"); l != (level{onHand: 5, held: 0}) {
		t.Fatalf("oil %+v, want none held", l)
	}
}

func TestACheckoutThatCannotStartSaysWhyAndHoldsNothing(t *testing.T) {
	f := newFixture(t)
	f.stock(t, "calming-cream", "default", 5)
	cart := f.cart(t, "calming-cream", 1)
	invalid := func(c shop.CheckoutCommand) shop.CheckoutCommand {
		c.Email, c.Address.Country = "ada@example", "ZZ"
		return c
	}
	tests := []struct {
		name   string
		c      shop.CheckoutCommand
		fields []string // the fields refused, or none
		err    error
	}{
		{"fields refused, the cart full", invalid(buyer(cart)), []string{"country", "email"}, nil},
		{"fields refused before an unknown cart", invalid(buyer(shop.NewCartID())), []string{"country", "email"}, nil},
		{"fields refused before a cookie that is no cart's", invalid(buyer("x\x00'")), []string{"country", "email"}, nil},
		{"an unknown cart", buyer(shop.NewCartID()), nil, shop.ErrEmptyCart},
		{"a cookie that is no cart's", buyer("short"), nil, shop.ErrEmptyCart},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := f.shop.StartCheckout(f.ctx(), tt.c)
			var verr *shop.ValidationError
			switch {
			case tt.err != nil && !errors.Is(err, tt.err):
				t.Fatalf("err = %v, want %v", err, tt.err)
			case tt.fields != nil && !errors.As(err, &verr):
				t.Fatalf("err = %v, want the fields refused", err)
			case tt.fields != nil && !slices.Equal(slices.Sorted(maps.Keys(verr.Fields)), tt.fields):
				t.Fatalf("fields refused %v, want %v", verr.Fields, tt.fields)
			}
			if l := f.level(t, "calming-cream", "default"); l.held != 0 {
				t.Fatalf("held %d, want none", l.held)
			}
		})
	}
}

func TestABuyerBackFromThePaymentPageMayTakeTheUnitsTheirOwnOrderHolds(t *testing.T) {
	f := newFixture(t)
	f.stock(t, "calming-cream", "default", 2)
	cart := f.cart(t, "calming-cream", 1)
	if _, err := f.shop.StartCheckout(f.ctx(), buyer(cart)); err != nil {
		t.Fatal(err)
	}
	// Back in the cart, the buyer wants both: one is theirs already.
	_, q, err := f.shop.ChangeCart(f.ctx(), shop.Change{Cart: cart, Product: "calming-cream", Quantity: 2, Set: true, Locale: "de"})
	if err != nil {
		t.Fatalf("the buyer's own held unit counted against them: %v", err)
	}
	if l := q.Lines[0]; l.Available != 2 || l.Problem != "" {
		t.Fatalf("the cart says %d left (%q), want 2", l.Available, l.Problem)
	}
	started, err := f.shop.StartCheckout(f.ctx(), buyer(cart))
	if err != nil {
		t.Fatal(err)
	}
	if l := f.level(t, "calming-cream", "default"); l.held != 2 || started.Order.Lines[0].Quantity != 2 {
		t.Fatalf("held %d for an order of %d, want 2", l.held, started.Order.Lines[0].Quantity)
	}
	// Anyone else's cart finds none left.
	_, _, err = f.shop.ChangeCart(f.ctx(), shop.Change{Product: "calming-cream", Quantity: 1, Locale: "de"})
	var stockErr *shop.StockError
	if !errors.As(err, &stockErr) {
		t.Fatalf("another buyer added a unit held for someone else: %v", err)
	}
}

// A business that starts counting a product's stock while orders of it
// wait for their payment counts their units as held: the one paid takes
// its unit from the shelf, the one whose hold ends gives its unit back,
// and nothing is sold twice meanwhile.
func TestAVariantThatStartsCountingItsStockCountsThePendingOrdersAsHeld(t *testing.T) {
	f := newFixture(t)
	cream := func(track bool, stock int) {
		t.Helper()
		kind, _ := content.KindNamed("products")
		p, err := content.Get(f.ctx(), f.pool, kind, "calming-cream")
		if err != nil {
			t.Fatal(err)
		}
		product := p.(*content.Product)
		product.Variants, product.Inventory = nil, content.Inventory{TrackStock: track, Stock: stock}
		body, _ := json.Marshal(product)
		if _, err := content.NewService(f.pool, nil, f.shop.Now, nil).Put(f.ctx(), content.Change{Kind: kind, Key: "calming-cream", Body: body}); err != nil {
			t.Fatal(err)
		}
	}
	cream(false, 0)
	paid, _, session := f.checkout(t, f.cart(t, "calming-cream", 1))
	lapsing, err := f.shop.StartCheckout(f.ctx(), buyer(f.cart(t, "calming-cream", 2)))
	if err != nil {
		t.Fatal(err)
	}
	cream(true, 4)
	if l := f.level(t, "calming-cream", "default"); l != (level{onHand: 4, held: 3}) {
		t.Fatalf("stock %+v once counted, want 4 on hand, 3 held by the two pending orders", l)
	}
	if _, _, err := f.shop.ChangeCart(f.ctx(), shop.Change{Product: "calming-cream", Quantity: 2, Locale: "de"}); err == nil {
		t.Fatal("a third buyer added two of the one unit left")
	}
	f.paid(t, "evt_counted", session, paid.TotalCents)
	f.advance(lapsing.Order.HoldUntil.Sub(*f.now.Load()) + time.Minute)
	if _, err := f.shop.ReleaseDue(context.Background()); err != nil {
		t.Fatal(err)
	}
	if l := f.level(t, "calming-cream", "default"); l != (level{onHand: 3, held: 0}) {
		t.Fatalf("stock %+v after one paid and one lapsed, want 3 on hand, none held", l)
	}
}
