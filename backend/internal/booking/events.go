package booking

import (
	"context"
	"fmt"
	"time"

	"slotwise/backend/internal/db"
	"slotwise/backend/internal/events"
)

// Events the booking domain emits, in the transaction of the change.
const (
	EventBooked      = "booking.booked"
	EventRescheduled = "booking.rescheduled"
	EventCancelled   = "booking.cancelled"
)

// BookingEvent is the payload of every booking event: the booking's id and
// the facts as they were at that moment, so a consumer running later (after
// a second change) still tells of this one.
type BookingEvent struct {
	BookingID     string     `json:"bookingId"`
	Locale        string     `json:"locale"`
	Status        string     `json:"status"`
	StaffID       int64      `json:"staffId"`
	Start         time.Time  `json:"start"`
	End           time.Time  `json:"end"`
	TimeZone      string     `json:"timeZone"`
	PreviousStart *time.Time `json:"previousStart,omitempty"`
	Sequence      int        `json:"sequence"`
	Reason        string     `json:"reason,omitempty"`
	// Payment is the payment's state then: booking.booked after a payment
	// says "paid", so a consumer tells it from a first booking.
	Payment string `json:"payment,omitempty"`
	// Together are the bookings changed in the same command (a visit moved
	// or cancelled whole), in time order: the first one's mail tells of all.
	Together []string `json:"together,omitempty"`
}

// writeEvent tells of a change to b: its event, and a line of its history
// (History), both in the change's transaction and with its actor.
func writeEvent(ctx context.Context, q db.Querier, typ string, b *Booking) error {
	if err := events.Emit(ctx, q, typ, EventOf(b)); err != nil {
		return err
	}
	reason := ""
	if typ == EventCancelled || typ == EventDeclined {
		reason = b.CancellationReason
	}
	_, err := q.Exec(ctx, `INSERT INTO booking_history (location_id, booking_id, type, actor, starts_at, reason)
		VALUES ($1, $2, $3, $4, $5, $6)`, db.ThisBusiness, b.ID, typ, events.ActorOf(ctx), b.Start, reason)
	if err != nil {
		return fmt.Errorf("booking: unable to keep %s in its history: %w", typ, err)
	}
	return nil
}

// Change is a line of a booking's history.
type Change struct {
	Type   string    // the event's type: booking.booked, booking.cancelled, …
	Actor  string    // events.ActorOf: person:EMAIL, token:NAME, or "" (the booker, a provider, the server)
	Start  time.Time // the booking's start after the change
	Reason string
	At     time.Time
}

// EventOf is the payload telling of b as it is now.
func EventOf(b *Booking) BookingEvent {
	return BookingEvent{
		BookingID: b.ID, Locale: b.Locale, Status: b.Status, StaffID: b.Staff.ID,
		Start: b.Start, End: b.End, TimeZone: b.TimeZone, PreviousStart: b.PreviousStart,
		Sequence: b.Sequence, Reason: b.CancellationReason, Payment: b.Money.State, Together: b.together,
	}
}

// AsOf returns the booking as the event describes it: the stored booking
// with the event's times, status and person.
func (e BookingEvent) AsOf(b *Booking) *Booking {
	c := *b
	c.Status, c.Start, c.End, c.TimeZone = e.Status, e.Start, e.End, e.TimeZone
	c.PreviousStart, c.Sequence, c.CancellationReason = e.PreviousStart, e.Sequence, e.Reason
	if e.Locale != "" {
		c.Locale = e.Locale
	}
	if c.Staff == nil || c.Staff.ID != e.StaffID {
		if s := b.Calendar.StaffByID(e.StaffID); s != nil {
			c.Staff = s
		}
	}
	return &c
}
