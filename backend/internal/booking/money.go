package booking

import (
	"context"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"

	"slotwise/backend/internal/db"
)

// Money: a calendar has a price, a currency, a deposit and a way to pay; a
// booking records what it costs (total), what was due when booking (pay
// now), what was paid and what was refunded, all integers in the
// currency's minor unit. A booking paid online at booking is "pending"
// until the payment arrives: it holds its time until its hold ends, and
// the payments package releases it after that. The provider's side (its
// sessions and events) is the payments package's; this file is what the
// booking knows.

// How a calendar is paid.
const (
	PaymentNone   = "none"    // free, or paid outside Slotwise
	PaymentOnline = "online"  // the amount due now is paid at booking, through the provider
	PaymentOnSite = "on_site" // paid at the appointment
)

// The money state of a booking.
const (
	MoneyNone       = "none"
	MoneyOnSite     = "on_site"    // the total is due at the appointment
	MoneyHold       = "hold"       // waiting for the payment until HoldUntil
	MoneyProcessing = "processing" // a delayed method is confirming; the time stays held
	MoneyPaid       = "paid"       // Paid arrived: a deposit when below Total
	MoneyReleased   = "released"   // the hold ended (or was cancelled) unpaid
	MoneyRefundDue  = "refund_due" // a refund is owed and on its way
	MoneyRefunded   = "refunded"
)

// Refund policies of a calendar, for a booker's cancellation.
const (
	RefundWindow   = "window"   // refunded up to RefundWindow before the start
	RefundBusiness = "business" // the business decides
	RefundNever    = "never"
)

// StatusPending is a booking waiting for its payment.
const StatusPending = "pending"

// Events of a booking's money.
const (
	EventHeld     = "booking.held"      // booked, waiting for payment (booking.booked follows the payment)
	EventReleased = "booking.released"  // the hold ended unpaid: the time is free again
	EventLatePaid = "booking.late_paid" // a payment arrived after the release: it is refunded
	EventPaid     = "booking.paid"      // the payment due when booking arrived (booking.booked follows)
	EventRefunded = "booking.refunded"  // money went back to the booker
	// EventRefundDue asks for a refund the business granted (admin API);
	// cancellations and declines carry theirs in their own events.
	EventRefundDue = "booking.refund_due"
)

// ErrPaymentsOff refuses a booking that must be paid online when no
// payment provider is configured: nothing is booked.
var ErrPaymentsOff = errors.New("booking: online payment is not set up")

// Money is what a booking costs and what happened to its payment.
type Money struct {
	State     string
	Currency  string
	Total     int64
	PayNow    int64
	Paid      int64
	Refunded  int64
	HoldUntil *time.Time
	// RefundDue is what is to be given back now while State is
	// MoneyRefundDue: a part the business chose, or 0 for all that is left.
	RefundDue int64
	// RefundRest: cancelled or declined while a part was being refunded,
	// the rest goes back once that part is made.
	RefundRest bool
}

// oweEverything marks a payment that a cancellation or a decline gives
// back in full: refund due when paid, and when a part is already being
// refunded, the rest after it (that part's refund is under way under its
// own key and amount, so it is not changed).
func (m *Money) oweEverything() {
	switch {
	case m.State == MoneyPaid && m.Paid > m.Refunded:
		m.State = MoneyRefundDue
	case m.State == MoneyRefundDue && m.RefundDue > 0:
		m.RefundRest = true
	}
}

// RefundNow is the amount a refund due gives back.
func (m Money) RefundNow() int64 {
	left := m.Paid - m.Refunded
	if m.RefundDue > 0 && m.RefundDue < left {
		return m.RefundDue
	}
	return left
}

// Due is what is still to pay at the appointment.
func (m Money) Due() int64 { return max(m.Total-m.Paid, 0) }

// CurrencyCode is the calendar's currency, else the business's.
func (c *Calendar) CurrencyCode() string {
	if c.Currency != "" {
		return c.Currency
	}
	return c.Location.Currency
}

// Quote is what one booking of c for seats people costs, and what of it is
// due at booking: the price (per person, when priced so), and of it the
// whole, a fixed deposit or a percentage rounded half up; nothing is due
// at booking unless the calendar is paid online.
func Quote(c *Calendar, seats int) (total, payNow int64) {
	total = int64(c.PriceCents)
	if c.PricePerPerson {
		total *= int64(max(seats, 1))
	}
	if c.Payment != PaymentOnline || total == 0 {
		return total, 0
	}
	switch c.DepositKind {
	case "fixed":
		return total, min(c.DepositValue, total)
	case "percent":
		return total, (total*c.DepositValue + 50) / 100
	}
	return total, total
}

// NeedsPayment tells whether booking c online asks for money now.
func (c *Calendar) NeedsPayment() bool {
	_, now := Quote(c, 1)
	return now > 0
}

// OnlinePayments tells whether a business can take a payment online.
func (s *Service) OnlinePayments(l *Location) bool {
	return s.payable != nil && l != nil && s.payable(l)
}

// priceGroup sets and writes the money of bookings made together (a
// series, a visit): each booking's own total and amount due now, and when
// any is due now, every one of them is pending and held until the
// earliest hold of their calendars ends. Booked by the business for its
// client (forClient), nothing is due now: the client is not at a payment
// page, so the total is paid at the appointment.
func (s *Service) priceGroup(ctx context.Context, tx pgx.Tx, all []*Booking, now time.Time, forClient bool) error {
	var due int64
	hold := time.Duration(0)
	paidIn := "" // the currency of what is paid now
	for _, b := range all {
		b.Money.Total, b.Money.PayNow = Quote(b.Calendar, b.Seats)
		if forClient {
			b.Money.PayNow = 0
		}
		b.Money.Currency = b.Calendar.CurrencyCode()
		due += b.Money.PayNow
		if b.Money.PayNow == 0 {
			continue
		}
		if hold == 0 || b.Calendar.Hold < hold {
			hold = b.Calendar.Hold
		}
		if paidIn != "" && b.Money.Currency != paidIn {
			return &ValidationError{Fields: map[string]string{"items": msgCartCurrencies}}
		}
		paidIn = b.Money.Currency
	}
	if due > 0 && !s.OnlinePayments(all[0].Calendar.Location) {
		return ErrPaymentsOff
	}
	until := now.Add(hold)
	for _, b := range all {
		switch {
		case due > 0:
			b.Status, b.Money.State, b.Money.HoldUntil = StatusPending, MoneyHold, &until
		case b.Calendar.Payment != PaymentNone && b.Money.Total > 0: // on site, or online booked by the desk
			b.Money.State = MoneyOnSite
		default:
			b.Money.State = MoneyNone
		}
		if b.Money.State == MoneyNone && b.Money.Total == 0 {
			continue // the row's defaults say so already
		}
		if err := s.store.priceBooking(ctx, tx, b); err != nil {
			return err
		}
	}
	return nil
}

// emitNew tells of a new booking: booked, or held while its payment is
// awaited (its booked event comes with the payment).
func (s *Service) emitNew(ctx context.Context, q db.Querier, b *Booking) error {
	if b.Status == StatusPending {
		return s.emit(ctx, q, EventHeld, b)
	}
	return s.emit(ctx, q, EventBooked, b)
}

// Paid outcomes.
const (
	PaidConfirmed = "confirmed" // the held bookings are booked now
	PaidLate      = "late"      // they were released: the money goes back
	PaidAlready   = "already"   // this payment was recorded before
)

// RecordPayment records, in tx, that amount arrived for the bookings made
// with bookingID: held ones are booked (scheduled, or requested when the
// calendar asks the business first) and told of as booked; released or
// cancelled ones owe the money back. It returns which it was and the
// bookings.
func (s *Service) RecordPayment(ctx context.Context, tx pgx.Tx, bookingID string, amount int64) (string, []*Booking, error) {
	group, err := s.lockGroup(ctx, tx, bookingID)
	if err != nil {
		return "", nil, err
	}
	var due int64
	held := true
	for _, b := range group {
		due += b.Money.PayNow
		if b.Money.State != MoneyHold && b.Money.State != MoneyProcessing {
			held = false
		}
		if b.Money.Paid > 0 {
			return PaidAlready, group, nil
		}
	}
	if due != amount {
		s.log.WarnContext(ctx, "payment amount differs from what was due", "booking", bookingID, "due", due, "paid", amount)
	}
	outcome := PaidConfirmed
	if !held || group[0].Status != StatusPending {
		outcome = PaidLate
	}
	for i, b := range group {
		b.Money.Paid = b.Money.PayNow
		if i == 0 {
			b.Money.Paid += amount - due // a difference stays with the first booking, so the sum is what arrived
		}
		b.Money.HoldUntil = nil
		if outcome == PaidLate {
			b.Money.State = MoneyRefundDue
			if b.Status == StatusPending {
				// The rest of a group released or cancelled in part goes too.
				b.Status, b.CancelledBy = StatusCancelled, "system"
				b.Sequence++
				if err := s.store.cancelBooking(ctx, tx, b); err != nil {
					return "", nil, err
				}
			}
		} else {
			b.Money.State, b.Status = MoneyPaid, StatusScheduled
			if b.Calendar.RequiresConfirmation {
				b.Status = StatusRequested
			}
		}
		if err := s.store.recordPaid(ctx, tx, b); err != nil {
			return "", nil, err
		}
		event := EventBooked
		if outcome == PaidLate {
			event = EventLatePaid
		} else if err := s.emit(ctx, tx, EventPaid, b); err != nil {
			return "", nil, err
		}
		if err := s.emit(ctx, tx, event, b); err != nil {
			return "", nil, err
		}
	}
	return outcome, group, nil
}

// MarkProcessing keeps the held bookings made with bookingID held while a
// delayed payment method confirms (the booker finished the checkout).
func (s *Service) MarkProcessing(ctx context.Context, tx pgx.Tx, bookingID string) error {
	group, err := s.lockGroup(ctx, tx, bookingID)
	if err != nil {
		return err
	}
	for _, b := range group {
		if b.Money.State == MoneyHold {
			if err := s.store.markProcessing(ctx, tx, b.ID); err != nil {
				return err
			}
		}
	}
	return nil
}

// ReleaseHold frees the time of the held bookings made with bookingID:
// they are cancelled by the system, told of as released, and returned;
// bookings already paid, booked or released are left as they are (nil).
// force releases before the hold's end (the payment failed).
func (s *Service) ReleaseHold(ctx context.Context, tx pgx.Tx, bookingID string, force bool) ([]*Booking, error) {
	group, err := s.lockGroup(ctx, tx, bookingID)
	if err != nil {
		return nil, err
	}
	now := s.now()
	var held []*Booking
	for _, b := range group {
		switch {
		case b.Status == StatusCancelled:
			continue // cancelled on its own meanwhile
		case b.Status != StatusPending || b.Money.State != MoneyHold && b.Money.State != MoneyProcessing:
			return nil, nil // paid meanwhile
		case !force && (b.Money.State == MoneyProcessing || b.Money.HoldUntil != nil && b.Money.HoldUntil.After(now)):
			return nil, nil
		}
		held = append(held, b)
	}
	for _, b := range held {
		b.Status, b.CancelledBy, b.Money.State, b.Money.HoldUntil = StatusCancelled, "system", MoneyReleased, nil
		b.Sequence++
		if err := s.store.cancelBooking(ctx, tx, b); err != nil {
			return nil, err
		}
		if err := s.emit(ctx, tx, EventReleased, b); err != nil {
			return nil, err
		}
	}
	return held, nil
}

// ExpiredHolds lists the first booking of each group whose hold has ended,
// skipping those another replica is releasing.
// HoldsEndedFor lists the businesses with a hold that has ended: the
// sweep's work across businesses, each then done for its own.
func (s *Service) HoldsEndedFor(ctx context.Context) ([]int64, error) {
	return s.store.businessesWithEndedHolds(db.WithEveryBusiness(ctx), s.pool, s.now())
}

func (s *Service) ExpiredHolds(ctx context.Context, tx pgx.Tx, limit int) ([]string, error) {
	return s.store.endedHolds(ctx, tx, s.now(), limit)
}

// RecordRefund records, in tx, that amount went back for booking id.
//
// asked is the refund_due_cents the refund was made for: a record for
// another request (a late commit after the business asked again) changes
// nothing and reports false. When the rest is owed (RefundRest), the
// booking is refund due again, for all that is left.
func (s *Service) RecordRefund(ctx context.Context, tx pgx.Tx, id string, amount, asked int64) (bool, error) {
	state, err := s.store.recordRefund(ctx, tx, id, amount, asked)
	if err != nil || state == "" {
		return false, err
	}
	b, err := s.store.booking(ctx, tx, id, "")
	if err != nil {
		return false, err
	}
	if err := s.emit(ctx, tx, EventRefunded, b); err != nil {
		return false, err
	}
	if state == MoneyRefundDue {
		return true, s.emit(ctx, tx, EventRefundDue, b)
	}
	return true, nil
}

// MadeWith returns the bookings made with id (id's series or visit, in time
// order; id alone when in none), read without locks.
func (s *Service) MadeWith(ctx context.Context, q db.Querier, id string) ([]*Booking, error) {
	return s.madeWith(ctx, q, id, "")
}

func (s *Service) lockGroup(ctx context.Context, tx pgx.Tx, id string) ([]*Booking, error) {
	return s.madeWith(ctx, tx, id, " FOR UPDATE")
}

func (s *Service) madeWith(ctx context.Context, q db.Querier, id, lock string) ([]*Booking, error) {
	if !plausibleKey(id) {
		return nil, ErrBookingNotFound
	}
	ids, err := s.store.madeWithIDs(ctx, q, id, lock)
	if err != nil {
		return nil, err
	}
	if len(ids) == 0 {
		return nil, ErrBookingNotFound
	}
	out := make([]*Booking, len(ids))
	for i, each := range ids {
		if out[i], err = s.store.booking(ctx, q, each, ""); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// refundOnCancel decides, in a booker's cancellation, whether what they
// paid goes back: by the calendar's policy, a window of hours before the
// start; a pending booking's hold is released.
func refundOnCancel(b *Booking, now time.Time) {
	switch b.Money.State {
	case MoneyHold, MoneyProcessing:
		b.Money.State, b.Money.HoldUntil = MoneyReleased, nil
	case MoneyPaid, MoneyRefundDue:
		if Refundable(b, now) {
			b.Money.oweEverything()
		}
	}
}

// Refundable tells whether cancelling b now gives its payment back.
func Refundable(b *Booking, now time.Time) bool {
	c := b.Calendar
	return c.RefundPolicy == RefundWindow && !now.Add(c.RefundWindow).After(b.Start)
}
