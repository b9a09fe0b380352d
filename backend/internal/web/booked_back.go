package web

import (
	"crypto/sha256"
	"encoding/base64"
	"net/http"
	"net/url"
	"strings"

	"github.com/gin-gonic/gin"
)

// Back after booking: the step a booking was made from (the details form,
// or a reschedule's confirmation: a booker page whose URL names a time)
// is, for a while, the booking itself. The browser's Back to that step
// without JavaScript asks for it again, and is sent to the booking's page
// rather than shown a form for the same time, inviting a second booking.
// With JavaScript the booking's page replaces the step in the history
// (useDetailsSubmit, RescheduleConfirm), so Back goes to the times.

const (
	doneCookie = "slotwise_done"
	doneMaxAge = 30 * 60
)

// rememberDone keeps, in the visitor's browser, which step's URL led to
// next: the step's hash (its URL never travels twice) and next itself,
// which carries the booking's secret, so only the server reads it.
func (s *Server) rememberDone(c *gin.Context, path string, query url.Values, next string) {
	secure := c.Request.TLS != nil || strings.HasPrefix(s.cfg.PublicURL, "https://")
	value := stepHash(path, query) + "." + base64.RawURLEncoding.EncodeToString([]byte(next))
	cookie := &http.Cookie{Name: doneCookie, Value: value, Path: "/", MaxAge: doneMaxAge, HttpOnly: true, Secure: secure, SameSite: http.SameSiteLaxMode}
	if secure && c.GetHeader("Sec-Fetch-Dest") == "iframe" && c.GetHeader("Sec-Fetch-Site") == "cross-site" {
		cookie.SameSite, cookie.Partitioned = http.SameSiteNoneMode, true
	}
	http.SetCookie(c.Writer, cookie)
}

// backToDone answers a page's GET with its booking, when the page is the
// step a booking was just made from and the browser went back (or forward,
// or reloaded) to it; false otherwise (the page is served). A visitor who
// clicks the same time again, to book it for someone else, gets the form:
// the browser marks a navigation the visitor started (Sec-Fetch-User),
// and one that does not send Fetch Metadata at all is left as it was.
func (s *Server) backToDone(c *gin.Context) bool {
	if c.Request.URL.RawQuery == "" || !strings.Contains(c.Request.URL.RawQuery, "time=") || acceptsJSON(c) {
		return false
	}
	if c.GetHeader("Sec-Fetch-Mode") != "navigate" || c.GetHeader("Sec-Fetch-User") == "?1" {
		return false
	}
	value, err := c.Cookie(doneCookie)
	if err != nil {
		return false
	}
	hash, encoded, ok := strings.Cut(value, ".")
	if !ok || hash != stepHash(c.Request.URL.EscapedPath(), c.Request.URL.Query()) {
		return false
	}
	next, err := base64.RawURLEncoding.DecodeString(encoded)
	if err != nil || !strings.HasPrefix(string(next), "/") || strings.HasPrefix(string(next), "//") {
		return false // only a path of this site
	}
	c.Header("Cache-Control", "no-store")
	s.redirect(c, http.StatusSeeOther, string(next))
	return true
}

// stepHash names a step by its page and the time it was for (and the
// booking being moved), however the rest of its query is written.
func stepHash(path string, query url.Values) string {
	key := url.Values{"time": {query.Get("time")}, "reschedule": {query.Get("reschedule")}}
	sum := sha256.Sum256([]byte(path + "?" + key.Encode()))
	return base64.RawURLEncoding.EncodeToString(sum[:16])
}
