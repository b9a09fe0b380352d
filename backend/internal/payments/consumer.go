package payments

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strconv"

	"github.com/jackc/pgx/v5"

	"slotwise/backend/internal/booking"
	"slotwise/backend/internal/events"
)

// Fulfiller is the consumer that acts on money events after commit: a
// provider's event is recorded; a released or cancelled hold closes its
// checkout at the provider; money owed back is refunded. Provider calls
// happen in Handle, outside any transaction, with keys from our ids, so a
// repeat after a crash asks the same thing again and is answered the same.
type Fulfiller struct{ Service *Service }

// Name implements events.Consumer.
func (f *Fulfiller) Name() string { return "payments.fulfiller" }

// Types implements events.Consumer.
func (f *Fulfiller) Types() []string {
	return []string{EventProvider, booking.EventCancelled, booking.EventDeclined, booking.EventReleased, booking.EventLatePaid, booking.EventRefundDue,
		EventOrderRefundDue}
}

// Handle implements events.Consumer.
func (f *Fulfiller) Handle(ctx context.Context, ev events.Event) (events.Commit, error) {
	if ev.Type == EventProvider {
		var pe ProviderEvent
		if err := ev.Decode(&pe); err != nil {
			return nil, err
		}
		if pe.Type == EventApproved {
			return f.Service.approved(ctx, pe)
		}
		return f.Service.providerEvent(pe), nil
	}
	if ev.Type == EventOrderRefundDue {
		var oe struct {
			OrderID string `json:"orderId"`
		}
		if err := ev.Decode(&oe); err != nil {
			return nil, err
		}
		if f.Service.orders == nil {
			return nil, errors.New("payments: an order's refund, and no shop to read it")
		}
		return f.Service.refundOrder(ctx, oe.OrderID)
	}
	var be booking.BookingEvent
	if err := ev.Decode(&be); err != nil {
		return nil, err
	}
	return f.Service.settleBooking(ctx, be.BookingID)
}

// approved captures a checkout the booker approved (Capturer) while its
// hold lasts, outside any transaction, then records what the capture
// says as the provider's own event would.
func (s *Service) approved(ctx context.Context, pe ProviderEvent) (events.Commit, error) {
	sess, captured, err := s.captureHeld(ctx, pe.Provider, pe.SessionID)
	if err != nil {
		return nil, err
	}
	switch {
	case !captured:
		return func(context.Context, pgx.Tx) error { return nil }, nil
	case sess.Status == SessionFailed:
		pe.Type = EventAsyncFailed
	case sess.Status == SessionComplete:
		pe.Type, pe.Paid, pe.IntentID, pe.Amount = EventCompleted, sess.Paid, sess.IntentID, sess.Amount
	default: // funding declined: the booker may choose again while the hold lasts
		return func(context.Context, pgx.Tx) error { return nil }, nil
	}
	return s.providerEvent(pe), nil
}

// providerEvent is what a provider's event changes, in the delivery's
// transaction. Events come in any order and some twice: each change only
// moves a payment forward (open → processing → paid; open → failed or
// expired), so a late or repeated one changes nothing.
func (s *Service) providerEvent(pe ProviderEvent) events.Commit {
	return func(ctx context.Context, tx pgx.Tx) error {
		switch {
		case pe.Type == EventAsyncSucceeded || pe.Type == EventCompleted && pe.Paid:
			return s.paidIn(ctx, tx, pe.Provider, pe.Event)
		}
		p, err := s.store.bySessionForUpdate(ctx, tx, pe.Provider, pe.SessionID)
		if errors.Is(err, ErrNotFound) {
			return nil // not one of ours
		}
		if err != nil {
			return err
		}
		switch pe.Type {
		case EventCompleted: // finished with a delayed method: the time (or the stock) stays held until it confirms
			if p.Status != statusOpen {
				return nil
			}
			if err := s.store.settle(ctx, tx, p.ID, statusProcessing); err != nil || p.OrderID != "" {
				return err
			}
			return s.bookings.MarkProcessing(ctx, tx, p.BookingID)
		case EventAsyncFailed:
			if p.Status != statusOpen && p.Status != statusProcessing {
				return nil
			}
			// An order keeps its stock until its hold ends: the buyer may
			// pay another way meanwhile.
			if err := s.store.settle(ctx, tx, p.ID, statusFailed); err != nil || p.OrderID != "" {
				return err
			}
			_, err := s.bookings.ReleaseHold(ctx, tx, p.BookingID, true)
			return err
		case EventExpired:
			return s.store.settle(ctx, tx, p.ID, statusExpired)
		}
		return nil
	}
}

// settleBooking follows a booking's money after it was cancelled,
// released or paid too late: an unsettled checkout is closed at the
// provider; money owed back is refunded there; then both are recorded.
func (s *Service) settleBooking(ctx context.Context, id string) (events.Commit, error) {
	group, err := s.bookings.MadeWith(ctx, s.pool, id)
	if errors.Is(err, booking.ErrBookingNotFound) {
		return func(context.Context, pgx.Tx) error { return nil }, nil
	}
	if err != nil {
		return nil, err
	}
	var b *booking.Booking
	for _, each := range group {
		if each.ID == id {
			b = each
		}
	}
	first := group[0]
	switch b.Money.State {
	case booking.MoneyReleased:
		return s.expireCheckouts(ctx, first.ID)
	case booking.MoneyRefundDue:
		return s.refund(ctx, first.ID, b)
	}
	return func(context.Context, pgx.Tx) error { return nil }, nil
}

func (s *Service) expireCheckouts(ctx context.Context, firstID string) (events.Commit, error) {
	open, err := s.store.unsettled(ctx, s.pool, firstID)
	if err != nil {
		return nil, err
	}
	for _, p := range open {
		if p.SessionID == "" {
			continue
		}
		provider, err := s.ofPayment(ctx, p)
		if err != nil {
			return nil, err
		}
		if provider == nil {
			// Its account cannot be reached (its key is gone from the
			// configuration): it is asked again, never left payable.
			return nil, fmt.Errorf("payments: the account that opened payment %s cannot be used; its checkout stays open", p.ID)
		}
		if err := provider.Expire(ctx, p.SessionID); err != nil {
			return nil, err
		}
	}
	return func(ctx context.Context, tx pgx.Tx) error {
		for _, p := range open {
			if err := s.store.settle(ctx, tx, p.ID, statusExpired); err != nil {
				return err
			}
		}
		return nil
	}, nil
}

func (s *Service) refund(ctx context.Context, firstID string, b *booking.Booking) (events.Commit, error) {
	amount := b.Money.RefundNow()
	p, err := s.store.paidFor(ctx, s.pool, firstID)
	if err != nil {
		return nil, err
	}
	if amount <= 0 {
		return func(ctx context.Context, tx pgx.Tx) error {
			_, err := s.bookings.RecordRefund(ctx, tx, b.ID, 0, b.Money.RefundDue)
			return err
		}, nil
	}
	// One key per refund: the first is the booking's, a later part's
	// names what had been refunded before it.
	key := "refund-" + b.ID
	if b.Money.Refunded > 0 {
		key += "-" + strconv.FormatInt(b.Money.Refunded, 10)
	}
	refundID, err := s.refundAt(ctx, p, key, amount)
	if err != nil {
		return nil, err
	}
	s.log.InfoContext(ctx, "refunded", slog.String("booking", b.ID), slog.String("payment", p.ID), slog.Int64("amount", amount))
	return func(ctx context.Context, tx pgx.Tx) error {
		applied, err := s.bookings.RecordRefund(ctx, tx, b.ID, amount, b.Money.RefundDue)
		if err != nil || !applied {
			return err // a record for another request: this refund's was made already
		}
		return s.store.refunded(ctx, tx, p.ID, refundID, amount)
	}, nil
}

// refundAt gives back amount of payment p at the provider that took it,
// under key, the payment's refunds taking turns (lockPayment).
func (s *Service) refundAt(ctx context.Context, p *payment, key string, amount int64) (string, error) {
	provider, err := s.ofPayment(ctx, p)
	if err != nil {
		return "", err
	}
	if provider == nil {
		return "", errors.New("payments: the account that took this payment cannot be used; its refund waits")
	}
	unlock, err := s.lockPayment(ctx, p.ID)
	if err != nil {
		return "", err
	}
	defer unlock()
	return provider.Refund(ctx, RefundRequest{Key: key, IntentID: p.IntentID, Amount: amount, Currency: p.Currency})
}

// lockPayment makes the refunds of one payment take turns, across
// replicas: an advisory lock on its id, held over the provider's calls
// (outside any transaction). A provider without idempotency keys
// (Razorpay) is asked whether a refund exists before one is made, and two
// deliveries at once (a lease that ran out, two events of one booking)
// must not both find none.
func (s *Service) lockPayment(ctx context.Context, id string) (func(), error) {
	conn, err := s.pool.Acquire(ctx)
	if err != nil {
		return nil, err
	}
	if _, err := conn.Exec(ctx, `SELECT pg_advisory_lock(hashtextextended($1, 7))`, "payment:"+id); err != nil {
		conn.Release()
		return nil, err
	}
	return func() {
		_, _ = conn.Exec(context.Background(), `SELECT pg_advisory_unlock(hashtextextended($1, 7))`, "payment:"+id)
		conn.Release()
	}, nil
}
