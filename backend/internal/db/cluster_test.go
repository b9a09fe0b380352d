package db_test

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"slotwise/backend/internal/db"
)

// clusterDir returns a fresh directory reachable by the server user even
// when the tests run as root (t.TempDir's parent is private to root).
func clusterDir(t *testing.T) string {
	t.Helper()
	if _, err := db.FindPostgresBin(); err != nil {
		t.Skip(err)
	}
	dir, err := os.MkdirTemp("", "slotwise-cluster-test-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	if err := os.Chmod(dir, 0o755); err != nil { // MkdirTemp makes it 0700
		t.Fatal(err)
	}
	return dir
}

func startCluster(t *testing.T, dir string, logger *slog.Logger, opts db.ClusterOptions) *db.Cluster {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	c, err := db.StartClusterWithOptions(ctx, dir, logger, opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := c.Stop(context.Background()); err != nil {
			t.Error(err)
		}
	})
	return c
}

var fast = db.ClusterOptions{Fast: true}

func stopCluster(t *testing.T, c *db.Cluster) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	if err := c.Stop(ctx); err != nil {
		t.Fatal(err)
	}
}

func queryInt(t *testing.T, url, sql string) int {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	var n int
	if err := conn.QueryRow(ctx, sql).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func exec1(t *testing.T, url, sql string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, sql); err != nil {
		t.Fatal(err)
	}
}

func answers(url string) error {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		return err
	}
	return conn.Close(ctx)
}

func TestClusterStartsAnswersStopsAndRestartsKeepingData(t *testing.T) {
	dir := clusterDir(t)
	c := startCluster(t, dir, nil, fast)

	if c.Dir() != dir {
		t.Errorf("Dir() = %q, want %q", c.Dir(), dir)
	}
	for _, p := range []string{filepath.Join(dir, "data", "PG_VERSION"), filepath.Join(dir, "postgres.log")} {
		if _, err := os.Stat(p); err != nil {
			t.Error(err)
		}
	}

	url := c.URL("app")
	cfg, err := pgx.ParseConfig(url)
	if err != nil {
		t.Fatalf("pgx cannot parse %s: %v", url, err)
	}
	if cfg.Host != c.SocketDir() || cfg.User != db.Superuser || cfg.Database != "app" {
		t.Errorf("URL %s parses to host=%q user=%q db=%q", url, cfg.Host, cfg.User, cfg.Database)
	}

	ctx := context.Background()
	for range 2 { // the second call finds it
		if err := c.EnsureDatabase(ctx, "app"); err != nil {
			t.Fatal(err)
		}
	}
	exec1(t, url, `CREATE TABLE kept (v int); INSERT INTO kept VALUES (42)`)
	if got := queryInt(t, url, `SELECT count(*) FROM pg_settings WHERE name = 'listen_addresses' AND setting = ''`); got != 1 {
		t.Error("server listens on TCP")
	}

	stopCluster(t, c)
	if err := answers(url); err == nil {
		t.Fatal("server still answers after Stop")
	}
	stopCluster(t, c) // stopping a stopped cluster is fine

	c = startCluster(t, dir, nil, fast)
	if got := queryInt(t, c.URL("app"), `SELECT v FROM kept`); got != 42 {
		t.Errorf("after restart, kept.v = %d, want 42", got)
	}

	// Starting again while it runs reuses the server.
	c2 := startCluster(t, dir, nil, fast)
	if got := queryInt(t, c2.URL("app"), `SELECT v FROM kept`); got != 42 {
		t.Errorf("reused server: kept.v = %d, want 42", got)
	}
	// A process that reused it does not own it: its Stop (a CLI command
	// beside a serving binary) leaves the server to its owner.
	c3 := startCluster(t, dir, nil, db.ClusterOptions{Fast: true, StopOnExit: true})
	stopCluster(t, c2)
	stopCluster(t, c3)
	if err := answers(url); err != nil {
		t.Fatalf("stopping a reused server stopped its owner's: %v", err)
	}

	if err := db.StopCluster(ctx, dir, nil); err != nil {
		t.Fatal(err)
	}
	if err := answers(url); err == nil {
		t.Fatal("server still answers after StopCluster")
	}
}

func TestClusterStartsAfterServerWasKilled(t *testing.T) {
	dir := clusterDir(t)
	durable := db.ClusterOptions{} // Fast loses the last commits on a crash
	c := startCluster(t, dir, nil, durable)
	url := c.URL("postgres")
	exec1(t, url, `CREATE TABLE survivor (v int); INSERT INTO survivor VALUES (7)`)

	pidFile := filepath.Join(c.DataDir(), "postmaster.pid")
	b, err := os.ReadFile(pidFile)
	if err != nil {
		t.Fatal(err)
	}
	pid, err := strconv.Atoi(strings.SplitN(string(b), "\n", 2)[0])
	if err != nil {
		t.Fatal(err)
	}
	if err := syscall.Kill(pid, syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	waitFor(t, 30*time.Second, "killed postmaster to exit", func() bool {
		return syscall.Kill(pid, 0) != nil && answers(url) != nil
	})
	if _, err := os.Stat(pidFile); err != nil {
		t.Fatalf("test needs a stale postmaster.pid: %v", err)
	}

	c = startCluster(t, dir, nil, durable)
	if got := queryInt(t, c.URL("postgres"), `SELECT v FROM survivor`); got != 7 {
		t.Errorf("after crash restart, survivor.v = %d, want 7", got)
	}
}

func TestClusterFallsBackToTempDirWhenServerUserCannotReachDir(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("only root hands the cluster to another user")
	}
	private := clusterDir(t)
	if err := os.Chmod(private, 0o700); err != nil { // like /root
		t.Fatal(err)
	}
	requested := filepath.Join(private, "checkout", ".data", "pg")

	var logs bytes.Buffer
	logger := slog.New(slog.NewTextHandler(&logs, nil))
	var c *db.Cluster
	t.Cleanup(func() { // runs after the clusters' own cleanups stop them
		if c != nil {
			os.RemoveAll(c.Dir())
		}
	})
	c = startCluster(t, requested, logger, fast)

	if filepath.Dir(c.Dir()) != filepath.Clean(os.TempDir()) || !strings.HasPrefix(filepath.Base(c.Dir()), "slotwise-pg-") {
		t.Errorf("Dir() = %q, want slotwise-pg-<hash> under %s", c.Dir(), os.TempDir())
	}
	var fallbackLines int
	for _, l := range strings.Split(logs.String(), "\n") {
		if strings.Contains(l, "cannot reach") {
			fallbackLines++
			if !strings.Contains(l, requested) || !strings.Contains(l, c.Dir()) {
				t.Errorf("fallback log line lacks the paths: %s", l)
			}
		}
	}
	if fallbackLines != 1 {
		t.Errorf("got %d fallback log lines, want 1:\n%s", fallbackLines, logs.String())
	}
	if err := answers(c.URL("postgres")); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(private, "checkout")); !os.IsNotExist(err) {
		t.Errorf("the unreachable location was populated anyway (stat: %v)", err)
	}

	// Same request, same fallback: the data is found again.
	again := startCluster(t, requested, nil, fast)
	if again.Dir() != c.Dir() {
		t.Errorf("second start used %q, first %q", again.Dir(), c.Dir())
	}
}

func TestClusterPutsSocketInTempDirWhenPathIsTooLong(t *testing.T) {
	dir := filepath.Join(clusterDir(t), strings.Repeat("deep", 25))
	c := startCluster(t, dir, nil, fast)
	t.Cleanup(func() { os.RemoveAll(c.SocketDir()) })
	if c.Dir() != dir {
		t.Errorf("Dir() = %q, want %q", c.Dir(), dir)
	}
	if filepath.Dir(c.SocketDir()) != filepath.Clean(os.TempDir()) {
		t.Errorf("SocketDir() = %q, want a directory under %s", c.SocketDir(), os.TempDir())
	}
	if err := answers(c.URL("postgres")); err != nil {
		t.Fatal(err)
	}
}

const helperEnv = "SLOTWISE_DB_TEST_HELPER_DIR"

// TestClusterHelperProcess is not a test: it is the child process of
// TestClusterStopOnExit, which kills it.
func TestClusterHelperProcess(t *testing.T) {
	dir := os.Getenv(helperEnv)
	if dir == "" {
		t.Skip("helper process only")
	}
	c, err := db.StartClusterWithOptions(context.Background(), dir, nil, db.ClusterOptions{Fast: true, RemoveOnExit: true})
	if err != nil {
		fmt.Println("ERROR", err)
		os.Exit(1)
	}
	fmt.Println("URL", c.URL("postgres"))
	time.Sleep(10 * time.Minute)
	os.Exit(1)
}

func TestClusterStopOnExitStopsAndRemovesClusterWhenProcessIsKilled(t *testing.T) {
	dir := clusterDir(t) // in the temp dir, so the server user may delete it
	cmd := exec.Command(os.Args[0], "-test.run=^TestClusterHelperProcess$", "-test.count=1")
	cmd.Env = append(os.Environ(), helperEnv+"="+dir)
	cmd.Stderr = os.Stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil {
		cmd.Process.Kill()
		cmd.Wait()
		t.Fatalf("helper: %v", err)
	}
	url, ok := strings.CutPrefix(strings.TrimSpace(line), "URL ")
	if !ok {
		cmd.Process.Kill()
		cmd.Wait()
		t.Fatalf("helper said: %s", line)
	}
	if err := answers(url); err != nil {
		t.Fatal(err)
	}

	if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	if err := cmd.Wait(); err == nil || !errors.As(err, new(*exec.ExitError)) {
		t.Fatalf("helper exited with %v, want killed", err)
	}
	waitFor(t, 60*time.Second, "server to stop and its directory to go", func() bool {
		_, statErr := os.Stat(dir)
		return answers(url) != nil && os.IsNotExist(statErr)
	})
}

func waitFor(t *testing.T, timeout time.Duration, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(timeout)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(100 * time.Millisecond)
	}
}
