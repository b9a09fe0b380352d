// Package db owns everything PostgreSQL: connection pools, schema
// migrations (embedded from the top-level migrations directory), a small
// query/transaction abstraction shared by the stores, and a private
// "embedded" cluster that the slotwise binary can start when no
// DATABASE_URL is configured.
//
// Connection strings are anything pgx accepts: URLs
// (postgres://user:pass@host:5432/db?sslmode=disable, or over a unix
// socket postgres://user@/db?host=/run/postgresql) and keyword/value
// strings (host=/run/postgresql dbname=slotwise).
package db

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Querier is what stores need to run SQL. *pgxpool.Pool, *pgx.Conn and
// pgx.Tx all satisfy it, so a store method works the same inside or
// outside a transaction.
type Querier interface {
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
}

// Beginner starts transactions: *pgxpool.Pool, *pgx.Conn, and pgx.Tx
// (which nests through a savepoint).
type Beginner interface {
	Begin(ctx context.Context) (pgx.Tx, error)
}

var (
	_ Querier  = (*pgxpool.Pool)(nil)
	_ Querier  = (*pgx.Conn)(nil)
	_ Querier  = pgx.Tx(nil)
	_ Beginner = (*pgxpool.Pool)(nil)
	_ Beginner = pgx.Tx(nil)
)

// UniqueViolation tells whether err is PostgreSQL refusing a row that a
// unique constraint or index already holds (SQLSTATE 23505): a slug, an
// address or a name taken.
func UniqueViolation(err error) bool {
	var pgErr *pgconn.PgError
	return errors.As(err, &pgErr) && pgErr.Code == "23505"
}

// InTx runs fn in a transaction: committed when fn returns nil, rolled back
// when it returns an error (returned unchanged) or panics (re-panicked).
func InTx(ctx context.Context, db Beginner, fn func(tx pgx.Tx) error) (err error) {
	tx, err := db.Begin(ctx)
	if err != nil {
		return fmt.Errorf("db: unable to begin transaction: %w", err)
	}
	committed := false
	defer func() {
		if committed {
			return
		}
		// Roll back even when ctx is already cancelled.
		rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
		defer cancel()
		_ = tx.Rollback(rctx)
	}()
	if err := fn(tx); err != nil {
		return err
	}
	committed = true
	if err := tx.Commit(ctx); err != nil {
		return fmt.Errorf("db: unable to commit transaction: %w", err)
	}
	return nil
}

// Pool defaults, applied unless the connection string sets them
// (pool_max_conns=..., connect_timeout=...).
const (
	defaultMaxConns        = 10
	defaultConnectTimeout  = 10 * time.Second
	defaultMaxConnLifetime = 30 * time.Minute
	defaultMaxConnIdleTime = 5 * time.Minute
)

// ParsePoolConfig parses a connection string into a pool configuration
// with this package's defaults applied. Adjust it and pass it to
// OpenConfig.
func ParsePoolConfig(connString string) (*pgxpool.Config, error) {
	cfg, err := pgxpool.ParseConfig(connString)
	if err != nil {
		return nil, fmt.Errorf("db: invalid database URL: %w", err)
	}
	if !strings.Contains(connString, "pool_max_conns") {
		cfg.MaxConns = defaultMaxConns
	}
	if !strings.Contains(connString, "pool_max_conn_lifetime") {
		cfg.MaxConnLifetime = defaultMaxConnLifetime
	}
	if !strings.Contains(connString, "pool_max_conn_idle_time") {
		cfg.MaxConnIdleTime = defaultMaxConnIdleTime
	}
	if cfg.ConnConfig.ConnectTimeout == 0 {
		cfg.ConnConfig.ConnectTimeout = defaultConnectTimeout
	}
	if _, ok := cfg.ConnConfig.RuntimeParams["application_name"]; !ok {
		cfg.ConnConfig.RuntimeParams["application_name"] = "slotwise"
	}
	return cfg, nil
}

// Open returns the server's connection pool for connString, working as
// AppRole (WorkAsApp), after checking, with one ping, that the database
// answers.
func Open(ctx context.Context, connString string) (*Pool, error) {
	cfg, err := ParsePoolConfig(connString)
	if err != nil {
		return nil, err
	}
	WorkAsApp(cfg)
	pool, err := OpenConfig(ctx, cfg)
	if err != nil {
		return nil, err
	}
	return NewPool(pool), nil
}

// OpenConfig is Open for an already parsed configuration.
func OpenConfig(ctx context.Context, cfg *pgxpool.Config) (*pgxpool.Pool, error) {
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("db: unable to create connection pool: %w", err)
	}
	if err := pool.Ping(ctx); err != nil {
		pool.Close()
		return nil, fmt.Errorf("db: unable to connect to database %q: %w", cfg.ConnConfig.Database, err)
	}
	return pool, nil
}

// EnsureDatabase creates database name on the server serverURL points to
// (connecting to whatever database serverURL names, normally "postgres")
// unless it exists already. Concurrent callers are fine.
func EnsureDatabase(ctx context.Context, serverURL, name string) error {
	conn, err := pgx.Connect(ctx, serverURL)
	if err != nil {
		return fmt.Errorf("db: unable to connect to create database %q: %w", name, err)
	}
	defer conn.Close(context.WithoutCancel(ctx))

	var exists bool
	if err := conn.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)`, name).Scan(&exists); err != nil {
		return fmt.Errorf("db: unable to look up database %q: %w", name, err)
	}
	if exists {
		return nil
	}
	if _, err := conn.Exec(ctx, "CREATE DATABASE "+pgx.Identifier{name}.Sanitize()); err != nil {
		var pgErr *pgconn.PgError
		if errors.As(err, &pgErr) && pgErr.Code == "42P04" { // duplicate_database: lost a race
			return nil
		}
		return fmt.Errorf("db: unable to create database %q: %w", name, err)
	}
	return nil
}

// DatabaseURL returns connString with its database replaced by dbname. It
// handles both URLs and keyword/value strings.
func DatabaseURL(connString, dbname string) (string, error) {
	if strings.HasPrefix(connString, "postgres://") || strings.HasPrefix(connString, "postgresql://") {
		u, err := url.Parse(connString)
		if err != nil {
			return "", fmt.Errorf("db: invalid database URL: %w", err)
		}
		u.Path = "/" + dbname
		u.RawPath = ""
		q := u.Query()
		if q.Has("dbname") {
			q.Del("dbname")
			u.RawQuery = q.Encode()
		}
		return u.String(), nil
	}
	// Keyword/value form: a later dbname overrides an earlier one.
	quoted := "'" + strings.NewReplacer(`\`, `\\`, `'`, `\'`).Replace(dbname) + "'"
	return strings.TrimSpace(connString) + " dbname=" + quoted, nil
}
