package db

import (
	"context"
	"fmt"
	"strconv"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
)

type businessKey struct{}

// everyBusiness is the context value of WithEveryBusiness.
const everyBusiness int64 = -1

// WithBusiness returns ctx for work done for business id: every statement
// a Pool runs for it reads and writes only that business's rows (the row
// security policies of migration 000028 read the business the transaction
// is for), and a row it inserts is that business's.
// An id that is no business's (zero or less) reads and writes nothing: it
// is never taken for WithEveryBusiness.
func WithBusiness(ctx context.Context, id int64) context.Context {
	return context.WithValue(ctx, businessKey{}, max(id, 0))
}

// WithEveryBusiness returns ctx for the deployment's own work across
// businesses: a worker claiming due jobs of any business, the operator's
// commands, metrics. Its transactions read as EveryRole, the only role
// the policies show every business to. Each job is then done
// WithBusiness of its own.
func WithEveryBusiness(ctx context.Context) context.Context {
	return context.WithValue(ctx, businessKey{}, everyBusiness)
}

// BusinessOf returns the business ctx works for, if it names one.
func BusinessOf(ctx context.Context) (int64, bool) {
	id, ok := ctx.Value(businessKey{}).(int64)
	return id, ok && id > 0
}

// scope is the statement that tells PostgreSQL whose the transaction is,
// local to it (never left on a pooled connection), or "" when ctx does not
// say; business is the setting's value.
func scope(ctx context.Context) (statement, business string) {
	id, ok := ctx.Value(businessKey{}).(int64)
	switch {
	case !ok:
		return "", ""
	case id == everyBusiness:
		return setEvery, "every"
	default:
		business = strconv.FormatInt(id, 10)
	}
	return "SELECT set_config('slotwise.business', '" + business + "', true)", business
}

// EveryRole is the role work across businesses takes for its transaction
// (migration 000035): the policies hold every other role to one business.
const EveryRole = "slotwise_every"

// setEvery is scope's statement for work across businesses: the setting,
// and the role that may read every business's rows, both local to the
// transaction.
const setEvery = "SELECT set_config('slotwise.business', 'every', true), set_config('role', '" + EveryRole + "', true)"

// setBusiness is scope's statement with the business as a parameter: one
// prepared statement on a connection for every business (a statement per
// business would fill pgx's cache of prepared statements, evicting the
// queries, with as many businesses as a deployment has).
const setBusiness = "SELECT set_config('slotwise.business', $1, true)"

// planKey marks a context whose statements are planned a given way: its
// value is the plan_cache_mode they run with.
type planKey struct{}

// WithGenericPlan returns ctx for statements PostgreSQL plans once per
// connection, for any parameters: a statement whose planning costs more
// than running it, written so that one plan is right for every business
// (a page of one business's rows read from an index that begins with the
// business, in the page's order, before anything is joined). Left to
// itself, PostgreSQL plans such a statement again for each call whenever
// the plan for the call's values looks cheaper. It applies to statements
// run for one business outside a transaction (Query, QueryRow, Exec).
func WithGenericPlan(ctx context.Context) context.Context {
	return context.WithValue(ctx, planKey{}, "force_generic_plan")
}

// WithCustomPlan returns ctx for statements PostgreSQL must plan for each
// call's parameters, never once for any: one whose right plan depends on
// its values (a search starts from its rarest word's bookings, however
// many the business has). PostgreSQL switches a prepared statement to the
// plan made once when that plan's estimate looks no dearer, an estimate
// for a business of average size, and an index added elsewhere can tip
// it. It applies as WithGenericPlan does.
func WithCustomPlan(ctx context.Context) context.Context {
	return context.WithValue(ctx, planKey{}, "force_custom_plan")
}

// setBusinessPlanned is setBusiness for WithGenericPlan and
// WithCustomPlan: the plan cache mode is set local to the statement's
// implicit transaction too.
const setBusinessPlanned = "SELECT set_config('slotwise.business', $1, true), set_config('plan_cache_mode', $2, true)"

// Pool is a connection pool whose statements run for the business their
// context names (WithBusiness, WithEveryBusiness). A transaction begun here
// says whose it is in the same round trip as its BEGIN; a statement outside
// one is sent in one round trip behind that setting, in the same implicit
// transaction (a pipeline ends with one Sync). A context that names no
// business runs its statements as they are.
type Pool struct {
	*pgxpool.Pool
	waker *waker // NotifyAfterCommit's notifications
}

// NewPool wraps p.
func NewPool(p *pgxpool.Pool) *Pool { return &Pool{Pool: p, waker: &waker{pool: p}} }

var (
	_ Querier  = (*Pool)(nil)
	_ Beginner = (*Pool)(nil)
)

// Begin starts a transaction for ctx's business.
func (p *Pool) Begin(ctx context.Context) (pgx.Tx, error) {
	return p.BeginTx(ctx, pgx.TxOptions{})
}

// BeginTx starts a transaction with opts for ctx's business.
func (p *Pool) BeginTx(ctx context.Context, opts pgx.TxOptions) (pgx.Tx, error) {
	// BEGIN and the setting go as one simple-protocol string: nothing is
	// prepared for it.
	if s, _ := scope(ctx); s != "" {
		opts.BeginQuery = beginSQL(opts) + "; " + s
	}
	t, err := p.Pool.BeginTx(ctx, opts)
	if err != nil {
		return nil, err
	}
	id, named := businessArg(ctx)
	out := &tx{Tx: t, business: id, named: named}
	if p.waker != nil {
		out.waker, out.wakes = p.waker, &wakeList{}
	}
	return out, nil
}

// beginSQL is pgx's own BEGIN for opts (TxOptions.beginSQL is not exported).
func beginSQL(opts pgx.TxOptions) string {
	if opts.BeginQuery != "" {
		return opts.BeginQuery
	}
	s := "BEGIN"
	if opts.IsoLevel != "" {
		s += " ISOLATION LEVEL " + string(opts.IsoLevel)
	}
	if opts.AccessMode != "" {
		s += " " + string(opts.AccessMode)
	}
	if opts.DeferrableMode != "" {
		s += " " + string(opts.DeferrableMode)
	}
	return s
}

// Exec runs sql for ctx's business.
func (p *Pool) Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error) {
	args, err := p.bind(ctx, args)
	if err != nil {
		return pgconn.CommandTag{}, err
	}
	_, business := scope(ctx)
	if business == "" {
		return p.Pool.Exec(ctx, sql, args...)
	}
	br := p.scoped(ctx, business, sql, args)
	tag, err := br.Exec()
	if cerr := br.Close(); err == nil {
		err = cerr
	}
	return tag, err
}

// Query runs sql for ctx's business. Its connection goes back to the pool
// when the rows are closed or read to the end.
func (p *Pool) Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error) {
	args, err := p.bind(ctx, args)
	if err != nil {
		return nil, err
	}
	_, business := scope(ctx)
	if business == "" {
		return p.Pool.Query(ctx, sql, args...)
	}
	br := p.scoped(ctx, business, sql, args)
	rows, err := br.Query()
	if err != nil {
		_ = br.Close()
		return nil, err
	}
	return &batchRows{Rows: rows, batch: br}, nil
}

// QueryRow runs sql for ctx's business.
func (p *Pool) QueryRow(ctx context.Context, sql string, args ...any) pgx.Row {
	args, err := p.bind(ctx, args)
	if err != nil {
		return errRow{err}
	}
	_, business := scope(ctx)
	if business == "" {
		return p.Pool.QueryRow(ctx, sql, args...)
	}
	br := p.scoped(ctx, business, sql, args)
	return batchRow{row: br.QueryRow(), batch: br}
}

// scoped sends the setting of business and sql as one batch, and reads
// the setting's result: what is left to read is sql's.
func (p *Pool) scoped(ctx context.Context, business, sql string, args []any) pgx.BatchResults {
	b := &pgx.Batch{}
	switch mode, _ := ctx.Value(planKey{}).(string); {
	case business == "every":
		b.Queue(setEvery)
	case mode != "":
		b.Queue(setBusinessPlanned, business, mode)
	default:
		b.Queue(setBusiness, business)
	}
	b.Queue(sql, args...)
	br := p.Pool.SendBatch(ctx, b)
	if _, err := br.Exec(); err != nil {
		_ = br.Close()
		return failedBatch{err: err}
	}
	return br
}

// batchRows closes its batch (and so gives its connection back) with the
// rows.
type batchRows struct {
	pgx.Rows
	batch pgx.BatchResults
	done  bool
}

func (r *batchRows) Next() bool {
	if r.Rows.Next() {
		return true
	}
	r.Close()
	return false
}

func (r *batchRows) Close() {
	r.Rows.Close()
	if !r.done {
		r.done = true
		_ = r.batch.Close()
	}
}

type batchRow struct {
	row   pgx.Row
	batch pgx.BatchResults
}

func (r batchRow) Scan(dest ...any) error {
	err := r.row.Scan(dest...)
	if cerr := r.batch.Close(); err == nil {
		err = cerr
	}
	return err
}

// failedBatch answers every read with the error that ended the batch.
type failedBatch struct{ err error }

func (f failedBatch) Exec() (pgconn.CommandTag, error) { return pgconn.CommandTag{}, f.err }
func (f failedBatch) Query() (pgx.Rows, error)         { return nil, f.err }
func (f failedBatch) QueryRow() pgx.Row                { return errRow{f.err} }
func (f failedBatch) Close() error                     { return f.err }

type errRow struct{ err error }

func (r errRow) Scan(...any) error { return r.err }

// AppRole is the role the server works as (migration 000028): it owns no
// table and cannot bypass the row security policies.
const AppRole = "slotwise_app"

// WorkAsApp makes every connection of cfg work as AppRole. A login that is
// not a member of it may work as itself only when it cannot bypass row
// security either (it owns the tables, and FORCE holds the owner to the
// policies); a superuser or BYPASSRLS login that cannot become AppRole is
// refused rather than serve every business's rows to every request.
func WorkAsApp(cfg *pgxpool.Config) {
	cfg.AfterConnect = func(ctx context.Context, conn *pgx.Conn) error {
		if _, err := conn.Exec(ctx, "SET ROLE "+AppRole); err == nil {
			return nil
		}
		var bypass bool
		if err := conn.QueryRow(ctx, `SELECT rolsuper OR rolbypassrls FROM pg_roles WHERE rolname = current_user`).Scan(&bypass); err != nil {
			return fmt.Errorf("db: unable to read the login's role: %w", err)
		}
		if bypass {
			return fmt.Errorf("db: the login %q bypasses row security and is not a member of %s: GRANT %s TO it, or connect as a role that cannot bypass row security",
				conn.Config().User, AppRole, AppRole)
		}
		// Working as itself, the login must still be able to take the role
		// of the work across businesses, or every background round fails.
		var every bool
		if err := conn.QueryRow(ctx, `SELECT pg_has_role(current_user, $1, 'MEMBER')`, EveryRole).Scan(&every); err != nil {
			return fmt.Errorf("db: unable to read the login's roles: %w", err)
		}
		if !every {
			return fmt.Errorf("db: the login %q can take neither %s nor %s (the work across businesses): GRANT %s TO it",
				conn.Config().User, AppRole, EveryRole, AppRole)
		}
		return nil
	}
}

// SendReads sends b's statements in one round trip behind one setting of
// ctx's business (and of its plan cache mode: WithGenericPlan,
// WithCustomPlan), in one implicit transaction (each statement still on
// a snapshot of its own, as PostgreSQL's default isolation takes), and
// runs each one's callback (pgx.QueuedQuery's Query, QueryRow or Exec)
// in order. It returns the first error, of a statement or a callback; the
// callbacks after a failed one are not run. Reads that do not depend on
// each other go this way: a statement sent alone costs PostgreSQL its
// own round trip and transaction, more than most of a page's statements
// cost to run.
func (p *Pool) SendReads(ctx context.Context, b *pgx.Batch) error {
	if err := bindBatch(ctx, b, p.bind); err != nil {
		return err
	}
	statement, business := scope(ctx)
	var setting *pgx.QueuedQuery
	switch mode, _ := ctx.Value(planKey{}).(string); {
	case business == "":
	case business == "every":
		setting = &pgx.QueuedQuery{SQL: statement}
	case mode != "":
		setting = &pgx.QueuedQuery{SQL: setBusinessPlanned, Arguments: []any{business, mode}}
	default:
		setting = &pgx.QueuedQuery{SQL: setBusiness, Arguments: []any{business}}
	}
	if setting != nil {
		b.QueuedQueries = append([]*pgx.QueuedQuery{setting}, b.QueuedQueries...)
	}
	return p.Pool.SendBatch(ctx, b).Close()
}

// SendReads sends b's statements on the transaction in one round trip,
// as Pool.SendReads does.
func (t *tx) SendReads(ctx context.Context, b *pgx.Batch) error {
	if err := bindBatch(ctx, b, t.bind); err != nil {
		return err
	}
	return t.Tx.SendBatch(ctx, b).Close()
}

// bindBatch resolves ThisBusiness in the arguments of each of b's
// statements.
func bindBatch(ctx context.Context, b *pgx.Batch, bind func(context.Context, []any) ([]any, error)) error {
	for _, q := range b.QueuedQueries {
		args, err := bind(ctx, q.Arguments)
		if err != nil {
			return err
		}
		q.Arguments = args
	}
	return nil
}

// SendReads sends b's statements on q in one round trip: a Pool's or a
// transaction's SendReads, or pgx's own batch on anything else that
// sends one.
func SendReads(ctx context.Context, q Querier, b *pgx.Batch) error {
	switch q := q.(type) {
	case interface {
		SendReads(context.Context, *pgx.Batch) error
	}:
		return q.SendReads(ctx, b)
	case interface {
		SendBatch(context.Context, *pgx.Batch) pgx.BatchResults
	}:
		return q.SendBatch(ctx, b).Close()
	}
	return fmt.Errorf("db: %T cannot send statements together", q)
}
