// Command slotwise is the whole product in one binary: it serves the booking
// widgets and website pages, rendering them in embedded V8, on PostgreSQL.
// `slotwise --help` lists its commands; `slotwise help COMMAND` explains one.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"syscall"

	"slotwise/backend/internal/config"
	"slotwise/backend/internal/logqueue"
	"slotwise/backend/internal/web"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := dispatch(ctx, os.Args[1:], os.Stdout)
	stop()
	if err == nil {
		return
	}
	fmt.Fprintln(os.Stderr, "slotwise:", err)
	if _, ok := errors.AsType[*usageError](err); ok {
		os.Exit(2)
	}
	os.Exit(1)
}

// commands is every command, in the order --help lists them.
func commands() []*command {
	return []*command{
		serveCommand(),
		{name: "migrate", summary: "apply database migrations and exit",
			flags: databaseFlags, run: func(ctx context.Context, inv *invocation) error {
				return withDatabase(ctx, inv.cfg, func(context.Context, *app) error { return nil })
			}},
		{name: "seed", summary: "write the demo content and exit",
			flags: databaseFlags, run: func(ctx context.Context, inv *invocation) error {
				return withDatabase(ctx, inv.cfg, seed)
			}},
		exportCommand(),
		importCommand(),
		linkCommand(),
		previewCommand(),
		tokenCommand(),
		userCommand(),
		businessCommand(),
		hostCommand(),
		postgresCommand(),
	}
}

func databaseFlags(fs *flag.FlagSet, cfg *config.Config) { cfg.DatabaseFlags(fs) }

// logOutput is where commands log: stderr, a test's buffer in tests.
var logOutput io.Writer = os.Stderr

// newLogger is a command's logger, and the close that writes what it still
// holds. Its lines are queued and written by a goroutine of their own
// (logqueue), so a request never waits for stderr; lines logged while
// serving a request carry its id (X-Request-Id).
func newLogger(level slog.Level) (*slog.Logger, func() error) {
	q := logqueue.New(logOutput, level, logqueue.Options{})
	return slog.New(web.LogHandler(q.Handler())), q.Close
}
