package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"time"

	"slotwise/backend/internal/booking"
	"slotwise/backend/internal/route"
)

// oneTimeLink prints a new one-time link to a calendar: slotwise link SLUG
// [--days N] [database flags].
func oneTimeLink(ctx context.Context, args []string) error {
	if len(args) == 0 || args[0] == "" || args[0][0] == '-' {
		return errors.New("usage: slotwise link CALENDAR [--days N]")
	}
	slug, rest := args[0], args[1:]
	days := 7
	fs := flag.NewFlagSet("link", flag.ContinueOnError)
	fs.IntVar(&days, "days", days, "days until the link expires")
	// The database flags go on to the configuration.
	var dbArgs []string
	for i := 0; i < len(rest); i++ {
		if rest[i] == "--days" || rest[i] == "-days" {
			if err := fs.Parse(rest[i : i+2]); err != nil {
				return err
			}
			i++
			continue
		}
		dbArgs = append(dbArgs, rest[i])
	}
	if days < 1 || days > 365 {
		return errors.New("--days is 1 to 365")
	}
	return withDatabase(ctx, dbArgs, func(ctx context.Context, a *app) error {
		secret, err := booking.NewService(a.pool, a.log).NewOneTimeLink(ctx, slug, time.Duration(days)*24*time.Hour)
		if err != nil {
			return err
		}
		fmt.Println(publicURL(a.cfg) + oneTimeLinkPath(secret))
		return nil
	})
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
