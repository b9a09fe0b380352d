package web

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/url"

	"github.com/gin-gonic/gin"

	"slotwise/backend/internal/booking"
	"slotwise/backend/internal/limits"
	"slotwise/backend/internal/payments"
	"slotwise/backend/internal/route"
	"slotwise/backend/internal/web/pages"
)

// Payments is the payments feature: the payment result page (and its
// form that opens the checkout again), where a held booking is paid, and
// the providers' webhooks.
func Payments(svc *payments.Service) Feature { return paymentsFeature{svc: svc} }

type paymentsFeature struct{ svc *payments.Service }

func (f paymentsFeature) Register(r *Registry) {
	lim := r.Server().limits
	if f.svc != nil {
		r.server.checkout = f.svc.OpensCheckout
	}
	r.Page("verifyPayment", paymentResultLoader(f.svc, lim))
	r.Action("verifyPayment", payAction(f.svc, lim))
	h := paymentsAPI{s: r.Server(), svc: f.svc}
	api := r.API()
	api.POST("/bookings/:id/checkout", h.checkout)
	api.POST("/payments/:provider/webhook", h.webhook)
	api.GET("/payments/:provider/checkout", h.checkoutForm)
	api.POST("/payments/:provider/return", h.providerReturn)
	api.GET("/payments/:provider/return", h.providerRedirectReturn)
	api.GET("/payments/checkout.js", h.checkoutScriptFile)
	r.Errors(paymentErrors...)
}

// paymentErrors: how the payments' errors are answered.
var paymentErrors = []ErrorMapping{
	{Err: payments.ErrNotFound, Status: http.StatusNotFound, Code: "not_found", MessageID: "payment.error.notFound"},
	{Err: payments.ErrNotPayable, Status: http.StatusConflict, Code: "not_payable", MessageID: "payment.error.notPayable"},
	{Err: booking.ErrPaymentsOff, Status: http.StatusServiceUnavailable, Code: "payments_off", MessageID: "payment.error.notSetUp"},
	{Err: payments.ErrUnavailable, Status: http.StatusServiceUnavailable, Code: "provider_unavailable", MessageID: "payment.error.unavailable"},
}

// paymentResultLoader is the page the provider sends the booker back to:
// ?payment=…&token=… (and the provider's session id, which it does not
// need: the payment knows its session). It asks the provider before it
// says anything; the preview variant asks and records nothing.
func paymentResultLoader(svc *payments.Service, lim *limits.Limiter) pages.Loader {
	return func(ctx context.Context, req *pages.Request) (*pages.Result, error) {
		id, token := req.Query.Get("payment"), req.Query.Get("token")
		if svc == nil || id == "" || token == "" {
			return nil, &pages.Error{Status: http.StatusNotFound, Message: req.T("payment.error.notFound")}
		}
		preview := req.Match.Kind == "preview"
		res, err := guardedToken(ctx, lim, req.ClientIP, func(ctx context.Context) (*payments.Result, error) {
			return svc.Check(ctx, id, token, !preview, req.Query.Get("cancelled") == "1")
		})
		if err != nil {
			return nil, err
		}
		first := res.Bookings[0]
		data := PaymentResultData{
			State: res.State, Amount: res.Amount, Currency: res.Currency, Count: len(res.Bookings),
			Booking: booking.NewView(first, token, req.Locale, svc.Now()), HoldUntil: first.Money.HoldUntil,
			PayAgain:  first.Status == booking.StatusPending && first.Money.State == booking.MoneyHold && !preview,
			PaymentID: res.PaymentID, Token: token, Preview: preview,
		}
		title := req.T("payment.result." + res.State + ".title")
		return &pages.Result{Title: title + " · " + first.Calendar.Location.Name, Robots: "noindex", Brand: first.Calendar.Location.BrandColor,
			Data: data, Parts: []string{"payment-result"}}, nil
	}
}

// payAction opens the checkout of a held booking from a form (the result
// page's "pay now", the booking's page): 303 to the provider's page. When
// the checkout cannot open (the provider unreachable, payments off, the
// booking no longer waiting), the booker goes back to the booking's page,
// which says why; a wrong token is the payment page's 404.
func payAction(svc *payments.Service, lim *limits.Limiter) Action {
	return func(ctx context.Context, req *pages.Request, form url.Values) (string, error) {
		if svc == nil {
			return "", booking.ErrPaymentsOff
		}
		id, token := form.Get("booking"), form.Get("token")
		to, err := guardedToken(ctx, lim, req.ClientIP, func(ctx context.Context) (string, error) {
			o, err := svc.Checkout(ctx, id, token, req.Locale)
			return o.URL, err
		})
		for reason, cause := range paymentFailures {
			if errors.Is(err, cause) {
				return route.Default().Href(req.Locale, "bookingView", "", map[string]string{"ids": id}, url.Values{"token": {token}, "payment": {reason}}), nil
			}
		}
		return to, err
	}
}

// paymentFailures are the reasons a checkout did not open that the
// booking's page explains (?payment=…), and paymentNotices their messages.
var (
	paymentFailures = map[string]error{"unavailable": payments.ErrUnavailable, "off": booking.ErrPaymentsOff, "done": payments.ErrNotPayable}
	paymentNotices  = map[string]string{"unavailable": "payment.error.unavailable", "off": "payment.error.notSetUp", "done": "payment.error.notPayable"}
)

// paymentsAPI holds the payments endpoints' handlers.
type paymentsAPI struct {
	s   *Server
	svc *payments.Service
}

// checkout answers where a held booking is paid.
func (a paymentsAPI) checkout(c *gin.Context) {
	var req CheckoutRequest
	if !decode(c, &req) {
		return
	}
	cat := apiLocale(c, req.Locale)
	c.Header("Cache-Control", "no-store")
	if a.svc == nil {
		a.s.apiError(c, booking.ErrPaymentsOff, cat)
		return
	}
	o, err := guardedToken(c.Request.Context(), a.s.limits, c.ClientIP(), func(ctx context.Context) (payments.Opened, error) {
		return a.svc.Checkout(ctx, c.Param("id"), req.Token, cat.Locale)
	})
	if err != nil {
		a.s.apiError(c, err, cat)
		return
	}
	c.JSON(http.StatusOK, CheckoutResponse{URL: o.URL, Result: o.Result})
}

// maxEventBytes bounds a provider's event delivery.
const maxEventBytes = 512 << 10

// webhook takes in a provider's event: the signature over the raw body is
// checked, the event stored once, and the answer given; the work follows
// through the event consumer. A database failure answers 500, so the
// provider delivers again.
func (a paymentsAPI) webhook(c *gin.Context) {
	if a.svc == nil {
		apiError(c, http.StatusNotFound, "not_found", "No such payment provider is set up")
		return
	}
	body, err := io.ReadAll(http.MaxBytesReader(c.Writer, c.Request.Body, maxEventBytes))
	if err != nil {
		apiError(c, http.StatusRequestEntityTooLarge, "too_large", "The event is too large")
		return
	}
	err = a.svc.TakeEvent(c.Request.Context(), c.Param("provider"), body, c.Request.Header)
	switch {
	case errors.Is(err, payments.ErrNoAccount): // none of the business's accounts, live or retired, nor the operator's
		apiError(c, http.StatusNotFound, "not_found", "No such payment provider is set up")
	case errors.Is(err, payments.ErrBadSignature):
		apiError(c, http.StatusBadRequest, "bad_signature", "The event's signature does not verify")
	case errors.Is(err, payments.ErrBadEvent):
		apiError(c, http.StatusBadRequest, "bad_event", "The event cannot be read")
	case errors.Is(err, payments.ErrUnavailable): // the provider must be asked and cannot be: it delivers again
		a.s.log.WarnContext(c.Request.Context(), "unable to verify a payment event", "provider", c.Param("provider"), "err", err)
		c.Header("Retry-After", "60")
		apiError(c, http.StatusServiceUnavailable, "unavailable", "The event cannot be verified now; deliver it again")
	case err != nil:
		a.s.log.ErrorContext(c.Request.Context(), "unable to take in a payment event", "err", err)
		apiError(c, http.StatusInternalServerError, "internal", "The event could not be stored; deliver it again")
	default:
		c.JSON(http.StatusOK, gin.H{"received": true})
	}
}
