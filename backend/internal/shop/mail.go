package shop

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"slotwise/backend/internal/db"
	"slotwise/backend/internal/events"
	"slotwise/backend/internal/notify"
	"slotwise/backend/internal/route"
)

// Mailer is the consumer of order events that tells the buyer, in the
// language they bought in, and the business, in its own: the buyer's
// confirmation and receipt and the business's alert once an order is
// paid, the buyer's mail when it is shipped, ready for pick-up or
// refunded. Mails are rendered outside any transaction and queued in the
// one that marks the event delivered (notify.Mailer), each with a secret
// of its own that opens the order's page.
type Mailer struct {
	Service *Service
	notify.Mailer
}

// Name implements events.Consumer.
func (m *Mailer) Name() string { return "shop.mailer" }

// Types implements events.Consumer.
func (m *Mailer) Types() []string {
	return []string{EventPaid, EventFulfilled, EventReady, EventRefunded}
}

// seller is what an order's mails tell of the business.
type seller struct {
	name, email, locale, brand, zone, address string
}

func (store) seller(ctx context.Context, q db.Querier) (seller, error) {
	var b seller
	err := q.QueryRow(ctx, `SELECT name, email, default_locale, brand_color, time_zone, address FROM locations WHERE id = $1`, db.ThisBusiness).
		Scan(&b.name, &b.email, &b.locale, &b.brand, &b.zone, &b.address)
	if err != nil {
		return b, fmt.Errorf("shop: unable to read the business of an order: %w", err)
	}
	return b, nil
}

// Handle implements events.Consumer.
func (m *Mailer) Handle(ctx context.Context, ev events.Event) (events.Commit, error) {
	var payload OrderEvent
	if err := ev.Decode(&payload); err != nil {
		return nil, err
	}
	s := m.Service
	o, err := s.store.order(ctx, s.pool, payload.OrderID, false)
	if err != nil {
		return nil, err
	}
	b, err := s.store.seller(ctx, s.pool)
	if err != nil {
		return nil, err
	}
	var kind string
	switch ev.Type {
	case EventPaid:
		kind = notify.KindOrderConfirmation
	case EventFulfilled:
		if o.Delivery != DeliveryShip {
			return m.Queue(nil, nil), nil // picked up: the buyer was there
		}
		kind = notify.KindOrderShipped
	case EventReady:
		kind = notify.KindOrderReady
	case EventRefunded:
		kind = notify.KindOrderRefunded
	default:
		return m.Queue(nil, nil), nil
	}
	token := randomString(24)
	data := m.Data(ctx, o.Locale, b.brand)
	data.Order = o.email(b, OrderPath(o.Locale, o.ID, token, false))
	data.Order.RefundedCents = payload.Amount
	mail, err := m.Render(ctx, kind, data, notify.Message{To: o.Email, ToName: o.Name})
	if err != nil {
		return nil, err // tried again: the buyer gets the whole mail or none
	}
	mails := []notify.Mail{mail}
	if ev.Type == EventPaid {
		if alert, err := m.alert(ctx, o, b); err != nil {
			return nil, err
		} else if alert != nil {
			mails = append(mails, *alert)
		}
	}
	return m.Queue(mails, func(ctx context.Context, tx pgx.Tx) error { return s.store.storeToken(ctx, tx, o.ID, token) }), nil
}

// alert is the business's mail of a new paid order, in its language,
// with the buyer's address to answer; nil when it has no address.
func (m *Mailer) alert(ctx context.Context, o *Order, b seller) (*notify.Mail, error) {
	if b.email == "" {
		m.Log().InfoContext(ctx, "an order was paid; its business has no address to tell", slog.String("order", o.ID))
		return nil, nil
	}
	data := m.Data(ctx, b.locale, b.brand)
	data.Order = o.email(b, route.Default().Href("", "adminOrder", "", map[string]string{"orderId": o.ID}, nil))
	msg := notify.Message{To: b.email, ToName: b.name, Headers: map[string]string{"Auto-Submitted": "auto-generated", "Reply-To": o.Email}}
	mail, err := m.Render(ctx, notify.KindOrderReceived, data, msg)
	if err != nil {
		return nil, err
	}
	return &mail, nil
}

// email is the order as its mails tell it, link opening it.
func (o *Order) email(b seller, link string) *notify.OrderEmail {
	e := &notify.OrderEmail{
		Business: b.name, Number: o.Number, Customer: o.Name, Email: o.Email, Phone: o.Phone, Currency: o.Currency,
		SubtotalCents: o.SubtotalCents, ShippingCents: o.ShippingCents, TaxCents: o.TaxCents, TotalCents: o.TotalCents,
		TaxInclusive: o.TaxInclusive, TaxName: o.TaxName, Delivery: o.Delivery, ShippingName: o.ShippingName,
		TimeZone: b.zone, TrackingURL: o.TrackingURL, Cancelled: o.Status == StatusCancelled, SoldOut: o.SoldOut(), Link: link,
		Lines: make([]notify.OrderEmailLine, len(o.Lines)),
	}
	for i, l := range o.Lines {
		e.Lines[i] = notify.OrderEmailLine{Name: l.Name, VariantName: l.VariantName, Quantity: l.Quantity, AmountCents: l.AmountCents}
	}
	if a := o.Address; a != nil {
		e.Address = []string{o.Name, a.Line1}
		if a.Line2 != "" {
			e.Address = append(e.Address, a.Line2)
		}
		e.Address = append(e.Address, a.PostalCode+" "+a.City)
		e.Country = a.Country
	}
	if o.Delivery == DeliveryPickup {
		e.PickupAddress = strings.ReplaceAll(strings.TrimSpace(b.address), "\n", ", ")
	}
	if o.ReadyAt != nil {
		e.ReadyAt = o.ReadyAt.UTC().Format(time.RFC3339)
	}
	if o.PaidAt != nil {
		e.PaidAt = o.PaidAt.UTC().Format(time.RFC3339)
	}
	return e
}
