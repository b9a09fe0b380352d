package web

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"html/template"
	"net/http"
	"net/url"
	"sort"

	"github.com/gin-gonic/gin"

	"slotwise/backend/internal/payments"
	"slotwise/backend/internal/route"
	"slotwise/backend/internal/web/pages"
	"slotwise/locales"
)

// A provider whose checkout is opened by a form the browser posts
// (payments.FormCheckout: Razorpay's hosted checkout) is reached through
// our page below, which posts that form at once, and posts the booker
// back to our return address, which sends them on to the result page.

// checkoutPage is the page that opens the checkout: it submits itself
// (checkoutScript, a file of our own: the page's policy runs no inline
// script) while it loads, so the provider's page takes its place in the
// history and Back from there returns to the booking, as from Stripe's.
// Without JavaScript it is the button, and the way back to the booking.
var checkoutPage = template.Must(template.New("checkout").Parse(`<!doctype html>
<html lang="{{.Lang}}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>{{.Title}}</title><style>` + checkoutStyle + `</style></head>
<body><main><h1>{{.Title}}</h1><p>{{.Lead}}</p>
<form id="checkout" method="post" action="{{.Action}}">
{{range .Fields}}<input type="hidden" name="{{.Name}}" value="{{.Value}}">
{{end}}<button type="submit">{{.Button}}</button></form>
<p><a href="{{.Result}}">{{.Back}}</a></p></main>
<script src="/api/payments/checkout.js"></script></body></html>
`))

const checkoutStyle = `body{margin:0;padding:0 1rem;font:16px/1.5 system-ui,sans-serif;color:#1f2937;background:#f9fafb}` +
	`main{max-width:28rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:12px;box-shadow:0 1px 3px rgba(0,0,0,.1)}` +
	`h1{font-size:1.375rem;margin:0 0 .5rem}button{width:100%;min-height:48px;font:inherit;font-weight:600;color:#fff;` +
	`background:#0f766e;border:0;border-radius:8px;cursor:pointer}button:focus-visible{outline:3px solid #134e4a;outline-offset:2px}` +
	`a{color:#0f766e}`

const checkoutScript = `document.getElementById('checkout').submit();
`

var checkoutStyleHash = func() string {
	sum := sha256.Sum256([]byte(checkoutStyle))
	return "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
}()

type checkoutField struct{ Name, Value string }

// checkoutForm serves the page that opens a payment's checkout. A payment
// that no longer waits (paid, released) sends the booker to its result
// page, which says what became of it. A wrong payment or token is answered
// as every other secret is: 404, a guess counted, and past the client's
// limit of guesses 429.
func (a paymentsAPI) checkoutForm(c *gin.Context) {
	payment, token, ok := a.paymentAsked(c, "token")
	if !ok {
		return
	}
	f, err := guardedToken(c.Request.Context(), a.s.limits, c.ClientIP(), func(ctx context.Context) (*payments.CheckoutForm, error) {
		return a.svc.FormFor(ctx, c.Param("provider"), payment, token)
	})
	if err != nil {
		cat := locales.Get(pages.ResolveLocale(c, ""))
		if !errors.Is(err, payments.ErrNotPayable) {
			a.s.apiError(c, err, cat)
			return
		}
		a.s.redirect(c, http.StatusSeeOther, route.Default().Href(cat.Locale, "verifyPayment", "", nil, url.Values{"payment": {payment}, "token": {token}}))
		return
	}
	action, err := url.Parse(f.Action)
	if err != nil || (action.Scheme != "https" && action.Scheme != "http") {
		apiError(c, http.StatusBadGateway, "provider_unavailable", "The payment provider's page cannot be opened")
		return
	}
	cat := locales.Get(f.Locale)
	names := make([]string, 0, len(f.Fields))
	for k := range f.Fields {
		names = append(names, k)
	}
	sort.Strings(names)
	fields := make([]checkoutField, 0, len(names))
	for _, k := range names {
		fields = append(fields, checkoutField{k, f.Fields.Get(k)})
	}
	c.Header("Content-Security-Policy", "default-src 'none'; script-src 'self'; style-src "+checkoutStyleHash+
		"; form-action 'self' "+action.Scheme+"://"+action.Host+"; base-uri 'none'; frame-ancestors 'none'")
	c.Header("Content-Type", "text/html; charset=utf-8")
	c.Status(http.StatusOK)
	_ = checkoutPage.Execute(c.Writer, map[string]any{
		"Lang": cat.Lang, "Title": cat.Format("payment.secure", nil), "Lead": cat.Format("payment.secureLead", nil),
		"Button": cat.Format("payment.payNowButton", map[string]string{"amount": locales.FormatMoney(cat.Lang, f.Currency, f.Amount)}),
		"Back":   cat.Format("payment.result.viewBooking", nil),
		"Action": template.URL(f.Action), // checked above: the provider's http(s) page
		"Fields": fields, "Result": f.Result,
	})
}

// paymentAsked reads the payment and its booking's token (under the name
// tokenParam) that the checkout page and the return address are asked
// for; without them, a 404. Their answers are one visitor's: never stored.
func (a paymentsAPI) paymentAsked(c *gin.Context, tokenParam string) (payment, token string, ok bool) {
	c.Header("Cache-Control", "no-store")
	payment, token = c.Query("payment"), c.Query(tokenParam)
	if a.svc == nil || payment == "" || token == "" {
		apiError(c, http.StatusNotFound, "not_found", "There is no such payment")
		return "", "", false
	}
	return payment, token, true
}

// checkoutScriptFile serves the page's script.
func (a paymentsAPI) checkoutScriptFile(c *gin.Context) {
	c.Header("Cache-Control", "public, max-age=86400")
	c.Data(http.StatusOK, "text/javascript; charset=utf-8", []byte(checkoutScript))
}

// providerReturn takes the answer a provider's checkout posts back with the
// booker (from the provider's site, as a form: security.go lets this one
// address take it) and sends them on to the result page, which asks the
// provider before it says anything.
func (a paymentsAPI) providerReturn(c *gin.Context) {
	payment, token, ok := a.paymentAsked(c, "token")
	if !ok {
		return
	}
	c.Request.Body = http.MaxBytesReader(c.Writer, c.Request.Body, 16<<10)
	if err := c.Request.ParseForm(); err != nil {
		apiError(c, http.StatusBadRequest, "bad_request", "The provider's answer cannot be read")
		return
	}
	a.returned(c, payment, token, c.Request.PostForm)
}

// providerRedirectReturn is where a provider that sends the booker back by
// a link of its own (payments.RedirectReturn: PayPal adds its token and
// PayerID) sends them: the booking's token goes by another name there.
func (a paymentsAPI) providerRedirectReturn(c *gin.Context) {
	payment, token, ok := a.paymentAsked(c, payments.ReturnKeyParam)
	if !ok {
		return
	}
	a.returned(c, payment, token, c.Request.URL.Query())
}

// returned sends the booker on to the result page, which asks the provider
// before it says anything.
func (a paymentsAPI) returned(c *gin.Context, payment, token string, answer url.Values) {
	next, err := guardedToken(c.Request.Context(), a.s.limits, c.ClientIP(), func(ctx context.Context) (string, error) {
		return a.svc.Returned(ctx, c.Param("provider"), payment, token, answer)
	})
	if err != nil {
		cat := locales.Get(pages.ResolveLocale(c, ""))
		a.s.apiError(c, err, cat)
		return
	}
	a.s.redirect(c, http.StatusSeeOther, next)
}
