package db_test

import (
	"context"
	"errors"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"slotwise/backend/internal/db"
	"slotwise/backend/internal/db/dbtest"
)

// Two businesses with the same page address: each statement sees and writes
// only its business's rows, however it reaches the database, and one that
// names no business sees nothing.
func TestRowSecurityHoldsEveryStatementToItsBusiness(t *testing.T) {
	pool, ctxA, ctxB := twoHomePages(t)
	bg := context.Background()
	a, _ := db.BusinessOf(ctxA)

	reads := []struct {
		name string
		read func(ctx context.Context) ([]string, error)
	}{
		{"query", func(ctx context.Context) ([]string, error) {
			rows, err := pool.Query(ctx, `SELECT title FROM site_pages ORDER BY title`)
			if err != nil {
				return nil, err
			}
			return pgx.CollectRows(rows, pgx.RowTo[string])
		}},
		{"query row", func(ctx context.Context) ([]string, error) {
			var title string
			err := pool.QueryRow(ctx, `SELECT title FROM site_pages WHERE path = 'home'`).Scan(&title)
			if errors.Is(err, pgx.ErrNoRows) {
				return nil, nil
			}
			return []string{title}, err
		}},
		{"transaction", func(ctx context.Context) (titles []string, err error) {
			err = db.InTx(ctx, pool, func(tx pgx.Tx) error {
				rows, err := tx.Query(ctx, `SELECT title FROM site_pages ORDER BY title`)
				if err != nil {
					return err
				}
				titles, err = pgx.CollectRows(rows, pgx.RowTo[string])
				return err
			})
			return titles, err
		}},
		{"reads sent together", func(ctx context.Context) (titles []string, err error) {
			b := &pgx.Batch{}
			b.Queue(`SELECT count(*) FROM site_pages`).QueryRow(func(row pgx.Row) error {
				var n int
				return row.Scan(&n)
			})
			b.Queue(`SELECT title FROM site_pages ORDER BY title`).Query(func(rows pgx.Rows) error {
				titles, err = pgx.CollectRows(rows, pgx.RowTo[string])
				return err
			})
			return titles, pool.SendReads(ctx, b)
		}},
		{"reads sent together in a transaction", func(ctx context.Context) (titles []string, err error) {
			err = db.InTx(ctx, pool, func(tx pgx.Tx) error {
				b := &pgx.Batch{}
				b.Queue(`SELECT title FROM site_pages ORDER BY title`).Query(func(rows pgx.Rows) error {
					titles, err = pgx.CollectRows(rows, pgx.RowTo[string])
					return err
				})
				return db.SendReads(ctx, tx, b)
			})
			return titles, err
		}},
	}
	for _, r := range reads {
		t.Run(r.name, func(t *testing.T) {
			for _, tt := range []struct {
				ctx  context.Context
				want string
			}{{ctxA, "[Alpha home]"}, {ctxB, "[Beta home]"}, {bg, "[]"}, {db.WithEveryBusiness(bg), "[Alpha home Beta home]"}} {
				got, err := r.read(tt.ctx)
				if err != nil {
					t.Fatal(err)
				}
				if r.name == "query row" && tt.want == "[Alpha home Beta home]" {
					continue // one row of two: either
				}
				if s := fmtList(got); s != tt.want {
					t.Errorf("read %s, want %s", s, tt.want)
				}
			}
		})
	}

	// Neither a write naming another business nor one naming none lands.
	_, err := pool.Exec(ctxB, `INSERT INTO site_pages (path, title, location_id) VALUES ('sneak', 'x', $1)`, a)
	if !isCode(err, "42501") {
		t.Errorf("B writing A's row: %v, want a row security refusal", err)
	}
	_, err = pool.Exec(bg, `INSERT INTO site_pages (path, title) VALUES ('orphan', 'x')`)
	if !isCode(err, "42501") && !isCode(err, "23502") {
		t.Errorf("a write of no business: %v, want a refusal", err)
	}
	tag, err := pool.Exec(ctxB, `UPDATE site_pages SET title = 'taken' WHERE location_id = $1`, a)
	if err != nil || tag.RowsAffected() != 0 {
		t.Errorf("B changing A's rows: %v rows, %v", tag.RowsAffected(), err)
	}
	// The setting is the transaction's: the next statement on the same
	// connection works for nobody.
	var leftOver string
	if err := pool.QueryRow(bg, `SELECT coalesce(current_setting('slotwise.business', true), '')`).Scan(&leftOver); err != nil || leftOver != "" {
		t.Errorf("a statement of no business sees the setting %q (%v)", leftOver, err)
	}
}

// Reads sent together run in order, each bound to the
// business; the first failure is the answer and stops the callbacks
// after it, and the setting is not left on the connection.
func TestReadsSentTogetherStopAtTheFirstFailure(t *testing.T) {
	pool, ctxA, _ := twoHomePages(t)
	var ran []string
	failed := errors.New("the second read failed")
	b := &pgx.Batch{}
	b.Queue(`SELECT title FROM site_pages WHERE location_id = $1`, db.ThisBusiness).QueryRow(func(row pgx.Row) error {
		var title string
		err := row.Scan(&title)
		ran = append(ran, title)
		return err
	})
	b.Queue(`SELECT 2`).QueryRow(func(pgx.Row) error { ran = append(ran, "second"); return failed })
	b.Queue(`SELECT 3`).QueryRow(func(pgx.Row) error { ran = append(ran, "third"); return nil })
	if err := pool.SendReads(ctxA, b); !errors.Is(err, failed) {
		t.Errorf("the reads answered %v, want the second's failure", err)
	}
	if fmtList(ran) != "[Alpha home second]" {
		t.Errorf("the callbacks run were %v, want [Alpha home second]", ran)
	}
	var leftOver string
	for range 4 {
		if err := pool.QueryRow(context.Background(), `SELECT coalesce(current_setting('slotwise.business', true), '')`).Scan(&leftOver); err != nil || leftOver != "" {
			t.Errorf("a statement of no business sees the setting %q (%v)", leftOver, err)
		}
	}
	every := &pgx.Batch{}
	every.Queue(`SELECT 1 WHERE $1::bigint > 0`, db.ThisBusiness)
	if err := pool.SendReads(db.WithEveryBusiness(context.Background()), every); !errors.Is(err, db.ErrNoOneBusiness) {
		t.Errorf("a read of one business's rows sent for every business answered %v, want ErrNoOneBusiness", err)
	}
}

// The server works as a role that owns no table and cannot bypass the
// policies, whatever login it connects with.
func TestTheServerWorksAsARoleThatCannotBypassRowSecurity(t *testing.T) {
	pool := dbtest.New(t)
	var role string
	var bypass bool
	err := pool.QueryRow(context.Background(), `SELECT current_user, rolsuper OR rolbypassrls FROM pg_roles WHERE rolname = current_user`).Scan(&role, &bypass)
	if err != nil {
		t.Fatal(err)
	}
	if role != db.AppRole || bypass {
		t.Errorf("works as %s (bypasses row security: %v), want %s", role, bypass, db.AppRole)
	}
	var owns int
	if err := pool.QueryRow(context.Background(), `SELECT count(*) FROM pg_tables WHERE schemaname = 'public' AND tableowner = current_user`).Scan(&owns); err != nil || owns != 0 {
		t.Errorf("%s owns %d tables (%v)", role, owns, err)
	}
}

// twoHomePages is a database of two businesses, alpha and beta, each with
// a page at the same address ("Alpha home", "Beta home"), and a context
// for each.
func twoHomePages(t *testing.T) (pool *db.Pool, ctxA, ctxB context.Context) {
	t.Helper()
	pool = dbtest.New(t)
	a, b := dbtest.Business(t, pool, "alpha"), dbtest.Business(t, pool, "beta")
	ctxA, ctxB = db.WithBusiness(context.Background(), a), db.WithBusiness(context.Background(), b)
	for ctx, title := range map[context.Context]string{ctxA: "Alpha home", ctxB: "Beta home"} {
		if _, err := pool.Exec(ctx, `INSERT INTO site_pages (path, title) VALUES ('home', $1)`, title); err != nil {
			t.Fatal(err)
		}
	}
	return pool, ctxA, ctxB
}

func fmtList(s []string) string {
	out := "["
	for i, x := range s {
		if i > 0 {
			out += " "
		}
		out += x
	}
	return out + "]"
}

func isCode(err error, code string) bool {
	var pgErr *pgconn.PgError
	return errors.As(err, &pgErr) && pgErr.Code == code
}

// A statement run WithGenericPlan or WithCustomPlan is planned that way
// and still for its business alone; the mode is its own, not left on the
// connection for the next statement.
func TestAPlannedStatementKeepsToItsBusinessAndLeavesNoSetting(t *testing.T) {
	pool, ctxA, _ := twoHomePages(t)
	for _, tt := range []struct {
		name string
		with func(context.Context) context.Context
		want string
	}{
		{"generic", db.WithGenericPlan, "force_generic_plan"},
		{"custom", db.WithCustomPlan, "force_custom_plan"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var modes, titles []string
			rows, err := pool.Query(tt.with(ctxA), `SELECT current_setting('plan_cache_mode'), title FROM site_pages ORDER BY title`)
			if err != nil {
				t.Fatal(err)
			}
			var mode, title string
			_, err = pgx.ForEachRow(rows, []any{&mode, &title}, func() error {
				modes, titles = append(modes, mode), append(titles, title)
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			if fmtList(modes) != "["+tt.want+"]" || fmtList(titles) != "[Alpha home]" {
				t.Errorf("read %v with plan cache modes %v, want [Alpha home] with %s", titles, modes, tt.want)
			}
			for range 4 { // the connection just used among them
				if err := pool.QueryRow(ctxA, `SELECT current_setting('plan_cache_mode')`).Scan(&mode); err != nil || mode != "auto" {
					t.Errorf("a later statement's plan cache mode is %q (%v), want auto", mode, err)
				}
			}
		})
	}
}
