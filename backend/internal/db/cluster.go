package db

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"net/url"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
)

// Superuser is the name of the superuser role of a private cluster.
const Superuser = "postgres"

// maxSocketPath is the longest path a unix socket may have on Linux
// (sizeof(sun_path) - 1); macOS allows 103.
const maxSocketPath = 103

// socketName is the socket file PostgreSQL creates for the default port.
const socketName = ".s.PGSQL.5432"

// ClusterOptions tunes a private cluster. The zero value is a durable
// cluster suitable for development data.
type ClusterOptions struct {
	// Fast turns fsync, synchronous_commit and full_page_writes off and
	// skips fsync in initdb. Data survives a clean stop but not an OS
	// crash or power loss: for tests only.
	Fast bool

	// MaxConnections sets max_connections when > 0 (server default: 100).
	MaxConnections int

	// StopOnExit stops the server (immediate mode) as soon as the calling
	// process exits, however it exits, SIGKILL and test timeouts included.
	// A small shell watchdog, started beside the server, waits for EOF on a
	// pipe whose write end only this process holds.
	StopOnExit bool

	// RemoveOnExit deletes the whole cluster directory when the server is
	// stopped, by Stop or by the StopOnExit watchdog. Implies StopOnExit.
	// The watchdog runs as the server user: unless that user may write to
	// the parent directory (as in a temp dir), it empties the cluster
	// directory but leaves it in place.
	RemoveOnExit bool

	// BinDir holds initdb, pg_ctl and postgres; empty means FindPostgresBin.
	BinDir string
}

// Cluster is a private PostgreSQL server owned by this program: data in
// Dir()/data, unix socket in Dir()/run, server log in Dir()/postgres.log.
// It listens on no TCP port, and trusts every local connection, so it is
// meant for development and tests.
//
// When the program runs as root the server runs as the "postgres" system
// user, which then owns the directory tree.
//
// A command can manage one cluster shared by several processes, e.g. for
// a test run:
//
//	c, err := db.StartClusterWithOptions(ctx, dir, logger, db.ClusterOptions{Fast: true})
//	fmt.Println(c.URL("postgres")) // e.g. exported as SLOTWISE_TEST_DATABASE_URL
//
// and later, from any process:
//
//	err := db.StopCluster(ctx, dir, logger)
type Cluster struct {
	binDir    string
	dir       string
	dataDir   string
	socketDir string
	logPath   string
	logger    *slog.Logger
	runAs     *account // nil: the current user
	opts      ClusterOptions

	// reused: the server was running already, started by another
	// process (a serving binary, `slotwise postgres start`), which owns
	// it: this one neither watches it nor stops it.
	reused bool

	mu        sync.Mutex
	watchdog  *exec.Cmd
	watchPipe *os.File
}

// account is the system user the server runs as, when not the current one.
type account struct {
	name   string
	uid    uint32
	gid    uint32
	groups []uint32
}

// StartCluster starts (creating it first if needed) a private cluster
// under dir with default options. See StartClusterWithOptions.
func StartCluster(ctx context.Context, dir string, logger *slog.Logger) (*Cluster, error) {
	return StartClusterWithOptions(ctx, dir, logger, ClusterOptions{})
}

// StartClusterWithOptions starts a private cluster under dir, running
// initdb first when dir/data holds no cluster yet. If a server is already
// running on that data directory (left by an earlier process) it is reused.
// A stale postmaster.pid left by a killed server does not prevent start.
//
// When running as root and dir cannot be reached by the postgres user
// (an ancestor such as /root is not traversable), the cluster lives in a
// directory under os.TempDir() derived from dir instead, and one log line
// says so; Dir() reports the directory actually used.
//
// The server keeps running after this process exits unless
// opts.StopOnExit is set: stop it with Stop or StopCluster.
func StartClusterWithOptions(ctx context.Context, dir string, logger *slog.Logger, opts ClusterOptions) (*Cluster, error) {
	c, err := newCluster(dir, logger, opts, true)
	if err != nil {
		return nil, err
	}
	if err := c.prepare(ctx); err != nil {
		return nil, err
	}
	running, err := c.running(ctx)
	if err != nil {
		return nil, err
	}
	if (c.opts.StopOnExit || c.opts.RemoveOnExit) && !running {
		if err := c.startWatchdog(); err != nil {
			return nil, err
		}
	}
	if err := c.start(ctx); err != nil {
		c.stopWatchdog()
		return nil, err
	}
	return c, nil
}

// StopCluster stops the server of the private cluster under dir, if one is
// running. It resolves dir exactly as StartCluster does, so it suits a
// command that stops a cluster started by another process.
func StopCluster(ctx context.Context, dir string, logger *slog.Logger) error {
	c, err := newCluster(dir, logger, ClusterOptions{}, false)
	if err != nil {
		return err
	}
	if _, err := os.Stat(filepath.Join(c.dataDir, "PG_VERSION")); err != nil {
		return nil // no cluster there, so nothing runs
	}
	return c.Stop(ctx)
}

func newCluster(dir string, logger *slog.Logger, opts ClusterOptions, create bool) (*Cluster, error) {
	if logger == nil {
		logger = slog.New(slog.DiscardHandler)
	}
	binDir := opts.BinDir
	if binDir == "" {
		var err error
		if binDir, err = FindPostgresBin(); err != nil {
			return nil, err
		}
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, fmt.Errorf("db: invalid cluster directory %q: %w", dir, err)
	}

	c := &Cluster{binDir: binDir, logger: logger, opts: opts}
	if os.Geteuid() == 0 {
		if c.runAs, err = lookupAccount(Superuser); err != nil {
			return nil, fmt.Errorf("db: running as root, the PostgreSQL server must run as the %q system user, which was not found: %w", Superuser, err)
		}
		blocker := c.runAs.firstUntraversable(abs)
		if blocker == "" && create {
			// Parents created here must be traversable by the server user
			// too, which a restrictive umask could prevent.
			if err := os.MkdirAll(filepath.Dir(abs), 0o755); err != nil {
				return nil, fmt.Errorf("db: unable to create cluster directory: %w", err)
			}
			blocker = c.runAs.firstUntraversable(abs)
		}
		if blocker != "" {
			fallback := fallbackDir(abs)
			logger.Info("postgres cannot reach the cluster directory as user "+Superuser+", using a directory under the temp dir instead",
				"requested", abs, "not_traversable", blocker, "using", fallback)
			abs = fallback
			if blocker := c.runAs.firstUntraversable(abs); blocker != "" {
				return nil, fmt.Errorf("db: neither %s nor %s is reachable by the %s user (%s is not traversable)", dir, abs, Superuser, blocker)
			}
		}
	}
	c.dir = abs
	c.dataDir = filepath.Join(abs, "data")
	c.logPath = filepath.Join(abs, "postgres.log")
	c.socketDir = filepath.Join(abs, "run")
	if len(c.socketDir)+1+len(socketName) > maxSocketPath {
		c.socketDir = filepath.Join(os.TempDir(), "slotwise-pg-run-"+pathHash(abs))
		logger.Info("cluster directory path is too long for a unix socket, putting the socket under the temp dir",
			"dir", abs, "socket_dir", c.socketDir)
	}
	return c, nil
}

// Dir is the cluster directory actually in use (see StartClusterWithOptions
// about the fallback).
func (c *Cluster) Dir() string { return c.dir }

// DataDir is the PostgreSQL data directory (PGDATA).
func (c *Cluster) DataDir() string { return c.dataDir }

// SocketDir is the directory holding the server's unix socket.
func (c *Cluster) SocketDir() string { return c.socketDir }

// LogPath is the server log file.
func (c *Cluster) LogPath() string { return c.logPath }

// URL returns a connection URL for database dbname as the superuser, over
// the unix socket, in the form postgres://postgres@/dbname?host=/socket/dir.
func (c *Cluster) URL(dbname string) string {
	q := url.Values{}
	q.Set("host", c.socketDir)
	q.Set("sslmode", "disable")
	u := url.URL{
		Scheme:   "postgres",
		User:     url.User(Superuser),
		Path:     "/" + dbname,
		RawQuery: q.Encode(),
	}
	return u.String()
}

// EnsureDatabase creates database name if it does not exist yet.
func (c *Cluster) EnsureDatabase(ctx context.Context, name string) error {
	return EnsureDatabase(ctx, c.URL("postgres"), name)
}

// Stop shuts the server down ("fast" mode: open transactions are rolled
// back, clients disconnected). Stopping a server that is not running is
// not an error. With RemoveOnExit the cluster directory is removed.
func (c *Cluster) Stop(ctx context.Context) error {
	if c.reused {
		return nil // another process's server: `slotwise token create` beside a running server must not stop it
	}
	if _, err := os.Stat(c.dataDir); errors.Is(err, fs.ErrNotExist) {
		c.stopWatchdog()
		return nil // removed, so nothing can run there
	}
	running, err := c.running(ctx)
	if err != nil {
		return err
	}
	if running {
		out, err := c.command(ctx, "pg_ctl", "stop", "-D", c.dataDir, "-m", "fast", "-w", "-t", "120").CombinedOutput()
		if err != nil {
			return fmt.Errorf("db: unable to stop postgres: %w: %s", err, strings.TrimSpace(string(out)))
		}
	}
	c.stopWatchdog()
	if c.opts.RemoveOnExit {
		if err := os.RemoveAll(c.dir); err != nil {
			return fmt.Errorf("db: unable to remove cluster directory: %w", err)
		}
		if c.socketDir != filepath.Join(c.dir, "run") {
			_ = os.RemoveAll(c.socketDir)
		}
	}
	return nil
}

// prepare creates the directory tree and runs initdb when needed.
func (c *Cluster) prepare(ctx context.Context) error {
	dirMode := os.FileMode(0o700)
	if c.runAs != nil {
		// The owner is the server user; root reaches the socket through
		// these directories.
		dirMode = 0o711
	}
	for _, d := range []string{c.dir, c.socketDir} {
		if err := os.MkdirAll(d, dirMode); err != nil {
			return fmt.Errorf("db: unable to create cluster directory: %w", err)
		}
	}
	if c.runAs != nil {
		for _, d := range []string{c.dir, c.socketDir} {
			if err := chownTree(d, c.runAs.uid, c.runAs.gid); err != nil {
				return fmt.Errorf("db: unable to hand the cluster directory to the %s user: %w", c.runAs.name, err)
			}
		}
	}

	if _, err := os.Stat(filepath.Join(c.dataDir, "PG_VERSION")); err == nil {
		return nil
	}
	if entries, err := os.ReadDir(c.dataDir); err == nil && len(entries) > 0 {
		return fmt.Errorf("db: %s exists but holds no PostgreSQL cluster (no PG_VERSION): remove it or choose another directory", c.dataDir)
	}

	args := []string{"-D", c.dataDir, "-U", Superuser, "--auth=trust", "-E", "UTF8"}
	if hasCUTF8Locale() {
		args = append(args, "--locale=C.UTF-8")
	} else {
		args = append(args, "--no-locale")
	}
	if c.opts.Fast {
		args = append(args, "--no-sync")
	}
	c.logger.Info("initialising postgres cluster", "dir", c.dataDir)
	if out, err := c.command(ctx, "initdb", args...).CombinedOutput(); err != nil {
		return fmt.Errorf("db: initdb failed: %w\n%s", err, tail(out, 20))
	}
	return nil
}

func (c *Cluster) start(ctx context.Context) error {
	running, err := c.running(ctx)
	if err != nil {
		return err
	}
	if running {
		// Left running by an earlier process: reuse it, through whatever
		// socket directory it was started with.
		if sock := c.runningSocketDir(); sock != "" {
			c.socketDir = sock
		}
		c.logger.Info("postgres is already running, reusing it", "dir", c.dataDir, "socket_dir", c.socketDir)
		c.reused = true
		return nil
	}

	serverOpts := []string{
		"-p", "5432",
		"-k", shellQuote(c.socketDir),
		"-c", "listen_addresses=''",
		"-c", "unix_socket_permissions=0777",
	}
	if c.opts.Fast {
		serverOpts = append(serverOpts, "-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off")
	}
	if c.opts.MaxConnections > 0 {
		serverOpts = append(serverOpts, "-c", "max_connections="+strconv.Itoa(c.opts.MaxConnections))
	}
	cmd := c.command(ctx, "pg_ctl", "start", "-w", "-t", "300", "-D", c.dataDir, "-l", c.logPath,
		"-o", strings.Join(serverOpts, " "))
	// pg_ctl detaches the server and points its output at the log file; the
	// delay only guards against a descendant keeping our pipe open.
	cmd.WaitDelay = 10 * time.Second
	out, err := cmd.CombinedOutput()
	if err != nil {
		log, _ := os.ReadFile(c.logPath)
		return fmt.Errorf("db: unable to start postgres: %w\n%s\nlast lines of %s:\n%s",
			err, strings.TrimSpace(string(out)), c.logPath, tail(log, 20))
	}
	c.logger.Info("postgres started", "dir", c.dataDir, "socket_dir", c.socketDir)
	return nil
}

// running reports whether a server runs on the data directory.
func (c *Cluster) running(ctx context.Context) (bool, error) {
	out, err := c.command(ctx, "pg_ctl", "status", "-D", c.dataDir).CombinedOutput()
	if err == nil {
		return true, nil
	}
	var exit *exec.ExitError
	if errors.As(err, &exit) && (exit.ExitCode() == 3 || exit.ExitCode() == 4) {
		return false, nil // 3: not running; 4: no data directory
	}
	return false, fmt.Errorf("db: unable to query postgres status: %w: %s", err, strings.TrimSpace(string(out)))
}

// runningSocketDir reads the socket directory from postmaster.pid (line 5).
func (c *Cluster) runningSocketDir() string {
	b, err := os.ReadFile(filepath.Join(c.dataDir, "postmaster.pid"))
	if err != nil {
		return ""
	}
	lines := strings.Split(string(b), "\n")
	if len(lines) < 5 {
		return ""
	}
	// The setting may list several directories; the first one is enough.
	return strings.TrimSpace(strings.Split(lines[4], ",")[0])
}

// startWatchdog starts a shell that stops the server once this process is
// gone: its stdin is a pipe whose only writer is this process, so EOF
// arrives exactly when the process exits (the descriptor is close-on-exec,
// so no other child inherits it).
func (c *Cluster) startWatchdog() error {
	r, w, err := os.Pipe()
	if err != nil {
		return fmt.Errorf("db: unable to start postgres watchdog: %w", err)
	}
	removeDir, removeSock := "", ""
	if c.opts.RemoveOnExit {
		removeDir = c.dir
		if c.socketDir != filepath.Join(c.dir, "run") {
			removeSock = c.socketDir
		}
	}
	const script = `read -r _ || :
"$0" stop -D "$1" -m immediate -w -t 60 >/dev/null 2>&1 || :
if [ -n "$2" ]; then rm -rf -- "$2"; fi
if [ -n "$3" ]; then rm -rf -- "$3"; fi`
	cmd := exec.Command("/bin/sh", "-c", script, filepath.Join(c.binDir, "pg_ctl"), c.dataDir, removeDir, removeSock)
	cmd.Stdin = r
	cmd.Dir = c.dir
	cmd.Env = serverEnv()
	// Own process group: a Ctrl-C aimed at this program must not kill the
	// watchdog before it has done its job.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if c.runAs != nil {
		cmd.SysProcAttr.Credential = c.runAs.credential()
	}
	if err := cmd.Start(); err != nil {
		r.Close()
		w.Close()
		return fmt.Errorf("db: unable to start postgres watchdog: %w", err)
	}
	r.Close()
	c.mu.Lock()
	c.watchdog, c.watchPipe = cmd, w
	c.mu.Unlock()
	return nil
}

// stopWatchdog releases the watchdog (which then runs its shutdown steps
// against an already stopped server) and waits for it.
func (c *Cluster) stopWatchdog() {
	c.mu.Lock()
	cmd, w := c.watchdog, c.watchPipe
	c.watchdog, c.watchPipe = nil, nil
	c.mu.Unlock()
	if cmd == nil {
		return
	}
	w.Close()
	done := make(chan struct{})
	go func() { _ = cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(90 * time.Second):
		c.logger.Warn("postgres watchdog did not finish", "pid", cmd.Process.Pid)
	}
}

func (c *Cluster) command(ctx context.Context, name string, args ...string) *exec.Cmd {
	cmd := exec.CommandContext(ctx, filepath.Join(c.binDir, name), args...)
	cmd.Dir = c.dir // the server user may not be able to enter our cwd
	cmd.Env = serverEnv()
	if c.runAs != nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{Credential: c.runAs.credential()}
	}
	return cmd
}

// serverEnv is the environment minus PG* variables, which would otherwise
// change the server's port or the tools' target.
func serverEnv() []string {
	env := os.Environ()
	out := env[:0:0]
	for _, kv := range env {
		if !strings.HasPrefix(kv, "PG") {
			out = append(out, kv)
		}
	}
	return out
}

func lookupAccount(name string) (*account, error) {
	u, err := user.Lookup(name)
	if err != nil {
		return nil, err
	}
	uid, err := strconv.ParseUint(u.Uid, 10, 32)
	if err != nil {
		return nil, err
	}
	gid, err := strconv.ParseUint(u.Gid, 10, 32)
	if err != nil {
		return nil, err
	}
	a := &account{name: name, uid: uint32(uid), gid: uint32(gid)}
	if ids, err := u.GroupIds(); err == nil {
		for _, id := range ids {
			if g, err := strconv.ParseUint(id, 10, 32); err == nil {
				a.groups = append(a.groups, uint32(g))
			}
		}
	}
	return a, nil
}

func (a *account) credential() *syscall.Credential {
	return &syscall.Credential{Uid: a.uid, Gid: a.gid, Groups: a.groups}
}

func (a *account) inGroup(gid uint32) bool {
	if gid == a.gid {
		return true
	}
	for _, g := range a.groups {
		if g == gid {
			return true
		}
	}
	return false
}

// firstUntraversable returns the first existing ancestor of dir (dir
// excluded: it gets chowned) that the account may not search, judged by
// the permission bits that apply to it, or "" when all are fine.
func (a *account) firstUntraversable(dir string) string {
	var ancestors []string
	for p := filepath.Dir(dir); ; p = filepath.Dir(p) {
		ancestors = append(ancestors, p)
		if p == filepath.Dir(p) {
			break
		}
	}
	for i := len(ancestors) - 1; i >= 0; i-- { // from / downwards
		p := ancestors[i]
		fi, err := os.Stat(p)
		if err != nil {
			continue // not created yet: MkdirAll makes it 0755
		}
		st, ok := fi.Sys().(*syscall.Stat_t)
		if !ok {
			continue
		}
		perm := fi.Mode().Perm()
		var searchable bool
		switch {
		case st.Uid == a.uid:
			searchable = perm&0o100 != 0
		case a.inGroup(st.Gid):
			searchable = perm&0o010 != 0
		default:
			searchable = perm&0o001 != 0
		}
		if !searchable {
			return p
		}
	}
	return ""
}

func chownTree(root string, uid, gid uint32) error {
	return filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		if st, ok := info.Sys().(*syscall.Stat_t); ok && st.Uid == uid && st.Gid == gid {
			return nil
		}
		return os.Lchown(p, int(uid), int(gid))
	})
}

func pathHash(p string) string {
	sum := sha256.Sum256([]byte(p))
	return hex.EncodeToString(sum[:6])
}

func fallbackDir(abs string) string {
	return filepath.Join(os.TempDir(), "slotwise-pg-"+pathHash(abs))
}

var (
	cUTF8Once sync.Once
	cUTF8     bool
)

// hasCUTF8Locale reports whether the C.UTF-8 locale is installed.
func hasCUTF8Locale() bool {
	cUTF8Once.Do(func() {
		out, err := exec.Command("locale", "-a").Output()
		if err != nil {
			return
		}
		for _, l := range strings.Fields(string(out)) {
			if strings.EqualFold(strings.ReplaceAll(l, "-", ""), "c.utf8") {
				cUTF8 = true
				return
			}
		}
	})
	return cUTF8
}

// shellQuote quotes s for /bin/sh: pg_ctl hands -o options to a shell.
func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// tail returns the last n lines of b.
func tail(b []byte, n int) string {
	lines := bytes.Split(bytes.TrimRight(b, "\n"), []byte("\n"))
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return string(bytes.Join(lines, []byte("\n")))
}
