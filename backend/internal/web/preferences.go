package web

import (
	"net/http"
	"strings"

	"github.com/gin-gonic/gin"

	"slotwise/backend/internal/web/pages"
)

// consentField is what the cookie banner's form posts to the page it
// stands on (ui/src/components/CookieBanner.tsx CONSENT_FIELD): a visitor
// without JavaScript answers it too.
const consentField = "cookie-consent"

// preferenceMaxAge is how long a visitor's choices are kept, as the
// browser keeps them (ui/src/lib/cookies.ts).
const preferenceMaxAge = 365 * 24 * 60 * 60

// keepConsent answers the banner's post: the choice goes into the consent
// cookie and the visitor back to the page they were on, which the server
// now renders without the banner. Another value is refused; nothing is
// kept.
func (s *Server) keepConsent(c *gin.Context, values []string) {
	if len(values) != 1 || (values[0] != "essential" && values[0] != "all") {
		s.refuse(c, http.StatusBadRequest)
		return
	}
	s.setPreference(c, pages.ConsentCookie, values[0])
	c.Header("Cache-Control", "no-store")
	s.redirect(c, http.StatusSeeOther, c.Request.URL.RequestURI())
}

// setPreference sets a cookie as the browser's own code does: for a year,
// on the whole site, readable by the page's script (which may change it);
// inside another site's frame, partitioned, which only a secure origin
// may keep.
func (s *Server) setPreference(c *gin.Context, name, value string) {
	secure := c.Request.TLS != nil || strings.HasPrefix(s.cfg.PublicURL, "https://")
	cookie := &http.Cookie{Name: name, Value: value, Path: "/", MaxAge: preferenceMaxAge, Secure: secure, SameSite: http.SameSiteLaxMode}
	if secure && c.GetHeader("Sec-Fetch-Dest") == "iframe" && c.GetHeader("Sec-Fetch-Site") == "cross-site" {
		cookie.SameSite, cookie.Partitioned = http.SameSiteNoneMode, true
	}
	http.SetCookie(c.Writer, cookie)
}
