package shop

import (
	"context"
	"slices"
	"strings"
	"time"
)

// Settings are how a business sells: its tax, its shipping rates and its
// pick-up promise (location.yaml's shop:, stored in locations.shop).
type Settings struct {
	Tax      Tax        `yaml:"tax,omitempty" json:"tax,omitzero"`
	Shipping []Shipping `yaml:"shipping,omitempty" json:"shipping,omitempty"`
	Pickup   Pickup     `yaml:"pickup,omitempty" json:"pickup,omitzero"`
	// HoldMinutes is how long a checkout keeps its stock while the buyer
	// pays; 0: DefaultHoldMinutes.
	HoldMinutes int `yaml:"holdMinutes,omitempty" json:"holdMinutes,omitempty"`
}

// Tax is the business's manual tax rate, which every product has unless
// it names its own (a voucher's 0 %).
type Tax struct {
	Name string `yaml:"name,omitempty" json:"name,omitempty"` // "VAT", shown beside the amount
	// BasisPoints is the rate in hundredths of a percent: 1900 is 19 %.
	BasisPoints int `yaml:"basisPoints,omitempty" json:"basisPoints,omitempty"`
	// Inclusive: prices already hold the tax (Europe); otherwise it is
	// added on top (most of North America).
	Inclusive bool `yaml:"inclusive,omitempty" json:"inclusive,omitempty"`
}

// Shipping is one flat rate for a group of countries.
type Shipping struct {
	Name      string   `yaml:"name" json:"name"`
	Countries []string `yaml:"countries" json:"countries"` // ISO 3166-1 alpha-2, upper case
	Cents     int64    `yaml:"priceCents" json:"priceCents"`
	// FreeOverCents: shipping is free from this subtotal on; 0: never.
	FreeOverCents int64 `yaml:"freeOverCents,omitempty" json:"freeOverCents,omitempty"`
}

// Pickup is collecting the order at the business.
type Pickup struct {
	Enabled bool `yaml:"enabled" json:"enabled"`
	// ReadyInHours is the promise shown at checkout: the order is ready
	// this long after it is paid.
	ReadyInHours int `yaml:"readyInHours,omitempty" json:"readyInHours,omitempty"`
}

// DefaultHoldMinutes is how long a checkout keeps its stock when the
// business did not say: long enough to type a card on a phone, short
// enough that an abandoned cart does not keep the last unit for long.
const DefaultHoldMinutes = 30

// Hold is how long a checkout keeps its stock.
func (s Settings) Hold() time.Duration {
	if s.HoldMinutes <= 0 {
		return DefaultHoldMinutes * time.Minute
	}
	return time.Duration(s.HoldMinutes) * time.Minute
}

// ShipsTo is the rate for country, and whether the business ships there.
func (s Settings) ShipsTo(country string) (Shipping, bool) {
	country = strings.ToUpper(country)
	for _, r := range s.Shipping {
		if slices.Contains(r.Countries, country) {
			return r, true
		}
	}
	return Shipping{}, false
}

// Countries are the countries the business ships to, in its order.
func (s Settings) Countries() []string {
	var out []string
	for _, r := range s.Shipping {
		for _, c := range r.Countries {
			if !slices.Contains(out, c) {
				out = append(out, c)
			}
		}
	}
	return out
}

// Delivery kinds.
const (
	DeliveryShip   = "ship"
	DeliveryPickup = "pickup"
)

// Deliveries are the ways the business hands over an order.
func (s Settings) Deliveries() []string {
	var out []string
	if len(s.Shipping) > 0 {
		out = append(out, DeliveryShip)
	}
	if s.Pickup.Enabled {
		out = append(out, DeliveryPickup)
	}
	return out
}

// Sells tells whether the business has a way to hand over an order: a
// shop without shipping or pick-up shows its products but sells none.
func (s Settings) Sells() bool { return len(s.Deliveries()) > 0 }

// Front is what the shop's pages show of how it sells.
type Front struct {
	// Sells: the business hands orders over somehow and is paid online;
	// otherwise products are shown and not sold.
	Sells        bool     `json:"sells"`
	Deliveries   []string `json:"deliveries"`
	Countries    []string `json:"countries"`
	ReadyInHours int      `json:"readyInHours,omitempty"`
	Tax          Tax      `json:"tax"`
	Currency     string   `json:"currency"`
}

// Front reads how the business ctx works for sells.
func (s *Service) Front(ctx context.Context) (Front, error) {
	set, currency, err := s.settings(ctx, s.pool)
	if err != nil {
		return Front{}, err
	}
	f := Front{Deliveries: set.Deliveries(), Countries: set.Countries(), ReadyInHours: set.Pickup.ReadyInHours, Tax: set.Tax, Currency: currency}
	if f.Deliveries == nil {
		f.Deliveries = []string{}
	}
	if f.Countries == nil {
		f.Countries = []string{}
	}
	if set.Sells() && s.pay != nil {
		if f.Sells, err = s.pay.TakesOrders(ctx); err != nil {
			return Front{}, err
		}
	}
	return f, nil
}
