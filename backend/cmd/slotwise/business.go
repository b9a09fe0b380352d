package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"slotwise/backend/internal/config"
	"slotwise/backend/internal/content"
	"slotwise/backend/internal/db"
	"slotwise/backend/internal/hosts"
)

// businessCommand adds, lists and removes the businesses a deployment
// serves, and names the one that answers hosts no business claims.
func businessCommand() *command {
	var name, zone string
	var isDefault, none, yes bool
	return &command{name: "business", synopsis: "add|list|remove|default [SLUG]", minArgs: 1, maxArgs: 2,
		summary: "add, list or remove a business this deployment serves",
		detail: `  add SLUG --name NAME [--time-zone ZONE] [--default]   a new business, empty until its folder is imported
  list                                                  the businesses, their hosts, which is the default
  remove SLUG --yes                                     the business and everything of it, at once and for good
  default SLUG | default --none                         the business that answers hosts no business claims

Give a business its hosts with "slotwise host add", and its content with
"slotwise import DIR --business SLUG".`,
		flags: func(fs *flag.FlagSet, cfg *config.Config) {
			cfg.DatabaseFlags(fs)
			fs.StringVar(&name, "name", "", "the business's `NAME` (add)")
			fs.StringVar(&zone, "time-zone", "UTC", "its IANA time `ZONE` (add)")
			fs.BoolVar(&isDefault, "default", false, "it answers hosts no business claims (add)")
			fs.BoolVar(&none, "none", false, "no business answers unclaimed hosts: they get a 404 (default)")
			fs.BoolVar(&yes, "yes", false, "remove without asking again (remove)")
		},
		run: func(ctx context.Context, inv *invocation) error {
			action, slug := inv.args[0], ""
			if len(inv.args) == 2 {
				slug = inv.args[1]
			}
			switch {
			case action == "add" && (slug == "" || strings.TrimSpace(name) == ""):
				return &usageError{"usage: slotwise business add SLUG --name NAME [--time-zone ZONE] [--default]"}
			case action == "add" && !content.ValidSlug(slug):
				return &usageError{fmt.Sprintf("%q is not a slug: lower-case letters, digits and hyphens", slug)}
			case action == "remove" && slug == "":
				return &usageError{"usage: slotwise business remove SLUG --yes"}
			case action == "remove" && !yes:
				return &usageError{fmt.Sprintf("removing %s deletes all of it (bookings, content, payments) for good: add --yes", slug)}
			case action == "default" && (slug == "") == !none:
				return &usageError{"usage: slotwise business default SLUG, or slotwise business default --none"}
			case action == "list" && slug != "":
				return &usageError{fmt.Sprintf("unexpected argument %q", slug)}
			case action != "add" && action != "list" && action != "remove" && action != "default":
				return &usageError{fmt.Sprintf("business adds, lists, removes or sets the default, not %q%s", action,
					suggest(action, []string{"add", "list", "remove", "default"}, ""))}
			}
			return withDatabase(ctx, inv.cfg, func(ctx context.Context, a *app) error {
				switch action {
				case "add":
					if _, err := time.LoadLocation(zone); err != nil || zone == "" || zone == "Local" {
						return &usageError{fmt.Sprintf("--time-zone %q is not a time zone (e.g. Europe/Berlin)", zone)}
					}
					return db.InTx(ctx, a.pool, func(tx pgx.Tx) error {
						var id int64
						err := tx.QueryRow(ctx, `INSERT INTO locations (slug, name, time_zone, is_default)
							VALUES ($1, $2, $3, $4 OR NOT EXISTS (SELECT 1 FROM locations)) RETURNING id`,
							slug, strings.TrimSpace(name), zone, false).Scan(&id)
						if unique(err) {
							return &usageError{fmt.Sprintf("there is a business %q already", slug)}
						}
						if err != nil {
							return err
						}
						if isDefault {
							if err := setDefault(ctx, tx, slug); err != nil {
								return err
							}
						}
						fmt.Fprintf(inv.stdout, "Business %q added. Give it a host (slotwise host add HOST --business %s) and its content (slotwise import DIR --business %s).\n", slug, slug, slug)
						return nil
					})
				case "remove":
					tag, err := a.pool.Exec(ctx, `DELETE FROM locations WHERE slug = $1`, slug)
					if err != nil {
						return err
					}
					if tag.RowsAffected() == 0 {
						return &usageError{fmt.Sprintf("there is no business %q", slug)}
					}
					fmt.Fprintf(inv.stdout, "Business %q removed, with everything of it.\n", slug)
					return nil
				case "default":
					return db.InTx(ctx, a.pool, func(tx pgx.Tx) error {
						if none {
							_, err := tx.Exec(ctx, `UPDATE locations SET is_default = false WHERE is_default`)
							if err == nil {
								fmt.Fprintln(inv.stdout, "No business answers unclaimed hosts now: they get a 404.")
							}
							return err
						}
						if err := setDefault(ctx, tx, slug); err != nil {
							return err
						}
						fmt.Fprintf(inv.stdout, "%q answers every host no business claims.\n", slug)
						return nil
					})
				default:
					return listBusinesses(ctx, a, inv)
				}
			})
		}}
}

// setDefault makes slug the business that answers unclaimed hosts.
func setDefault(ctx context.Context, tx pgx.Tx, slug string) error {
	if _, err := tx.Exec(ctx, `UPDATE locations SET is_default = false WHERE is_default AND slug <> $1`, slug); err != nil {
		return err
	}
	tag, err := tx.Exec(ctx, `UPDATE locations SET is_default = true WHERE slug = $1`, slug)
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		return &usageError{fmt.Sprintf("there is no business %q", slug)}
	}
	return nil
}

func listBusinesses(ctx context.Context, a *app, inv *invocation) error {
	rows, err := a.pool.Query(ctx, `
		SELECT l.slug, l.name, l.is_default,
		       coalesce(string_agg(h.host || CASE WHEN h.is_primary THEN ' (primary)' WHEN h.redirect THEN ' (redirects)' ELSE '' END, ', '
		                           ORDER BY NOT h.is_primary, h.host), '-')
		FROM locations l LEFT JOIN location_hosts h ON h.location_id = l.id
		GROUP BY l.id ORDER BY l.slug`)
	if err != nil {
		return err
	}
	w := tabwriter.NewWriter(inv.stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(w, "SLUG\tNAME\tDEFAULT\tHOSTS")
	var slug, bname, hostList string
	var isDefault bool
	if _, err := pgx.ForEachRow(rows, []any{&slug, &bname, &isDefault, &hostList}, func() error {
		mark := ""
		if isDefault {
			mark = "yes"
		}
		fmt.Fprintf(w, "%s\t%s\t%s\t%s\n", slug, bname, mark, hostList)
		return nil
	}); err != nil {
		return err
	}
	return w.Flush()
}

// hostCommand gives hostnames to businesses and takes them back.
func hostCommand() *command {
	var business string
	var primary, redirect bool
	return &command{name: "host", synopsis: "add|remove|list [HOST]", minArgs: 1, maxArgs: 2,
		summary: "give a hostname to a business, or take it back",
		detail: `  add HOST [--business SLUG] [--primary] [--redirect]   the business answers on HOST (its own domain, or a
                                                         subdomain of yours); --primary: its absolute links name
                                                         HOST; --redirect: HOST sends visitors on to the primary
  remove HOST                                            HOST answers no business any more
  list                                                   every host and its business

Without --business, the host goes to the default business. Every replica
hears of a change at once.`,
		flags: func(fs *flag.FlagSet, cfg *config.Config) {
			cfg.DatabaseFlags(fs)
			fs.StringVar(&business, "business", "", "the business's `SLUG` (add; default: the default business)")
			fs.BoolVar(&primary, "primary", false, "its absolute links name this host (add)")
			fs.BoolVar(&redirect, "redirect", false, "this host sends visitors on to the primary (add)")
		},
		run: func(ctx context.Context, inv *invocation) error {
			action := inv.args[0]
			var host string
			if len(inv.args) == 2 {
				var err error
				if host, err = hosts.Normalize(inv.args[1]); err != nil {
					return &usageError{fmt.Sprintf("%q is not a hostname: letters, digits, hyphens and dots, with an optional port", inv.args[1])}
				}
			}
			switch {
			case (action == "add" || action == "remove") && host == "":
				return &usageError{fmt.Sprintf("usage: slotwise host %s HOST", action)}
			case action == "add" && primary && redirect:
				return &usageError{"a host is the primary or redirects to it, not both"}
			case action == "list" && host != "":
				return &usageError{fmt.Sprintf("unexpected argument %q", inv.args[1])}
			case action != "add" && action != "remove" && action != "list":
				return &usageError{fmt.Sprintf("host adds, removes or lists, not %q%s", action, suggest(action, []string{"add", "remove", "list"}, ""))}
			}
			return withDatabase(ctx, inv.cfg, func(ctx context.Context, a *app) error {
				switch action {
				case "add":
					id, slug, err := businessBySlug(ctx, a.pool, business)
					if err != nil {
						return err
					}
					return db.InTx(ctx, a.pool, func(tx pgx.Tx) error {
						if primary {
							if _, err := tx.Exec(ctx, `UPDATE location_hosts SET is_primary = false WHERE location_id = $1`, id); err != nil {
								return err
							}
						}
						_, err := tx.Exec(ctx, `INSERT INTO location_hosts (host, location_id, is_primary, redirect) VALUES ($1, $2, $3, $4)`,
							host, id, primary, redirect)
						if unique(err) {
							return &usageError{fmt.Sprintf("%s is claimed already (slotwise host list)", host)}
						}
						if err == nil {
							fmt.Fprintf(inv.stdout, "%s now answers as %q.\n", host, slug)
						}
						return err
					})
				case "remove":
					tag, err := a.pool.Exec(ctx, `DELETE FROM location_hosts WHERE host = $1`, host)
					if err == nil && tag.RowsAffected() == 0 {
						return &usageError{fmt.Sprintf("no business claims %s", host)}
					}
					if err == nil {
						fmt.Fprintf(inv.stdout, "%s answers no business now.\n", host)
					}
					return err
				default:
					return listBusinesses(ctx, a, inv)
				}
			})
		}}
}

// businessBySlug finds the business a command names with --business, or
// without one the default business (the only one, in a deployment of one).
func businessBySlug(ctx context.Context, q db.Querier, slug string) (int64, string, error) {
	var id int64
	var err error
	if slug == "" {
		err = q.QueryRow(ctx, `SELECT id, slug FROM locations WHERE is_default
			UNION ALL SELECT min(id), min(slug) FROM locations HAVING count(*) = 1 LIMIT 1`).Scan(&id, &slug)
		if errors.Is(err, pgx.ErrNoRows) {
			return 0, "", &usageError{"there is no default business: name one with --business SLUG (slotwise business list)"}
		}
	} else {
		err = q.QueryRow(ctx, `SELECT id FROM locations WHERE slug = $1`, slug).Scan(&id)
		if errors.Is(err, pgx.ErrNoRows) {
			return 0, "", &usageError{fmt.Sprintf("there is no business %q (slotwise business list)", slug)}
		}
	}
	return id, slug, err
}

// forBusiness is ctx for the business --business names, or the default one.
func forBusiness(ctx context.Context, q db.Querier, slug string) (context.Context, error) {
	id, _, err := businessBySlug(ctx, q, slug)
	if err != nil {
		return nil, err
	}
	return db.WithBusiness(ctx, id), nil
}

func unique(err error) bool {
	var pgErr *pgconn.PgError
	return errors.As(err, &pgErr) && pgErr.Code == "23505"
}

// businessOrigin is ctx for the business --business names (or the default
// one), and the origin its absolute links use: its primary host, on the
// public URL's scheme (and port, when the host names none); without one,
// the public URL.
func businessOrigin(ctx context.Context, a *app, slug string) (context.Context, string, error) {
	id, _, err := businessBySlug(ctx, a.pool, slug)
	if err != nil {
		return nil, "", err
	}
	var primary string
	err = a.pool.QueryRow(ctx, `SELECT host FROM location_hosts WHERE location_id = $1 AND is_primary`, id).Scan(&primary)
	if err != nil && !errors.Is(err, pgx.ErrNoRows) {
		return nil, "", err
	}
	return db.WithBusiness(ctx, id), hosts.Origin(publicURL(a.cfg), primary), nil
}
