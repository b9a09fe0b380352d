package db_test

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/golang-migrate/migrate/v4"
	_ "github.com/golang-migrate/migrate/v4/database/pgx/v5"
	"github.com/golang-migrate/migrate/v4/source/iofs"
	"github.com/jackc/pgx/v5"

	"slotwise/backend/internal/db"
	"slotwise/backend/internal/db/dbtest"
	"slotwise/migrations"
)

func testContext(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	t.Cleanup(cancel)
	return ctx
}

func open(t *testing.T, url string) *db.Pool {
	t.Helper()
	pool, err := db.Open(testContext(t), url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pool.Close)
	return pool
}

func assertLatestSchema(t *testing.T, url string) {
	t.Helper()
	ctx := testContext(t)
	latest, err := db.LatestSchemaVersion()
	if err != nil {
		t.Fatal(err)
	}
	if latest < 1 {
		t.Fatalf("latest schema version %d, want >= 1", latest)
	}
	pool := open(t, url)
	got, dirty, err := db.SchemaVersion(ctx, pool)
	if err != nil {
		t.Fatal(err)
	}
	if got != latest || dirty {
		t.Errorf("schema version %d dirty=%v, want %d clean", got, dirty, latest)
	}
	var ext int
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM pg_extension WHERE extname = 'btree_gist'`).Scan(&ext); err != nil || ext != 1 {
		t.Errorf("btree_gist installed: count=%d err=%v", ext, err)
	}
}

func TestSchemaVersionIsZeroBeforeMigrating(t *testing.T) {
	pool := open(t, dbtest.EmptyURL(t))
	v, dirty, err := db.SchemaVersion(testContext(t), pool)
	if err != nil || v != 0 || dirty {
		t.Fatalf("SchemaVersion = %d, %v, %v; want 0, false, nil", v, dirty, err)
	}
}

func TestMigrateIsIdempotent(t *testing.T) {
	url := dbtest.EmptyURL(t)
	for i := range 2 {
		if err := db.Migrate(testContext(t), url); err != nil {
			t.Fatalf("run %d: %v", i+1, err)
		}
	}
	assertLatestSchema(t, url)
}

func TestMigrateConcurrentCallsBothSucceed(t *testing.T) {
	url := dbtest.EmptyURL(t)
	ctx := testContext(t)
	var wg sync.WaitGroup
	errs := make([]error, 2)
	for i := range errs {
		wg.Go(func() { errs[i] = db.Migrate(ctx, url) })
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Errorf("Migrate #%d: %v", i+1, err)
		}
	}
	assertLatestSchema(t, url)
}

// Roles belong to the cluster: databases of one cluster migrated at the
// same moment change the same roles' rows, which PostgreSQL refuses to all
// but one ("tuple concurrently updated"); each is migrated all the same.
func TestDatabasesOfOneClusterMigrateAtTheSameMoment(t *testing.T) {
	urls := make([]string, 4)
	for i := range urls {
		urls[i] = dbtest.EmptyURL(t)
	}
	ctx := testContext(t)
	var wg sync.WaitGroup
	errs := make([]error, len(urls))
	for i, url := range urls {
		wg.Go(func() { errs[i] = db.Migrate(ctx, url) })
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Errorf("Migrate of database #%d: %v", i+1, err)
		}
	}
	for _, url := range urls {
		assertLatestSchema(t, url)
	}
}

func TestMigrateAcceptsKeywordValueConnectionStrings(t *testing.T) {
	url := dbtest.EmptyURL(t)
	cfg, err := pgx.ParseConfig(url)
	if err != nil {
		t.Fatal(err)
	}
	kv := "host=" + cfg.Host + " user=" + cfg.User + " dbname=" + cfg.Database + " sslmode=disable"
	if err := db.Migrate(testContext(t), kv); err != nil {
		t.Fatal(err)
	}
	assertLatestSchema(t, url)
}

func TestMigrateReportsUnreachableDatabase(t *testing.T) {
	err := db.Migrate(testContext(t), "postgres://postgres@/nowhere?host=/nonexistent-socket-dir&connect_timeout=2")
	if err == nil || !strings.HasPrefix(err.Error(), "db: unable to connect") {
		t.Fatalf("got %v, want a connection error", err)
	}
}

func TestMigrationsRevertCleanly(t *testing.T) {
	url := dbtest.EmptyURL(t)
	if err := db.Migrate(testContext(t), url); err != nil {
		t.Fatal(err)
	}
	src, err := iofs.New(migrations.FS, ".")
	if err != nil {
		t.Fatal(err)
	}
	m, err := migrate.NewWithSourceInstance("iofs", src, "pgx5"+strings.TrimPrefix(url, "postgres"))
	if err != nil {
		t.Fatal(err)
	}
	if err := m.Down(); err != nil {
		t.Fatalf("down: %v", err)
	}
	if err := m.Up(); err != nil {
		t.Fatalf("up again: %v", err)
	}
	if srcErr, dbErr := m.Close(); srcErr != nil || dbErr != nil {
		t.Fatal(errors.Join(srcErr, dbErr))
	}
	assertLatestSchema(t, url)
}

func TestSitePagesSchema(t *testing.T) {
	pool := dbtest.WithBusiness(t)
	ctx := testContext(t)
	tests := []struct {
		path    string
		wantErr bool
	}{
		{path: "", wantErr: false}, // home page
		{path: "about", wantErr: false},
		{path: "about/team", wantErr: false},
		{path: "/contact", wantErr: true},
		{path: "contact/", wantErr: true},
		{path: "about", wantErr: true}, // unique
	}
	for _, tt := range tests {
		_, err := pool.Exec(ctx, `INSERT INTO site_pages (path, title) VALUES ($1, 'T')`, tt.path)
		if (err != nil) != tt.wantErr {
			t.Errorf("insert path %q: err=%v, wantErr=%v", tt.path, err, tt.wantErr)
		}
	}

	var desc, body, locale string
	var published bool
	var created, updated time.Time
	err := pool.QueryRow(ctx, `SELECT description, body, locale, published, created_at, updated_at FROM site_pages WHERE path = ''`).
		Scan(&desc, &body, &locale, &published, &created, &updated)
	if err != nil {
		t.Fatal(err)
	}
	if desc != "" || body != "" || locale != "en-US" || !published || created.IsZero() || !updated.Equal(created) {
		t.Errorf("defaults: description=%q body=%q locale=%q published=%v created=%v updated=%v",
			desc, body, locale, published, created, updated)
	}
}
