package main

import (
	"context"
	"fmt"
	"log/slog"
	"path/filepath"
	"time"

	"slotwise/backend/internal/config"
	"slotwise/backend/internal/db"
	"slotwise/backend/internal/demo"
)

// app is what every command needs: configuration, a logger and a migrated
// database (the private cluster, when no DATABASE_URL is given).
type app struct {
	cfg      *config.Config
	log      *slog.Logger
	closeLog func() error // writes the lines still queued; the last thing close does
	pool     *db.Pool
	cluster  *db.Cluster
	// demoLink is a one-time link to the demo calendar, made at start;
	// demoPreview a preview of the demo's draft post.
	demoLink, demoPreview string
}

// withDatabase opens the database serve would (DATABASE_URL, else the
// private cluster in the data directory), migrated, and runs fn with it.
func withDatabase(ctx context.Context, cfg *config.Config, fn func(context.Context, *app) error) error {
	return withApp(ctx, cfg, (*app).openDatabase, fn)
}

// withApp runs fn with an app whose database open opened.
func withApp(ctx context.Context, cfg *config.Config, open func(*app, context.Context) error, fn func(context.Context, *app) error) error {
	log, closeLog := newLogger(cfg.LogLevel)
	a := &app{cfg: cfg, log: log, closeLog: closeLog}
	defer a.close()
	if err := open(a, ctx); err != nil {
		return err
	}
	return fn(ctx, a)
}

// waitForDatabase opens the database, and while DATABASE_URL names one
// that cannot be reached yet (a server started before its database, a
// database restarting), keeps trying, ever less often, until it answers
// or the server is stopped. Any other fault ends the start at once.
func (a *app) waitForDatabase(ctx context.Context) error {
	delay := time.Second
	for {
		err := a.openDatabase(ctx)
		if err == nil || a.cfg.DatabaseURL == "" || !db.Unavailable(err) {
			return err
		}
		a.log.Warn("waiting for the database", slog.String("reason", db.UnavailableReason(err)), slog.Duration("retry_in", delay))
		select {
		case <-ctx.Done():
			return fmt.Errorf("stopped while waiting for the database (%v): %w", err, ctx.Err())
		case <-time.After(delay):
		}
		delay = min(delay*2, maxDatabaseWait)
	}
}

// maxDatabaseWait is the longest pause between two tries to reach it.
const maxDatabaseWait = 30 * time.Second

func (a *app) openDatabase(ctx context.Context) error {
	url := a.cfg.DatabaseURL
	if url == "" {
		dir, err := filepath.Abs(filepath.Join(a.cfg.DataDir, "postgres"))
		if err != nil {
			return err
		}
		a.log.Info("starting the private PostgreSQL cluster", slog.String("dir", dir))
		a.cluster, err = db.StartClusterWithOptions(ctx, dir, a.log, db.ClusterOptions{StopOnExit: true})
		if err != nil {
			return err
		}
		if err := a.cluster.EnsureDatabase(ctx, "slotwise"); err != nil {
			return err
		}
		url = a.cluster.URL("slotwise")
	}
	if err := db.Migrate(ctx, url); err != nil {
		return err
	}
	pool, err := db.Open(ctx, url)
	if err != nil {
		return err
	}
	a.pool = pool
	return nil
}

func (a *app) close() {
	if a.pool != nil {
		a.pool.Close()
	}
	if a.cluster != nil {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		if err := a.cluster.Stop(ctx); err != nil {
			a.log.Error("unable to stop PostgreSQL", slog.Any("err", err))
		}
	}
	_ = a.closeLog()
}

func seed(ctx context.Context, a *app) error {
	if err := demo.SeedBoth(ctx, a.pool, a.serverClock()); err != nil {
		return err
	}
	fmt.Println("demo content written")
	return nil
}

// serverClock is the clock the server's domain reads: the test clock when
// SLOTWISE_TEST_CLOCK sets one (from its start; the seed and the import
// run before the server's own clock starts), else nil, the real one.
func (a *app) serverClock() func() time.Time {
	if start := a.cfg.TestClock; !start.IsZero() {
		return func() time.Time { return start }
	}
	return nil
}

// seedIfEmpty gives a fresh installation something to show.
func seedIfEmpty(ctx context.Context, a *app) error {
	if a.cfg.NoDemo {
		return nil
	}
	empty, err := demo.IsEmpty(ctx, a.pool)
	if err != nil || !empty {
		return err
	}
	a.log.Info("empty database: writing the demo content")
	return demo.SeedBoth(ctx, a.pool, a.serverClock())
}
