package web

import (
	"context"
	"errors"
	"math"
	"net/http"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"

	"slotwise/backend/internal/booking"
	"slotwise/backend/internal/limits"
	"slotwise/locales"
)

// Buckets of the abuse limits (configuration: SLOTWISE_LIMIT_*).
const (
	BucketBookingsPerIP    = "booking.ip"
	BucketBookingsPerEmail = "booking.email"
	BucketTokenGuesses     = "token.ip"
)

// limited answers a reached limit: 429, Retry-After, and the message in
// the visitor's language, which the widget shows as it is.
func limited(c *gin.Context, err error, cat *locales.Catalogue) bool {
	var l *limits.ErrLimited
	if !errors.As(err, &l) {
		return false
	}
	c.Header("Retry-After", strconv.Itoa(int(math.Ceil(l.RetryAfter.Seconds()))))
	localizedError(c, http.StatusTooManyRequests, "too_many_requests", "error.tooManyRequests", cat)
	return true
}

// tokenGuard counts wrong manage tokens per client: check refuses a
// client past its limit before any lookup, and record counts a miss.
type tokenGuard struct {
	limits *limits.Limiter
	client string
}

func (g tokenGuard) check(ctx context.Context) error {
	return g.limits.Check(ctx, BucketTokenGuesses, g.client)
}

// record counts err when it says the token opened nothing.
func (g tokenGuard) record(ctx context.Context, err error) error {
	if errors.Is(err, booking.ErrBookingNotFound) {
		if lerr := g.limits.Hit(ctx, BucketTokenGuesses, g.client); lerr != nil && !limits.IsLimited(lerr) {
			return lerr
		}
	}
	return err
}

// bookingLimits counts a booking attempt against the client's and the
// e-mail address's limits.
func bookingLimits(ctx context.Context, l *limits.Limiter, client, email string) error {
	if err := l.Hit(ctx, BucketBookingsPerIP, client); err != nil {
		return err
	}
	if email = strings.ToLower(strings.TrimSpace(email)); email != "" {
		return l.Hit(ctx, BucketBookingsPerEmail, email)
	}
	return nil
}
