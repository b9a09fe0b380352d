package shop

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5"

	"slotwise/backend/internal/background"
	"slotwise/backend/internal/db"
	"slotwise/backend/internal/events"
)

// Event types of orders; OrderEvent is their payload. The public
// webhooks' order.paid, order.fulfilled, order.refunded and
// order.cancelled are these.
const (
	EventCreated   = "order.created"
	EventPaid      = "order.paid"
	EventExpired   = "order.expired"
	EventFulfilled = "order.fulfilled"
	EventReady     = "order.ready" // a pick-up order is ready to be collected
	EventCancelled = "order.cancelled"
	EventRefundDue = "order.refund_due" // money to give back: the payments consumer refunds it
	EventRefunded  = "order.refunded"
	// EventSoldOutRefund: paid after its hold ended, and what it bought
	// had been sold meanwhile; its money is given back (EventRefundDue).
	EventSoldOutRefund = "order.sold_out_refund"
)

// OrderEvent is an order event's payload.
type OrderEvent struct {
	OrderID string `json:"orderId"`
	Amount  int64  `json:"amountCents,omitempty"`
}

// RecordPayment records that an order's money arrived, in the payment's
// transaction and under the order's row lock, once: a pending order is
// paid and its held stock taken; one whose hold ended takes its stock
// again if it is still there, and is otherwise owed back. A repeat does
// nothing.
func (s *Service) RecordPayment(ctx context.Context, tx pgx.Tx, orderID string, amount int64) error {
	o, err := s.store.order(ctx, tx, orderID, true)
	if err != nil {
		return err
	}
	if o.PaidCents > 0 {
		return nil // recorded before
	}
	now := s.Now()
	switch {
	case o.Status == StatusPending && o.stock == stockHeld:
		if _, err := s.store.moveStock(ctx, tx, o.Lines, takeHeld, false); err != nil {
			return err
		}
	case o.Status == StatusExpired && o.stock == stockReleased:
		taken, err := s.takeAgain(ctx, tx, o.Lines)
		if err != nil {
			return err
		}
		if !taken {
			return s.soldOutMeanwhile(ctx, tx, o, amount, now)
		}
	default:
		return fmt.Errorf("shop: order %s paid while %s with stock %s", o.ID, o.Status, o.stock)
	}
	var ready *time.Time
	if o.Delivery == DeliveryPickup {
		set, _, err := s.settings(ctx, tx)
		if err != nil {
			return err
		}
		at := now.Add(time.Duration(set.Pickup.ReadyInHours) * time.Hour)
		ready = &at
	}
	if _, err := tx.Exec(ctx, `UPDATE orders SET status = 'paid', stock = 'taken', paid_cents = $2, paid_at = $3, ready_at = $4, updated_at = $3
		WHERE id = $1 AND location_id = $5`, o.ID, amount, now, ready, db.ThisBusiness); err != nil {
		return fmt.Errorf("shop: unable to mark order %s paid: %w", o.ID, err)
	}
	if _, err := tx.Exec(ctx, `UPDATE carts SET items = '[]', updated_at = $2 WHERE id = $1 AND location_id = $3`, o.cart, now, db.ThisBusiness); err != nil {
		return fmt.Errorf("shop: unable to empty the cart of order %s: %w", o.ID, err)
	}
	detail := strconv.FormatInt(amount, 10)
	if o.Status == StatusExpired {
		detail += " late"
	}
	if err := s.store.history(ctx, tx, o.ID, "paid", "", detail, now); err != nil {
		return err
	}
	return events.Emit(ctx, tx, EventPaid, OrderEvent{OrderID: o.ID, Amount: amount})
}

// takeAgain takes a late-paid order's stock if all of it is still there,
// in a savepoint: some of it is not, nothing is taken.
func (s *Service) takeAgain(ctx context.Context, tx pgx.Tx, lines []Line) (bool, error) {
	sp, err := tx.Begin(ctx)
	if err != nil {
		return false, err
	}
	taken, err := s.store.moveStock(ctx, sp, lines, takeLeft, true)
	if err != nil || !taken {
		if rb := sp.Rollback(ctx); rb != nil && err == nil {
			err = rb
		}
		return false, err
	}
	return true, sp.Commit(ctx)
}

// soldOutMeanwhile records money that came for stock sold meanwhile: it
// is owed back, once, and the buyer told.
func (s *Service) soldOutMeanwhile(ctx context.Context, tx pgx.Tx, o *Order, amount int64, now time.Time) error {
	if _, err := tx.Exec(ctx, `UPDATE orders SET paid_cents = $2, refund_due_cents = $2, paid_at = $3, updated_at = $3
		WHERE id = $1 AND location_id = $4`, o.ID, amount, now, db.ThisBusiness); err != nil {
		return fmt.Errorf("shop: unable to record the late payment of %s: %w", o.ID, err)
	}
	if err := s.store.history(ctx, tx, o.ID, "paid-sold-out", "", strconv.FormatInt(amount, 10), now); err != nil {
		return err
	}
	s.log.InfoContext(ctx, "a late payment found its stock sold: refunding", slog.String("order", o.ID))
	if err := events.Emit(ctx, tx, EventSoldOutRefund, OrderEvent{OrderID: o.ID, Amount: amount}); err != nil {
		return err
	}
	return events.Emit(ctx, tx, EventRefundDue, OrderEvent{OrderID: o.ID, Amount: amount})
}

// release ends a pending order's hold: its stock goes back to the shelf.
// The caller has closed its checkout at the provider first.
func (s *Service) release(ctx context.Context, tx pgx.Tx, o *Order, why string) error {
	if o.Status != StatusPending || o.stock != stockHeld {
		return nil
	}
	if _, err := s.store.moveStock(ctx, tx, o.Lines, releaseHeld, false); err != nil {
		return err
	}
	now := s.Now()
	if _, err := tx.Exec(ctx, `UPDATE orders SET status = 'expired', stock = 'released', updated_at = $2 WHERE id = $1 AND location_id = $3`,
		o.ID, now, db.ThisBusiness); err != nil {
		return fmt.Errorf("shop: unable to release order %s: %w", o.ID, err)
	}
	if err := s.store.history(ctx, tx, o.ID, "expired", "", why, now); err != nil {
		return err
	}
	return events.Emit(ctx, tx, EventExpired, OrderEvent{OrderID: o.ID})
}

// Stock moves of an order's variants.
const (
	hold        = `held = v.held + w.q`
	takeHeld    = `held = greatest(v.held - w.q, 0), on_hand = v.on_hand - w.q`
	takeLeft    = `on_hand = v.on_hand - w.q`
	releaseHeld = `held = greatest(v.held - w.q, 0)`
	putBack     = `on_hand = v.on_hand + w.q`
)

// moveStock applies one of the moves to lines' variants that count their
// stock, rows locked in one order so that two orders' moves never wait on
// each other in a cycle; a variant that does not count its stock has
// nothing to move, and is not locked, so checkouts of it never wait on
// one another. With onlyIfLeft, a counted variant moves only where
// enough is left of it (unless it is sold when out): the conditional
// update that never oversells. It says whether every variant is settled
// (moved, or with nothing to move).
func (store) moveStock(ctx context.Context, q db.Querier, lines []Line, set string, onlyIfLeft bool) (bool, error) {
	sql, args := moveStockSQL(lines, set, onlyIfLeft)
	var settled bool
	if err := q.QueryRow(ctx, sql, args...).Scan(&settled); err != nil {
		return false, fmt.Errorf("shop: unable to move stock: %w", err)
	}
	return settled, nil
}

// queueMoveStock is moveStock queued in b; settled is set when b is sent.
func queueMoveStock(b *pgx.Batch, lines []Line, set string, onlyIfLeft bool, settled *bool) {
	sql, args := moveStockSQL(lines, set, onlyIfLeft)
	b.Queue(sql, args...).QueryRow(func(r pgx.Row) error {
		if err := r.Scan(settled); err != nil {
			return fmt.Errorf("shop: unable to move stock: %w", err)
		}
		return nil
	})
}

func moveStockSQL(lines []Line, set string, onlyIfLeft bool) (string, []any) {
	products, variants, quantities := columns(merged(lines))
	cond := ""
	if onlyIfLeft {
		cond = ` AND (v.sell_when_out OR v.on_hand - v.held >= w.q)`
	}
	// A hold shares the rows of the variants that do not count their
	// stock: they are not moved, and checkouts of them do not wait on one
	// another, but a variant starting to count waits until the order is
	// committed, then counts it as held (content's saveVariants).
	share := ""
	if set == hold {
		share = ` ORDER BY v.product_id, v.id FOR SHARE OF v`
	}
	return `
		WITH w AS (SELECT * FROM unnest($1::text[], $2::text[], $3::int[]) AS w(p, v, q)),
		locked AS (SELECT v.product_id, v.id FROM product_variants v JOIN w ON v.product_id = w.p AND v.id = w.v
		           WHERE v.location_id = $4 AND v.track_stock ORDER BY v.product_id, v.id FOR UPDATE OF v),
		uncounted AS (SELECT v.product_id FROM product_variants v JOIN w ON v.product_id = w.p AND v.id = w.v
		              WHERE v.location_id = $4 AND NOT v.track_stock` + share + `),
		moved AS (UPDATE product_variants v SET ` + set + `
		          FROM w JOIN locked l ON l.product_id = w.p AND l.id = w.v
		          WHERE v.location_id = $4 AND v.product_id = w.p AND v.id = w.v` + cond + ` RETURNING 1)
		SELECT (SELECT count(*) FROM moved) + (SELECT count(*) FROM uncounted) = $5`,
		[]any{products, variants, quantities, db.ThisBusiness, len(products)}
}

// CountHeld sets the units held of product's variants to what the
// pending orders holding their stock bought of them, in q's transaction:
// for variants that start counting their stock, or are new (content's
// import, which locked their rows first). Those orders' units were not
// held while the variant did not count; from now on each gives back or
// takes from held what it bought when it is paid or its hold ends, as
// every order of a counted variant does.
func CountHeld(ctx context.Context, q db.Querier, product string, variants []string) error {
	if _, err := q.Exec(ctx, `UPDATE product_variants v SET held = (SELECT coalesce(sum(i.quantity), 0) FROM orders o
			JOIN order_items i ON i.order_id = o.id AND i.location_id = o.location_id
			WHERE o.location_id = $2 AND o.status = 'pending' AND o.stock = 'held' AND i.product_id = v.product_id AND i.variant_id = v.id)
		WHERE v.product_id = $1 AND v.location_id = $2 AND v.id = ANY($3)`, product, db.ThisBusiness, variants); err != nil {
		return fmt.Errorf("shop: unable to count the units held of %s: %w", product, err)
	}
	return nil
}

// ReleaseDue ends the holds of pending orders whose time is up, across
// businesses: each order's checkout is closed at its provider first, then
// its stock released. Returns how many it released.
func (s *Service) ReleaseDue(ctx context.Context) (int, error) {
	type due struct {
		business int64
		id       string
	}
	rows, err := s.pool.Query(db.WithEveryBusiness(ctx), `SELECT location_id, id FROM orders
		WHERE status = 'pending' AND hold_until <= $1 ORDER BY hold_until LIMIT 200`, s.Now())
	if err != nil {
		return 0, fmt.Errorf("shop: unable to find ended holds: %w", err)
	}
	list, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (due, error) {
		var d due
		return d, r.Scan(&d.business, &d.id)
	})
	if err != nil {
		return 0, err
	}
	released := 0
	for _, d := range list {
		ctx := db.WithBusiness(ctx, d.business)
		if s.pay != nil {
			if err := s.pay.CloseOrder(ctx, d.id); err != nil {
				// Still payable or still confirming: it keeps its stock
				// until the provider can say, and is asked again.
				s.log.WarnContext(ctx, "an ended hold's checkout could not be closed", slog.String("order", d.id), slog.Any("err", err))
				continue
			}
		}
		err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
			o, err := s.store.order(ctx, tx, d.id, true)
			if err != nil {
				return err
			}
			if o.Status != StatusPending {
				return nil // paid meanwhile
			}
			released++
			return s.release(ctx, tx, o, "hold ended")
		})
		if err != nil && !errors.Is(err, ErrNotFound) {
			return released, err
		}
	}
	return released, nil
}

// Holds is the background work that releases the stock of pending orders
// whose hold ended, looked for every Every.
type Holds struct {
	Service *Service
	Every   time.Duration
}

// Name is the work's name among the server's background work.
func (h Holds) Name() string { return "order holds" }

// Run releases ended holds every Every until ctx ends.
func (h Holds) Run(ctx context.Context) error {
	s := h.Service
	background.Rounds(ctx, s.pool, "", h.Every, s.log, func(ctx context.Context) {
		if n, err := s.ReleaseDue(ctx); err != nil && ctx.Err() == nil {
			s.log.WarnContext(ctx, "unable to release ended order holds", slog.Any("err", err))
		} else if n > 0 {
			s.log.InfoContext(ctx, "released unpaid orders' stock", slog.Int("orders", n))
		}
	})
	return nil
}
