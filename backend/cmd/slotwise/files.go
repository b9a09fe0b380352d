package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/jackc/pgx/v5"

	"slotwise/backend/internal/config"
	"slotwise/backend/internal/content"
	"slotwise/backend/internal/db"
)

func exportCommand() *command {
	var business string
	return &command{name: "export", synopsis: "DIR", minArgs: 1, maxArgs: 1,
		summary: "write a business's whole site (content, not bookings) into a folder of files",
		detail: `DIR is created, or must be empty, or a site's folder from an earlier export: then
files of content that is gone are removed, so the folder is the site. The format
is described in docs/content.md. Without --business, the default business's.`,
		flags: func(fs *flag.FlagSet, cfg *config.Config) {
			cfg.DatabaseFlags(fs)
			fs.StringVar(&business, "business", "", "the business's `SLUG` (default: the default business)")
		},
		run: func(ctx context.Context, inv *invocation) error {
			return withDatabase(ctx, inv.cfg, func(ctx context.Context, a *app) error {
				ctx, err := forBusiness(ctx, a.pool, business)
				if err != nil {
					return err
				}
				// One snapshot: content changed meanwhile is in it whole or not at all.
				var site *content.Site
				err = pgx.BeginTxFunc(ctx, a.pool, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly},
					func(tx pgx.Tx) (err error) {
						site, err = content.Load(ctx, tx)
						return err
					})
				if err != nil {
					return err
				}
				if err := content.Write(inv.args[0], site); err != nil {
					return err
				}
				fmt.Fprintf(inv.stdout, "Exported %s to %s.\n", counts(site), inv.args[0])
				// What a translator should look at again.
				for _, line := range site.Outdated() {
					fmt.Fprintln(inv.stdout, line)
				}
				return nil
			})
		}}
}

func importCommand() *command {
	var business string
	return &command{name: "import", synopsis: "DIR", minArgs: 1, maxArgs: 1,
		summary: "check a business's folder, then create and update the content it holds",
		detail: `Everything is checked first; a problem is reported with its file, line and field,
and then nothing changes. Only what differs from the database is written, so
importing the same folder again changes nothing. Content the folder does not
have is kept (the admin API deletes).

The folder is the business its location.yaml names, or --business SLUG's, or
the default business's. The first import of a deployment makes its first
business; another business is added with "slotwise business add" first.`,
		flags: func(fs *flag.FlagSet, cfg *config.Config) {
			cfg.DatabaseFlags(fs)
			fs.StringVar(&business, "business", "", "the business's `SLUG` (default: location.yaml's, else the default business)")
		},
		run: func(ctx context.Context, inv *invocation) error {
			// Nothing outside the folder is read, through a link or otherwise.
			root, err := os.OpenRoot(inv.args[0])
			if err != nil {
				return fmt.Errorf("%s is not a folder", inv.args[0])
			}
			defer root.Close()
			folder, err := content.Read(root.FS())
			if err != nil {
				return importProblems(err)
			}
			return withDatabase(ctx, inv.cfg, func(ctx context.Context, a *app) error {
				ctx, err := importTarget(ctx, a.pool, folder, business)
				if err != nil {
					return err
				}
				res, err := content.Import(ctx, a.pool, folder, content.Options{
					RedirectOrigins: a.cfg.RedirectOrigins, Progress: progressTo(os.Stderr), Now: a.serverClock()})
				if err != nil {
					return importProblems(err)
				}
				fmt.Fprintln(inv.stdout, importSummary(res))
				return nil
			})
		}}
}

// importTarget is ctx for the business a folder is imported into: the one
// its location.yaml names (which --business, when given, must agree with),
// or --business's, or the default. Only the first business of a deployment
// is made by an import.
func importTarget(ctx context.Context, q db.Querier, folder *content.Folder, business string) (context.Context, error) {
	if ls := folder.Site.Locations; len(ls) == 1 {
		if business != "" && business != ls[0].Slug {
			return nil, &usageError{fmt.Sprintf("the folder is business %q's (location.yaml), not %q", ls[0].Slug, business)}
		}
		business = ls[0].Slug
		var any bool
		if err := q.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM locations)`).Scan(&any); err != nil {
			return nil, err
		}
		if !any {
			return ctx, nil // the deployment's first business, made by the import
		}
	}
	return forBusiness(ctx, q, business)
}

// importProblems lists every problem, one a line, under a count.
func importProblems(err error) error {
	var ps content.Problems
	if !errors.As(err, &ps) {
		return err
	}
	return fmt.Errorf("nothing was imported: %w", ps)
}

func importSummary(res content.Result) string {
	if len(res.Changed) == 0 {
		return fmt.Sprintf("Checked %d items: nothing to change.", res.Items)
	}
	total := 0
	var parts []string
	for _, k := range content.Kinds() {
		if n := res.Changed[k.Name()]; n > 0 {
			total += n
			parts = append(parts, fmt.Sprintf("%d %s", n, k.Name()))
		}
	}
	return fmt.Sprintf("Checked %d items; created or changed %d: %s.", res.Items, total, join(parts))
}

func counts(s *content.Site) string {
	var parts []string
	for _, k := range content.Kinds() {
		if n := k.Count(s); n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", n, k.Name()))
		}
	}
	if len(parts) == 0 {
		return "an empty site"
	}
	return join(parts)
}

func join(parts []string) string {
	out := ""
	for i, p := range parts {
		switch {
		case i == 0:
			out = p
		case i == len(parts)-1:
			out += " and " + p
		default:
			out += ", " + p
		}
	}
	return out
}

// progressTo prints how far a long import has come, at most twice a
// second, and not at all for one done within a second.
func progressTo(w io.Writer) func(content.Progress) {
	start := time.Now() // real time: how long the import has run
	var last time.Time
	return func(p content.Progress) {
		now := time.Now() // real time: how long the import has run
		if now.Sub(start) < time.Second || now.Sub(last) < 500*time.Millisecond {
			return
		}
		last = now
		fmt.Fprintf(w, "import: %d of %d items (%s)\n", p.Done, p.Total, p.Kind)
	}
}
