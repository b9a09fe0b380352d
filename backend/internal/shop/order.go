package shop

import (
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"slotwise/backend/internal/db"
)

// Order statuses.
const (
	StatusPending   = "pending"
	StatusPaid      = "paid"
	StatusFulfilled = "fulfilled"
	StatusExpired   = "expired"
	StatusCancelled = "cancelled"
	StatusRefunded  = "refunded"
)

// Where an order's stock stands.
const (
	stockHeld     = "held"
	stockTaken    = "taken"
	stockReleased = "released"
	stockReturned = "returned"
)

// Address is where an order is shipped.
type Address struct {
	Line1      string `json:"line1"`
	Line2      string `json:"line2,omitempty"`
	PostalCode string `json:"postalCode"`
	City       string `json:"city"`
	Country    string `json:"country"` // ISO 3166-1 alpha-2
}

// Order is a buyer's order.
type Order struct {
	ID            string     `json:"id"`
	Number        int64      `json:"number"`
	Status        string     `json:"status"`
	Locale        string     `json:"locale"`
	Email         string     `json:"email"`
	Name          string     `json:"name"`
	Phone         string     `json:"phone,omitempty"`
	Delivery      string     `json:"delivery"`
	Address       *Address   `json:"address,omitempty"`
	Currency      string     `json:"currency"`
	SubtotalCents int64      `json:"subtotalCents"`
	ShippingCents int64      `json:"shippingCents"`
	TaxCents      int64      `json:"taxCents"`
	TotalCents    int64      `json:"totalCents"`
	TaxInclusive  bool       `json:"taxInclusive"`
	TaxName       string     `json:"taxName,omitempty"`      // "VAT", as the receipt names it
	ShippingName  string     `json:"shippingName,omitempty"` // the shipping rate's name
	PaidCents     int64      `json:"paidCents"`
	RefundedCents int64      `json:"refundedCents"`
	RefundDue     int64      `json:"refundDueCents,omitempty"`
	HoldUntil     time.Time  `json:"holdUntil"`
	ReadyAt       *time.Time `json:"readyAt,omitempty"`     // a pick-up's promise
	ReadyToldAt   *time.Time `json:"readyToldAt,omitempty"` // when the buyer was told it is ready
	TrackingURL   string     `json:"trackingUrl,omitempty"`
	CreatedAt     time.Time  `json:"createdAt"`
	PaidAt        *time.Time `json:"paidAt,omitempty"`
	FulfilledAt   *time.Time `json:"fulfilledAt,omitempty"`
	Lines         []Line     `json:"lines"`

	cart      string
	stock     string
	tokenHash []byte
}

// Opens tells whether secret opens the order: its own token (the mails'
// and the result page's), or the cart it was made from (the buyer's
// cookie, which a second submit of the checkout carries).
func (o *Order) Opens(secret string) bool {
	if secret == "" {
		return false
	}
	h := hashToken(secret)
	return subtle.ConstantTimeCompare(h, o.tokenHash) == 1 || subtle.ConstantTimeCompare([]byte(secret), []byte(o.cart)) == 1
}

// SoldOut tells whether the order was paid after its hold ended, when
// what it bought had been sold meanwhile: its money goes back.
func (o *Order) SoldOut() bool { return o.PaidCents > 0 && o.stock == stockReleased }

func hashToken(token string) []byte {
	h := sha256.Sum256([]byte(token))
	return h[:]
}

// newOrderID is an order's public id.
func newOrderID() string { return "ord_" + randomString(15) }

// plausibleOrderID keeps odd bytes away from the database.
func plausibleOrderID(id string) bool {
	rest, ok := strings.CutPrefix(id, "ord_")
	return ok && len(rest) >= 16 && len(rest) <= 40 && strings.Trim(rest, urlSafe) == ""
}

const orderColumns = `o.id, o.number, o.status, o.locale, o.email, o.name, o.phone, o.delivery, o.address, o.currency,
	o.subtotal_cents, o.shipping_cents, o.tax_cents, o.total_cents, o.tax_inclusive, o.tax_name, o.shipping_name, o.paid_cents, o.refunded_cents, o.refund_due_cents,
	o.hold_until, o.ready_at, o.ready_told_at, o.tracking_url, o.created_at, o.paid_at, o.fulfilled_at, o.cart_id, o.stock, o.token_hash,
	coalesce((SELECT jsonb_agg(jsonb_build_object('product', i.product_id, 'variant', i.variant_id, 'name', i.name,
	  'variantName', i.variant_name, 'unitCents', i.unit_cents, 'quantity', i.quantity, 'amountCents', i.unit_cents * i.quantity, 'available', -1)
	  ORDER BY i.position) FROM order_items i WHERE i.order_id = o.id AND i.location_id = o.location_id), '[]')`

func scanOrder(r pgx.Row) (*Order, error) {
	o := &Order{}
	var address, lines []byte
	err := r.Scan(&o.ID, &o.Number, &o.Status, &o.Locale, &o.Email, &o.Name, &o.Phone, &o.Delivery, &address, &o.Currency,
		&o.SubtotalCents, &o.ShippingCents, &o.TaxCents, &o.TotalCents, &o.TaxInclusive, &o.TaxName, &o.ShippingName, &o.PaidCents, &o.RefundedCents, &o.RefundDue,
		&o.HoldUntil, &o.ReadyAt, &o.ReadyToldAt, &o.TrackingURL, &o.CreatedAt, &o.PaidAt, &o.FulfilledAt, &o.cart, &o.stock, &o.tokenHash, &lines)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("shop: unable to read an order: %w", err)
	}
	if o.Delivery == DeliveryShip {
		o.Address = &Address{}
		if err := json.Unmarshal(address, o.Address); err != nil {
			return nil, err
		}
	}
	return o, json.Unmarshal(lines, &o.Lines)
}

func (store) order(ctx context.Context, q db.Querier, id string, forUpdate bool) (*Order, error) {
	if !plausibleOrderID(id) {
		return nil, ErrNotFound
	}
	sql := `SELECT ` + orderColumns + ` FROM orders o WHERE o.id = $1 AND o.location_id = $2`
	if forUpdate {
		sql += ` FOR UPDATE OF o`
	}
	return scanOrder(q.QueryRow(ctx, sql, id, db.ThisBusiness))
}

// Order reads an order its secret opens (its token, a mail's, or the
// cart's id).
func (s *Service) Order(ctx context.Context, id, secret string) (*Order, error) {
	o, err := s.store.order(ctx, s.pool, id, false)
	if err != nil {
		return nil, err
	}
	if o.Opens(secret) {
		return o, nil
	}
	if secret != "" && len(secret) <= 64 {
		var mailed bool
		if err := s.pool.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM order_tokens WHERE token_hash = $1 AND order_id = $2 AND location_id = $3)`,
			hashToken(secret), o.ID, db.ThisBusiness).Scan(&mailed); err != nil {
			return nil, fmt.Errorf("shop: unable to check a mail's secret: %w", err)
		}
		if mailed {
			return o, nil
		}
	}
	return nil, ErrNotFound
}

// storeToken keeps the hash of a mail's secret to order id.
func (store) storeToken(ctx context.Context, q db.Querier, id, token string) error {
	if _, err := q.Exec(ctx, `INSERT INTO order_tokens (token_hash, order_id) VALUES ($1, $2)`, hashToken(token), id); err != nil {
		return fmt.Errorf("shop: unable to keep a mail's secret: %w", err)
	}
	return nil
}
