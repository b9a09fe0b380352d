package db_test

import (
	"context"
	"errors"
	"testing"

	"github.com/jackc/pgx/v5"

	"slotwise/backend/internal/db"
	"slotwise/backend/internal/db/dbtest"
)

// A statement names its business as ThisBusiness: bound to the business of
// its context on the pool, and of the transaction's beginning inside one,
// however the transaction's statements are sent.
func TestThisBusinessIsTheBusinessTheStatementIsFor(t *testing.T) {
	pool, ctxA, ctxB := twoHomePages(t)
	bg := context.Background()
	const sql = `SELECT title FROM site_pages WHERE path = $1 AND location_id = $2`
	titleOf := func(row pgx.Row) (string, error) {
		var title string
		err := row.Scan(&title)
		if errors.Is(err, pgx.ErrNoRows) {
			return "", nil
		}
		return title, err
	}
	reads := []struct {
		name string
		read func(ctx context.Context) (string, error)
	}{
		{"pool", func(ctx context.Context) (string, error) {
			return titleOf(pool.QueryRow(ctx, sql, "home", db.ThisBusiness))
		}},
		{"pool query", func(ctx context.Context) (string, error) {
			rows, err := pool.Query(ctx, sql, "home", db.ThisBusiness)
			if err != nil {
				return "", err
			}
			titles, err := pgx.CollectRows(rows, pgx.RowTo[string])
			if len(titles) == 0 {
				return "", err
			}
			return titles[0], err
		}},
		{"transaction, sent with another business's context", func(ctx context.Context) (title string, err error) {
			err = db.InTx(ctx, pool, func(tx pgx.Tx) error {
				title, err = titleOf(tx.QueryRow(ctxB, sql, "home", db.ThisBusiness))
				return err
			})
			return title, err
		}},
		{"savepoint", func(ctx context.Context) (title string, err error) {
			err = db.InTx(ctx, pool, func(tx pgx.Tx) error {
				return db.InTx(ctx, tx, func(inner pgx.Tx) error {
					title, err = titleOf(inner.QueryRow(ctx, sql, "home", db.ThisBusiness))
					return err
				})
			})
			return title, err
		}},
		{"batch", func(ctx context.Context) (title string, err error) {
			err = db.InTx(ctx, pool, func(tx pgx.Tx) error {
				batch := &pgx.Batch{}
				batch.Queue(sql, "home", db.ThisBusiness)
				br := tx.SendBatch(ctx, batch)
				title, err = titleOf(br.QueryRow())
				if cerr := br.Close(); err == nil {
					err = cerr
				}
				return err
			})
			return title, err
		}},
	}
	for _, r := range reads {
		t.Run(r.name, func(t *testing.T) {
			for _, tt := range []struct {
				ctx  context.Context
				want string
			}{{ctxA, "Alpha home"}, {ctxB, "Beta home"}, {bg, ""}, {db.WithBusiness(bg, 0), ""}} {
				if r.name == "transaction, sent with another business's context" && tt.ctx == ctxB {
					continue
				}
				got, err := r.read(tt.ctx)
				if err != nil {
					t.Fatal(err)
				}
				if got != tt.want {
					t.Errorf("read %q, want %q", got, tt.want)
				}
			}
			if _, err := r.read(db.WithEveryBusiness(bg)); !errors.Is(err, db.ErrNoOneBusiness) {
				t.Errorf("for every business: %v, want ErrNoOneBusiness", err)
			}
		})
	}
}

// With one business in the database, a statement whose context names none
// is that business's, as the row security policies decide.
func TestThisBusinessIsTheOnlyBusinessWhenNoneIsNamed(t *testing.T) {
	pool := dbtest.WithBusiness(t)
	bg := context.Background()
	if _, err := pool.Exec(bg, `INSERT INTO site_pages (path, title) VALUES ('home', 'Home')`); err != nil {
		t.Fatal(err)
	}
	var title string
	if err := pool.QueryRow(bg, `SELECT title FROM site_pages WHERE location_id = $1`, db.ThisBusiness).Scan(&title); err != nil {
		t.Fatal(err)
	}
	err := db.InTx(bg, pool, func(tx pgx.Tx) error {
		_, err := tx.Exec(bg, `UPDATE site_pages SET title = 'Home, again' WHERE location_id = $1`, db.ThisBusiness)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := pool.QueryRow(bg, `SELECT title FROM site_pages`).Scan(&title); err != nil || title != "Home, again" {
		t.Errorf("title %q (%v), want the update's", title, err)
	}
}
