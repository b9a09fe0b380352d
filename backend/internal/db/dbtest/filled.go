package dbtest

import (
	"context"
	"fmt"
	"sync"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"

	"slotwise/backend/internal/db"
)

// NewFilled is New on a copy of a database that fill made once in this
// test process for key: for the many tests that start from the same rows
// (the demo's import takes half a second, a copy some milliseconds). fill
// runs on a pool like New's; what it plans from the clock is planned when
// the first test of the process asks. A fill that fails fails every test
// asking for key.
func NewFilled(t testing.TB, key string, fill func(context.Context, *db.Pool) error, configure ...func(*pgxpool.Config)) *db.Pool {
	t.Helper()
	s, err := getServer()
	if err != nil {
		t.Fatalf("dbtest: %v", err)
	}
	f := filledFor(key)
	f.once.Do(func() { f.name, f.err = makeFilled(s, key, fill) })
	if f.err != nil {
		t.Fatalf("dbtest: unable to fill the database for %q: %v", key, f.err)
	}
	return open(t, createDatabase(t, f.name), configure...)
}

type filled struct {
	once sync.Once
	name string
	err  error
}

var (
	filledMu sync.Mutex // guards filledDBs
	// filledDBs are this process's filled databases by key, dropped by
	// Main when the tests end.
	filledDBs = map[string]*filled{}
)

func filledFor(key string) *filled {
	filledMu.Lock()
	defer filledMu.Unlock()
	f := filledDBs[key]
	if f == nil {
		f = &filled{}
		filledDBs[key] = f
	}
	return f
}

// makeFilled copies the migrated template and runs fill on it. Its pool is
// closed before the database is copied: PostgreSQL copies only a database
// nobody is connected to.
func makeFilled(s *server, key string, fill func(context.Context, *db.Pool) error) (string, error) {
	name := databaseName("filled " + key)
	connString, err := s.copyDatabase(name, TemplateName)
	if err != nil {
		return "", err
	}
	ctx, cancel := context.WithTimeout(context.Background(), setupTimeout)
	defer cancel()
	pool, err := appPool(ctx, connString)
	if err != nil {
		return name, err
	}
	defer pool.Close()
	if err := fill(ctx, pool); err != nil {
		return name, fmt.Errorf("fill: %w", err)
	}
	return name, nil
}

// dropFilled drops this process's filled databases; s is the server, whose
// lock the caller holds.
func dropFilled(s *server) {
	filledMu.Lock()
	defer filledMu.Unlock()
	for key, f := range filledDBs {
		if f.name != "" {
			_ = s.dropDatabase(f.name)
		}
		delete(filledDBs, key)
	}
}
