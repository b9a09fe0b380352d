// Command slotwise is the whole product in one binary: it serves the booking
// widgets and website pages, rendering them in embedded V8, on PostgreSQL.
//
//	slotwise serve [--addr HOST:PORT] [--data-dir DIR] [--no-demo]
//	slotwise migrate   apply database migrations and exit
//	slotwise seed      write the demo content and exit
//	slotwise link CALENDAR   print a new one-time link to a calendar
//	slotwise preview KIND X  print a preview link to a page, post or product
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"syscall"
)

func main() {
	if err := run(os.Args[1:]); err != nil {
		if !errors.Is(err, flag.ErrHelp) {
			fmt.Fprintln(os.Stderr, "slotwise:", err)
		}
		os.Exit(1)
	}
}

const usage = `usage: slotwise <command> [flags]

commands:
  serve     serve the widgets and website (default)
  migrate   apply database migrations and exit
  seed      write the demo content and exit
  link      CALENDAR [--days N]: print a new one-time link that books the calendar once
  preview   page|post|product TARGET [--days N]: print a link that shows that content, draft or not
  postgres  start|stop --dir DIR: a private PostgreSQL cluster on its own

Run "slotwise serve --help" for the flags. Configuration by environment:
DATABASE_URL, SLOTWISE_ADDR, SLOTWISE_DATA_DIR, SLOTWISE_PUBLIC_URL,
SLOTWISE_SSR_WORKERS, SLOTWISE_RENDER_TIMEOUT, SLOTWISE_LOG_LEVEL.`

func run(args []string) error {
	cmd := "serve"
	if len(args) > 0 && len(args[0]) > 0 && args[0][0] != '-' {
		cmd, args = args[0], args[1:]
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	switch cmd {
	case "serve":
		return serve(ctx, args)
	case "migrate":
		return withDatabase(ctx, args, func(context.Context, *app) error { return nil })
	case "seed":
		return withDatabase(ctx, args, seed)
	case "link":
		return oneTimeLink(ctx, args)
	case "preview":
		return previewLink(ctx, args)
	case "postgres":
		return postgres(ctx, args)
	case "help", "-h", "--help":
		fmt.Println(usage)
		return nil
	}
	return fmt.Errorf("unknown command %q\n\n%s", cmd, usage)
}

func newLogger(level slog.Level) *slog.Logger {
	return slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: level}))
}
