package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"strings"
	"text/tabwriter"

	"github.com/jackc/pgx/v5"

	"slotwise/backend/internal/admin"
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
					if _, err := admin.AddBusiness(ctx, a.pool, admin.NewBusiness{Slug: slug, Name: name, TimeZone: zone, Default: isDefault}); err != nil {
						return registryError(err, slug)
					}
					fmt.Fprintf(inv.stdout, "Business %q added. Give it a host (slotwise host add HOST --business %s) and its content (slotwise import DIR --business %s).\n", slug, slug, slug)
					return nil
				case "remove":
					if err := admin.RemoveBusiness(ctx, a.pool, slug); err != nil {
						return registryError(err, slug)
					}
					fmt.Fprintf(inv.stdout, "Business %q removed, with everything of it.\n", slug)
					return nil
				case "default":
					if err := admin.SetDefault(ctx, a.pool, slug); err != nil {
						return registryError(err, slug)
					}
					if none {
						fmt.Fprintln(inv.stdout, "No business answers unclaimed hosts now: they get a 404.")
					} else {
						fmt.Fprintf(inv.stdout, "%q answers every host no business claims.\n", slug)
					}
					return nil
				default:
					return listBusinesses(ctx, a, inv)
				}
			})
		}}
}

// registryError words the registry's refusals for the command line.
func registryError(err error, name string) error {
	var invalid *admin.InvalidError
	switch {
	case errors.As(err, &invalid):
		for _, msg := range invalid.Fields {
			return &usageError{msg}
		}
	case errors.Is(err, admin.ErrBusinessExists):
		return &usageError{fmt.Sprintf("there is a business %q already", name)}
	case errors.Is(err, admin.ErrBusinessNotFound):
		return &usageError{fmt.Sprintf("there is no business %q (slotwise business list)", name)}
	case errors.Is(err, admin.ErrNoDefault):
		return &usageError{"there is no default business: name one with --business SLUG (slotwise business list)"}
	case errors.Is(err, admin.ErrHostClaimed):
		return &usageError{fmt.Sprintf("%s is claimed already (slotwise host list)", name)}
	case errors.Is(err, admin.ErrHostNotFound):
		return &usageError{fmt.Sprintf("no business claims %s", name)}
	}
	return err
}

func listBusinesses(ctx context.Context, a *app, inv *invocation) error {
	list, err := admin.Businesses(ctx, a.pool)
	if err != nil {
		return err
	}
	w := tabwriter.NewWriter(inv.stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(w, "SLUG\tNAME\tDEFAULT\tHOSTS")
	for _, b := range list {
		mark, names := "", []string{}
		if b.Default {
			mark = "yes"
		}
		for _, h := range b.Hosts {
			switch {
			case h.Primary:
				names = append(names, h.Host+" (primary)")
			case h.Redirect:
				names = append(names, h.Host+" (redirects)")
			default:
				names = append(names, h.Host)
			}
		}
		if len(names) == 0 {
			names = []string{"-"}
		}
		fmt.Fprintf(w, "%s\t%s\t%s\t%s\n", b.Slug, b.Name, mark, strings.Join(names, ", "))
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
					_, slug, err := admin.BusinessID(ctx, a.pool, business)
					if err != nil {
						return registryError(err, business)
					}
					if _, err := admin.AddHost(ctx, a.pool, slug, admin.Host{Host: host, Primary: primary, Redirect: redirect}); err != nil {
						return registryError(err, host)
					}
					fmt.Fprintf(inv.stdout, "%s now answers as %q.\n", host, slug)
					return nil
				case "remove":
					if err := admin.RemoveHost(ctx, a.pool, "", host); err != nil {
						return registryError(err, host)
					}
					fmt.Fprintf(inv.stdout, "%s answers no business now.\n", host)
					return nil
				default:
					return listBusinesses(ctx, a, inv)
				}
			})
		}}
}

// businessBySlug finds the business a command names with --business, or
// without one the default business (the only one, in a deployment of one).
func businessBySlug(ctx context.Context, q db.Querier, slug string) (int64, string, error) {
	id, found, err := admin.BusinessID(ctx, q, slug)
	if err != nil {
		return 0, "", registryError(err, slug)
	}
	return id, found, nil
}

// forBusiness is ctx for the business --business names, or the default one.
func forBusiness(ctx context.Context, q db.Querier, slug string) (context.Context, error) {
	id, _, err := businessBySlug(ctx, q, slug)
	if err != nil {
		return nil, err
	}
	return db.WithBusiness(ctx, id), nil
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
