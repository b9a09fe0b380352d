package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"strings"
	"text/tabwriter"

	"slotwise/backend/internal/booking"
	"slotwise/backend/internal/config"
	"slotwise/backend/internal/people"
)

// userCommand adds, lists and removes the people who sign in to a
// business's dashboard.
func userCommand() *command {
	var email, role, staff, business string
	return &command{name: "user", synopsis: "add|list|remove", minArgs: 1, maxArgs: 1,
		summary: "add, list or remove the people who sign in to a business's dashboard",
		detail: `  add --email E --role owner|desk|staff [--staff SLUG]   add a person; print a link that signs them in once, alone on the last line
  list                                                   the business's people
  remove --email E                                       remove a person: their sessions end at once

An owner sees and does everything; the front desk (desk) sees and changes
every booking, and no settings; a staff member (--staff, their slug) sees
only their own bookings. The link works once, for 24 hours; after it, the
person signs in at /admin/sign-in with their address.`,
		flags: func(fs *flag.FlagSet, cfg *config.Config) {
			cfg.DatabaseFlags(fs)
			fs.StringVar(&email, "email", "", "the person's e-mail `ADDRESS` (add, remove)")
			fs.StringVar(&role, "role", "", "owner, desk or staff (add)")
			fs.StringVar(&staff, "staff", "", "the staff member's `SLUG`, for the staff role (add)")
			fs.StringVar(&business, "business", "", "the business's `SLUG` (default: the default business)")
		},
		run: func(ctx context.Context, inv *invocation) error {
			action := inv.args[0]
			switch {
			case action != "add" && action != "list" && action != "remove":
				return &usageError{fmt.Sprintf("user adds, lists or removes, not %q%s", action, suggest(action, []string{"add", "list", "remove"}, ""))}
			case action == "add" && (email == "" || role == ""):
				return &usageError{"usage: slotwise user add --email ADDRESS --role owner|desk|staff [--staff SLUG]"}
			case action == "remove" && email == "":
				return &usageError{"usage: slotwise user remove --email ADDRESS"}
			}
			return withDatabase(ctx, inv.cfg, func(ctx context.Context, a *app) error {
				ctx, origin, err := businessOrigin(ctx, a, business)
				if err != nil {
					return err
				}
				team := people.NewService(a.pool, serverNow(a))
				switch action {
				case "add":
					return addUser(ctx, a, team, inv, origin, email, role, staff)
				case "remove":
					p, err := team.Remove(ctx, email)
					if err != nil {
						return userError(err)
					}
					fmt.Fprintf(inv.stdout, "%s (%s) removed; their sessions ended.\n", p.Email, p.Role)
					return nil
				}
				list, err := team.List(ctx)
				if err != nil {
					return err
				}
				w := tabwriter.NewWriter(inv.stdout, 0, 4, 2, ' ', 0)
				fmt.Fprintln(w, "EMAIL\tROLE\tSTAFF\tADDED")
				for _, p := range list {
					slug := "-"
					if p.StaffID != 0 {
						if s, err := booking.PersonByID(ctx, a.pool, p.StaffID); err == nil {
							slug = s.Slug
						}
					}
					fmt.Fprintf(w, "%s\t%s\t%s\t%s\n", p.Email, p.Role, slug, day(&p.CreatedAt))
				}
				return w.Flush()
			})
		}}
}

func addUser(ctx context.Context, a *app, team *people.Service, inv *invocation, origin, email, role, staff string) error {
	var staffID int64
	switch {
	case role == people.RoleStaff && staff == "":
		return &usageError{"a staff member is named with --staff SLUG, their slug in the business"}
	case role != people.RoleStaff && staff != "":
		return &usageError{"--staff goes with --role staff only"}
	case staff != "":
		s, err := booking.PersonBySlug(ctx, a.pool, staff)
		if errors.Is(err, booking.ErrPersonNotFound) {
			return &usageError{fmt.Sprintf("the business has no staff member %q", staff)}
		}
		if err != nil {
			return err
		}
		staffID = s.ID
	}
	p, err := team.Add(ctx, email, role, staffID)
	if err != nil {
		return userError(err)
	}
	secret, err := team.IssueLink(ctx, p.ID, people.InvitationLinkLife)
	if err != nil {
		return err
	}
	fmt.Fprintf(inv.stdout, "%s added as %s. This link signs them in once, within 24 hours:\n%s\n", p.Email, p.Role, origin+people.LinkPath(secret))
	return nil
}

// userError words the domain's refusals for the command line.
func userError(err error) error {
	for _, known := range []error{people.ErrEmail, people.ErrRole, people.ErrStaffRole, people.ErrExists, people.ErrNotFound, people.ErrLastOwner} {
		if errors.Is(err, known) {
			return &usageError{strings.TrimPrefix(known.Error(), "people: ")}
		}
	}
	return err
}
