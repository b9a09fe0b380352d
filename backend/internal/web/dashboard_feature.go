package web

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/url"
	"strings"
	"time"

	"slotwise/backend/internal/booking"
	"slotwise/backend/internal/calsync"
	"slotwise/backend/internal/content"
	"slotwise/backend/internal/db"
	"slotwise/backend/internal/events"
	"slotwise/backend/internal/forms"
	"slotwise/backend/internal/payments"
	"slotwise/backend/internal/people"
	"slotwise/backend/internal/route"
	"slotwise/backend/internal/shop"
	"slotwise/backend/internal/web/pages"
	"slotwise/backend/internal/webhooks"
)

// Dashboard is the business's dashboard under /admin: its people sign in
// by a mailed link and work on its bookings, each as their role allows.
// Its pages are never cached, indexed or framed (pages.Engine), and every
// loader and action reaches the business's data through one viewer
// (dashboard_access.go), which a signed-out request never gets.
func Dashboard(d DashboardDeps) Feature {
	return dashboardFeature{team: d.People, svc: d.Bookings, deps: d}
}

// DashboardDeps is what the dashboard works on. People and Bookings are
// its core (a server built without them, in some tests, has only the
// pages' routes); the rest serve pages of their own.
type DashboardDeps struct {
	People   *people.Service
	Bookings *booking.Service
	// Pool and Content read and change a person's hours, through the
	// admin API's pipeline.
	Pool    *db.Pool
	Content *content.Service
	// Calendars, when set, are the staff's calendar connections.
	Calendars *calsync.Service
	// Forms, when set, are the responses to the business's forms.
	Forms *forms.Service
	// Payments and Webhooks, when set, are the business's accounts at
	// payment providers and its webhook endpoints (the connections page).
	Payments *payments.Service
	Webhooks *webhooks.Store
	// Shop, when set, is the business's orders.
	Shop *shop.Service
}

type dashboardFeature struct {
	team *people.Service
	svc  *booking.Service
	deps DashboardDeps
	s    *Server // set as it registers
}

func (d dashboardFeature) Register(r *Registry) {
	s := r.Server()
	d.s = s
	r.Page("adminSignIn", d.signInPage)
	r.Action("adminSignIn", d.requestSignIn(s))
	r.Page("adminLink", d.linkPage)
	r.Action("adminLink", d.redeem)
	r.Page("adminSignOut", d.signedIn(d.signOutPage))
	r.Action("adminSignOut", d.signOut)
	r.Page("adminBookings", d.signedInChoosing(d.bookingsPage))
	r.Action("adminBookings", d.signedInAction(d.changeBookings))
	r.Page("adminBooking", d.signedIn(d.bookingPage))
	r.Action("adminBooking", d.signedInAction(d.changeBooking))
	r.Page("adminPeople", d.signedInChoosing(d.peoplePage))
	r.Action("adminPeople", d.signedInAction(d.changePeople))
	r.Page("adminAvailability", d.signedIn(d.availabilityPage))
	r.Action("adminAvailability", d.signedInAction(d.changeAvailability))
	r.Page("adminWhy", d.signedInChoosing(d.whyPage))
	r.Page("adminCalendar", d.signedInChoosing(d.calendarPage))
	r.Page("adminNewBooking", d.signedIn(d.newBookingPage))
	r.Action("adminNewBooking", d.signedInAction(d.bookForClient))
	r.Page("adminResponses", d.signedIn(d.responsesPage))
	r.Page("adminOrders", d.signedIn(d.ordersPage))
	r.Page("adminOrder", d.signedIn(d.orderPage))
	r.Action("adminOrder", d.signedInAction(d.changeOrder))
	r.Page("adminSettings", d.signedIn(d.settingsPage))
	r.Action("adminSettings", d.signedInAction(d.changeSettings))
	r.Page("adminConnections", d.signedIn(d.connectionsPage))
	r.Action("adminConnections", d.signedInAction(d.changeConnections))
	r.Page("adminAccount", d.signedIn(d.accountPage))
	r.Action("adminAccount", d.signedInAction(d.changeAccount))
	r.Errors(dashboardErrors...)
	if d.team != nil { // a server built without the dashboard's people (some tests)
		d.registerPasskeys(r)
		r.API().GET("/dashboard/bookings.csv", d.export)
		r.API().GET("/dashboard/responses.csv", d.exportResponses)
	}
}

// screenTexts names the texts of one of the dashboard's screens beyond
// the bookings (the part its lazyPart names in
// ui/src/features/dashboard/lazyParts.ts): a page of the screen carries
// them, and no other screen's.
func screenTexts(screen string) []string { return []string{"admin-" + screen} }

var dashboardErrors = []ErrorMapping{
	{Err: people.ErrEmail, Status: http.StatusUnprocessableEntity, Code: "invalid_email", MessageID: "validation.emailInvalid"},
	{Err: people.ErrLinkSpent, Status: http.StatusGone, Code: "link_spent", MessageID: "admin.link.spent"},
	{Err: people.ErrNotFound, Status: http.StatusNotFound, Code: "not_found", MessageID: "admin.gone"},
	{Err: people.ErrLastOwner, Status: http.StatusConflict, Code: "last_owner", MessageID: "admin.people.lastOwner"},
	{Err: people.ErrNotRecent, Status: http.StatusForbidden, Code: "sign_in_again", MessageID: "admin.passkey.signInAgain"},
	{Err: booking.ErrPersonNotFound, Status: http.StatusNotFound, Code: "not_found", MessageID: "error.notFound.title"},
	{Err: errNoSuchTime, Status: http.StatusNotFound, Code: "not_found", MessageID: "error.notFound.title"},
	{Err: errOwnersOnly, Status: http.StatusNotFound, Code: "not_found", MessageID: "error.notFound.title"},
}

// The session's cookie: over HTTPS with the __Host- prefix (Secure, the
// whole site, this host only, which no subdomain can set or shadow);
// over plain HTTP (a laptop's demo) without, since a browser keeps a
// __Host- cookie only from a secure origin.
const (
	sessionCookie       = "slotwise_admin"
	secureSessionCookie = "__Host-slotwise_admin"
)

// sessionCookieName is the session cookie's name on a site of origin.
func sessionCookieName(origin string) string {
	if strings.HasPrefix(origin, "https://") {
		return secureSessionCookie
	}
	return sessionCookie
}

// cleanSession keeps a cookie that could be a session's secret.
func cleanSession(v string) (string, bool) {
	if strings.HasPrefix(v, "sws_") && len(v) <= 64 {
		return v, true
	}
	return "", false
}

// sessionCookieOf is the cookie that carries a session's secret for
// its life at most; an empty secret ends the cookie.
func sessionCookieOf(req *pages.Request, secret string) *http.Cookie {
	c := &http.Cookie{
		Name: sessionCookieName(req.Origin), Value: secret, Path: "/", HttpOnly: true,
		Secure: strings.HasPrefix(req.Origin, "https://"), SameSite: http.SameSiteLaxMode,
	}
	if secret == "" {
		c.MaxAge = -1
	} else {
		c.MaxAge = int(people.AbsoluteLife / time.Second)
	}
	return c
}

// adminHref is a dashboard page's address, in the language the request's
// address names (none: the visitor's own, as before).
func adminHref(req *pages.Request, name, kind string, params map[string]string, query url.Values) string {
	return route.Default().Href(req.Prefix, name, kind, params, query)
}

// signInHref is the sign-in page, saying state when it has one.
func signInHref(req *pages.Request, state string) string {
	var q url.Values
	if state != "" {
		q = url.Values{"state": {state}}
	}
	return adminHref(req, "adminSignIn", "", nil, q)
}

// homeHref is the dashboard's home: the upcoming bookings.
func homeHref(req *pages.Request) string { return adminHref(req, "adminBookings", "home", nil, nil) }

// errSignedOut sends a signed-out request to the sign-in page.
var errSignedOut = errors.New("web: not signed in to the dashboard")

// signedIn is a signed-in page's loader: without a live session, the
// sign-in page (303: for now, not for good).
func (d dashboardFeature) signedIn(load func(ctx context.Context, req *pages.Request, v *viewer) (*pages.Result, error)) pages.Loader {
	return d.signedInReading(load, false)
}

// signedInChoosing is signedIn for a page that lists the business's
// calendars and staff to choose from: they are read with the session.
func (d dashboardFeature) signedInChoosing(load func(ctx context.Context, req *pages.Request, v *viewer) (*pages.Result, error)) pages.Loader {
	return d.signedInReading(load, true)
}

func (d dashboardFeature) signedInReading(load func(ctx context.Context, req *pages.Request, v *viewer) (*pages.Result, error), choices bool) pages.Loader {
	return func(ctx context.Context, req *pages.Request) (*pages.Result, error) {
		v, err := d.viewer(ctx, req, choices)
		if errors.Is(err, errSignedOut) {
			return &pages.Result{Redirect: signInHref(req, ""), SeeOther: true}, nil
		}
		if err != nil {
			return nil, err
		}
		res, err := load(ctx, req, v)
		if res != nil && res.Robots == "" {
			res.Robots = "noindex, nofollow"
		}
		if res != nil && res.Site == nil && v.business != nil {
			site := siteOf(v.business, req.Locale)
			res.Site = &site
		}
		return res, err
	}
}

// signedInAction is a signed-in page's form post: without a live session
// it changes nothing and goes to the sign-in page.
func (d dashboardFeature) signedInAction(act func(ctx context.Context, req *pages.Request, form url.Values, v *viewer) (string, error)) Action {
	return func(ctx context.Context, req *pages.Request, form url.Values) (string, error) {
		v, err := d.viewer(ctx, req, false)
		if errors.Is(err, errSignedOut) {
			return signInHref(req, ""), nil
		}
		if err != nil {
			return "", err
		}
		// Every change the post makes is told as this person's.
		return act(events.WithActor(ctx, "person:"+v.person().Email), req, form, v)
	}
}

// zoneOf is the time zone of name; UTC for one that does not load (a
// business's zone is checked when it is saved).
func zoneOf(name string) *time.Location {
	if loc, err := time.LoadLocation(name); err == nil {
		return loc
	}
	return time.UTC
}

// putItem replaces a content item with item, as the dashboard's form
// changed it, through the content service (the admin API's pipeline: its
// checks, idempotency, the page cache told after the commit). The form's
// idempotency key is made the change's own by purpose, so one form key
// serves each of the page's forms.
func (d dashboardFeature) putItem(ctx context.Context, kind content.Kind, key string, item any, form url.Values, purpose string) error {
	body, err := json.Marshal(item)
	if err != nil {
		return err
	}
	idem := form.Get("idempotencyKey")
	if idem != "" {
		idem += ":" + purpose
	}
	_, err = d.deps.Content.Put(ctx, content.Change{Kind: kind, Key: key, Body: body, IdempotencyKey: idem})
	return err
}
