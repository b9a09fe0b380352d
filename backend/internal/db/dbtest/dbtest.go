// Package dbtest gives integration tests a fresh, fully migrated PostgreSQL
// database each.
//
// Use it from any package's tests:
//
//	func TestMain(m *testing.M) { dbtest.Main(m) }
//
//	func TestSomething(t *testing.T) {
//		pool := dbtest.New(t) // empty tables, latest schema, dropped after the test
//		...
//	}
//
// Where the server comes from:
//
//   - If SLOTWISE_TEST_DATABASE_URL is set, it must be a superuser (or
//     CREATEDB) connection string to an existing server, normally to its
//     "postgres" database; `make test` starts one private cluster per run
//     and exports it, so all test processes share it.
//   - Otherwise the first test needing a database starts a private,
//     non-durable cluster in a temporary directory (under /dev/shm when it
//     is a large enough tmpfs, os.TempDir() otherwise), shared by the whole
//     test process. dbtest.Main stops and removes it after the tests; if the
//     process dies first (panic, -timeout, SIGKILL) a watchdog does. It
//     needs the PostgreSQL server binaries (see db.FindPostgresBin).
//
// Each database is a copy (CREATE DATABASE ... TEMPLATE) of a template
// database migrated once per server: "slotwise_template". Several test
// processes (go test runs packages in parallel) agree on who builds it
// through an advisory lock, and rebuild it whenever the embedded migrations
// change. Copies take a few milliseconds.
package dbtest

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"slotwise/backend/internal/db"
	"slotwise/migrations"
)

const (
	// EnvURL names the environment variable holding a server URL to use
	// instead of a private cluster.
	EnvURL = "SLOTWISE_TEST_DATABASE_URL"

	// TemplateName is the migrated template every test database copies.
	TemplateName = "slotwise_template"

	// templateLockKey is the advisory lock serialising template builds
	// across test processes.
	templateLockKey int64 = 0x736c6f7477697365 // "slotwise"

	// poolMaxConns keeps many parallel tests within max_connections.
	poolMaxConns = 4

	setupTimeout = 3 * time.Minute
	opTimeout    = time.Minute
)

type server struct {
	adminURL string
	admin    *pgxpool.Pool
	cluster  *db.Cluster
}

var (
	mu      sync.Mutex // guards srv, srvErr, started, closed
	srv     *server
	srvErr  error
	started bool
	closed  bool
)

// Main runs the tests of a package, then stops the private cluster if
// one was started. Call it from TestMain:
//
//	func TestMain(m *testing.M) { dbtest.Main(m) }
func Main(m *testing.M) {
	code := m.Run()
	if err := shutdown(); err != nil {
		fmt.Fprintln(os.Stderr, "dbtest:", err)
		if code == 0 {
			code = 1
		}
	}
	os.Exit(code)
}

// New returns a pool on a fresh database holding the latest schema and no
// rows, working as the server does (db.Open: as db.AppRole, under row
// security), dropped when the test ends (after the test's own cleanups).
// Each of configure changes the pool's configuration first (Statements).
func New(t testing.TB, configure ...func(*pgxpool.Config)) *db.Pool {
	t.Helper()
	return open(t, URL(t), configure...)
}

// open is a pool on connString working as the server does, closed when
// the test ends (before the database is dropped).
func open(t testing.TB, connString string, configure ...func(*pgxpool.Config)) *db.Pool {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), opTimeout)
	defer cancel()
	pool, err := appPool(ctx, connString, configure...)
	if err != nil {
		t.Fatalf("dbtest: %v", err)
	}
	t.Cleanup(pool.Close) // runs before URL's cleanup drops the database
	return pool
}

// appPool opens a pool on connString as the server does (db.WorkAsApp),
// each of configure changing its configuration first.
func appPool(ctx context.Context, connString string, configure ...func(*pgxpool.Config)) (*db.Pool, error) {
	cfg, err := db.ParsePoolConfig(connString)
	if err != nil {
		return nil, err
	}
	cfg.MaxConns = poolMaxConns
	db.WorkAsApp(cfg)
	for _, c := range configure {
		c(cfg)
	}
	pool, err := db.OpenConfig(ctx, cfg)
	if err != nil {
		return nil, err
	}
	return db.NewPool(pool), nil
}

// URL creates a fresh migrated database like New and returns a connection
// string for it, for code under test that opens its own pool. Close every
// connection before the test ends; leftover ones are terminated.
func URL(t testing.TB) string {
	t.Helper()
	return createDatabase(t, TemplateName)
}

// EmptyURL creates a fresh database without any migration applied (a copy
// of template0) and returns a connection string for it: for testing the
// migrations themselves.
func EmptyURL(t testing.TB) string {
	t.Helper()
	return createDatabase(t, "template0")
}

func createDatabase(t testing.TB, template string) string {
	t.Helper()
	s, err := getServer()
	if err != nil {
		t.Fatalf("dbtest: %v", err)
	}
	name := databaseName(t.Name())
	connString, err := s.copyDatabase(name, template)
	if err != nil {
		t.Fatalf("dbtest: unable to create test database: %v", err)
	}
	t.Cleanup(func() {
		if err := s.dropDatabase(name); err != nil {
			t.Errorf("dbtest: unable to drop test database %s: %v", name, err)
		}
	})
	return connString
}

// copyDatabase creates database name as a copy of template and returns a
// connection string for it.
func (s *server) copyDatabase(name, template string) (string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), opTimeout)
	defer cancel()
	if _, err := s.admin.Exec(ctx, "CREATE DATABASE "+pgx.Identifier{name}.Sanitize()+" TEMPLATE "+pgx.Identifier{template}.Sanitize()); err != nil {
		return "", err
	}
	return db.DatabaseURL(s.adminURL, name)
}

// dropDatabase drops database name, ending the connections left on it.
func (s *server) dropDatabase(name string) error {
	ctx, cancel := context.WithTimeout(context.Background(), opTimeout)
	defer cancel()
	_, err := s.admin.Exec(ctx, "DROP DATABASE IF EXISTS "+pgx.Identifier{name}.Sanitize()+" WITH (FORCE)")
	return err
}

// databaseName derives a unique, recognisable database name from a test
// name: t_<sanitised test name>_<random>, within PostgreSQL's 63 bytes.
func databaseName(testName string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(testName) {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9':
			b.WriteRune(r)
		default:
			b.WriteByte('_')
		}
	}
	base := b.String()
	if len(base) > 44 {
		base = base[:44]
	}
	var rnd [8]byte
	_, _ = rand.Read(rnd[:])
	return "t_" + base + "_" + hex.EncodeToString(rnd[:])
}

func getServer() (*server, error) {
	mu.Lock()
	defer mu.Unlock()
	if closed {
		return nil, fmt.Errorf("the test server was already shut down by dbtest.Main")
	}
	if !started {
		started = true
		srv, srvErr = startServer()
	}
	return srv, srvErr
}

func startServer() (*server, error) {
	ctx, cancel := context.WithTimeout(context.Background(), setupTimeout)
	defer cancel()

	s := &server{adminURL: os.Getenv(EnvURL)}
	if s.adminURL == "" {
		dir, err := os.MkdirTemp(fastTempRoot(), "slotwise-pgtest-")
		if err != nil {
			if dir, err = os.MkdirTemp("", "slotwise-pgtest-"); err != nil {
				return nil, err
			}
		}
		logger := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
		s.cluster, err = db.StartClusterWithOptions(ctx, dir, logger, db.ClusterOptions{
			Fast:         true,
			RemoveOnExit: true,
		})
		if err != nil {
			os.RemoveAll(dir)
			return nil, fmt.Errorf("%s is not set, so a private cluster is needed: %w", EnvURL, err)
		}
		s.adminURL = s.cluster.URL("postgres")
	}

	cfg, err := db.ParsePoolConfig(s.adminURL)
	if err != nil {
		s.close()
		return nil, err
	}
	cfg.MaxConns = poolMaxConns
	if s.admin, err = db.OpenConfig(ctx, cfg); err != nil {
		s.close()
		return nil, err
	}
	if _, err := ensureTemplate(ctx, s.adminURL, TemplateName); err != nil {
		s.close()
		return nil, err
	}
	return s, nil
}

func (s *server) close() error {
	if s.admin != nil {
		s.admin.Close()
	}
	if s.cluster != nil {
		ctx, cancel := context.WithTimeout(context.Background(), opTimeout)
		defer cancel()
		return s.cluster.Stop(ctx)
	}
	return nil
}

func shutdown() error {
	mu.Lock()
	defer mu.Unlock()
	closed = true
	if srv == nil {
		return nil
	}
	dropFilled(srv)
	err := srv.close()
	srv = nil
	return err
}

// ensureTemplate makes sure database name exists, migrated with the
// embedded migrations, and reports whether this call (re)built it. The
// database comment records a digest of the migrations it was built from.
func ensureTemplate(ctx context.Context, adminURL, name string) (built bool, err error) {
	marker, err := templateMarker()
	if err != nil {
		return false, err
	}
	// A dedicated connection: closing it releases the advisory lock
	// whatever happens.
	conn, err := pgx.Connect(ctx, adminURL)
	if err != nil {
		return false, fmt.Errorf("unable to connect to the test server: %w", err)
	}
	defer conn.Close(context.Background())
	if _, err := conn.Exec(ctx, `SELECT pg_advisory_lock($1)`, templateLockKey); err != nil {
		return false, fmt.Errorf("unable to lock the test template: %w", err)
	}

	var current *string
	err = conn.QueryRow(ctx, `SELECT shobj_description(oid, 'pg_database') FROM pg_database WHERE datname = $1`, name).Scan(&current)
	switch {
	case err == nil && current != nil && *current == marker:
		return false, nil
	case err == nil: // exists but stale or half-built
		ident := pgx.Identifier{name}.Sanitize()
		if _, err := conn.Exec(ctx, "ALTER DATABASE "+ident+" IS_TEMPLATE false"); err != nil {
			return false, fmt.Errorf("unable to drop stale test template: %w", err)
		}
		if _, err := conn.Exec(ctx, "DROP DATABASE "+ident+" WITH (FORCE)"); err != nil {
			return false, fmt.Errorf("unable to drop stale test template: %w", err)
		}
	case !errors.Is(err, pgx.ErrNoRows):
		return false, fmt.Errorf("unable to look up test template: %w", err)
	}

	ident := pgx.Identifier{name}.Sanitize()
	if _, err := conn.Exec(ctx, "CREATE DATABASE "+ident); err != nil {
		return false, fmt.Errorf("unable to create test template: %w", err)
	}
	templateURL, err := db.DatabaseURL(adminURL, name)
	if err != nil {
		return false, err
	}
	if err := db.Migrate(ctx, templateURL); err != nil {
		return false, fmt.Errorf("test template: %w", err)
	}
	// No connection may stay on a template while it is copied: forbid new
	// ones, end any left, then record the marker that says "complete".
	for _, q := range []string{
		"ALTER DATABASE " + ident + " WITH IS_TEMPLATE true ALLOW_CONNECTIONS false",
		"SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = " + quoteLiteral(name) + " AND pid <> pg_backend_pid()",
		"COMMENT ON DATABASE " + ident + " IS " + quoteLiteral(marker),
	} {
		if _, err := conn.Exec(ctx, q); err != nil {
			return false, fmt.Errorf("unable to finish test template: %w", err)
		}
	}
	return true, nil
}

// templateMarker identifies the migrations a template was built from.
func templateMarker() (string, error) {
	version, err := db.LatestSchemaVersion()
	if err != nil {
		return "", err
	}
	h := sha256.New()
	err = fs.WalkDir(migrations.FS, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(migrations.FS, p)
		if err != nil {
			return err
		}
		fmt.Fprintf(h, "%s\x00%d\x00", p, len(b))
		h.Write(b)
		return nil
	})
	if err != nil {
		return "", fmt.Errorf("unable to read embedded migrations: %w", err)
	}
	return fmt.Sprintf("slotwise test template: migration %d, sha256 %x", version, h.Sum(nil)[:12]), nil
}

func quoteLiteral(s string) string {
	return "'" + strings.ReplaceAll(s, "'", "''") + "'"
}

// Business adds a business (a row of locations) named slug and returns its
// id: every business table's row belongs to one, and with a single business
// in the database a row written without naming one is that business's.
func Business(t testing.TB, pool db.Querier, slug string) int64 {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), opTimeout)
	defer cancel()
	var id int64
	err := pool.QueryRow(ctx, `
		INSERT INTO locations (slug, name, time_zone, is_default)
		VALUES ($1, $1, 'UTC', NOT EXISTS (SELECT 1 FROM locations)) RETURNING id`, slug).Scan(&id)
	if err != nil {
		t.Fatalf("dbtest: unable to add business %q: %v", slug, err)
	}
	return id
}

// WithBusiness is New with one business in the database (Business).
func WithBusiness(t testing.TB) *db.Pool {
	t.Helper()
	pool := New(t)
	Business(t, pool, "studio")
	return pool
}

// AsOwner runs sql on pool's database as the login the tests connect with,
// which owns the schema: for a test's own tables (the server's role may not
// create any). Tables made so are open to db.AppRole like the schema's.
func AsOwner(t testing.TB, pool *db.Pool, sql string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), opTimeout)
	defer cancel()
	conn, err := pgx.Connect(ctx, pool.Config().ConnString())
	if err != nil {
		t.Fatalf("dbtest: %v", err)
	}
	defer conn.Close(context.WithoutCancel(ctx))
	if _, err := conn.Exec(ctx, sql); err != nil {
		t.Fatalf("dbtest: %v", err)
	}
}
