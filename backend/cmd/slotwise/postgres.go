package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"slotwise/backend/internal/db"
)

// postgres starts or stops a private cluster on its own, for scripts: the
// test run starts one for all its test processes and stops it at the end.
//
//	slotwise postgres start --dir DIR [--fast]   prints the server's URL
//	slotwise postgres stop --dir DIR
func postgres(ctx context.Context, args []string) error {
	if len(args) == 0 || (args[0] != "start" && args[0] != "stop") {
		return fmt.Errorf("usage: slotwise postgres start|stop --dir DIR [--fast]")
	}
	action := args[0]
	fs := flag.NewFlagSet("postgres "+action, flag.ContinueOnError)
	dir := fs.String("dir", ".data/postgres", "cluster `DIR`")
	fast := fs.Bool("fast", false, "no fsync: for throwaway test clusters")
	if err := fs.Parse(args[1:]); err != nil {
		return err
	}
	abs, err := filepath.Abs(*dir)
	if err != nil {
		return err
	}
	log := newLogger(0)
	if action == "stop" {
		return db.StopCluster(ctx, abs, log)
	}
	c, err := db.StartClusterWithOptions(ctx, abs, log, db.ClusterOptions{Fast: *fast, MaxConnections: 300})
	if err != nil {
		return err
	}
	fmt.Fprintln(os.Stdout, c.URL("postgres"))
	return nil
}
