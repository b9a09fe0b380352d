package web

import (
	"context"
	"errors"
	"net/url"
	"strings"

	"slotwise/backend/internal/booking"
	"slotwise/backend/internal/fieldcheck"
	"slotwise/backend/internal/people"
	"slotwise/backend/internal/web/pages"
)

// Signing in and out of the dashboard. The sign-in page mails a link; the
// link's page names whom it signs in and offers a button, since a mail
// scanner opens every link and must not use it; the button's post opens
// the session and sets its cookie.

// Buckets of the sign-in page's limits (SLOTWISE_LIMIT_SIGN_IN_PER_IP,
// SLOTWISE_LIMIT_SIGN_IN_PER_EMAIL).
const (
	BucketSignInPerIP    = "signin.ip"
	BucketSignInPerEmail = "signin.email"
	// Passkey sign-ins begun, per client (SLOTWISE_LIMIT_PASSKEYS_PER_IP).
	BucketPasskeysPerIP = "passkey.ip"
)

func (d dashboardFeature) business(ctx context.Context) (AdminBusiness, error) {
	b, err := d.svc.Business(ctx)
	if err != nil {
		return AdminBusiness{}, err
	}
	return adminBusiness(b), nil
}

// signInPage asks for the address to mail a link to; a browser already
// signed in goes on to the dashboard.
func (d dashboardFeature) signInPage(ctx context.Context, req *pages.Request) (*pages.Result, error) {
	if _, err := d.viewer(ctx, req, false); err == nil {
		return &pages.Result{Redirect: homeHref(req), SeeOther: true}, nil
	} else if !errors.Is(err, errSignedOut) {
		return nil, err
	}
	b, err := d.business(ctx)
	if err != nil {
		return nil, err
	}
	state := req.Query.Get("state")
	if state != "sent" && state != "out" {
		state = ""
	}
	return &pages.Result{
		Title: req.T("admin.signIn.title", "business", b.Name), Robots: "noindex, nofollow",
		Data: AdminSignInPageData{Business: b, State: state, Minutes: int(people.MailedLinkLife.Minutes())},
	}, nil
}

// requestSignIn records the request for a link within the client's and
// the address's limits; the answer is the same whether or not the
// address is a person of the business.
func (d dashboardFeature) requestSignIn(s *Server) Action {
	return func(ctx context.Context, req *pages.Request, form url.Values) (string, error) {
		if err := s.limits.Hit(ctx, BucketSignInPerIP, req.ClientIP); err != nil {
			return "", err
		}
		email := strings.TrimSpace(form.Get("email"))
		if problem := fieldcheck.EmailProblem(email); problem != "" {
			return "", &booking.ValidationError{Fields: map[string]string{"email": problem}}
		}
		if err := s.limits.Hit(ctx, BucketSignInPerEmail, strings.ToLower(email)); err != nil {
			return "", err
		}
		if err := d.team.RequestSignIn(ctx, email, req.Locale); err != nil {
			return "", err
		}
		return signInHref(req, "sent"), nil
	}
}

// linkPage names whom a link signs in, without using it.
func (d dashboardFeature) linkPage(ctx context.Context, req *pages.Request) (*pages.Result, error) {
	b, err := d.business(ctx)
	if err != nil {
		return nil, err
	}
	data := AdminLinkPageData{Business: b}
	p, err := d.team.LinkPerson(ctx, req.Match.Params["secret"])
	switch {
	case err == nil:
		data.Email, data.FormKey = p.Email, req.FormKey()
	case !errors.Is(err, people.ErrLinkSpent):
		return nil, err
	}
	return &pages.Result{Title: req.T("admin.link.title", "business", b.Name), Robots: "noindex, nofollow", Data: data}, nil
}

// redeem uses the link: a session opens, its cookie is set, and the
// dashboard follows. A spent link is the link's page again, saying so.
func (d dashboardFeature) redeem(ctx context.Context, req *pages.Request, form url.Values) (string, error) {
	_, secret, err := d.team.Redeem(ctx, req.Match.Params["secret"], req.UserAgent)
	if err != nil {
		return "", err
	}
	// The browser's session before (another person at a shared front
	// desk's computer) ends: its cookie is replaced, so nothing could
	// end it later.
	if before := req.Cookie(sessionCookieName(req.Origin)); before != "" {
		if err := d.team.SignOut(ctx, before); err != nil {
			return "", err
		}
	}
	req.SetCookie(sessionCookieOf(req, secret))
	return homeHref(req), nil
}

// signOutPage offers to sign out here or everywhere.
func (d dashboardFeature) signOutPage(ctx context.Context, req *pages.Request, v *viewer) (*pages.Result, error) {
	f, err := v.frame()
	if err != nil {
		return nil, err
	}
	return &pages.Result{Title: req.T("admin.signOut.title"), Data: AdminSignOutPageData{Frame: f}}, nil
}

// signOut ends this browser's session, or every session of its person
// (everywhere), and forgets the cookie; a browser not signed in is
// simply sent to the sign-in page.
func (d dashboardFeature) signOut(ctx context.Context, req *pages.Request, form url.Values) (string, error) {
	v, err := d.viewer(ctx, req, false)
	switch {
	case errors.Is(err, errSignedOut):
	case err != nil:
		return "", err
	case form.Get("everywhere") != "":
		if _, err := d.team.SignOutEverywhere(ctx, v.person().ID); err != nil {
			return "", err
		}
	default:
		if err := d.team.SignOut(ctx, v.secret); err != nil {
			return "", err
		}
	}
	req.SetCookie(sessionCookieOf(req, ""))
	return signInHref(req, "out"), nil
}
