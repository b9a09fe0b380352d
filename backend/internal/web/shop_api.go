package web

import (
	"context"
	"net/http"

	"github.com/gin-gonic/gin"

	"slotwise/backend/internal/shop"
)

// shopAPI holds the shop's JSON endpoints: the same cart, checkout and
// order as the pages, for a client of its own.
type shopAPI struct {
	s *Server
	f shopFeature
}

// origin is the site's origin, as the pages know it: the cookie's name
// and Secure follow it.
func (a shopAPI) origin(c *gin.Context) string { return a.s.pages.Origin(c.Request.Context()) }

func (a shopAPI) cartID(c *gin.Context) string {
	id, _ := c.Cookie(cartCookieName(a.origin(c)))
	return id
}

// cart answers the visitor's cart, priced.
func (a shopAPI) cart(c *gin.Context) {
	cat := apiLocale(c, c.Query("locale"))
	c.Header("Cache-Control", "no-store")
	d, err := a.f.front(c.Request.Context(), cat.Locale)
	if err == nil {
		d.Quote, err = a.f.svc.Cart(c.Request.Context(), a.cartID(c), cat.Locale, shop.Where{Delivery: c.Query("delivery"), Country: c.Query("country")})
	}
	if err != nil {
		a.s.apiError(c, err, cat)
		return
	}
	c.JSON(http.StatusOK, d)
}

// change adds to the visitor's cart or sets a line's quantity.
func (a shopAPI) change(c *gin.Context) {
	var req CartChangeRequest
	if !decode(c, &req) {
		return
	}
	cat := apiLocale(c, req.Locale)
	c.Header("Cache-Control", "no-store")
	cart := a.cartID(c)
	id, q, err := a.f.svc.ChangeCart(c.Request.Context(), shop.Change{Cart: cart, Product: req.Product, Variant: req.Variant,
		Quantity: req.Quantity, Set: req.Set, Locale: cat.Locale})
	if err != nil {
		a.s.apiError(c, err, cat)
		return
	}
	if id != cart {
		http.SetCookie(c.Writer, cartCookieOf(a.origin(c), id))
	}
	c.JSON(http.StatusOK, q)
}

// checkout starts the checkout of the visitor's cart and answers where
// they pay.
func (a shopAPI) checkout(c *gin.Context) {
	var req ShopCheckoutRequest
	if !decode(c, &req) {
		return
	}
	cat := apiLocale(c, req.Locale)
	c.Header("Cache-Control", "no-store")
	to, err := a.f.startAndPay(c.Request.Context(), cat.Locale, shop.CheckoutCommand{Cart: a.cartID(c), Locale: cat.Locale, Email: req.Email,
		Name: req.Name, Phone: req.Phone, Delivery: req.Delivery, Address: req.Address})
	if err != nil {
		a.s.apiError(c, err, cat)
		return
	}
	c.JSON(http.StatusOK, gin.H{"url": to})
}

// order answers an order its secret opens, after asking the provider
// about an unsettled payment.
func (a shopAPI) order(c *gin.Context) {
	cat := apiLocale(c, c.Query("locale"))
	c.Header("Cache-Control", "no-store")
	id, token := c.Param("id"), c.Query("token")
	o, err := guardedToken(c.Request.Context(), a.s.limits, c.ClientIP(), func(ctx context.Context) (*shop.Order, error) {
		o, err := a.f.svc.Order(ctx, id, token)
		if err != nil || o.Status != shop.StatusPending || a.f.pay == nil {
			return o, err
		}
		if err := a.f.pay.AskOrder(ctx, o.ID); err != nil {
			return nil, err
		}
		return a.f.svc.Order(ctx, id, token)
	})
	if err != nil {
		a.s.apiError(c, err, cat)
		return
	}
	c.JSON(http.StatusOK, OrderView{Order: o, State: orderState(o, false), PayAgain: o.Status == shop.StatusPending && a.f.svc.Now().Before(o.HoldUntil)})
}
