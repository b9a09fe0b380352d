package web

import (
	"context"
	"errors"
	"math"
	"net/http"
	"strconv"
	"strings"
	"sync"

	"github.com/gin-gonic/gin"

	"slotwise/backend/internal/booking"
	"slotwise/backend/internal/forms"
	"slotwise/backend/internal/limits"
	"slotwise/backend/internal/payments"
	"slotwise/backend/internal/shop"
	"slotwise/locales"
)

// Buckets of the abuse limits (configuration: SLOTWISE_LIMIT_*).
const (
	BucketBookingsPerIP    = "booking.ip"
	BucketBookingsPerEmail = "booking.email"
	BucketTokenGuesses     = "token.ip"
	// Requests for the links to one's bookings (booking_links.go).
	BucketLinksPerIP    = "links.ip"
	BucketLinksPerEmail = "links.email"
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

// guardedToken runs use, which opens something with a secret (a booking's
// manage or decide token, a one-time link, a form response's key), within
// the client's limit of wrong secrets. The secret is tried first: a right
// one always opens, so a client behind the same address as a guesser (a
// NAT, a proxy) is never locked out of its own booking; only a secret that
// opens nothing counts, and past the limit it is answered with 429.
func guardedToken[T any](ctx context.Context, l *limits.Limiter, client string, use func(context.Context) (T, error)) (T, error) {
	b, err := use(ctx)
	if errors.Is(err, booking.ErrBookingNotFound) || errors.Is(err, booking.ErrLinkUsed) || errors.Is(err, forms.ErrResponseNotFound) ||
		errors.Is(err, payments.ErrNotFound) || errors.Is(err, shop.ErrNotFound) {
		if lerr := wrongSecret(ctx, l, client); lerr != nil {
			var zero T
			return zero, lerr
		}
	}
	return b, err
}

// guardedLink opens a one-time link within the client's limit of wrong
// secrets. A link the server made (otl_ and 18 random characters) is a
// secret no one guesses, so it opens as guardedToken says: a right one
// always. A link a business named in its content may be a short word;
// the limit is all that keeps it from being guessed, so past the limit it
// is refused before it is looked up, right or wrong, and a guesser learns
// nothing from the answer.
func guardedLink[T any](ctx context.Context, l *limits.Limiter, client, link string, use func(context.Context) (T, error)) (T, error) {
	if !strings.HasPrefix(link, booking.RandomLinkPrefix) {
		if err := l.Reached(ctx, BucketTokenGuesses, client); err != nil {
			var zero T
			return zero, err
		}
	}
	return guardedToken(ctx, l, client, use)
}

// wrongSecret counts a secret that opened nothing against the client's
// limit; past it, the answer is the limit (ErrLimited). Within a form post
// (withOneGuess) only the first wrong secret counts: the page rendered
// again after a failed action tries the same secret, and is answered as
// the action was.
func wrongSecret(ctx context.Context, l *limits.Limiter, client string) error {
	g, _ := ctx.Value(oneGuessKey{}).(*oneGuess)
	if g == nil {
		return l.Hit(ctx, BucketTokenGuesses, client)
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if !g.counted {
		g.counted, g.err = true, l.Hit(ctx, BucketTokenGuesses, client)
	}
	return g.err
}

// oneGuess is a form post's one count of a wrong secret, and its answer.
type oneGuess struct {
	mu      sync.Mutex
	counted bool
	err     error
}

type oneGuessKey struct{}

// withOneGuess makes a request count at most one wrong secret: a form
// post to a page, whose action tries the secret of its URL and whose page,
// rendered again when the action fails, tries it again.
func withOneGuess(ctx context.Context) context.Context {
	return context.WithValue(ctx, oneGuessKey{}, &oneGuess{})
}

// bookingLimits counts a booking attempt against the client's limit and
// against each address it would mail: the booker's and every named
// guest's (guests, as the booking gives them to BookCommand.Admit: none when
// the booking would refuse them, so a refused request uses up no
// stranger's limit). A guest gets a mail of their own, so without their
// addresses counted, naming strangers as guests would mail each of them up
// to the seats of a class, thirty times an hour.
func bookingLimits(ctx context.Context, l *limits.Limiter, client, booker string, guests []string) error {
	if err := l.Hit(ctx, BucketBookingsPerIP, client); err != nil {
		return err
	}
	return addressLimits(ctx, l, append([]string{booker}, guests...))
}

// addressLimits counts one attempt against each address's limit, each
// address once however it is spelled.
func addressLimits(ctx context.Context, l *limits.Limiter, addresses []string) error {
	seen := map[string]bool{}
	for _, email := range addresses {
		email = strings.ToLower(strings.TrimSpace(email))
		if email == "" || seen[email] {
			continue
		}
		seen[email] = true
		if err := l.Hit(ctx, BucketBookingsPerEmail, email); err != nil {
			return err
		}
	}
	return nil
}

// reschedule moves a booking with its manage token, within the client's
// limit of wrong tokens and each named guest's per-address limit: every
// move mails each guest again, so without their addresses counted, moving
// a booking back and forth would mail them without bound.
func reschedule(ctx context.Context, svc *booking.Service, l *limits.Limiter, client string, cmd booking.RescheduleCommand) (*booking.Booking, error) {
	return guardedToken(ctx, l, client, func(ctx context.Context) (*booking.Booking, error) {
		b, err := svc.Get(ctx, cmd.ID, cmd.Token)
		if err != nil {
			return nil, err
		}
		guests := make([]string, len(b.Guests))
		for i, g := range b.Guests {
			guests[i] = g.Email
		}
		if err := addressLimits(ctx, l, guests); err != nil {
			return nil, err
		}
		return svc.Reschedule(ctx, cmd)
	})
}

// admitBooking is the booking limits of one client, as a booking asks
// them once it knows whom it would mail (booking.BookCommand.Admit).
func admitBooking(l *limits.Limiter, client string) booking.Admit {
	return func(ctx context.Context, booker string, guests []string) error {
		return bookingLimits(ctx, l, client, booker, guests)
	}
}
