package shop

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"slotwise/backend/internal/cursor"
	"slotwise/backend/internal/db"
)

// OrderQuery filters the business's orders, newest first.
type OrderQuery struct {
	// Status is one of the order statuses; "" is every order.
	Status string
	// Search finds an order by its number (1001 or #1001) or its buyer's
	// name or address, in part, in any case.
	Search string
	Cursor string
	Limit  int
}

// Statuses lists the order statuses, in the order they come.
var Statuses = []string{StatusPending, StatusPaid, StatusFulfilled, StatusExpired, StatusCancelled, StatusRefunded}

// Orders lists the business's orders that q asks for, newest first, and
// the next page's cursor ("" at the end).
func (s *Service) Orders(ctx context.Context, q OrderQuery) ([]*Order, string, error) {
	args := db.Args{}
	arg := args.Add
	where := []string{"o.location_id = " + arg(db.ThisBusiness)}
	if q.Status != "" {
		where = append(where, "o.status = "+arg(q.Status))
	}
	if term := strings.TrimSpace(q.Search); term != "" {
		if n, err := strconv.ParseInt(strings.TrimPrefix(term, "#"), 10, 64); err == nil && n > 0 {
			where = append(where, "o.number = "+arg(n))
		} else {
			like := "%" + strings.NewReplacer(`\`, `\\`, "%", `\%`, "_", `\_`).Replace(term) + "%"
			p := arg(like)
			where = append(where, "(o.name ILIKE "+p+" OR o.email ILIKE "+p+")")
		}
	}
	after, err := cursor.After(q.Cursor, "o.created_at", "o.id", cursor.Descending, arg)
	if err != nil {
		return nil, "", err
	}
	if after != "" {
		where = append(where, after)
	}
	limit := cursor.Limit(q.Limit)
	rows, err := s.pool.Query(ctx, `SELECT `+orderColumns+` FROM orders o WHERE `+strings.Join(where, " AND ")+
		` ORDER BY o.created_at DESC, o.id DESC LIMIT `+strconv.Itoa(limit+1), args...)
	if err != nil {
		return nil, "", fmt.Errorf("shop: unable to list orders: %w", err)
	}
	list, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (*Order, error) { return scanOrder(r) })
	if err != nil {
		return nil, "", fmt.Errorf("shop: unable to list orders: %w", err)
	}
	list, next := cursor.Page(list, limit, func(o *Order) (time.Time, string) { return o.CreatedAt, o.ID })
	return list, next, nil
}

// History is what happened to an order, oldest first.
func (s *Service) History(ctx context.Context, id string) ([]Step, error) {
	rows, err := s.pool.Query(ctx, `SELECT action, actor, detail, at FROM order_history WHERE order_id = $1 AND location_id = $2 ORDER BY id`,
		id, db.ThisBusiness)
	if err != nil {
		return nil, fmt.Errorf("shop: unable to read an order's history: %w", err)
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (Step, error) {
		var st Step
		return st, r.Scan(&st.Action, &st.Actor, &st.Detail, &st.At)
	})
}
