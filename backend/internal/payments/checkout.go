package payments

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"time"

	"slotwise/backend/internal/booking"
	"slotwise/backend/internal/db"
	"slotwise/backend/internal/route"
	"slotwise/locales"
)

// Opened is a checkout: the provider's page, and ours that follows the
// payment (a widget in another site's frame shows it while the booker pays
// in a tab of their own: providers refuse to be framed).
type Opened struct {
	URL    string
	Result string // a path
}

// Checkout returns where the booker pays the bookings made with the one
// their token opens: the open checkout's address, or a new checkout's.
// Only the provider call runs outside a transaction; its idempotency key
// is the payment's id, so two clicks at once open one checkout. A
// provider opened by a form (FormCheckout) is reached through our own
// page that posts it (FormFor).
func (s *Service) Checkout(ctx context.Context, bookingID, token, locale string) (Opened, error) {
	u, paymentID, err := s.checkout(ctx, bookingID, token, locale)
	if err != nil {
		return Opened{}, err
	}
	result := route.Default().Href(locale, "verifyPayment", "", nil, url.Values{"payment": {paymentID}, "token": {token}})
	return Opened{URL: u, Result: result}, nil
}

// payable is the group of bookings a token opens, while it waits for its
// payment: first is the one the payment is made for.
func (s *Service) payable(ctx context.Context, bookingID, token string) (group []*booking.Booking, amount int64, err error) {
	b, err := s.bookings.Get(ctx, bookingID, token)
	if err != nil {
		return nil, 0, err
	}
	if group, err = s.bookings.MadeWith(ctx, s.pool, b.ID); err != nil {
		return nil, 0, err
	}
	first := group[0]
	if first.Status != booking.StatusPending || first.Money.State != booking.MoneyHold || first.Money.HoldUntil == nil {
		return nil, 0, ErrNotPayable
	}
	for _, each := range group {
		amount += each.Money.PayNow
	}
	return group, amount, nil
}

func (s *Service) checkout(ctx context.Context, bookingID, token, locale string) (checkoutURL, paymentID string, err error) {
	group, amount, err := s.payable(ctx, bookingID, token)
	if err != nil {
		return "", "", err
	}
	first := group[0]
	chosen := s.chosen(first.Calendar.Location)
	if chosen == "" {
		return "", "", booking.ErrPaymentsOff
	}
	live, err := s.live(ctx, chosen)
	if err != nil {
		return "", "", err
	}
	if live.provider == nil {
		return "", "", booking.ErrPaymentsOff
	}
	p, err := s.store.openPayment(ctx, s.pool, first.ID, chosen, live.id, amount, first.Money.Currency, locale)
	if err != nil {
		return "", "", err
	}
	provider, err := s.ofPayment(ctx, p) // an open payment keeps the account it was opened with
	if err != nil {
		return "", "", err
	}
	if provider == nil {
		return "", "", booking.ErrPaymentsOff
	}
	if p.URL != "" {
		return s.openURL(ctx, provider, p, token), p.ID, nil
	}
	sess, err := provider.Checkout(ctx, s.checkoutRequest(ctx, provider, p, first, token))
	if err != nil {
		return "", "", err
	}
	if err := s.store.opened(ctx, s.pool, p.ID, sess); err != nil {
		return "", "", err
	}
	if p, err = s.store.payment(ctx, s.pool, p.ID); err != nil { // the checkout recorded first
		return "", "", err
	}
	s.log.InfoContext(ctx, "checkout opened", slog.String("payment", p.ID), slog.String("booking", first.ID),
		slog.String("provider", provider.Name()), slog.Int64("amount", amount))
	return s.openURL(ctx, provider, p, token), p.ID, nil
}

// checkoutRequest is what a provider is asked for payment p of the bookings
// made with first; the same payment always asks the same (but its expiry).
func (s *Service) checkoutRequest(ctx context.Context, provider Provider, p *payment, first *booking.Booking, token string) CheckoutRequest {
	success, cancel := s.returnURLs(ctx, provider, p.Locale, p.ID, token)
	// Stripe judges a session's expiry by its own clock, the real one: the
	// hold's time left, on the bookings' clock, counted from the real now.
	life := max(first.Money.HoldUntil.Sub(s.Now()), minCheckoutLife)
	expires := time.Now().Add(life) // real time: Stripe's clock
	return CheckoutRequest{
		Key: p.ID, Amount: p.Amount, Currency: p.Currency, Email: first.Contact.Email,
		// The service as the booker read it: in the language they pay in.
		Description: first.Calendar.In(p.Locale).Name + " · " + first.Calendar.Location.Name, Merchant: first.Calendar.Location.Name,
		Locale: locales.Get(p.Locale).Lang, Reference: first.ID, PaymentID: p.ID,
		SuccessURL: success, CancelURL: cancel, ExpiresAt: expires.Unix(),
	}
}

// openURL is where the booker goes to pay: the provider's page, or for a
// provider opened by a form, our page that posts it.
func (s *Service) openURL(ctx context.Context, provider Provider, p *payment, token string) string {
	if _, ok := provider.(FormCheckout); ok {
		return s.base(ctx) + fmt.Sprintf("/api/payments/%s/checkout?%s", provider.Name(), url.Values{"payment": {p.ID}, "token": {token}}.Encode())
	}
	return p.URL
}

// returnURLs are where the provider sends the booker back: the result
// page, which carries the booking's manage secret (the provider is trusted
// with the booker's card, and the page needs it to show the booking) and
// the provider's session id (SessionIDTemplate). A provider that posts its
// answer back (FormCheckout) posts it to our return address, which sends
// the booker on to the result page.
func (s *Service) returnURLs(ctx context.Context, provider Provider, locale, paymentID, token string) (success, cancel string) {
	result := s.base(ctx) + route.Default().Href(locale, "verifyPayment", "callback", nil, url.Values{"payment": {paymentID}, "token": {token}}) +
		"&session_id=" + SessionIDTemplate
	success, cancel = result, result+"&cancelled=1"
	switch provider.(type) {
	case FormCheckout:
		success = s.base(ctx) + "/api/payments/" + provider.Name() + "/return?" + url.Values{"payment": {paymentID}, "token": {token}}.Encode()
	case RedirectReturn:
		success = s.base(ctx) + "/api/payments/" + provider.Name() + "/return?" + url.Values{"payment": {paymentID}, ReturnKeyParam: {token}}.Encode()
		cancel = success + "&cancelled=1"
	}
	return success, cancel
}

// CheckoutForm is the form our page posts to open a FormCheckout
// provider's checkout.
type CheckoutForm struct {
	Action   string // the provider's page
	Fields   url.Values
	Amount   int64
	Currency string
	Locale   string // the booker's, as the payment was opened
	Result   string // our result page, the way back
}

// FormFor is the form that opens the checkout of a payment still waiting.
// The token opens it, as it opens the booking.
func (s *Service) FormFor(ctx context.Context, provider, paymentID, token string) (*CheckoutForm, error) {
	p, err := s.store.payment(ctx, s.pool, paymentID)
	if err != nil {
		return nil, err
	}
	if p.Provider != provider {
		return nil, ErrNotFound
	}
	took, err := s.ofPayment(ctx, p)
	if err != nil {
		return nil, err
	}
	fc, ok := took.(FormCheckout)
	if !ok {
		return nil, ErrNotFound
	}
	var req CheckoutRequest
	result := ""
	if p.OrderID != "" {
		if s.orders == nil {
			return nil, ErrNotFound
		}
		due, err := s.orders.Due(ctx, p.OrderID, token)
		if err != nil {
			return nil, err
		}
		l, err := s.bookings.Business(ctx)
		if err != nil {
			return nil, err
		}
		req, result = s.orderCheckoutRequest(ctx, fc, p, due, l.Name, token), s.orders.ResultPath(p.Locale, p.OrderID, token, false)
	} else {
		group, _, err := s.payable(ctx, p.BookingID, token)
		if err != nil {
			return nil, err
		}
		req = s.checkoutRequest(ctx, fc, p, group[0], token)
		result = route.Default().Href(p.Locale, "verifyPayment", "", nil, url.Values{"payment": {p.ID}, "token": {token}})
	}
	if p.Provider != provider || p.Status != statusOpen || p.SessionID == "" {
		return nil, ErrNotPayable
	}
	return &CheckoutForm{Action: p.URL, Fields: fc.CheckoutForm(p.SessionID, req), Amount: p.Amount, Currency: p.Currency, Locale: p.Locale,
		Result: result}, nil
}

// Returned reads the answer a FormCheckout provider posts back with the
// booker, or the address a RedirectReturn provider sends them back to, and
// names the result page to send them on to. The page asks the provider
// before it says anything; an answer that does not verify (the booker
// cancelled, or someone forged it) shows it as left unpaid.
func (s *Service) Returned(ctx context.Context, provider, paymentID, token string, form url.Values) (string, error) {
	var left func() bool
	p, err := s.store.payment(ctx, s.pool, paymentID)
	if err != nil {
		return "", err
	}
	if p.Provider != provider {
		return "", ErrNotFound
	}
	took, err := s.ofPayment(ctx, p)
	if err != nil {
		return "", err
	}
	switch took := took.(type) {
	case FormCheckout:
		left = func() bool { return !took.VerifyReturn(form) }
	case RedirectReturn:
		left = func() bool { return form.Get("cancelled") != "" }
	default:
		return "", ErrNotFound
	}
	if p.OrderID != "" {
		if s.orders == nil {
			return "", ErrNotFound
		}
		if _, err := s.orders.Due(ctx, p.OrderID, token); err != nil && !errors.Is(err, ErrNotPayable) {
			return "", err
		}
		return s.orders.ResultPath(p.Locale, p.OrderID, token, left()), nil
	}
	if _, err := s.bookings.Get(ctx, p.BookingID, token); err != nil {
		return "", err
	}
	q := url.Values{"payment": {p.ID}, "token": {token}}
	if left() {
		q.Set("cancelled", "1")
	}
	return route.Default().Href(p.Locale, "verifyPayment", "", nil, q), nil
}

// OpensCheckout tells whether u is the provider's page of one of the
// business's open checkouts: the only other site a form's answer sends a
// visitor to (web's actions), so no post can make the server redirect
// anywhere else.
func (s *Service) OpensCheckout(ctx context.Context, u string) (bool, error) {
	if len(u) > 2048 {
		return false, nil
	}
	var found bool
	err := s.pool.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM payments WHERE location_id = $1 AND checkout_url = $2 AND status IN ('open', 'processing'))`,
		db.ThisBusiness, u).Scan(&found)
	return found, err
}
