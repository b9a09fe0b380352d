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
	slug := args[0]
	days, dbArgs, err := daysFlag("link", args[1:])
	if err != nil {
		return err
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

// daysFlag reads --days N (1 to 365, 7 by default) from args; the rest
// are the database flags, which go on to the configuration.
func daysFlag(name string, args []string) (int, []string, error) {
	days := 7
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.IntVar(&days, "days", days, "days until the link expires")
	var rest []string
	for i := 0; i < len(args); i++ {
		if args[i] == "--days" || args[i] == "-days" {
			if err := fs.Parse(args[i:min(i+2, len(args))]); err != nil {
				return 0, nil, err
			}
			i++
			continue
		}
		rest = append(rest, args[i])
	}
	if days < 1 || days > 365 {
		return 0, nil, errors.New("--days is 1 to 365")
	}
	return days, rest, nil
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
