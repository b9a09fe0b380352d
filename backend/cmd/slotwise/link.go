package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"time"

	"slotwise/backend/internal/booking"
	"slotwise/backend/internal/config"
	"slotwise/backend/internal/route"
)

func linkCommand() *command {
	var days int
	var business string
	return &command{name: "link", synopsis: "CALENDAR", minArgs: 1, maxArgs: 1,
		summary: "print a new one-time link that books the calendar once",
		detail:  "CALENDAR is the calendar's slug. The link works once, until it expires.",
		flags:   linkFlags(&days, &business),
		run: func(ctx context.Context, inv *invocation) error {
			if err := checkDays(days); err != nil {
				return err
			}
			return withDatabase(ctx, inv.cfg, func(ctx context.Context, a *app) error {
				ctx, origin, err := businessOrigin(ctx, a, business)
				if err != nil {
					return err
				}
				secret, err := booking.NewService(a.pool, a.log, booking.Options{}).NewOneTimeLink(ctx, inv.args[0], time.Duration(days)*24*time.Hour)
				if err != nil {
					return err
				}
				fmt.Fprintln(inv.stdout, origin+oneTimeLinkPath(secret))
				return nil
			})
		}}
}

// linkFlags are the flags of the commands that print a link: the
// database's, and how long the link lives.
func linkFlags(days *int, business *string) func(*flag.FlagSet, *config.Config) {
	return func(fs *flag.FlagSet, cfg *config.Config) {
		cfg.DatabaseFlags(fs)
		fs.IntVar(days, "days", 7, "`N` days until the link expires, 1 to 365")
		fs.StringVar(business, "business", "", "the business's `SLUG` (default: the default business)")
	}
}

func checkDays(days int) error {
	if days < 1 || days > 365 {
		return &usageError{"--days is 1 to 365"}
	}
	return nil
}

func oneTimeLinkPath(secret string) string {
	return route.Default().Href("", "oneTimeLink", "", map[string]string{"oneTimeSlug": secret}, nil)
}

// demoLink makes the one-time link the start banner shows, when the demo
// calendar is there.
func demoLink(ctx context.Context, bookings *booking.Service) (string, error) {
	secret, err := bookings.NewOneTimeLink(ctx, "demo-consultation", 7*24*time.Hour)
	if errors.Is(err, booking.ErrCalendarNotFound) {
		return "", nil
	}
	if err != nil {
		return "", err
	}
	return oneTimeLinkPath(secret), nil
}
