package shop

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"strings"

	"github.com/jackc/pgx/v5"

	"slotwise/backend/internal/command"
	"slotwise/backend/internal/db"
)

// NewCartID is a cart's id, the value of the visitor's cart cookie:
// unguessable, since it opens the cart and the order made from it.
func NewCartID() string { return randomString(24) }

func randomString(n int) string {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		panic(err) // crypto/rand does not fail on Linux
	}
	return base64.RawURLEncoding.EncodeToString(b)
}

// plausibleCartID keeps odd bytes from a cookie away from the database.
func plausibleCartID(id string) bool {
	return len(id) >= 20 && len(id) <= 64 && strings.Trim(id, urlSafe) == ""
}

// urlSafe is the alphabet of ids and secrets (base64 for URLs).
const urlSafe = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-"

// plausibleSlug keeps odd bytes of a form away from the database.
func plausibleSlug(s string) bool {
	return s != "" && len(s) <= 100 && strings.Trim(s, "abcdefghijklmnopqrstuvwxyz0123456789-") == ""
}

// DefaultVariant is the variant of a product without variants of its own.
const DefaultVariant = "default"

// Where is how a quote's order would be handed over: shipped to a
// country, or picked up; empty, the cheapest way the business offers.
type Where struct {
	Delivery string
	Country  string
}

// Cart prices the cart id holds, in locale, for where it would go; an
// unknown or empty cart is an empty quote.
func (s *Service) Cart(ctx context.Context, id, locale string, where Where) (*Quote, error) {
	items, err := s.store.cart(ctx, s.pool, id, false)
	if err != nil {
		return nil, err
	}
	return s.quote(ctx, s.pool, id, items, locale, where)
}

// quote prices items from the business's current catalogue in one round
// trip with its shop settings.
func (s *Service) quote(ctx context.Context, q db.Querier, cart string, items []item, locale string, where Where) (*Quote, error) {
	var set Settings
	var currency string
	var lines []Line
	b := &pgx.Batch{}
	b.Queue(settingsSQL, db.ThisBusiness).QueryRow(func(r pgx.Row) error {
		var err error
		set, currency, err = scanSettings(r)
		return err
	})
	if len(items) > 0 {
		queueLines(b, cart, items, locale, &lines)
	}
	if err := db.SendReads(ctx, q, b); err != nil {
		return nil, err
	}
	return priced(set, currency, lines, where), nil
}

// priced is the quote of lines, read from the catalogue, for where the
// order would go (empty: the first way and country the shop offers).
func priced(set Settings, currency string, lines []Line, where Where) *Quote {
	judge(set, currency, lines)
	if where.Delivery == "" {
		if ds := set.Deliveries(); len(ds) > 0 {
			where.Delivery = ds[0]
		}
	}
	if where.Delivery == DeliveryShip && where.Country == "" {
		if cs := set.Countries(); len(cs) > 0 {
			where.Country = cs[0]
		}
	}
	quote := price(set, currency, lines, where.Delivery, where.Country)
	return &quote
}

// judge gives each line its tax rate (the shop's unless the product has
// its own) and its problem: gone, sold out, fewer left than asked for.
func judge(set Settings, currency string, lines []Line) {
	for i := range lines {
		l := &lines[i]
		if l.TaxBP < 0 {
			l.TaxBP = set.Tax.BasisPoints
		}
		switch {
		case !l.sold || l.currency != currency:
			l.Problem = ProblemGone
		case l.Available == 0:
			l.Problem = ProblemSoldOut
		case l.Available > 0 && l.Quantity > l.Available:
			l.Problem = ProblemTooMany
		}
	}
}

// Change is a change to a cart: add Quantity of a variant (Add), or set
// its quantity (0 removes it).
type Change struct {
	Cart     string // the cookie's id; empty or unknown: a new cart
	Product  string
	Variant  string // empty: DefaultVariant
	Quantity int
	Set      bool // set the line's quantity instead of adding to it
	Locale   string
}

// ChangeCart applies a change and returns the cart's id (a new one when
// it had none) and its quote. Adding what is not sold is ErrNotFound;
// adding more than is left is a *StockError and the cart stays as it was.
func (s *Service) ChangeCart(ctx context.Context, c Change) (string, *Quote, error) {
	if c.Variant == "" {
		c.Variant = DefaultVariant
	}
	if !plausibleSlug(c.Product) || !plausibleSlug(c.Variant) || c.Quantity < 0 || c.Quantity > MaxQuantity || !c.Set && c.Quantity == 0 {
		return "", nil, ErrNotFound
	}
	if !plausibleCartID(c.Cart) {
		c.Cart = NewCartID()
	}
	quote, _, err := command.Run(ctx, s.carts, command.Op{Scope: "shop.cart"}, func(ctx context.Context, tx pgx.Tx) (*Quote, error) {
		items, err := s.store.cart(ctx, tx, c.Cart, true)
		if err != nil {
			return nil, err
		}
		items, added := changed(items, c)
		if len(items) > MaxLines {
			return nil, ErrCartFull
		}
		q, err := s.quote(ctx, tx, c.Cart, items, c.Locale, Where{})
		if err != nil {
			return nil, err
		}
		if added >= 0 {
			l := q.Lines[added]
			if l.Problem == ProblemGone {
				return nil, ErrNotFound
			}
			if l.Problem != "" {
				return nil, &StockError{Quote: q}
			}
		}
		return q, s.store.saveCart(ctx, tx, c.Cart, items, s.Now())
	})
	if err != nil {
		return "", nil, err
	}
	return c.Cart, quote, nil
}

// changed is items with c applied, and the index of the line c added to
// or set (-1 when it removed one).
func changed(items []item, c Change) ([]item, int) {
	out := make([]item, 0, len(items)+1)
	at := -1
	for _, it := range items {
		if it.Product == c.Product && it.Variant == c.Variant {
			switch {
			case c.Set && c.Quantity == 0:
				continue
			case c.Set:
				it.Quantity = c.Quantity
			default:
				it.Quantity = min(it.Quantity+c.Quantity, MaxQuantity)
			}
			at = len(out)
		}
		out = append(out, it)
	}
	if at < 0 && c.Quantity > 0 {
		at = len(out)
		out = append(out, item{Product: c.Product, Variant: c.Variant, Quantity: c.Quantity})
	}
	return out, at
}
