package web

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"slotwise/backend/internal/booking"
	"slotwise/backend/internal/limits"
	"slotwise/backend/internal/payments"
	"slotwise/backend/internal/route"
	"slotwise/backend/internal/shop"
	"slotwise/backend/internal/sites"
	"slotwise/backend/internal/web/pages"
)

// Shop is the shop on the web: the cart, the checkout and an order's
// page, each working without JavaScript, and their JSON endpoints.
func Shop(svc *shop.Service, pay *payments.Service, store *sites.Store) Feature {
	return shopFeature{svc: svc, pay: pay, store: store}
}

type shopFeature struct {
	svc   *shop.Service
	pay   *payments.Service
	store *sites.Store
}

func (f shopFeature) Register(r *Registry) {
	lim := r.Server().limits
	r.Errors(shopErrors...)
	if f.svc == nil { // a server built without the shop (some tests): its pages are not found
		for _, name := range []string{"cart", "checkout", "order"} {
			r.Page(name, func(ctx context.Context, req *pages.Request) (*pages.Result, error) {
				return nil, &pages.Error{Status: http.StatusNotFound, Message: req.T("shop.error.notSold")}
			})
		}
		return
	}
	r.server.shopFront = f.front
	r.Page("cart", f.cartPage)
	r.Action("cart", f.cartAction)
	r.Page("checkout", f.checkoutPage)
	r.Action("checkout", f.checkoutAction)
	r.Page("order", f.orderPage(lim))
	r.Action("order", f.payAction(lim))
	h := shopAPI{s: r.Server(), f: f}
	api := r.API()
	api.GET("/shop/cart", h.cart)
	api.POST("/shop/cart", h.change)
	api.POST("/shop/checkout", h.checkout)
	api.GET("/shop/orders/:id", h.order)
}

// shopErrors: how the shop's errors are answered.
var shopErrors = []ErrorMapping{
	{Err: shop.ErrNotFound, Status: http.StatusNotFound, Code: "not_found", MessageID: "shop.error.notFound"},
	{Err: shop.ErrOutOfStock, Status: http.StatusConflict, Code: "out_of_stock", MessageID: "shop.error.stock"},
	{Err: shop.ErrNotSold, Status: http.StatusConflict, Code: "not_sold", MessageID: "shop.error.notSold"},
	{Err: shop.ErrEmptyCart, Status: http.StatusConflict, Code: "empty_cart", MessageID: "shop.error.emptyCart"},
	{Err: shop.ErrCartFull, Status: http.StatusUnprocessableEntity, Code: "cart_full", MessageID: "shop.error.cartFull"},
	{Err: shop.ErrWrongState, Status: http.StatusConflict, Code: "wrong_state", MessageID: "shop.error.wrongState"},
	{Err: shop.ErrRefundTooBig, Status: http.StatusUnprocessableEntity, Code: "refund_too_big", MessageID: "validation.refundAmount"},
}

// The cart's cookie: its id, the cart's only key. Over HTTPS with the
// __Host- prefix, as the dashboard's session.
const (
	cartCookie       = "slotwise_cart"
	secureCartCookie = "__Host-slotwise_cart"
	cartCookieDays   = 30
)

// cleanCart keeps a cookie that could be a cart's id.
func cleanCart(v string) (string, bool) {
	if len(v) >= 20 && len(v) <= 64 && strings.Trim(v, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-") == "" {
		return v, true
	}
	return "", false
}

func cartCookieName(origin string) string {
	if strings.HasPrefix(origin, "https://") {
		return secureCartCookie
	}
	return cartCookie
}

func cartCookieOf(origin, id string) *http.Cookie {
	return &http.Cookie{Name: cartCookieName(origin), Value: id, Path: "/", HttpOnly: true, MaxAge: cartCookieDays * 24 * 3600,
		Secure: strings.HasPrefix(origin, "https://"), SameSite: http.SameSiteLaxMode}
}

// shopHref is a shop page's address in locale.
func shopHref(locale, name string, query url.Values) string {
	return route.Default().Href(locale, name, "", nil, query)
}

// framedShop is a shop page's answer: never cached, never indexed, in
// the website's frame.
func (f shopFeature) framedShop(ctx context.Context, req *pages.Request, title, part string, d *ShopData) (*pages.Result, error) {
	nav, err := f.store.PagesIn(ctx, req.Prefix)
	if err != nil {
		return nil, err
	}
	data := SiteData{Nav: withoutHome(nav), Shop: d}
	b, err := frameAround(ctx, f.store, req.Locale, &data)
	if err != nil {
		return nil, err
	}
	if b != nil && data.Business != nil {
		d.Pickup = data.Business.Address
	}
	return &pages.Result{Title: siteTitle(req, title), Robots: "noindex", Data: data, Parts: []string{part}}, nil
}

// front is how the business sells, with the shop pages' addresses.
func (f shopFeature) front(ctx context.Context, locale string) (*ShopData, error) {
	front, err := f.svc.Front(ctx)
	if err != nil {
		return nil, err
	}
	return &ShopData{Front: front, Cart: shopHref(locale, "cart", nil), Checkout: shopHref(locale, "checkout", nil)}, nil
}

func (f shopFeature) cartPage(ctx context.Context, req *pages.Request) (*pages.Result, error) {
	d, err := f.front(ctx, req.Locale)
	if err != nil {
		return nil, err
	}
	where := shop.Where{Delivery: req.Query.Get("delivery"), Country: req.Query.Get("country")}
	if d.Quote, err = f.svc.Cart(ctx, req.Cookie(cartCookieName(req.Origin)), req.Locale, where); err != nil {
		return nil, err
	}
	d.Notice = noticeOf(req.Query.Get("done"))
	return f.framedShop(ctx, req, req.T("shop.cart.title"), "shop-cart", d)
}

// noticeOf keeps a notice the page knows.
func noticeOf(v string) string {
	switch v {
	case "added", "removed", "updated":
		return v
	}
	return ""
}

// cartAction changes the cart from a form: add (a product page's "Add to
// cart", or "Buy now" with buy=1, which goes on to the checkout), set a
// line's quantity, or remove it.
func (f shopFeature) cartAction(ctx context.Context, req *pages.Request, form url.Values) (string, error) {
	c := shop.Change{Cart: req.Cookie(cartCookieName(req.Origin)), Product: form.Get("product"), Variant: form.Get("variant"),
		Quantity: 1, Locale: req.Locale}
	if q := form.Get("quantity"); q != "" {
		n, err := strconv.Atoi(q)
		if err != nil || n < 0 || n > shop.MaxQuantity {
			return "", &shop.ValidationError{Fields: map[string]string{"quantity": "shop.quantityInvalid"}}
		}
		c.Quantity = n
	}
	done := "added"
	switch form.Get("op") {
	case "set":
		c.Set, done = true, "updated"
		if c.Quantity == 0 {
			done = "removed"
		}
	case "remove":
		c.Set, c.Quantity, done = true, 0, "removed"
	}
	id, _, err := f.svc.ChangeCart(ctx, c)
	if err != nil {
		return "", err
	}
	if id != c.Cart {
		req.SetCookie(cartCookieOf(req.Origin, id))
	}
	if form.Get("buy") == "1" {
		return shopHref(req.Locale, "checkout", nil), nil
	}
	return shopHref(req.Locale, "cart", url.Values{"done": {done}}), nil
}

func (f shopFeature) checkoutPage(ctx context.Context, req *pages.Request) (*pages.Result, error) {
	d, err := f.front(ctx, req.Locale)
	if err != nil {
		return nil, err
	}
	where := shop.Where{Delivery: req.Query.Get("delivery"), Country: req.Query.Get("country")}
	if d.Quote, err = f.svc.Cart(ctx, req.Cookie(cartCookieName(req.Origin)), req.Locale, where); err != nil {
		return nil, err
	}
	return f.framedShop(ctx, req, req.T("shop.checkout.title"), "shop-checkout", d)
}

// checkoutOf reads the checkout's form.
func checkoutOf(form url.Values) shop.CheckoutCommand {
	return shop.CheckoutCommand{Email: form.Get("email"), Name: form.Get("name"), Phone: form.Get("phone"), Delivery: form.Get("delivery"),
		Address: shop.Address{Line1: form.Get("line1"), Line2: form.Get("line2"), PostalCode: form.Get("postalCode"),
			City: form.Get("city"), Country: form.Get("country")}}
}

// checkoutAction starts the checkout and sends the buyer to the
// provider's page; when it cannot open, to the order's page, which says
// why and offers to pay again.
func (f shopFeature) checkoutAction(ctx context.Context, req *pages.Request, form url.Values) (string, error) {
	c := checkoutOf(form)
	c.Cart, c.Locale = req.Cookie(cartCookieName(req.Origin)), req.Locale
	return f.startAndPay(ctx, req.Locale, c)
}

func (f shopFeature) startAndPay(ctx context.Context, locale string, c shop.CheckoutCommand) (string, error) {
	ctx = booking.ReadBusinessOnce(ctx) // asked when starting, and when opening the provider's page
	started, err := f.svc.StartCheckout(ctx, c)
	if err != nil {
		return "", err
	}
	if f.pay == nil {
		return "", booking.ErrPaymentsOff
	}
	var opened payments.Opened
	secret := started.Token
	if secret != "" {
		opened, err = f.pay.CheckoutNewOrder(ctx, started.Order.ID, secret, started.Order.Due())
	} else {
		secret = c.Cart // a second submit: the cart opens its order
		opened, err = f.pay.CheckoutOrder(ctx, started.Order.ID, secret)
	}
	for reason, cause := range paymentFailures {
		if errors.Is(err, cause) {
			return shopOrderHref(locale, started.Order.ID, secret, url.Values{"payment": {reason}}), nil
		}
	}
	return opened.URL, err
}

func shopOrderHref(locale, id, secret string, more url.Values) string {
	q := url.Values{"token": {secret}}
	for k, v := range more {
		q[k] = v
	}
	return route.Default().Href(locale, "order", "", map[string]string{"orderId": id}, q)
}

// orderPage is the order's page, where the provider sends the buyer
// back: it asks the provider about an unsettled payment before it says
// anything, so "paid" is said only once it is.
func (f shopFeature) orderPage(lim *limits.Limiter) pages.Loader {
	return func(ctx context.Context, req *pages.Request) (*pages.Result, error) {
		id, token := req.Match.Params["orderId"], req.Query.Get("token")
		o, err := guardedToken(ctx, lim, req.ClientIP, func(ctx context.Context) (*shop.Order, error) { return f.svc.Order(ctx, id, token) })
		if errors.Is(err, shop.ErrNotFound) {
			return nil, &pages.Error{Status: http.StatusNotFound, Message: req.T("shop.error.orderNotFound")}
		}
		if err != nil {
			return nil, err
		}
		if o.Status == shop.StatusPending && f.pay != nil {
			if err := f.pay.AskOrder(ctx, o.ID); err != nil {
				return nil, err
			}
			if o, err = f.svc.Order(ctx, id, token); err != nil {
				return nil, err
			}
		}
		d, err := f.front(ctx, req.Locale)
		if err != nil {
			return nil, err
		}
		view := &OrderView{Order: o, State: orderState(o, req.Query.Get("cancelled") == "1"), Token: token,
			PayAgain: o.Status == shop.StatusPending && f.svc.Now().Before(o.HoldUntil)}
		if p := req.Query.Get("payment"); paymentNotices[p] != "" {
			view.Problem = p
		}
		d.Order = view
		res, err := f.framedShop(ctx, req, req.T("shop.order.title", "number", strconv.FormatInt(o.Number, 10)), "shop-order", d)
		if res != nil {
			res.Secret = true // its address carries the order's secret
		}
		return res, err
	}
}

// orderState is what the order's page says of it.
func orderState(o *shop.Order, left bool) string {
	switch {
	case o.SoldOut():
		return "soldOut"
	case o.Status == shop.StatusPending && left:
		return "left"
	}
	return o.Status
}

// payAction opens the checkout of an order still waiting (the order page's
// "Pay now").
func (f shopFeature) payAction(lim *limits.Limiter) Action {
	return func(ctx context.Context, req *pages.Request, form url.Values) (string, error) {
		if f.pay == nil {
			return "", booking.ErrPaymentsOff
		}
		id, token := req.Match.Params["orderId"], form.Get("token")
		to, err := guardedToken(ctx, lim, req.ClientIP, func(ctx context.Context) (string, error) {
			o, err := f.pay.CheckoutOrder(ctx, id, token)
			return o.URL, err
		})
		for reason, cause := range paymentFailures {
			if errors.Is(err, cause) {
				return shopOrderHref(req.Locale, id, token, url.Values{"payment": {reason}}), nil
			}
		}
		return to, err
	}
}
