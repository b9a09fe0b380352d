package web

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"strings"

	"github.com/gin-gonic/gin"

	"slotwise/backend/internal/booking"
	"slotwise/backend/internal/fieldcheck"
	"slotwise/backend/internal/limits"
	"slotwise/locales"
)

// bookingLinks serves "send me my booking links", offered where a
// booking's link leads nowhere (mistyped, cut, or its booking gone): the
// visitor gives the address they booked with and gets the links to its
// upcoming bookings by mail. The answer is the same whether or not the
// address has any (booking.RequestLinks), and each client and each
// address may ask a few times an hour.
type bookingLinks struct {
	s   *Server
	svc *booking.Service
}

// linksField is the address the error page's form posts, to the page it
// stands on, without JavaScript (ui/src/layouts/error.tsx).
const linksField = "booking-links"

// manageRoutes are the pages a booking's own links open.
var manageRoutes = map[string]bool{"bookingView": true, "cancelBooking": true, "appointmentCancel": true}

// errorFrame is a widget's error page's business: its name, how to reach
// it, the way on, and on a booking's page the offer of its links.
func (l bookingLinks) errorFrame(ctx context.Context, locale, routeName string) (any, error) {
	b, err := l.svc.Business(ctx)
	if b == nil || err != nil {
		return nil, err
	}
	way, err := l.s.wayOn(ctx, locale)
	if err != nil {
		return nil, err
	}
	return ErrorFrame{Name: b.Name, LogoURL: b.LogoURL, Contact: contactWays(b, locales.Get(locale)), Home: way.Home, Book: way.Book,
		Lookup: manageRoutes[routeName]}, nil
}

// request counts a request against the client's limit and the address's,
// then records it.
func (l bookingLinks) request(ctx context.Context, client, email, locale string) error {
	lim := l.s.limits
	if err := lim.Hit(ctx, BucketLinksPerIP, client); err != nil {
		return err
	}
	email = strings.TrimSpace(email)
	if problem := fieldcheck.EmailProblem(email); problem != "" {
		return &booking.ValidationError{Fields: map[string]string{"email": problem}}
	}
	if err := lim.Hit(ctx, BucketLinksPerEmail, strings.ToLower(email)); err != nil {
		return err
	}
	return l.svc.RequestLinks(ctx, email, locale)
}

// answer is POST /api/booking-links: 202 with the same sentence for every
// address, 422 for one that is not an address, 429 past a limit.
func (l bookingLinks) answer(c *gin.Context) {
	var req LinksRequest
	if !decode(c, &req) {
		return
	}
	cat := apiLocale(c, req.Locale)
	c.Header("Cache-Control", "no-store")
	if err := l.request(c.Request.Context(), c.ClientIP(), req.Email, cat.Locale); err != nil {
		l.s.apiError(c, err, cat)
		return
	}
	c.JSON(http.StatusAccepted, gin.H{"message": cat.Format("error.links.sent", nil)})
}

// linksForm answers the error page's form without JavaScript: back to the
// same page, which says what became of the request (?links=sent, invalid
// or limited).
func (s *Server) linksForm(c *gin.Context, locale string, values []string) {
	state := "invalid" // a form with the field twice is no address either
	if len(values) == 1 {
		err := s.requestLinks(c.Request.Context(), c.ClientIP(), values[0], locale)
		var invalid invalidFields
		switch {
		case err == nil:
			state = "sent"
		case limits.IsLimited(err):
			state = "limited"
		case errors.As(err, &invalid):
		case clientGone(c, err):
			return
		default:
			s.log.ErrorContext(c.Request.Context(), "unable to record a request for booking links", "err", err)
			s.refuse(c, http.StatusInternalServerError)
			return
		}
	}
	q := c.Request.URL.Query()
	q.Set("links", state)
	c.Header("Cache-Control", "no-store")
	s.redirect(c, http.StatusSeeOther, (&url.URL{Path: c.Request.URL.Path, RawPath: c.Request.URL.RawPath, RawQuery: q.Encode()}).RequestURI())
}
