package web

import (
	"errors"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"slotwise/backend/internal/people"
	"slotwise/backend/internal/route"
	"slotwise/locales"
)

// Passkeys in the dashboard: JSON endpoints for the two halves of each
// WebAuthn ceremony, which the browser's navigator.credentials answers
// between them (ui/src/features/dashboard/passkeys.ts). A ceremony's
// state waits in PostgreSQL under a secret its own cookie carries, so a
// ceremony is this browser's and is answered once.
//
//	POST /api/dashboard/passkeys            options to make a passkey (signed in, recently)
//	POST /api/dashboard/passkeys/finish     the browser's new passkey, kept
//	POST /api/dashboard/passkey-sign-in     options to sign in with one
//	POST /api/dashboard/passkey-sign-in/finish  the browser's signature: a session

// ceremonyCookie carries a ceremony's secret, only to these endpoints.
const ceremonyCookie = "slotwise_passkey"

var passkeyErrors = []ErrorMapping{
	{Err: people.ErrCeremony, Status: http.StatusConflict, Code: "passkey_expired", MessageID: "admin.passkey.expired"},
	{Err: people.ErrPasskey, Status: http.StatusBadRequest, Code: "passkey_refused", MessageID: "admin.passkey.refused"},
	{Err: people.ErrNoPasskeysHere, Status: http.StatusBadRequest, Code: "passkeys_unavailable", MessageID: "admin.passkey.unavailable"},
}

// maxCeremonyBody bounds what a browser sends back: a passkey's
// attestation is a few kilobytes.
const maxCeremonyBody = 64 << 10

func (d dashboardFeature) registerPasskeys(r *Registry) {
	api := r.API()
	api.POST("/dashboard/passkeys", d.beginPasskey)
	api.POST("/dashboard/passkeys/finish", d.finishPasskey)
	api.POST("/dashboard/passkey-sign-in", d.beginPasskeySignIn)
	api.POST("/dashboard/passkey-sign-in/finish", d.finishPasskeySignIn)
	r.Errors(passkeyErrors...)
}

// rp is the relying party of a request: the business's own origin (its
// primary host, else the public URL), never the request's Host header; a
// request on any other host (a secondary one not yet redirecting, an
// address) makes no passkey, since one would not work on the business's
// own host.
func (d dashboardFeature) rp(c *gin.Context) (people.RP, error) {
	origin := d.s.pages.Origin(c.Request.Context())
	u, err := url.Parse(origin)
	if err != nil || u.Host == "" || !strings.EqualFold(u.Host, c.Request.Host) {
		return people.RP{}, people.ErrNoPasskeysHere
	}
	b, err := d.svc.Business(c.Request.Context())
	if err != nil {
		return people.RP{}, err
	}
	return people.RP{ID: u.Hostname(), Origin: u.Scheme + "://" + u.Host, Name: b.Name}, nil
}

// session is the request's live session, or answers 401.
func (d dashboardFeature) session(c *gin.Context, cat *locales.Catalogue) (*people.Session, bool) {
	name := sessionCookieName(d.s.pages.Origin(c.Request.Context()))
	secret, err := c.Cookie(name)
	if err == nil {
		ses, err := d.team.Session(c.Request.Context(), secret)
		if err == nil {
			return ses, true
		}
		if !errors.Is(err, people.ErrNoSession) {
			d.s.apiError(c, err, cat)
			return nil, false
		}
	}
	localizedError(c, http.StatusUnauthorized, "signed_out", "admin.passkey.signedOut", cat)
	return nil, false
}

func (d dashboardFeature) setCeremony(c *gin.Context, secret string) {
	secure := strings.HasPrefix(d.s.pages.Origin(c.Request.Context()), "https://")
	http.SetCookie(c.Writer, &http.Cookie{Name: ceremonyCookie, Value: secret, Path: "/api/dashboard/", HttpOnly: true, Secure: secure,
		SameSite: http.SameSiteStrictMode, MaxAge: int(people.CeremonyLife / time.Second)})
}

// signedInCeremony is what both halves of adding a passkey begin with:
// the answer's language, never kept, the live session and the relying
// party; on false the answer is written.
func (d dashboardFeature) signedInCeremony(c *gin.Context) (*locales.Catalogue, *people.Session, people.RP, bool) {
	cat := apiLocale(c, "")
	c.Header("Cache-Control", "no-store")
	ses, ok := d.session(c, cat)
	if !ok {
		return cat, nil, people.RP{}, false
	}
	rp, err := d.rp(c)
	if err != nil {
		d.s.apiError(c, err, cat)
		return cat, nil, people.RP{}, false
	}
	return cat, ses, rp, true
}

func ceremonyOf(c *gin.Context) string {
	secret, _ := c.Cookie(ceremonyCookie)
	return secret
}

func (d dashboardFeature) beginPasskey(c *gin.Context) {
	cat, ses, rp, ok := d.signedInCeremony(c)
	if !ok {
		return
	}
	creation, secret, err := d.team.BeginPasskey(c.Request.Context(), ses, rp)
	if err != nil {
		d.s.apiError(c, err, cat)
		return
	}
	d.setCeremony(c, secret)
	c.JSON(http.StatusOK, creation)
}

func (d dashboardFeature) finishPasskey(c *gin.Context) {
	cat, ses, rp, ok := d.signedInCeremony(c)
	if !ok {
		return
	}
	c.Request.Body = http.MaxBytesReader(c.Writer, c.Request.Body, maxCeremonyBody)
	pk, err := d.team.FinishPasskey(c.Request.Context(), ses, rp, ceremonyOf(c), browserName(c.GetHeader("User-Agent")), cat.Locale, c.Request)
	if err != nil {
		d.s.apiError(c, err, cat)
		return
	}
	c.JSON(http.StatusCreated, gin.H{"name": pk.Name})
}

func (d dashboardFeature) beginPasskeySignIn(c *gin.Context) {
	cat := apiLocale(c, "")
	c.Header("Cache-Control", "no-store")
	// Each sign-in page asks for one, and each is a row: a client's are
	// counted.
	if err := d.s.limits.Hit(c.Request.Context(), BucketPasskeysPerIP, c.ClientIP()); err != nil {
		d.s.apiError(c, err, cat)
		return
	}
	rp, err := d.rp(c)
	if err != nil {
		d.s.apiError(c, err, cat)
		return
	}
	assertion, secret, err := d.team.BeginPasskeySignIn(c.Request.Context(), rp)
	if err != nil {
		d.s.apiError(c, err, cat)
		return
	}
	d.setCeremony(c, secret)
	c.JSON(http.StatusOK, assertion)
}

func (d dashboardFeature) finishPasskeySignIn(c *gin.Context) {
	cat := apiLocale(c, "")
	c.Header("Cache-Control", "no-store")
	ctx := c.Request.Context()
	rp, err := d.rp(c)
	if err != nil {
		d.s.apiError(c, err, cat)
		return
	}
	c.Request.Body = http.MaxBytesReader(c.Writer, c.Request.Body, maxCeremonyBody)
	_, secret, err := d.team.FinishPasskeySignIn(ctx, rp, ceremonyOf(c), c.GetHeader("User-Agent"), c.Request)
	if err != nil {
		// A wrong signature is a guess at someone's passkey: it counts
		// against the client's limit of wrong secrets.
		if errors.Is(err, people.ErrPasskey) {
			if lerr := wrongSecret(ctx, d.s.limits, c.ClientIP()); lerr != nil {
				err = lerr
			}
		}
		d.s.apiError(c, err, cat)
		return
	}
	origin := d.s.pages.Origin(ctx)
	name := sessionCookieName(origin)
	if before, err := c.Cookie(name); err == nil {
		_ = d.team.SignOut(ctx, before) // the browser's session before ends, as with a link
	}
	http.SetCookie(c.Writer, &http.Cookie{Name: name, Value: secret, Path: "/", HttpOnly: true, Secure: strings.HasPrefix(origin, "https://"),
		SameSite: http.SameSiteLaxMode, MaxAge: int(people.AbsoluteLife / time.Second)})
	c.JSON(http.StatusOK, gin.H{"redirect": route.Default().Href("", "adminBookings", "", nil, nil)})
}

// browserName is what a passkey is called on its person's page: the
// browser and system it was made in, in a few words.
func browserName(userAgent string) string {
	var browser, system string
	for _, b := range []struct{ token, name string }{{"Edg/", "Edge"}, {"Firefox/", "Firefox"}, {"Chrome/", "Chrome"}, {"Safari/", "Safari"}} {
		if strings.Contains(userAgent, b.token) {
			browser = b.name
			break
		}
	}
	for _, s := range []struct{ token, name string }{{"Android", "Android"}, {"iPhone", "iPhone"}, {"iPad", "iPad"}, {"Mac OS X", "macOS"}, {"Windows", "Windows"}, {"CrOS", "ChromeOS"}, {"Linux", "Linux"}} {
		if strings.Contains(userAgent, s.token) {
			system = s.name
			break
		}
	}
	switch {
	case browser != "" && system != "":
		return browser + ", " + system
	case browser != "" || system != "":
		return browser + system
	}
	return "Passkey"
}
