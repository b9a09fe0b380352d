package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"slotwise/backend/internal/config"
	"slotwise/backend/internal/db"
)

// postgresCommand starts or stops a private cluster on its own, for
// scripts: the test run starts one for all its test processes and stops it
// at the end.
func postgresCommand() *command {
	var dir string
	var fast bool
	return &command{name: "postgres", synopsis: "start|stop", minArgs: 1, maxArgs: 1,
		summary: "start or stop a private PostgreSQL cluster on its own",
		detail:  "start prints the server's URL; the cluster keeps running until stop.",
		flags: func(fs *flag.FlagSet, _ *config.Config) {
			fs.StringVar(&dir, "dir", ".data/postgres", "cluster `DIR`")
			fs.BoolVar(&fast, "fast", false, "no fsync: for throwaway test clusters")
		},
		run: func(ctx context.Context, inv *invocation) error {
			action := inv.args[0]
			if action != "start" && action != "stop" {
				return &usageError{fmt.Sprintf("postgres starts or stops, not %q", action)}
			}
			return postgres(ctx, action, dir, fast)
		}}
}

func postgres(ctx context.Context, action, dir string, fast bool) error {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return err
	}
	log, closeLog := newLogger(0)
	defer closeLog()
	if action == "stop" {
		return db.StopCluster(ctx, abs, log)
	}
	c, err := db.StartClusterWithOptions(ctx, abs, log, db.ClusterOptions{Fast: fast, MaxConnections: 300})
	if err != nil {
		return err
	}
	fmt.Fprintln(os.Stdout, c.URL("postgres"))
	return nil
}
