package shop

import (
	"context"
	"fmt"
	"net/url"
	"strings"

	"slotwise/backend/internal/payments"
	"slotwise/backend/internal/route"
)

// The shop is the payment service's Orders.
var _ payments.Orders = (*Service)(nil)

// Due implements payments.Orders: what a pending order its secret opens
// owes, while its hold lasts.
func (s *Service) Due(ctx context.Context, id, secret string) (payments.OrderDue, error) {
	o, err := s.Order(ctx, id, secret)
	if err != nil {
		return payments.OrderDue{}, err
	}
	if o.Status != StatusPending || !s.Now().Before(o.HoldUntil) {
		return payments.OrderDue{}, payments.ErrNotPayable
	}
	return o.Due(), nil
}

// Due is what the order owes while it waits for its payment.
func (o *Order) Due() payments.OrderDue {
	return payments.OrderDue{Amount: o.TotalCents, Currency: o.Currency, Email: o.Email, Locale: o.Locale,
		Description: o.description(), HoldUntil: o.HoldUntil}
}

// description is what the provider's page says is bought: the lines.
func (o *Order) description() string {
	var parts []string
	for _, l := range o.Lines {
		name := l.Name
		if l.VariantName != "" {
			name += " (" + l.VariantName + ")"
		}
		if l.Quantity > 1 {
			name = fmt.Sprintf("%d × %s", l.Quantity, name)
		}
		parts = append(parts, name)
	}
	d := fmt.Sprintf("#%d · %s", o.Number, strings.Join(parts, ", "))
	if r := []rune(d); len(r) > 120 {
		d = string(r[:119]) + "…"
	}
	return d
}

// Holding implements payments.Orders.
func (s *Service) Holding(ctx context.Context, id string) (bool, error) {
	o, err := s.store.order(ctx, s.pool, id, false)
	if err != nil {
		return false, err
	}
	return o.Status == StatusPending && o.stock == stockHeld && s.Now().Before(o.HoldUntil), nil
}

// ResultPath implements payments.Orders: the order's page, which follows
// its payment.
func (s *Service) ResultPath(locale, id, secret string, cancelled bool) string {
	return OrderPath(locale, id, secret, cancelled)
}

// OrderPath is the address of an order's page in locale, opened by its
// secret.
func OrderPath(locale, id, secret string, cancelled bool) string {
	q := url.Values{"token": {secret}}
	if cancelled {
		q.Set("cancelled", "1")
	}
	return route.Default().Href(locale, "order", "", map[string]string{"orderId": id}, q)
}
