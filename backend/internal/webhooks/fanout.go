package webhooks

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"slotwise/backend/internal/booking"
	"slotwise/backend/internal/db"
	"slotwise/backend/internal/events"
	"slotwise/backend/internal/forms"
	"slotwise/backend/internal/shop"
)

// Fanout is the consumer that turns the domain's events into deliveries:
// one per enabled endpoint that hears the event's type, with the body
// fixed now (the facts as the event tells them), written in the event's
// delivery transaction, so an event gives each endpoint its message once.
type Fanout struct {
	Store    *Store
	Bookings *booking.Service
	Forms    *forms.Service
	Orders   *shop.Service // when set, orders' events are told too
}

// Name implements events.Consumer.
func (f *Fanout) Name() string { return "webhooks.fanout" }

// Types implements events.Consumer.
func (f *Fanout) Types() []string {
	return []string{booking.EventHeld, booking.EventBooked, booking.EventRescheduled, booking.EventCancelled,
		booking.EventReleased, booking.EventConfirmed, booking.EventDeclined, booking.EventPaid, booking.EventLatePaid,
		booking.EventRefunded, booking.EventReminderSent, forms.EventSubmitted,
		shop.EventPaid, shop.EventFulfilled, shop.EventRefunded, shop.EventCancelled}
}

// orderTypes are the order events a business hears, each as its own
// message type.
var orderTypes = map[string]string{shop.EventPaid: OrderPaid, shop.EventFulfilled: OrderFulfilled,
	shop.EventRefunded: OrderRefunded, shop.EventCancelled: OrderCancelled}

// Message is a delivery's body, as Standard Webhooks suggests: the type,
// when it happened, and the object.
type Message struct {
	Type      string    `json:"type"`
	Timestamp time.Time `json:"timestamp"`
	Data      any       `json:"data"`
}

// messageTypes is what a domain event means to a business: a booking paid
// online exists from its hold (created) and is paid later (paid), so the
// booked event that follows its payment says nothing new, unless the
// business must now decide on it.
func messageTypes(typ string, be booking.BookingEvent) []string {
	requested := be.Status == booking.StatusRequested
	switch typ {
	case booking.EventHeld:
		return []string{BookingCreated}
	case booking.EventBooked:
		var out []string
		if be.Payment != booking.MoneyPaid {
			out = append(out, BookingCreated)
		}
		if requested {
			out = append(out, BookingRequested)
		}
		return out
	case booking.EventRescheduled:
		if requested {
			return []string{BookingRescheduled, BookingRequested}
		}
		return []string{BookingRescheduled}
	case booking.EventCancelled, booking.EventReleased:
		return []string{BookingCancelled}
	case booking.EventConfirmed:
		return []string{BookingConfirmed}
	case booking.EventDeclined:
		return []string{BookingDeclined}
	case booking.EventPaid, booking.EventLatePaid:
		return []string{BookingPaid}
	case booking.EventRefunded:
		return []string{BookingRefunded}
	case booking.EventReminderSent:
		return []string{BookingReminderSent}
	}
	return nil
}

type target struct {
	id     string
	events []string
}

// Handle implements events.Consumer.
func (f *Fanout) Handle(ctx context.Context, ev events.Event) (events.Commit, error) {
	nothing := func(context.Context, pgx.Tx) error { return nil }
	var types []string
	var be booking.BookingEvent
	if typ, ok := orderTypes[ev.Type]; ok {
		if f.Orders == nil {
			return nothing, nil
		}
		types = []string{typ}
	} else if ev.Type == forms.EventSubmitted {
		types = []string{FormSubmitted}
	} else {
		if err := ev.Decode(&be); err != nil {
			return nil, err
		}
		types = messageTypes(ev.Type, be)
	}
	if len(types) == 0 {
		return nothing, nil
	}
	rows, err := f.Store.pool.Query(ctx, `SELECT id, events FROM webhook_endpoints WHERE location_id = $2 AND enabled AND events && $1`, types, db.ThisBusiness)
	if err != nil {
		return nil, fmt.Errorf("webhooks: unable to find endpoints: %w", err)
	}
	targets, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (target, error) {
		var t target
		return t, r.Scan(&t.id, &t.events)
	})
	if err != nil || len(targets) == 0 {
		return nothing, err
	}
	data, err := f.data(ctx, ev, be)
	if errors.Is(err, booking.ErrBookingNotFound) || errors.Is(err, forms.ErrResponseNotFound) || errors.Is(err, shop.ErrNotFound) {
		return nothing, nil // gone since: nothing to tell
	}
	if err != nil {
		return nil, err
	}
	bodies := map[string]string{}
	for _, typ := range types {
		body, err := json.Marshal(Message{Type: typ, Timestamp: ev.CreatedAt.UTC(), Data: data})
		if err != nil {
			return nil, fmt.Errorf("webhooks: unable to encode %s: %w", typ, err)
		}
		bodies[typ] = string(body)
	}
	return func(ctx context.Context, tx pgx.Tx) error {
		for _, t := range targets {
			for _, typ := range types {
				if !slices.Contains(t.events, typ) {
					continue
				}
				if _, err := tx.Exec(ctx, `INSERT INTO webhook_deliveries (id, endpoint_id, event_type, source_event_id, body,
						next_attempt_at, expires_at)
					VALUES ($1, $2, $3, $4, $5, now(), now() + $6 * interval '1 second')
					ON CONFLICT (endpoint_id, source_event_id, event_type, location_id) DO NOTHING`,
					"msg_"+strings.ToLower(rand.Text()), t.id, typ, ev.ID, bodies[typ], int64(Retention.Seconds())); err != nil {
					return fmt.Errorf("webhooks: unable to write a delivery: %w", err)
				}
			}
		}
		return db.NotifyAfterCommit(ctx, tx, Channel)
	}, nil
}

// data is the object a message carries: the booking as the event tells
// of it, or the submission.
func (f *Fanout) data(ctx context.Context, ev events.Event, be booking.BookingEvent) (any, error) {
	if _, ok := orderTypes[ev.Type]; ok {
		var oe shop.OrderEvent
		if err := ev.Decode(&oe); err != nil {
			return nil, err
		}
		o, err := f.Orders.Find(ctx, oe.OrderID)
		if err != nil {
			return nil, err
		}
		return OrderChange{Record: o.Record(), AmountCents: oe.Amount}, nil
	}
	if ev.Type == forms.EventSubmitted {
		var se forms.SubmittedEvent
		if err := ev.Decode(&se); err != nil {
			return nil, err
		}
		return f.Forms.Submission(ctx, se.Response)
	}
	b, err := f.Bookings.Find(ctx, be.BookingID)
	if err != nil {
		return nil, err
	}
	rec := be.AsOf(b).Record()
	if rec.Payment != nil && be.Payment != "" {
		rec.Payment.State = be.Payment
	}
	if ev.Type == booking.EventReminderSent {
		var re booking.ReminderEvent
		if err := ev.Decode(&re); err != nil {
			return nil, err
		}
		return RemindedBooking{Record: rec, Reminder: Reminder{Before: re.Before, To: re.To}}, nil
	}
	return rec, nil
}

// RemindedBooking is booking.reminder_sent's object: the booking, and
// which reminder went (minutes before the start, to the booker or the
// staff).
type RemindedBooking struct {
	booking.Record
	Reminder Reminder `json:"reminder"`
}

// Reminder is a reminder as a webhook tells of it.
type Reminder struct {
	Before int    `json:"beforeMinutes"`
	To     string `json:"to"`
}

// OrderChange is an order.* message's object: the order as it stands,
// and the amount the event moved (paid, or refunded), when it moved one.
type OrderChange struct {
	shop.Record
	AmountCents int64 `json:"amountCents,omitempty"`
}
