package shop

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"slotwise/backend/internal/db"
)

// store holds the shop's SQL, one function per query.
type store struct{}

func (store) settings(ctx context.Context, q db.Querier) (Settings, string, error) {
	return scanSettings(q.QueryRow(ctx, settingsSQL, db.ThisBusiness))
}

// settingsSQL reads the business's shop settings and its currency.
const settingsSQL = `SELECT shop, currency FROM locations WHERE id = $1`

func scanSettings(r pgx.Row) (Settings, string, error) {
	var set Settings
	var raw []byte
	var currency string
	if err := r.Scan(&raw, &currency); err != nil {
		return set, "", err
	}
	return set, currency, json.Unmarshal(raw, &set)
}

// item is a cart's line as the cart keeps it: ids and a quantity.
type item struct {
	Product  string `json:"p"`
	Variant  string `json:"v"`
	Quantity int    `json:"q"`
}

// cart reads a cart's items; a cart that does not exist is empty.
// cartSQL reads cart $1's items.
const cartSQL = `SELECT items FROM carts WHERE id = $1 AND location_id = $2`

func (store) cart(ctx context.Context, q db.Querier, id string, forUpdate bool) ([]item, error) {
	if !plausibleCartID(id) {
		return nil, nil
	}
	sql := cartSQL
	if forUpdate {
		sql += ` FOR UPDATE`
	}
	var raw []byte
	err := q.QueryRow(ctx, sql, id, db.ThisBusiness).Scan(&raw)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("shop: unable to read cart: %w", err)
	}
	var items []item
	return items, json.Unmarshal(raw, &items)
}

func (store) saveCart(ctx context.Context, q db.Querier, id string, items []item, at any) error {
	if items == nil {
		items = []item{}
	}
	raw, _ := json.Marshal(items) // ids and numbers always encode
	_, err := q.Exec(ctx, `INSERT INTO carts (id, items, updated_at) VALUES ($1, $2, $3)
		ON CONFLICT (id, location_id) DO UPDATE SET items = excluded.items, updated_at = excluded.updated_at`, id, raw, at)
	if err != nil {
		return fmt.Errorf("shop: unable to save cart: %w", err)
	}
	return nil
}

// linesSQL prices the items w (product p, variant v, quantity q, in
// the order n) in locale $1 from business $2's current catalogue; a line
// whose product or variant is gone comes back without a price. What is
// left of a variant counts the units cart holds in its pending order as
// the cart's own: a buyer who comes back from the provider's page to
// change the cart is not told that their own order took the last ones.
func linesSQL(w, cart string) string {
	return `
	SELECT w.p, w.v, w.q,
	       coalesce(p.translations->$1->>'name', p.name, ''), coalesce(p.translations->$1->'variants'->>v.id, v.name, ''),
	       coalesce(p.images->0->>'src', ''), coalesce(v.price_cents, 0), coalesce(p.currency, ''),
	       coalesce(p.tax_basis_points, -1), coalesce(p.status = 'published' AND p.available, false) AND v.id IS NOT NULL,
	       coalesce(v.track_stock, false) AND NOT coalesce(v.sell_when_out, false), coalesce(v.on_hand - v.held, 0) + coalesce(mine.q, 0)
	FROM ` + w + `
	LEFT JOIN products p ON p.id = w.p AND p.location_id = $2
	LEFT JOIN product_variants v ON v.product_id = w.p AND v.id = w.v AND v.location_id = $2
	LEFT JOIN LATERAL (SELECT sum(i.quantity)::int AS q FROM orders o
		JOIN order_items i ON i.order_id = o.id AND i.location_id = o.location_id AND i.product_id = w.p AND i.variant_id = w.v
		WHERE o.location_id = $2 AND o.cart_id = ` + cart + ` AND o.status = 'pending' AND o.stock = 'held') mine ON true
	ORDER BY w.n`
}

var (
	// itemLinesSQL prices the items given ($3 products, $4 variants, $5
	// quantities) for cart $6.
	itemLinesSQL = linesSQL(`unnest($3::text[], $4::text[], $5::int[]) WITH ORDINALITY AS w(p, v, q, n)`, `$6`)
	// cartLinesSQL prices the items of cart $3 as the database holds them,
	// so that they are read with the cart, in the same round trip.
	cartLinesSQL = linesSQL(`(SELECT e->>'p', e->>'v', (e->>'q')::int, x.n FROM carts c, jsonb_array_elements(c.items) WITH ORDINALITY AS x(e, n)
		WHERE c.id = $3 AND c.location_id = $2) AS w(p, v, q, n)`, `$3`)
)

// queueLines queues the pricing of items, cart's lines to be.
func queueLines(b *pgx.Batch, cart string, items []item, locale string, into *[]Line) {
	products, variants, quantities := columns(items)
	b.Queue(itemLinesSQL, locale, db.ThisBusiness, products, variants, quantities, cart).Query(collectLines(into))
}

// queueCartLines queues the pricing of the items cart holds.
func queueCartLines(b *pgx.Batch, cart, locale string, into *[]Line) {
	b.Queue(cartLinesSQL, locale, db.ThisBusiness, cart).Query(collectLines(into))
}

func collectLines(into *[]Line) func(pgx.Rows) error {
	return func(rows pgx.Rows) error {
		lines, err := pgx.CollectRows(rows, scanLine)
		*into = lines
		return err
	}
}

// scanLine reads a line; judge then sets its tax rate and its problem.
func scanLine(r pgx.CollectableRow) (Line, error) {
	var l Line
	var tracked bool
	var left int
	err := r.Scan(&l.Product, &l.Variant, &l.Quantity, &l.Name, &l.VariantName, &l.Image, &l.UnitCents, &l.currency,
		&l.TaxBP, &l.sold, &tracked, &left)
	l.Available = -1
	if tracked {
		l.Available = max(left, 0)
	}
	return l, err
}

func columns(items []item) (products, variants []string, quantities []int32) {
	for _, it := range items {
		products = append(products, it.Product)
		variants = append(variants, it.Variant)
		quantities = append(quantities, int32(it.Quantity))
	}
	return products, variants, quantities
}
