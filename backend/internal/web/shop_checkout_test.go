package web_test

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"slotwise/backend/internal/booking"
	"slotwise/backend/internal/db"
	"slotwise/backend/internal/events"
	"slotwise/backend/internal/notify"
	"slotwise/backend/internal/payments"
	"slotwise/backend/internal/payments/stripetest"
	"slotwise/backend/internal/shop"
	"slotwise/backend/internal/sites"
	"slotwise/backend/internal/web"
)

// shopParts are a shop selling through Stripe's double, and its
// consumers (the payments' and the shop's mails), run by hand.
type shopParts struct {
	double *stripetest.Double
	shop   *shop.Service
	pay    *payments.Service
	worker *events.Dispatcher
}

// withShop sells the demo's products through Stripe's double, the
// dashboard's orders included.
func withShop(t *testing.T, sp *shopParts) option {
	sp.double = stripetest.Start(t)
	return withShopThrough(t, sp, payments.NewStripe(payments.StripeConfig{SecretKey: "sk_test_123", WebhookSecret: stripetest.WebhookSecret, APIURL: sp.double.URL}))
}

// withShopThrough sells the demo's products through provider alone.
func withShopThrough(t *testing.T, sp *shopParts, provider payments.Provider) option {
	return func(d *web.Deps, w wiring) {
		pool := w.pool
		bookings := w.bookings(d.Logger, booking.Options{OnlinePayments: payments.Payable(provider)})
		pay := payments.NewService(pool, bookings, "https://book.example.com", d.Logger, provider)
		sp.shop = shop.NewService(pool, d.Logger, shop.Options{Clock: w.now}).WithPayments(pay)
		pay.WithOrders(sp.shop)
		sp.pay = pay
		mailer := notify.Mailer{Renderer: sharedRenderer(t), BaseURL: "https://book.example.com", From: "shop@example.com", FromName: "Demo", Logger: d.Logger}
		sp.worker = &events.Dispatcher{Pool: pool, Logger: d.Logger, Consumers: []events.Consumer{&payments.Fulfiller{Service: pay},
			&shop.Mailer{Service: sp.shop, Mailer: mailer}}}
		if err := sp.worker.Subscribe(context.Background()); err != nil {
			t.Fatal(err)
		}
		store := sites.NewStore(pool).At(w.now)
		d.Features = []web.Feature{web.Sites(store), web.Booking(bookings), d.Features[2], web.Payments(pay), web.Shop(sp.shop, pay, store)}
		w.dashboard.Shop = sp.shop
	}
}

// shopFixture is the server selling the demo's products through Stripe's
// double, without the dashboard.
type shopFixture struct {
	*fixture
	shopParts
}

func newShopFixture(t *testing.T) *shopFixture {
	t.Helper()
	sf := &shopFixture{}
	sf.fixture = newFixture(t, sharedRenderer(t), withShop(t, &sf.shopParts), func(d *web.Deps, w wiring) { *w.dashboard = web.DashboardDeps{} })
	return sf
}

// cartCookie is the cart's cookie a response set.
func cartCookie(t *testing.T, rec interface{ Result() *http.Response }) string {
	t.Helper()
	for _, c := range rec.Result().Cookies() {
		if strings.HasSuffix(c.Name, "slotwise_cart") {
			if !c.HttpOnly || c.SameSite != http.SameSiteLaxMode {
				t.Errorf("cart cookie %+v, want HttpOnly and SameSite=Lax", c)
			}
			return c.Name + "=" + c.Value
		}
	}
	t.Fatal("no cart cookie set")
	return ""
}

func TestABuyerWithoutJavaScriptGoesFromProductToProvider(t *testing.T) {
	sf := newShopFixture(t)
	rec := sf.do(http.MethodGet, "/product/massage-oil/", nil)
	if rec.Code != http.StatusOK {
		t.Fatalf("product page: %d", rec.Code)
	}
	page := rec.Body.String()
	for _, want := range []string{`action="/cart"`, `name="variant" value="250ml"`, "Add to cart", "Buy now", "Only 3 left", "LimitedAvailability"} {
		if !strings.Contains(page, want) {
			t.Errorf("the product page lacks %q", want)
		}
	}

	rec = sf.post("/cart", url.Values{"product": {"massage-oil"}, "variant": {"250ml"}, "quantity": {"2"}}, nil)
	if rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != "/cart?done=added" {
		t.Fatalf("add to cart: %d %s", rec.Code, rec.Header().Get("Location"))
	}
	cookie := cartCookie(t, rec)
	rec = sf.do(http.MethodGet, "/cart", map[string]string{"Cookie": cookie})
	if rec.Code != http.StatusOK || rec.Header().Get("Cache-Control") == "" {
		t.Fatalf("cart page: %d", rec.Code)
	}
	for _, want := range []string{"Warming massage oil · 250 ml", "€98.00", "Added to your cart.", `href="/checkout"`, "noindex"} {
		if !strings.Contains(rec.Body.String(), want) {
			t.Errorf("the cart page lacks %q", want)
		}
	}

	// More than is left is refused, and the cart keeps its two.
	rec = sf.post("/cart", url.Values{"product": {"massage-oil"}, "variant": {"250ml"}, "quantity": {"2"}}, map[string]string{"Cookie": cookie})
	if rec.Code != http.StatusConflict || !strings.Contains(rec.Body.String(), "no longer available in the quantity") {
		t.Fatalf("adding more than is left: %d", rec.Code)
	}

	// A checkout with fields missing says which, and loses nothing typed.
	rec = sf.post("/checkout", url.Values{"email": {"ada@example"}, "name": {"Ada Lovelace"}, "delivery": {"ship"}}, map[string]string{"Cookie": cookie})
	if rec.Code != http.StatusUnprocessableEntity {
		t.Fatalf("checkout without an address: %d", rec.Code)
	}
	for _, want := range []string{"Email is invalid", "This field is required", `value="Ada Lovelace"`} {
		if !strings.Contains(rec.Body.String(), want) {
			t.Errorf("the refused checkout lacks %q", want)
		}
	}

	form := url.Values{"email": {"ada@example.com"}, "name": {"Ada Lovelace"}, "delivery": {"ship"}, "line1": {"Torstraße 1"},
		"postalCode": {"10119"}, "city": {"Berlin"}, "country": {"DE"}}
	rec = sf.post("/checkout", form, map[string]string{"Cookie": cookie})
	if rec.Code != http.StatusSeeOther || !strings.Contains(rec.Header().Get("Location"), "checkout.stripe.com") {
		t.Fatalf("checkout: %d %s %s", rec.Code, rec.Header().Get("Location"), rec.Body)
	}
	// Submitted again (a double tap): the same order, the same checkout.
	again := sf.post("/checkout", form, map[string]string{"Cookie": cookie})
	if again.Header().Get("Location") != rec.Header().Get("Location") {
		t.Fatalf("a second submit went to %q (%d %s), the first to %s", again.Header().Get("Location"), again.Code, again.Body, rec.Header().Get("Location"))
	}
	if n := len(sf.double.Asked(http.MethodPost, "/v1/checkout/sessions")); n != 1 {
		t.Fatalf("%d checkouts opened, want 1", n)
	}
	asked := sf.double.Asked(http.MethodPost, "/v1/checkout/sessions")[0].Form
	if asked.Get("line_items[0][price_data][unit_amount]") != "9800" {
		t.Errorf("the provider was asked for %s, want 98.00 (free shipping over 50.00)", asked.Get("line_items[0][price_data][unit_amount]"))
	}
	back, _ := url.Parse(strings.ReplaceAll(asked.Get("cancel_url"), "{CHECKOUT_SESSION_ID}", "cs_x"))
	rec = sf.do(http.MethodGet, back.RequestURI(), nil)
	if rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), "not paid yet") || !strings.Contains(rec.Body.String(), "Pay €98.00") {
		t.Fatalf("the order page after leaving the provider: %d", rec.Code)
	}
	if rec = sf.do(http.MethodGet, strings.Replace(back.RequestURI(), "token=", "token=x", 1), nil); rec.Code != http.StatusNotFound {
		t.Fatalf("the order page with a wrong secret: %d", rec.Code)
	}
}

// A product's variants are named in the visitor's language where the
// business translated them (products/massage-oil.de.yaml's variants:): on
// its page, in the cart and on the order.
func TestAVariantIsNamedInTheVisitorsLanguage(t *testing.T) {
	sf := newShopFixture(t)
	if _, err := sf.pool.Exec(db.WithEveryBusiness(context.Background()), `UPDATE products SET translations =
		'{"de": {"name": "Wärmendes Massageöl", "variants": {"250ml": "Große Flasche"}, "source": ""}}' WHERE id = 'massage-oil'`); err != nil {
		t.Fatal(err)
	}
	page := sf.do(http.MethodGet, "/de/product/massage-oil/", nil).Body.String()
	for _, want := range []string{"Wärmendes Massageöl", "Große Flasche", "100 ml"} {
		if !strings.Contains(page, want) {
			t.Errorf("the German product page lacks %q", want)
		}
	}
	if page := sf.do(http.MethodGet, "/product/massage-oil/", nil).Body.String(); strings.Contains(page, "Große Flasche") {
		t.Error("the English product page names the variant in German")
	}
	rec := sf.post("/de/cart", url.Values{"product": {"massage-oil"}, "variant": {"250ml"}, "quantity": {"1"}}, nil)
	cart := sf.do(http.MethodGet, "/de/cart", map[string]string{"Cookie": cartCookie(t, rec)}).Body.String()
	if !strings.Contains(cart, "Wärmendes Massageöl · Große Flasche") {
		t.Error("the German cart does not name the line in German")
	}
}
