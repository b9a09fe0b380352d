package shop

import (
	"context"
	"time"
)

// Record is an order as the business's programs see it: the admin API's
// answer and the order.* webhooks' object. It never carries the buyer's
// secrets (the order's token, the cart).
type Record struct {
	ID           string     `json:"id"`
	Number       int64      `json:"number"`
	Status       string     `json:"status"`
	CreatedAt    time.Time  `json:"createdAt"`
	PaidAt       *time.Time `json:"paidAt,omitempty"`
	FulfilledAt  *time.Time `json:"fulfilledAt,omitempty"`
	HoldUntil    *time.Time `json:"holdUntil,omitempty"` // while it waits for its payment
	Locale       string     `json:"locale"`
	Customer     Customer   `json:"customer"`
	Delivery     string     `json:"delivery"`          // ship or pickup
	Address      *Address   `json:"address,omitempty"` // where it is shipped
	ShippingName string     `json:"shippingName,omitempty"`
	ReadyAt      *time.Time `json:"readyAt,omitempty"`     // a pick-up's promise
	ReadyToldAt  *time.Time `json:"readyToldAt,omitempty"` // when the buyer was told it is ready
	TrackingURL  string     `json:"trackingUrl,omitempty"`
	Items        []Item     `json:"items"`
	Currency     string     `json:"currency"`
	// Amounts in the currency's minor unit; tax is inside the total when
	// TaxInclusive, else added to it.
	SubtotalCents      int64  `json:"subtotalCents"`
	ShippingCents      int64  `json:"shippingCents"`
	TaxCents           int64  `json:"taxCents"`
	TotalCents         int64  `json:"totalCents"`
	TaxInclusive       bool   `json:"taxInclusive"`
	TaxName            string `json:"taxName,omitempty"`
	PaidCents          int64  `json:"paidCents"`
	RefundedCents      int64  `json:"refundedCents"`
	RefundPendingCents int64  `json:"refundPendingCents"` // asked of the provider, not yet confirmed
}

// Customer is who bought.
type Customer struct {
	Name  string `json:"name"`
	Email string `json:"email"`
	Phone string `json:"phone,omitempty"`
}

// Item is one line of an order, as it was bought.
type Item struct {
	Product     string `json:"product"`
	Variant     string `json:"variant"`
	Name        string `json:"name"`
	VariantName string `json:"variantName,omitempty"`
	UnitCents   int64  `json:"unitCents"`
	Quantity    int    `json:"quantity"`
	AmountCents int64  `json:"amountCents"`
}

// Step is one thing that happened to an order: created, paid,
// fulfilled, ready, cancelled, refund-asked, refunded, expired…, by whom
// (a person of the business, or "" for the buyer and the system), and
// its detail (an amount in cents, a tracking link).
type Step struct {
	Action string    `json:"action"`
	Actor  string    `json:"actor,omitempty"`
	Detail string    `json:"detail,omitempty"`
	At     time.Time `json:"at"`
}

// Record is the order as the business's programs see it.
func (o *Order) Record() Record {
	r := Record{
		ID: o.ID, Number: o.Number, Status: o.Status, CreatedAt: o.CreatedAt, PaidAt: o.PaidAt, FulfilledAt: o.FulfilledAt,
		Locale: o.Locale, Customer: Customer{Name: o.Name, Email: o.Email, Phone: o.Phone}, Delivery: o.Delivery, Address: o.Address,
		ShippingName: o.ShippingName, ReadyAt: o.ReadyAt, ReadyToldAt: o.ReadyToldAt, TrackingURL: o.TrackingURL, Currency: o.Currency,
		SubtotalCents: o.SubtotalCents, ShippingCents: o.ShippingCents, TaxCents: o.TaxCents, TotalCents: o.TotalCents,
		TaxInclusive: o.TaxInclusive, TaxName: o.TaxName, PaidCents: o.PaidCents, RefundedCents: o.RefundedCents,
		RefundPendingCents: o.RefundDue, Items: make([]Item, len(o.Lines)),
	}
	if o.Status == StatusPending {
		at := o.HoldUntil
		r.HoldUntil = &at
	}
	for i, l := range o.Lines {
		r.Items[i] = Item{Product: l.Product, Variant: l.Variant, Name: l.Name, VariantName: l.VariantName,
			UnitCents: l.UnitCents, Quantity: l.Quantity, AmountCents: l.AmountCents}
	}
	return r
}

// Find reads one of the business's orders, for the business (its
// dashboard, its API, its webhooks): no secret is asked.
func (s *Service) Find(ctx context.Context, id string) (*Order, error) {
	return s.store.order(ctx, s.pool, id, false)
}
