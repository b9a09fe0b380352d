package db_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"

	"slotwise/backend/internal/db"
	"slotwise/backend/internal/db/dbtest"
)

func countPages(t *testing.T, q db.Querier) int {
	t.Helper()
	var n int
	if err := q.QueryRow(context.Background(), `SELECT count(*) FROM site_pages`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func insertPage(ctx context.Context, q db.Querier, path string) error {
	_, err := q.Exec(ctx, `INSERT INTO site_pages (path, title) VALUES ($1, 'T')`, path)
	return err
}

func TestInTx(t *testing.T) {
	errBoom := errors.New("boom")
	tests := []struct {
		name      string
		fn        func(tx pgx.Tx) error
		wantErr   error
		wantPanic bool
		wantRows  int
	}{
		{
			name:     "commits when fn succeeds",
			fn:       func(tx pgx.Tx) error { return insertPage(context.Background(), tx, "a") },
			wantRows: 1,
		},
		{
			name: "rolls back and returns fn's error",
			fn: func(tx pgx.Tx) error {
				if err := insertPage(context.Background(), tx, "a"); err != nil {
					return err
				}
				return fmt.Errorf("later step: %w", errBoom)
			},
			wantErr:  errBoom,
			wantRows: 0,
		},
		{
			name: "rolls back and re-panics when fn panics",
			fn: func(tx pgx.Tx) error {
				if err := insertPage(context.Background(), tx, "a"); err != nil {
					return err
				}
				panic("kaboom")
			},
			wantPanic: true,
			wantRows:  0,
		},
		{
			name: "nested InTx rolls back only the inner part",
			fn: func(tx pgx.Tx) error {
				if err := insertPage(context.Background(), tx, "outer"); err != nil {
					return err
				}
				inner := db.InTx(context.Background(), tx, func(tx pgx.Tx) error {
					if err := insertPage(context.Background(), tx, "inner"); err != nil {
						return err
					}
					return errBoom
				})
				if !errors.Is(inner, errBoom) {
					return fmt.Errorf("inner InTx returned %v", inner)
				}
				return nil
			},
			wantRows: 1,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			pool := dbtest.WithBusiness(t)
			var err error
			panicked := func() (p bool) {
				defer func() { p = recover() != nil }()
				err = db.InTx(context.Background(), pool, tt.fn)
				return false
			}()
			if panicked != tt.wantPanic {
				t.Errorf("panicked=%v, want %v", panicked, tt.wantPanic)
			}
			if tt.wantErr == nil && err != nil {
				t.Errorf("err = %v", err)
			}
			if tt.wantErr != nil && !errors.Is(err, tt.wantErr) {
				t.Errorf("err = %v, want %v", err, tt.wantErr)
			}
			if got := countPages(t, pool); got != tt.wantRows {
				t.Errorf("%d rows after InTx, want %d", got, tt.wantRows)
			}
			// The pool is still usable: no connection was left mid-transaction.
			if got := pool.Stat().AcquiredConns(); got != 0 {
				t.Errorf("%d connections still acquired", got)
			}
		})
	}
}

func TestOpenReportsProblems(t *testing.T) {
	tests := []struct {
		name, url, wantPrefix string
	}{
		{"malformed URL", "postgres://%zz", "db: invalid database URL"},
		{"server not running", "postgres://postgres@/app?host=/nonexistent-socket-dir&connect_timeout=2", `db: unable to connect to database "app"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			pool, err := db.Open(context.Background(), tt.url)
			if err == nil {
				pool.Close()
				t.Fatal("Open succeeded")
			}
			if !strings.HasPrefix(err.Error(), tt.wantPrefix) {
				t.Errorf("error %q, want prefix %q", err, tt.wantPrefix)
			}
		})
	}
}

func TestOpenAppliesPoolDefaultsUnlessSet(t *testing.T) {
	cfg, err := db.ParsePoolConfig("postgres://u@h/d")
	if err != nil {
		t.Fatal(err)
	}
	if cfg.MaxConns != 10 || cfg.ConnConfig.RuntimeParams["application_name"] != "slotwise" {
		t.Errorf("defaults: MaxConns=%d application_name=%q", cfg.MaxConns, cfg.ConnConfig.RuntimeParams["application_name"])
	}
	cfg, err = db.ParsePoolConfig("postgres://u@h/d?pool_max_conns=3&application_name=x")
	if err != nil {
		t.Fatal(err)
	}
	if cfg.MaxConns != 3 || cfg.ConnConfig.RuntimeParams["application_name"] != "x" {
		t.Errorf("explicit: MaxConns=%d application_name=%q", cfg.MaxConns, cfg.ConnConfig.RuntimeParams["application_name"])
	}
}

func TestDatabaseURLReplacesTheDatabase(t *testing.T) {
	tests := []struct {
		in, want string
	}{
		{"postgres://postgres@/postgres?host=%2Ftmp%2Frun&sslmode=disable", "postgres://postgres@/other?host=%2Ftmp%2Frun&sslmode=disable"},
		{"postgresql://u:p@db.example:5433", "postgresql://u:p@db.example:5433/other"},
		{"postgres://u@h/x?dbname=y", "postgres://u@h/other"},
		{"host=/tmp/run user=postgres dbname=postgres", "host=/tmp/run user=postgres dbname=postgres dbname='other'"},
	}
	for _, tt := range tests {
		got, err := db.DatabaseURL(tt.in, "other")
		if err != nil {
			t.Errorf("DatabaseURL(%q): %v", tt.in, err)
			continue
		}
		if got != tt.want {
			t.Errorf("DatabaseURL(%q) = %q, want %q", tt.in, got, tt.want)
		}
		cfg, err := pgx.ParseConfig(got)
		if err != nil || cfg.Database != "other" {
			t.Errorf("pgx reads %q as database %q (err %v)", got, cfg.Database, err)
		}
	}
}
