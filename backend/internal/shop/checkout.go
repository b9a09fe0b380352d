package shop

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/jackc/pgx/v5"

	"slotwise/backend/internal/command"
	"slotwise/backend/internal/db"
	"slotwise/backend/internal/events"
	"slotwise/backend/internal/fieldcheck"
)

// Message ids of the checkout's own field errors (locales/*.json).
const (
	msgRequired       = "validation.required"
	msgTooLong        = "validation.tooLong"
	msgPhoneInvalid   = "validation.phoneInvalid"
	msgNotShipped     = "shop.countryNotShipped"
	msgChooseDelivery = "shop.chooseDelivery"
)

// Limits of the checkout's fields.
const (
	maxNameLen       = 100
	maxAddressLen    = 200
	maxPostalCodeLen = 20
)

// maxLen is a field's limit, for its message.
func maxLen(field string) int {
	switch field {
	case "name":
		return maxNameLen
	case "postalCode":
		return maxPostalCodeLen
	}
	return maxAddressLen
}

// CheckoutCommand is a buyer's checkout: the cart it pays, their
// contact, and how the order reaches them.
type CheckoutCommand struct {
	Cart     string
	Locale   string
	Email    string
	Name     string
	Phone    string
	Delivery string // DeliveryShip or DeliveryPickup
	Address  Address
}

// Started is a checkout begun: the pending order holding its stock.
type Started struct {
	Order *Order
	// Token is the order's secret (its mails' and result page's); empty
	// when a second submit of the same checkout met the first's order,
	// which the cart's id opens as well.
	Token string
}

// Payments is what the shop asks of the payment service.
type Payments interface {
	// CloseOrder closes the order's open checkouts at its provider, so
	// that none can be paid once its stock is released; a checkout the
	// provider says was paid is recorded as paid instead.
	CloseOrder(ctx context.Context, orderID string) error
	// TakesOrders tells whether the business can be paid online.
	TakesOrders(ctx context.Context) (bool, error)
}

// WithPayments gives the shop its payment service. For the construction
// of the service: it returns s.
func (s *Service) WithPayments(p Payments) *Service {
	s.pay = p
	return s
}

// superseded is a cart's pending order that the buyer changed: its
// checkout is closed at the provider before a new order takes its place.
type superseded struct{ orderID string }

func (e *superseded) Error() string { return "shop: the cart's pending order was changed" }

// StartCheckout creates the cart's pending order and holds its stock, in
// one transaction. A second submit of the same checkout meets the first's
// order; a changed one replaces it once its checkout is closed.
func (s *Service) StartCheckout(ctx context.Context, c CheckoutCommand) (*Started, error) {
	if s.pay == nil {
		return nil, ErrNotSold
	}
	if takes, err := s.pay.TakesOrders(ctx); err != nil || !takes {
		return nil, cmp.Or(err, ErrNotSold)
	}
	closed := ""
	for {
		started, _, err := command.Run(ctx, s.runner, command.Op{Scope: "shop.checkout"}, func(ctx context.Context, tx pgx.Tx) (*Started, error) {
			return s.startIn(ctx, tx, c, closed)
		})
		var sup *superseded
		if !errors.As(err, &sup) || sup.orderID == closed {
			return started, err
		}
		if err := s.pay.CloseOrder(ctx, sup.orderID); err != nil {
			return nil, err
		}
		closed = sup.orderID
	}
}

func (s *Service) startIn(ctx context.Context, tx pgx.Tx, c CheckoutCommand, closed string) (*Started, error) {
	op, err := s.store.openCheckout(ctx, tx, c.Cart, c.Locale)
	if err != nil {
		return nil, err
	}
	if !op.set.Sells() {
		return nil, ErrNotSold
	}
	if err := validateCheckout(&c, op.set); err != nil {
		return nil, err
	}
	if len(op.items) == 0 {
		return nil, ErrEmptyCart
	}
	where := Where{Delivery: c.Delivery, Country: c.Address.Country}
	switch pending := op.pending; {
	case pending == nil:
	case sameCheckout(pending, c, op.items):
		return &Started{Order: pending}, nil
	case pending.ID != closed:
		return nil, &superseded{orderID: pending.ID}
	default:
		// The lines were priced with the units it holds counted as the
		// cart's own (linesSQL), as they are once it gives them back.
		if err := s.release(ctx, tx, pending, "replaced"); err != nil {
			return nil, err
		}
	}
	quote := priced(op.set, op.currency, op.lines, where)
	if !quote.Buyable() {
		return nil, &StockError{Quote: quote}
	}
	if s.beforeHold != nil {
		s.beforeHold()
	}
	token := randomString(24)
	now := s.Now()
	o := &Order{
		ID: newOrderID(), Status: StatusPending, Locale: c.Locale, Email: c.Email, Name: c.Name, Phone: c.Phone, Delivery: c.Delivery,
		Currency: quote.Currency, SubtotalCents: quote.SubtotalCents, ShippingCents: quote.ShippingCents, TaxCents: quote.TaxCents,
		TotalCents: quote.TotalCents, TaxInclusive: quote.TaxInclusive, TaxName: quote.TaxName, HoldUntil: now.Add(op.set.Hold()), CreatedAt: now,
		Lines: quote.Lines, cart: c.Cart, stock: stockHeld, tokenHash: hashToken(token),
	}
	if c.Delivery == DeliveryShip {
		o.Address, o.ShippingName = &c.Address, quote.ShippingName
	}
	// One round trip holds the stock and writes the order, numbered last
	// (insertOrder); when some line's stock was no longer there, all of
	// it is rolled back and the buyer told what is left.
	held, err := s.store.insertOrder(ctx, tx, o)
	if err != nil || !held {
		if err == nil {
			// Someone took the last units since the quote: say what is
			// left, as committed. This transaction, rolled back next, has
			// held the lines that were there and written an order of the
			// cart; outside it, a replaced order still holds its units,
			// which count as the cart's own.
			if quote, err = s.quote(ctx, s.pool, c.Cart, op.items, c.Locale, where); err == nil {
				err = &StockError{Quote: quote}
			}
		}
		return nil, err
	}
	return &Started{Order: o, Token: token}, nil
}

// checkoutOpening is what a checkout's transaction reads first, in one
// round trip: the cart, locked so that its submits take turns; the order
// it is already being paid with, if any; the shop's settings; and the
// cart's lines priced from the current catalogue.
type checkoutOpening struct {
	items    []item
	pending  *Order
	set      Settings
	currency string
	lines    []Line
}

func (store) openCheckout(ctx context.Context, tx pgx.Tx, cart, locale string) (*checkoutOpening, error) {
	op := &checkoutOpening{}
	b := &pgx.Batch{}
	if plausibleCartID(cart) {
		b.Queue(cartSQL+` FOR UPDATE`, cart, db.ThisBusiness).QueryRow(func(r pgx.Row) error {
			var raw []byte
			if err := r.Scan(&raw); err != nil {
				return noRows(err)
			}
			return json.Unmarshal(raw, &op.items)
		})
		b.Queue(pendingSQL, cart, db.ThisBusiness).QueryRow(func(r pgx.Row) error {
			var err error
			if op.pending, err = scanOrder(r); errors.Is(err, ErrNotFound) {
				return nil
			}
			return err
		})
		queueCartLines(b, cart, locale, &op.lines)
	}
	b.Queue(settingsSQL, db.ThisBusiness).QueryRow(func(r pgx.Row) error {
		var err error
		op.set, op.currency, err = scanSettings(r)
		return err
	})
	if err := tx.SendBatch(ctx, b).Close(); err != nil {
		return nil, fmt.Errorf("shop: unable to open a checkout: %w", err)
	}
	return op, nil
}

// pendingSQL reads, and locks, the order cart $1 is being paid with.
const pendingSQL = `SELECT ` + orderColumns + ` FROM orders o
	WHERE o.cart_id = $1 AND o.location_id = $2 AND o.status = 'pending' FOR UPDATE OF o`

// noRows is err, or nil when it says a row was not there.
func noRows(err error) error {
	if errors.Is(err, pgx.ErrNoRows) {
		return nil
	}
	return err
}

// sameCheckout tells whether c, of a cart holding items, is the
// checkout that made pending: the same lines, contact and delivery. Its
// price is the pending order's, which its checkout already asks.
func sameCheckout(pending *Order, c CheckoutCommand, items []item) bool {
	if pending.Email != c.Email || pending.Name != c.Name || pending.Phone != c.Phone || pending.Delivery != c.Delivery ||
		len(pending.Lines) != len(items) {
		return false
	}
	if c.Delivery == DeliveryShip && (pending.Address == nil || *pending.Address != c.Address) {
		return false
	}
	for i, l := range pending.Lines {
		it := items[i]
		if l.Product != it.Product || l.Variant != it.Variant || l.Quantity != it.Quantity {
			return false
		}
	}
	return true
}

// validateCheckout trims c and checks it against the shop's settings.
func validateCheckout(c *CheckoutCommand, set Settings) error {
	for _, f := range []*string{&c.Email, &c.Name, &c.Phone, &c.Address.Line1, &c.Address.Line2, &c.Address.PostalCode, &c.Address.City, &c.Address.Country} {
		*f = strings.TrimSpace(*f)
	}
	c.Address.Country = strings.ToUpper(c.Address.Country)
	errs := map[string]string{}
	text := func(field, v string, required bool, limit int) {
		switch {
		case v == "" && required:
			errs[field] = msgRequired
		case !fieldcheck.IsText(v, false):
			errs[field] = fieldcheck.MsgInvalidText
		case utf8.RuneCountInString(v) > limit:
			errs[field] = msgTooLong
		}
	}
	text("name", c.Name, true, maxNameLen)
	switch {
	case c.Email == "":
		errs["email"] = msgRequired
	case fieldcheck.EmailProblem(c.Email) != "":
		errs["email"] = fieldcheck.EmailProblem(c.Email)
	}
	if c.Phone != "" {
		region := c.Address.Country
		if e164, ok := fieldcheck.PhoneE164(c.Phone, region); ok {
			c.Phone = e164
		} else {
			errs["phone"] = msgPhoneInvalid
		}
	}
	if !slices.Contains(set.Deliveries(), c.Delivery) {
		errs["delivery"] = msgChooseDelivery
	}
	if c.Delivery == DeliveryShip {
		text("line1", c.Address.Line1, true, maxAddressLen)
		text("line2", c.Address.Line2, false, maxAddressLen)
		text("postalCode", c.Address.PostalCode, true, maxPostalCodeLen)
		text("city", c.Address.City, true, maxAddressLen)
		if _, ok := set.ShipsTo(c.Address.Country); !ok {
			errs["country"] = msgNotShipped
		}
	} else {
		c.Address = Address{}
	}
	if len(errs) > 0 {
		return &ValidationError{Fields: errs}
	}
	return nil
}

// merged is lines as one item per variant.
func merged(lines []Line) []item {
	var out []item
	for _, l := range lines {
		i := slices.IndexFunc(out, func(it item) bool { return it.Product == l.Product && it.Variant == l.Variant })
		if i < 0 {
			out = append(out, item{Product: l.Product, Variant: l.Variant, Quantity: l.Quantity})
		} else {
			out[i].Quantity += l.Quantity
		}
	}
	return out
}

// insertOrder holds o's stock and writes o, its event, its items and
// its history's first step in one round trip; held is false when some
// line's stock was no longer there (the caller rolls back). The order
// comes last, numbered by the business's counter in the same statement,
// so the counter's row is held only from there to the commit, which
// follows at once (the items' references to the order are checked
// there): concurrent checkouts wait on one another only that long.
func (st store) insertOrder(ctx context.Context, tx pgx.Tx, o *Order) (held bool, err error) {
	address := []byte("{}")
	if o.Address != nil {
		address, _ = json.Marshal(o.Address)
	}
	var names, variantNames, products, variants []string
	var units []int64
	var quantities, rates []int32
	for _, l := range o.Lines {
		products, variants, names, variantNames = append(products, l.Product), append(variants, l.Variant), append(names, l.Name), append(variantNames, l.VariantName)
		units, quantities, rates = append(units, l.UnitCents), append(quantities, int32(l.Quantity)), append(rates, int32(l.TaxBP))
	}
	b := &pgx.Batch{}
	queueMoveStock(b, o.Lines, hold, true, &held)
	if err := events.EmitIn(ctx, b, tx, EventCreated, OrderEvent{OrderID: o.ID}); err != nil {
		return false, err
	}
	b.Queue(`INSERT INTO order_items (order_id, position, product_id, variant_id, name, variant_name, unit_cents, quantity, tax_basis_points)
		SELECT $1, n, p, v, name, vname, unit, qty, rate
		FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::bigint[], $7::int[], $8::int[]) WITH ORDINALITY AS x(p, v, name, vname, unit, qty, rate, n)`,
		o.ID, products, variants, names, variantNames, units, quantities, rates)
	b.Queue(`INSERT INTO order_history (order_id, action, actor, detail, at) VALUES ($1, 'created', '', $2, $3)`,
		o.ID, strconv.FormatInt(o.TotalCents, 10), o.CreatedAt)
	b.Queue(`WITH n AS (INSERT INTO order_numbers (location_id, last) VALUES ($20, 1001)
			ON CONFLICT (location_id) DO UPDATE SET last = order_numbers.last + 1 RETURNING last)
		INSERT INTO orders (id, number, cart_id, token_hash, status, stock, locale, email, name, phone, delivery, address,
			currency, subtotal_cents, shipping_cents, tax_cents, total_cents, tax_inclusive, tax_name, shipping_name, hold_until, created_at, updated_at)
		SELECT $1, n.last, $2, $3, 'pending', 'held', $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $19 FROM n
		RETURNING number`,
		o.ID, o.cart, o.tokenHash, o.Locale, o.Email, o.Name, o.Phone, o.Delivery, address,
		o.Currency, o.SubtotalCents, o.ShippingCents, o.TaxCents, o.TotalCents, o.TaxInclusive, o.TaxName, o.ShippingName, o.HoldUntil, o.CreatedAt,
		db.ThisBusiness).QueryRow(func(r pgx.Row) error { return r.Scan(&o.Number) })
	if err := tx.SendBatch(ctx, b).Close(); err != nil {
		return false, fmt.Errorf("shop: unable to write an order: %w", err)
	}
	return held, nil
}

func (store) history(ctx context.Context, q db.Querier, orderID, action, actor, detail string, at any) error {
	if _, err := q.Exec(ctx, `INSERT INTO order_history (order_id, action, actor, detail, at) VALUES ($1, $2, $3, $4, $5)`,
		orderID, action, actor, detail, at); err != nil {
		return fmt.Errorf("shop: unable to record the order's history: %w", err)
	}
	return nil
}
