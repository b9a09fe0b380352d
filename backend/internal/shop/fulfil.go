package shop

import (
	"context"
	"fmt"
	"net/url"
	"strconv"

	"github.com/jackc/pgx/v5"

	"slotwise/backend/internal/command"
	"slotwise/backend/internal/db"
	"slotwise/backend/internal/events"
)

// change runs a business's change to one order, its row locked, as a
// command: key makes a retry of the same change return the first result.
func (s *Service) change(ctx context.Context, scope, key, id string, request any, fn func(ctx context.Context, tx pgx.Tx, o *Order) error) (*Order, error) {
	_, _, err := command.Run(ctx, s.runner, command.Op{Scope: scope, Key: key, Request: request}, func(ctx context.Context, tx pgx.Tx) (string, error) {
		o, err := s.store.order(ctx, tx, id, true)
		if err != nil {
			return "", err
		}
		return o.ID, fn(ctx, tx, o)
	})
	if err != nil {
		return nil, err
	}
	return s.store.order(ctx, s.pool, id, false)
}

// Fulfil marks a paid order handed over: shipped (with its tracking
// link, when there is one) or picked up.
func (s *Service) Fulfil(ctx context.Context, id, trackingURL, key string) (*Order, error) {
	if trackingURL != "" {
		if u, err := url.Parse(trackingURL); err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" || len(trackingURL) > 500 {
			return nil, &ValidationError{Fields: map[string]string{"trackingUrl": "validation.urlInvalid"}}
		}
	}
	return s.change(ctx, "shop.fulfil", key, id, trackingURL, func(ctx context.Context, tx pgx.Tx, o *Order) error {
		if o.Status == StatusFulfilled && o.TrackingURL == trackingURL {
			return nil
		}
		if o.Status != StatusPaid {
			return ErrWrongState
		}
		now := s.Now()
		if _, err := tx.Exec(ctx, `UPDATE orders SET status = 'fulfilled', tracking_url = $2, fulfilled_at = $3, updated_at = $3
			WHERE id = $1 AND location_id = $4`, o.ID, trackingURL, now, db.ThisBusiness); err != nil {
			return fmt.Errorf("shop: unable to fulfil %s: %w", o.ID, err)
		}
		if err := s.store.history(ctx, tx, o.ID, "fulfilled", events.ActorOf(ctx), trackingURL, now); err != nil {
			return err
		}
		return events.Emit(ctx, tx, EventFulfilled, OrderEvent{OrderID: o.ID})
	})
}

// MarkReady tells the buyer of a paid pick-up order that it is ready to
// be collected, once.
func (s *Service) MarkReady(ctx context.Context, id, key string) (*Order, error) {
	return s.change(ctx, "shop.ready", key, id, nil, func(ctx context.Context, tx pgx.Tx, o *Order) error {
		if o.Delivery != DeliveryPickup || o.Status != StatusPaid {
			return ErrWrongState
		}
		if o.ReadyToldAt != nil {
			return nil
		}
		now := s.Now()
		if _, err := tx.Exec(ctx, `UPDATE orders SET ready_told_at = $2, updated_at = $2 WHERE id = $1 AND location_id = $3`,
			o.ID, now, db.ThisBusiness); err != nil {
			return fmt.Errorf("shop: unable to mark %s ready: %w", o.ID, err)
		}
		if err := s.store.history(ctx, tx, o.ID, "ready", events.ActorOf(ctx), "", now); err != nil {
			return err
		}
		return events.Emit(ctx, tx, EventReady, OrderEvent{OrderID: o.ID})
	})
}

// Cancel cancels a paid order that was not handed over: its stock goes
// back on the shelf and what was paid is given back.
func (s *Service) Cancel(ctx context.Context, id, key string) (*Order, error) {
	return s.change(ctx, "shop.cancel", key, id, nil, func(ctx context.Context, tx pgx.Tx, o *Order) error {
		if o.Status == StatusCancelled {
			return nil
		}
		if o.Status != StatusPaid {
			return ErrWrongState
		}
		if _, err := s.store.moveStock(ctx, tx, o.Lines, putBack, false); err != nil {
			return err
		}
		now := s.Now()
		rest := o.PaidCents - o.RefundedCents - o.RefundDue
		if _, err := tx.Exec(ctx, `UPDATE orders SET status = 'cancelled', stock = 'returned', refund_due_cents = refund_due_cents + $2,
			closed_at = $3, updated_at = $3 WHERE id = $1 AND location_id = $4`, o.ID, rest, now, db.ThisBusiness); err != nil {
			return fmt.Errorf("shop: unable to cancel %s: %w", o.ID, err)
		}
		if err := s.store.history(ctx, tx, o.ID, "cancelled", events.ActorOf(ctx), strconv.FormatInt(rest, 10), now); err != nil {
			return err
		}
		if err := events.Emit(ctx, tx, EventCancelled, OrderEvent{OrderID: o.ID}); err != nil {
			return err
		}
		if rest <= 0 {
			return nil
		}
		return events.Emit(ctx, tx, EventRefundDue, OrderEvent{OrderID: o.ID, Amount: rest})
	})
}

// Refund gives back amount of what a paid order's buyer paid (0: all
// that is left); the order keeps its state until all of it is back.
func (s *Service) Refund(ctx context.Context, id string, amount int64, key string) (*Order, error) {
	if amount < 0 {
		return nil, ErrRefundTooBig
	}
	return s.change(ctx, "shop.refund", key, id, amount, func(ctx context.Context, tx pgx.Tx, o *Order) error {
		if o.Status != StatusPaid && o.Status != StatusFulfilled && o.Status != StatusCancelled {
			return ErrWrongState
		}
		rest := o.PaidCents - o.RefundedCents - o.RefundDue
		if amount == 0 {
			amount = rest
		}
		if amount <= 0 || amount > rest {
			return ErrRefundTooBig
		}
		now := s.Now()
		if _, err := tx.Exec(ctx, `UPDATE orders SET refund_due_cents = refund_due_cents + $2, updated_at = $3 WHERE id = $1 AND location_id = $4`,
			o.ID, amount, now, db.ThisBusiness); err != nil {
			return fmt.Errorf("shop: unable to refund %s: %w", o.ID, err)
		}
		if err := s.store.history(ctx, tx, o.ID, "refund-asked", events.ActorOf(ctx), strconv.FormatInt(amount, 10), now); err != nil {
			return err
		}
		return events.Emit(ctx, tx, EventRefundDue, OrderEvent{OrderID: o.ID, Amount: amount})
	})
}

// RecordRefund records that amount went back to the buyer at the
// provider, in the transaction of the payments consumer that gave it;
// all of it back, a paid or expired order is refunded.
func (s *Service) RecordRefund(ctx context.Context, tx pgx.Tx, id string, amount int64) error {
	o, err := s.store.order(ctx, tx, id, true)
	if err != nil {
		return err
	}
	amount = min(amount, o.RefundDue)
	if amount <= 0 {
		return nil // recorded before
	}
	now := s.Now()
	status := o.Status
	if o.RefundedCents+amount >= o.PaidCents && (o.Status == StatusPaid || o.Status == StatusFulfilled || o.Status == StatusExpired) {
		status = StatusRefunded
	}
	if _, err := tx.Exec(ctx, `UPDATE orders SET refunded_cents = refunded_cents + $2, refund_due_cents = refund_due_cents - $2, status = $3,
		closed_at = CASE WHEN $3 = 'refunded' THEN $4 ELSE closed_at END, updated_at = $4 WHERE id = $1 AND location_id = $5`,
		o.ID, amount, status, now, db.ThisBusiness); err != nil {
		return fmt.Errorf("shop: unable to record the refund of %s: %w", o.ID, err)
	}
	if err := s.store.history(ctx, tx, o.ID, "refunded", "", strconv.FormatInt(amount, 10), now); err != nil {
		return err
	}
	return events.Emit(ctx, tx, EventRefunded, OrderEvent{OrderID: o.ID, Amount: amount})
}

// RefundDue is what an order owes back now: the payments consumer asks
// before it calls the provider, so a repeated event refunds nothing.
func (s *Service) RefundDue(ctx context.Context, id string) (amount, refunded int64, err error) {
	o, err := s.store.order(ctx, s.pool, id, false)
	if err != nil {
		return 0, 0, err
	}
	return o.RefundDue, o.RefundedCents, nil
}
