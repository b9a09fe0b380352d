package payments

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5"

	"slotwise/backend/internal/booking"
	"slotwise/backend/internal/db"
	"slotwise/backend/internal/events"
	"slotwise/locales"
)

// Orders is the shop as this package sees it (shop.Service): what an
// order owes, and where its money is recorded. Given at construction
// (WithOrders); without it no order is paid.
type Orders interface {
	// Due is what the order its secret opens owes now; ErrNotPayable
	// when it is not waiting for its payment.
	Due(ctx context.Context, orderID, secret string) (OrderDue, error)
	// Holding tells whether the order still holds its stock, unpaid: a
	// Capturer's approval is captured only then.
	Holding(ctx context.Context, orderID string) (bool, error)
	// ResultPath is the order's result page, which its secret opens.
	ResultPath(locale, orderID, secret string, cancelled bool) string
	// RecordPayment records the order's money, in tx, once.
	RecordPayment(ctx context.Context, tx pgx.Tx, orderID string, amount int64) error
	// RefundDue is what the order owes back now, and what it gave back
	// before.
	RefundDue(ctx context.Context, orderID string) (due, refunded int64, err error)
	// RecordRefund records money given back, in tx, once.
	RecordRefund(ctx context.Context, tx pgx.Tx, orderID string, amount int64) error
}

// OrderDue is an order waiting for its payment.
type OrderDue struct {
	Amount      int64
	Currency    string
	Email       string
	Locale      string
	Description string // what is bought, in the buyer's language
	HoldUntil   time.Time
}

// WithOrders lets the service take the payments of the shop's orders.
// For the construction of the service: it returns s.
func (s *Service) WithOrders(o Orders) *Service {
	s.orders = o
	return s
}

// TakesOrders tells whether the business ctx works for can be paid for
// its orders online: the shop is wired, and a provider takes its money.
func (s *Service) TakesOrders(ctx context.Context) (bool, error) {
	if s.orders == nil {
		return false, nil
	}
	l, err := s.bookings.Business(ctx)
	if err != nil {
		return false, err
	}
	return s.chosen(l) != "", nil
}

// CheckoutOrder returns where the buyer pays the order its secret opens:
// its open checkout's address, or a new checkout's at the provider the
// business chose. As for a booking, only the provider's call runs
// outside a transaction, keyed by the payment's id.
func (s *Service) CheckoutOrder(ctx context.Context, orderID, secret string) (Opened, error) {
	if s.orders == nil {
		return Opened{}, booking.ErrPaymentsOff
	}
	due, err := s.orders.Due(ctx, orderID, secret)
	if err != nil {
		return Opened{}, err
	}
	return s.CheckoutNewOrder(ctx, orderID, secret, due)
}

// CheckoutNewOrder is CheckoutOrder for an order its caller has just
// written, pending, and knows what it owes: it is not read again.
func (s *Service) CheckoutNewOrder(ctx context.Context, orderID, secret string, due OrderDue) (Opened, error) {
	if s.orders == nil {
		return Opened{}, booking.ErrPaymentsOff
	}
	l, err := s.bookings.Business(ctx)
	if err != nil {
		return Opened{}, err
	}
	chosen := s.chosen(l)
	if chosen == "" {
		return Opened{}, booking.ErrPaymentsOff
	}
	live, err := s.live(ctx, chosen)
	if err != nil {
		return Opened{}, err
	}
	if live.provider == nil {
		return Opened{}, booking.ErrPaymentsOff
	}
	p, err := s.store.openOrderPayment(ctx, s.pool, orderID, chosen, live.id, due.Amount, due.Currency, due.Locale)
	if err != nil {
		return Opened{}, err
	}
	provider := live.provider
	if p.Provider != chosen || !sameAccount(p.AccountID, live.id) { // made before the business changed its account
		if provider, err = s.ofPayment(ctx, p); err != nil {
			return Opened{}, err
		}
	}
	if provider == nil {
		return Opened{}, booking.ErrPaymentsOff
	}
	result := s.orders.ResultPath(p.Locale, orderID, secret, false)
	if p.URL != "" {
		return Opened{URL: s.openURL(ctx, provider, p, secret), Result: result}, nil
	}
	sess, err := provider.Checkout(ctx, s.orderCheckoutRequest(ctx, provider, p, due, l.Name, secret))
	if err != nil {
		return Opened{}, err
	}
	if p, err = s.store.openedAs(ctx, s.pool, p.ID, sess); err != nil {
		return Opened{}, err
	}
	s.log.InfoContext(ctx, "checkout opened", slog.String("payment", p.ID), slog.String("order", orderID),
		slog.String("provider", provider.Name()), slog.Int64("amount", p.Amount))
	return Opened{URL: s.openURL(ctx, provider, p, secret), Result: result}, nil
}

func (s *Service) orderCheckoutRequest(ctx context.Context, provider Provider, p *payment, due OrderDue, merchant, secret string) CheckoutRequest {
	success := s.base(ctx) + s.orders.ResultPath(p.Locale, p.OrderID, secret, false) + "&session_id=" + SessionIDTemplate
	cancel := s.base(ctx) + s.orders.ResultPath(p.Locale, p.OrderID, secret, true) + "&session_id=" + SessionIDTemplate
	switch provider.(type) {
	case FormCheckout:
		success = s.base(ctx) + "/api/payments/" + provider.Name() + "/return?payment=" + p.ID + "&token=" + secret
	case RedirectReturn:
		success = s.base(ctx) + "/api/payments/" + provider.Name() + "/return?payment=" + p.ID + "&" + ReturnKeyParam + "=" + secret
		cancel = success + "&cancelled=1"
	}
	life := max(due.HoldUntil.Sub(s.Now()), minCheckoutLife)
	return CheckoutRequest{
		Key: p.ID, Amount: p.Amount, Currency: p.Currency, Email: due.Email, Description: due.Description, Merchant: merchant,
		Locale: locales.Get(p.Locale).Lang, Reference: p.OrderID, PaymentID: p.ID,
		SuccessURL: success, CancelURL: cancel, ExpiresAt: time.Now().Add(life).Unix(), // real time: the provider's clock
	}
}

// AskOrder asks the provider about the order's unsettled checkout and
// records what it says, for the result page: the webhook may not have
// come yet, and the buyer sees "paid" only once it is.
func (s *Service) AskOrder(ctx context.Context, orderID string) error {
	open, err := s.store.unsettledOrder(ctx, s.pool, orderID)
	if err != nil {
		return err
	}
	for _, p := range open {
		if p.SessionID == "" {
			continue
		}
		provider, err := s.ofPayment(ctx, p)
		if err != nil || provider == nil {
			return err
		}
		sess, err := provider.Session(ctx, p.SessionID)
		if err == nil && sess.Status == SessionApproved {
			var captured bool
			if sess, captured, err = s.captureHeld(ctx, p.Provider, p.SessionID); err == nil && !captured {
				continue
			}
		}
		if err != nil {
			s.log.WarnContext(ctx, "unable to ask the provider about an order's payment", slog.String("payment", p.ID), slog.Any("err", err))
			continue
		}
		if sess.Paid {
			if err := s.recordPaid(ctx, p.Provider, Event{SessionID: sess.ID, Paid: true, IntentID: sess.IntentID, Amount: sess.Amount}); err != nil {
				return err
			}
		}
	}
	return nil
}

// ErrStillConfirming is an order's payment that a delayed method is
// still confirming: its checkout cannot be closed, and its stock stays
// held until the provider says.
var ErrStillConfirming = errors.New("payments: the order's payment is still being confirmed")

// CloseOrder closes the order's open checkouts at their provider before
// its stock is released (shop.Payments): each is asked first, and one the
// provider says was paid is recorded as paid instead of closed.
func (s *Service) CloseOrder(ctx context.Context, orderID string) error {
	open, err := s.store.unsettledOrder(ctx, s.pool, orderID)
	if err != nil {
		return err
	}
	for _, p := range open {
		if p.Status == statusProcessing {
			return ErrStillConfirming
		}
		if p.SessionID == "" {
			if err := s.store.settle(ctx, s.pool, p.ID, statusExpired); err != nil {
				return err
			}
			continue
		}
		provider, err := s.ofPayment(ctx, p)
		if err != nil {
			return err
		}
		if provider == nil {
			return fmt.Errorf("payments: the account that opened payment %s cannot be used; its checkout stays open", p.ID)
		}
		sess, err := provider.Session(ctx, p.SessionID)
		if err != nil {
			return err
		}
		if sess.Paid {
			if err := s.recordPaid(ctx, p.Provider, Event{SessionID: sess.ID, Paid: true, IntentID: sess.IntentID, Amount: sess.Amount}); err != nil {
				return err
			}
			continue
		}
		if sess.Status != SessionExpired && sess.Status != SessionFailed {
			if err := provider.Expire(ctx, p.SessionID); err != nil {
				return err
			}
		}
		if err := s.store.settle(ctx, s.pool, p.ID, statusExpired); err != nil {
			return err
		}
	}
	return nil
}

// refundOrder gives back what an order owes, after the shop recorded it
// due: the provider is called outside any transaction with a key made of
// the order and what it had given back before, so a repeat refunds once.
func (s *Service) refundOrder(ctx context.Context, orderID string) (events.Commit, error) {
	due, refunded, err := s.orders.RefundDue(ctx, orderID)
	if err != nil || due <= 0 {
		return func(context.Context, pgx.Tx) error { return nil }, err
	}
	p, err := s.store.paidForOrder(ctx, s.pool, orderID)
	if err != nil {
		return nil, err
	}
	refundID, err := s.refundAt(ctx, p, "refund-"+orderID+"-"+strconv.FormatInt(refunded, 10), due)
	if err != nil {
		return nil, err
	}
	s.log.InfoContext(ctx, "refunded", slog.String("order", orderID), slog.String("payment", p.ID), slog.Int64("amount", due))
	return func(ctx context.Context, tx pgx.Tx) error {
		if err := s.orders.RecordRefund(ctx, tx, orderID, due); err != nil {
			return err
		}
		return s.store.refunded(ctx, tx, p.ID, refundID, due)
	}, nil
}

// openOrderPayment returns the order's unsettled payment, or makes one.
func (store) openOrderPayment(ctx context.Context, q db.Querier, orderID, provider string, account *int64, amount int64, currency, locale string) (*payment, error) {
	// One round trip: the new payment, or the open one a concurrent
	// checkout of the same order made (which the statement's snapshot
	// may not see yet: then it is read again).
	p, err := scanPayment(q.QueryRow(ctx, `WITH made AS (
			INSERT INTO payments (id, order_id, provider, account_id, amount_cents, currency, locale)
			VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (order_id, location_id) WHERE status IN ('open', 'processing') DO NOTHING
			RETURNING `+paymentColumns+`)
		SELECT * FROM made UNION ALL
		SELECT `+paymentColumns+` FROM payments WHERE order_id = $2 AND location_id = $8 AND status IN ('open', 'processing') AND NOT EXISTS (SELECT 1 FROM made)`,
		newPaymentID(), orderID, provider, account, amount, currency, locale, db.ThisBusiness))
	if errors.Is(err, ErrNotFound) {
		p, err = scanPayment(q.QueryRow(ctx, `SELECT `+paymentColumns+` FROM payments
			WHERE order_id = $1 AND location_id = $2 AND status IN ('open', 'processing')`, orderID, db.ThisBusiness))
	}
	if err != nil {
		return nil, fmt.Errorf("payments: unable to open a payment for %q: %w", orderID, err)
	}
	if p.Status == statusProcessing {
		return nil, ErrNotPayable
	}
	return p, nil
}

func (store) unsettledOrder(ctx context.Context, q db.Querier, orderID string) ([]*payment, error) {
	return collect(q.Query(ctx, `SELECT `+paymentColumns+` FROM payments WHERE order_id = $1 AND location_id = $2 AND status IN ('open', 'processing')`,
		orderID, db.ThisBusiness))
}

func (store) paidForOrder(ctx context.Context, q db.Querier, orderID string) (*payment, error) {
	return scanPayment(q.QueryRow(ctx, `SELECT `+paymentColumns+` FROM payments WHERE order_id = $1 AND location_id = $2 AND status = 'paid'
		ORDER BY paid_at LIMIT 1`, orderID, db.ThisBusiness))
}
