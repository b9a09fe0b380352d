package db

import (
	"context"
	"errors"
	"fmt"
	"strconv"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// thisBusiness is the type of ThisBusiness.
type thisBusiness struct{}

// ThisBusiness is the argument a statement of one business's data names
// its business with, in its own WHERE: `WHERE c.slug = $1 AND
// c.location_id = $2` with (slug, db.ThisBusiness). A Pool, and a
// transaction begun on one, bind it to the business the context (or the
// transaction) is for: the query says whose rows it reads, as a parameter
// (what Citus routes a statement to one node by), and row security
// (migration 000028) still holds it to that business if it says nothing.
//
// Bound for a context that names no business it is the only business
// there is (as the policies' own fallback); for WithEveryBusiness it is an
// error: a statement of one business's rows has no place in work across
// businesses. pgx itself cannot encode it, so a statement sent around a
// Pool fails rather than read without its business.
var ThisBusiness = thisBusiness{}

// ErrNoOneBusiness is the error of a statement that names ThisBusiness in
// work across businesses.
var ErrNoOneBusiness = errors.New("db: a statement of one business's data was run for every business")

// the business a context names: id > 0, none (0: reads nothing), every
// business (-1), or unnamed.
func businessArg(ctx context.Context) (id int64, named bool) {
	id, named = ctx.Value(businessKey{}).(int64)
	return id, named
}

// needsBusiness tells whether args hold ThisBusiness.
func needsBusiness(args []any) bool {
	for _, a := range args {
		if _, ok := a.(thisBusiness); ok {
			return true
		}
	}
	return false
}

// bindBusiness returns args with ThisBusiness replaced by id (a copy: the
// caller's slice is not changed).
func bindBusiness(args []any, id int64) ([]any, error) {
	if id == everyBusiness {
		return nil, ErrNoOneBusiness
	}
	out := make([]any, len(args))
	for i, a := range args {
		if _, ok := a.(thisBusiness); ok {
			out[i] = id
			continue
		}
		out[i] = a
	}
	return out, nil
}

// rowQuerier is what onlyBusiness asks: the pool's pgx pool, or a
// transaction.
type rowQuerier interface {
	QueryRow(context.Context, string, ...any) pgx.Row
}

// onlyBusiness is the business a statement for no named business is for,
// as the policies decide: the one the transaction says (a folder's import
// names the business it creates), else the only one there is (0 when
// there is none, or more than one).
func onlyBusiness(ctx context.Context, q rowQuerier) (int64, error) {
	var id *int64
	if err := q.QueryRow(ctx, `SELECT slotwise_business_bound($1)`, everyBusiness).Scan(&id); err != nil {
		return 0, fmt.Errorf("db: unable to find the business: %w", err)
	}
	if id == nil {
		return 0, nil
	}
	return *id, nil
}

// bind resolves ThisBusiness in args for a statement sent on the pool.
func (p *Pool) bind(ctx context.Context, args []any) ([]any, error) {
	id, named := businessArg(ctx)
	return bound(ctx, p.Pool, id, named, args)
}

// bound resolves ThisBusiness in args as business id, or, for work that
// names none, as the business q's database decides (onlyBusiness).
func bound(ctx context.Context, q rowQuerier, id int64, named bool, args []any) ([]any, error) {
	if !needsBusiness(args) {
		return args, nil
	}
	if !named {
		var err error
		if id, err = onlyBusiness(ctx, q); err != nil {
			return nil, err
		}
	}
	return bindBusiness(args, id)
}

// tx is a transaction begun on a Pool: its statements' ThisBusiness is the
// business it was begun for (or switched to, SwitchBusiness), whatever
// context each is sent with. One begun for no named business asks the
// database at each statement that needs it, as the policies do.
type tx struct {
	pgx.Tx
	business int64
	named    bool
	nested   bool      // a savepoint
	waker    *waker    // the pool's, which wakes ...
	wakes    *wakeList // ... these channels once the outermost commits
}

func (t *tx) bind(ctx context.Context, args []any) ([]any, error) {
	return bound(ctx, t.Tx, t.business, t.named, args)
}

func (t *tx) Begin(ctx context.Context) (pgx.Tx, error) {
	inner, err := t.Tx.Begin(ctx)
	if err != nil {
		return nil, err
	}
	return &tx{Tx: inner, business: t.business, named: t.named, nested: true, waker: t.waker, wakes: t.wakes}, nil
}

// Commit commits (a savepoint: releases it), then, for the outermost
// transaction, wakes the channels it asked for (NotifyAfterCommit).
func (t *tx) Commit(ctx context.Context) error {
	if err := t.Tx.Commit(ctx); err != nil {
		return err
	}
	if !t.nested && t.wakes != nil {
		t.waker.wake(t.wakes.channels)
		t.wakes.channels = nil
	}
	return nil
}

func (t *tx) Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error) {
	args, err := t.bind(ctx, args)
	if err != nil {
		return pgconn.CommandTag{}, err
	}
	return t.Tx.Exec(ctx, sql, args...)
}

func (t *tx) Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error) {
	args, err := t.bind(ctx, args)
	if err != nil {
		return nil, err
	}
	return t.Tx.Query(ctx, sql, args...)
}

func (t *tx) QueryRow(ctx context.Context, sql string, args ...any) pgx.Row {
	args, err := t.bind(ctx, args)
	if err != nil {
		return errRow{err}
	}
	return t.Tx.QueryRow(ctx, sql, args...)
}

// SendBatch binds ThisBusiness in a copy of b: the caller's batch is left
// as it was.
func (t *tx) SendBatch(ctx context.Context, b *pgx.Batch) pgx.BatchResults {
	bound := &pgx.Batch{QueuedQueries: make([]*pgx.QueuedQuery, len(b.QueuedQueries))}
	for i, q := range b.QueuedQueries {
		args, err := t.bind(ctx, q.Arguments)
		if err != nil {
			return failedBatch{err: err}
		}
		c := *q
		c.Arguments = args
		bound.QueuedQueries[i] = &c
	}
	return t.Tx.SendBatch(ctx, bound)
}

// SwitchBusiness makes the rest of transaction q work for business id: the
// policies' setting and q's ThisBusiness (an import that creates its
// business works for it from then on).
//
// q is a transaction begun on a Pool, not a savepoint of one: the switch
// holds for the rest of the transaction it is made in, which a savepoint's
// end would not carry to the transaction around it.
func SwitchBusiness(ctx context.Context, q Querier, id int64) error {
	t, ok := q.(*tx)
	if !ok || t.nested {
		return errors.New("db: a business is switched to only in a transaction begun on a Pool")
	}
	if _, err := q.Exec(ctx, setBusiness, strconv.FormatInt(id, 10)); err != nil {
		return fmt.Errorf("db: unable to work for business %d: %w", id, err)
	}
	t.business, t.named = id, true
	return nil
}
