package payments

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"

	"github.com/jackc/pgx/v5"

	"slotwise/backend/internal/db"
)

// Payment statuses: one checkout attempt's.
const (
	statusOpen       = "open"
	statusProcessing = "processing"
	statusPaid       = "paid"
	statusFailed     = "failed"
	statusExpired    = "expired"
)

// payment is one checkout attempt.
type payment struct {
	ID, BookingID, OrderID, Provider, Currency, Locale, Status string // one of BookingID, OrderID
	Amount, Refunded                                           int64
	SessionID, IntentID, URL, RefundID                         string
	AccountID                                                  *int64 // the business's account that took it; nil: the operator's
}

// store holds the SQL of payments, one function per query.
type store struct{}

const paymentColumns = `id, coalesce(booking_id, ''), coalesce(order_id, ''), provider, amount_cents, currency, locale, status,
	coalesce(session_id, ''), coalesce(intent_id, ''), coalesce(checkout_url, ''), coalesce(refund_id, ''), refunded_cents, account_id`

func scanPayment(row pgx.Row) (*payment, error) {
	p := &payment{}
	err := row.Scan(&p.ID, &p.BookingID, &p.OrderID, &p.Provider, &p.Amount, &p.Currency, &p.Locale, &p.Status,
		&p.SessionID, &p.IntentID, &p.URL, &p.RefundID, &p.Refunded, &p.AccountID)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("payments: unable to fetch payment: %w", err)
	}
	return p, nil
}

func newPaymentID() string {
	b := make([]byte, 16)
	if _, err := rand.Read(b); err != nil {
		panic(err) // crypto/rand does not fail on Linux
	}
	return "pay_" + base64.RawURLEncoding.EncodeToString(b)
}

// plausibleID keeps odd bytes away from the database.
func plausibleID(id string) bool {
	return len(id) > 4 && len(id) <= 64 && strings.Trim(id, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-") == ""
}

func (store) payment(ctx context.Context, q db.Querier, id string) (*payment, error) {
	if !plausibleID(id) {
		return nil, ErrNotFound
	}
	return scanPayment(q.QueryRow(ctx, `SELECT `+paymentColumns+` FROM payments WHERE id = $1 AND location_id = $2`, id, db.ThisBusiness))
}

func (store) bySession(ctx context.Context, q db.Querier, provider, session string) (*payment, error) {
	return scanPayment(q.QueryRow(ctx, `SELECT `+paymentColumns+` FROM payments WHERE provider = $1 AND session_id = $2 AND location_id = $3`,
		provider, session, db.ThisBusiness))
}

// operatorsSession is the business whose payment through the operator's
// account a provider's session is, looked for across businesses (q works
// for every business): the operator's account settles only what it took.
func (store) operatorsSession(ctx context.Context, q db.Querier, provider, session string) (int64, error) {
	var id int64
	err := q.QueryRow(ctx, `SELECT location_id FROM payments WHERE provider = $1 AND session_id = $2 AND account_id IS NULL`,
		provider, session).Scan(&id)
	return id, err
}

func (store) bySessionForUpdate(ctx context.Context, q db.Querier, provider, session string) (*payment, error) {
	return scanPayment(q.QueryRow(ctx, `SELECT `+paymentColumns+` FROM payments WHERE provider = $1 AND session_id = $2 AND location_id = $3 FOR UPDATE`,
		provider, session, db.ThisBusiness))
}

// openPayment returns the booking's unsettled payment, or makes one.
// Two requests at once meet at the unique index and share one row.
func (store) openPayment(ctx context.Context, q db.Querier, bookingID, provider string, account *int64, amount int64, currency, locale string) (*payment, error) {
	if _, err := q.Exec(ctx, `INSERT INTO payments (id, booking_id, provider, account_id, amount_cents, currency, locale)
		VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (booking_id, location_id) WHERE status IN ('open', 'processing') DO NOTHING`,
		newPaymentID(), bookingID, provider, account, amount, currency, locale); err != nil {
		return nil, fmt.Errorf("payments: unable to open a payment for %q: %w", bookingID, err)
	}
	p, err := scanPayment(q.QueryRow(ctx, `SELECT `+paymentColumns+` FROM payments
		WHERE booking_id = $1 AND location_id = $2 AND status IN ('open', 'processing')`, bookingID, db.ThisBusiness))
	if err != nil {
		return nil, err
	}
	if p.Status == statusProcessing {
		return nil, ErrNotPayable
	}
	return p, nil
}

// opened records a payment's checkout, unless another was recorded first
// (two clicks at once at a provider without idempotency keys made two):
// the payment then keeps the first, the only one ever shown.
func (store) opened(ctx context.Context, q db.Querier, id string, s Session) error {
	_, err := q.Exec(ctx, `UPDATE payments SET session_id = $2, checkout_url = $3, intent_id = nullif($4, ''), updated_at = now()
		WHERE id = $1 AND location_id = $5 AND session_id IS NULL`, id, s.ID, s.URL, s.IntentID, db.ThisBusiness)
	if err != nil {
		return fmt.Errorf("payments: unable to record the checkout of %q: %w", id, err)
	}
	return nil
}

// openedAs is opened, answering the payment as it then stands: the
// checkout it now has, or, when another opened it first, that one's.
func (st store) openedAs(ctx context.Context, q db.Querier, id string, s Session) (*payment, error) {
	p, err := scanPayment(q.QueryRow(ctx, `UPDATE payments SET session_id = $2, checkout_url = $3, intent_id = nullif($4, ''), updated_at = now()
		WHERE id = $1 AND location_id = $5 AND session_id IS NULL RETURNING `+paymentColumns, id, s.ID, s.URL, s.IntentID, db.ThisBusiness))
	if errors.Is(err, ErrNotFound) {
		return st.payment(ctx, q, id)
	}
	if err != nil {
		return nil, fmt.Errorf("payments: unable to record the checkout of %q: %w", id, err)
	}
	return p, nil
}

func (store) markPaid(ctx context.Context, q db.Querier, id, intent string, amount int64) error {
	_, err := q.Exec(ctx, `UPDATE payments SET status = 'paid', intent_id = coalesce(nullif($2, ''), intent_id),
		amount_cents = $3, paid_at = now(), updated_at = now() WHERE id = $1 AND location_id = $4`, id, intent, amount, db.ThisBusiness)
	if err != nil {
		return fmt.Errorf("payments: unable to mark %q paid: %w", id, err)
	}
	return nil
}

// settle moves an unsettled payment to status; a settled one stays.
func (store) settle(ctx context.Context, q db.Querier, id, status string) error {
	_, err := q.Exec(ctx, `UPDATE payments SET status = $2, updated_at = now() WHERE id = $1 AND location_id = $3 AND status IN ('open', 'processing')`, id, status, db.ThisBusiness)
	if err != nil {
		return fmt.Errorf("payments: unable to mark %q %s: %w", id, status, err)
	}
	return nil
}

// unsettled lists a booking's open or processing payments.
func (store) unsettled(ctx context.Context, q db.Querier, bookingID string) ([]*payment, error) {
	return collect(q.Query(ctx, `SELECT `+paymentColumns+` FROM payments WHERE booking_id = $1 AND location_id = $2 AND status IN ('open', 'processing')`, bookingID, db.ThisBusiness))
}

// paidFor is a booking's paid payment.
func (store) paidFor(ctx context.Context, q db.Querier, bookingID string) (*payment, error) {
	return scanPayment(q.QueryRow(ctx, `SELECT `+paymentColumns+` FROM payments WHERE booking_id = $1 AND location_id = $2 AND status = 'paid'
		ORDER BY paid_at LIMIT 1`, bookingID, db.ThisBusiness))
}

func (store) refunded(ctx context.Context, q db.Querier, id, refundID string, amount int64) error {
	_, err := q.Exec(ctx, `UPDATE payments SET refund_id = $2, refunded_cents = least(amount_cents, refunded_cents + $3), updated_at = now()
		WHERE id = $1 AND location_id = $4`, id, refundID, amount, db.ThisBusiness)
	if err != nil {
		return fmt.Errorf("payments: unable to record the refund of %q: %w", id, err)
	}
	return nil
}

func collect(rows pgx.Rows, err error) ([]*payment, error) {
	if err != nil {
		return nil, fmt.Errorf("payments: unable to list payments: %w", err)
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (*payment, error) { return scanPayment(r) })
}
