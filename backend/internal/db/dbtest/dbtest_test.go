package dbtest_test

import (
	"context"
	"sync"
	"testing"

	"slotwise/backend/internal/db"
	"slotwise/backend/internal/db/dbtest"
)

func TestMain(m *testing.M) { dbtest.Main(m) }

func TestNewGivesEachTestItsOwnDatabase(t *testing.T) {
	var mu sync.Mutex
	names := map[string]bool{}
	for _, name := range []string{"first", "second", "third"} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			pool := dbtest.WithBusiness(t)
			ctx := context.Background()
			// The same unique path in every database: no conflicts, and each
			// sees only its own row.
			if _, err := pool.Exec(ctx, `INSERT INTO site_pages (path, title) VALUES ('shared', $1)`, name); err != nil {
				t.Fatal(err)
			}
			var n int
			var title, dbname string
			if err := pool.QueryRow(ctx, `SELECT count(*), min(title), current_database() FROM site_pages`).Scan(&n, &title, &dbname); err != nil {
				t.Fatal(err)
			}
			if n != 1 || title != name {
				t.Errorf("database sees %d rows (title %q), want only its own", n, title)
			}
			mu.Lock()
			defer mu.Unlock()
			if names[dbname] {
				t.Errorf("database %s handed out twice", dbname)
			}
			names[dbname] = true
		})
	}
}

func TestNewDatabaseIsMigratedToTheLatestVersion(t *testing.T) {
	pool := dbtest.WithBusiness(t)
	latest, err := db.LatestSchemaVersion()
	if err != nil {
		t.Fatal(err)
	}
	v, dirty, err := db.SchemaVersion(context.Background(), pool)
	if err != nil || v != latest || dirty {
		t.Fatalf("SchemaVersion = %d, %v, %v; want %d, false, nil", v, dirty, err, latest)
	}
	// Running the migrations again finds nothing to do.
	if err := db.Migrate(context.Background(), dbtest.URL(t)); err != nil {
		t.Fatal(err)
	}
}

func TestDatabaseIsDroppedWhenTheTestEnds(t *testing.T) {
	var dbname string
	t.Run("user", func(t *testing.T) {
		pool := dbtest.WithBusiness(t)
		if err := pool.QueryRow(context.Background(), `SELECT current_database()`).Scan(&dbname); err != nil {
			t.Fatal(err)
		}
	})
	observer := dbtest.WithBusiness(t)
	var exists bool
	if err := observer.QueryRow(context.Background(), `SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)`, dbname).Scan(&exists); err != nil {
		t.Fatal(err)
	}
	if exists {
		t.Errorf("database %s still exists after its test ended", dbname)
	}
}

func TestURLConnectionsLeftOpenDoNotBlockCleanup(t *testing.T) {
	t.Run("leaky", func(t *testing.T) {
		pool, err := db.Open(context.Background(), dbtest.URL(t))
		if err != nil {
			t.Fatal(err)
		}
		_ = pool // never closed: the drop must still succeed
	})
}
