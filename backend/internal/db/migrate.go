package db

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"time"

	"github.com/golang-migrate/migrate/v4"
	"github.com/golang-migrate/migrate/v4/database"
	pgxmigrate "github.com/golang-migrate/migrate/v4/database/pgx/v5"
	"github.com/golang-migrate/migrate/v4/source"
	"github.com/golang-migrate/migrate/v4/source/iofs"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/stdlib"

	"slotwise/migrations"
)

// MigrationsTable is where golang-migrate records the schema version.
const MigrationsTable = "schema_migrations"

// migrateLockTimeout bounds the wait for another replica's migration run.
const migrateLockTimeout = 5 * time.Minute

// Migrate applies every pending migration of the embedded migrations
// directory to the database connString points to. Being up to date is
// success. golang-migrate holds a PostgreSQL advisory lock while it works,
// so replicas starting together migrate one after the other.
//
// Cancelling ctx stops after the migration in progress.
func Migrate(ctx context.Context, connString string) error {
	// golang-migrate's pgx5:// URL scheme only takes URLs; opening the
	// database ourselves accepts every form pgx does.
	connCfg, err := pgx.ParseConfig(connString)
	if err != nil {
		return fmt.Errorf("db: invalid database URL: %w", err)
	}
	// A migration that moves rows moves every business's (migration 000028).
	connCfg.RuntimeParams["slotwise.business"] = "every"
	sqlDB := stdlib.OpenDB(*connCfg)
	if err := sqlDB.PingContext(ctx); err != nil {
		sqlDB.Close()
		return fmt.Errorf("db: unable to connect to migrate database %q: %w", connCfg.Database, err)
	}
	driver, err := pgxmigrate.WithInstance(sqlDB, &pgxmigrate.Config{MigrationsTable: MigrationsTable})
	if err != nil {
		sqlDB.Close()
		return fmt.Errorf("db: unable to prepare migrations: %w", err)
	}
	src, err := iofs.New(migrations.FS, ".")
	if err != nil {
		driver.Close()
		return fmt.Errorf("db: unable to read embedded migrations: %w", err)
	}
	m, err := migrate.NewWithInstance("iofs", src, "pgx5", driver)
	if err != nil {
		src.Close()
		driver.Close()
		return fmt.Errorf("db: unable to prepare migrations: %w", err)
	}
	m.LockTimeout = migrateLockTimeout

	done := make(chan struct{})
	go func() {
		select {
		case <-ctx.Done():
			select {
			case m.GracefulStop <- true:
			default:
			}
		case <-done:
		}
	}()
	upErr := m.Up()
	for try := 1; try < 4 && concurrentRoleUpdate(upErr) && ctx.Err() == nil; try++ {
		// Roles belong to the cluster, not to a database: two databases
		// of one cluster migrated at once (two deployments, or tests) may
		// change the same role's row together, and PostgreSQL fails the
		// later with "tuple concurrently updated". A migration's file runs
		// as one implicit transaction (none of ours has BEGIN, COMMIT or
		// CONCURRENTLY), so nothing of it stayed but golang-migrate's dirty
		// mark: take the mark back to the version before, and run it again.
		time.Sleep(time.Duration(try) * 100 * time.Millisecond)
		if err := forceBefore(m, src); err != nil {
			upErr = errors.Join(upErr, err)
			break
		}
		upErr = m.Up()
	}
	close(done)
	srcErr, dbErr := m.Close()

	switch {
	case errors.Is(upErr, migrate.ErrNoChange):
	case upErr != nil:
		var dirty migrate.ErrDirty
		if errors.As(upErr, &dirty) {
			return fmt.Errorf("db: migration %d failed earlier and left the schema dirty; fix it by hand, then set %s.dirty to false: %w",
				dirty.Version, MigrationsTable, upErr)
		}
		return fmt.Errorf("db: migration failed: %w", upErr)
	case ctx.Err() != nil:
		return fmt.Errorf("db: migration interrupted: %w", ctx.Err())
	}
	if err := errors.Join(srcErr, dbErr); err != nil {
		return fmt.Errorf("db: closing migrations: %w", err)
	}
	return nil
}

// concurrentRoleUpdate tells PostgreSQL's refusal of a catalog row another
// transaction changed at the same moment (XX000, "tuple concurrently
// updated"), as a migration's role statements meet it.
func concurrentRoleUpdate(err error) bool {
	var failed database.Error
	var pgErr *pgconn.PgError
	return errors.As(err, &failed) && errors.As(failed.OrigErr, &pgErr) &&
		pgErr.Code == "XX000" && pgErr.Message == "tuple concurrently updated"
}

// forceBefore records the version before the dirty one as clean.
func forceBefore(m *migrate.Migrate, src source.Driver) error {
	version, dirty, err := m.Version()
	switch {
	case err != nil:
		return fmt.Errorf("db: a migration failed and its version cannot be read: %w", err)
	case !dirty:
		return errors.New("db: a migration failed without leaving its version dirty")
	}
	before := database.NilVersion
	switch prev, err := src.Prev(version); {
	case err == nil:
		before = int(prev)
	case !errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("db: unable to read embedded migrations: %w", err)
	}
	return m.Force(before)
}

// LatestSchemaVersion is the version of the newest embedded migration.
func LatestSchemaVersion() (uint, error) {
	src, err := iofs.New(migrations.FS, ".")
	if err != nil {
		return 0, fmt.Errorf("db: unable to read embedded migrations: %w", err)
	}
	defer src.Close()
	v, err := src.First()
	if err != nil {
		return 0, fmt.Errorf("db: no embedded migrations: %w", err)
	}
	for {
		next, err := src.Next(v)
		if errors.Is(err, fs.ErrNotExist) {
			return v, nil
		}
		if err != nil {
			return 0, fmt.Errorf("db: unable to read embedded migrations: %w", err)
		}
		v = next
	}
}

// SchemaVersion reports the migration version a database is at; 0 when it
// was never migrated. dirty means a migration failed half-way.
func SchemaVersion(ctx context.Context, q Querier) (version uint, dirty bool, err error) {
	// Check for the table first rather than catching undefined_table, which
	// would abort a surrounding transaction.
	var exists bool
	if err := q.QueryRow(ctx, `SELECT to_regclass($1) IS NOT NULL`, MigrationsTable).Scan(&exists); err != nil {
		return 0, false, fmt.Errorf("db: unable to read schema version: %w", err)
	}
	if !exists {
		return 0, false, nil
	}
	var v int64
	err = q.QueryRow(ctx, `SELECT version, dirty FROM `+MigrationsTable+` LIMIT 1`).Scan(&v, &dirty)
	switch {
	case errors.Is(err, pgx.ErrNoRows):
		return 0, false, nil
	case err != nil:
		return 0, false, fmt.Errorf("db: unable to read schema version: %w", err)
	case v < 0: // golang-migrate's "no version", recorded dirty when migration 1 fails
		return 0, dirty, nil
	}
	return uint(v), dirty, nil
}
