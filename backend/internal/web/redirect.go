package web

import (
	"net/http"
	"net/url"
	"slices"
	"strings"

	"github.com/gin-gonic/gin"

	"slotwise/backend/internal/hosts"
)

// redirect answers code with a Location that stays on the site
// (siteLocation). Every redirect the server makes goes through here, and
// every page's redirect (Payload.Redirect) through siteLocation, so a
// target built from what a visitor sent cannot send them elsewhere.
func (s *Server) redirect(c *gin.Context, code int, target string) {
	c.Redirect(code, s.siteLocation(target))
}

// leaveForCheckout answers an action that opens a checkout with the
// provider's page, the one other site a form's answer sends a visitor to:
// only the page of one of the business's open checkouts (Server.checkout)
// leaves the site. It tells whether it answered.
func (s *Server) leaveForCheckout(c *gin.Context, target string, asData bool) bool {
	if s.checkout == nil || !strings.HasPrefix(target, "https://") && !strings.HasPrefix(target, "http://") {
		return false
	}
	if ok, err := s.checkout(c.Request.Context(), target); err != nil || !ok {
		return false
	}
	if asData {
		c.JSON(http.StatusOK, gin.H{"redirect": target})
	} else {
		c.Redirect(http.StatusSeeOther, target)
	}
	return true
}

// siteLocation makes a redirect's target one a browser cannot read as
// another site. A browser reads "//host/…" and "/\host/…" as a host, after
// dropping tabs and newlines, so the address a visitor asked for
// ("//About" is "//about" in lower case) would send them to the host
// "about": the leading run of slashes and backslashes becomes one slash.
// An absolute URL stays only on an origin the server may send visitors to
// (its own, or one a form's redirect may name); any other is the site's
// home.
func (s *Server) siteLocation(target string) string {
	target = strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f {
			return -1
		}
		return r
	}, target)
	if u, err := url.Parse(target); err == nil && u.Scheme != "" {
		if (u.Scheme == "https" || u.Scheme == "http") && u.User == nil && slices.Contains(s.redirectOrigins, u.Scheme+"://"+u.Host) {
			return target
		}
		return "/"
	}
	return "/" + strings.TrimLeft(target, `/\ `)
}

// origin is a URL's scheme and host ("https://book.example.com"), or ""
// when it has none.
func origin(raw string) string {
	u, err := url.Parse(raw)
	if err != nil || u.Scheme == "" || u.Host == "" {
		return ""
	}
	return u.Scheme + "://" + u.Host
}

// redirectToPrimary sends a request on a secondary host of its business to
// the same address on the business's primary host: a name from the host
// table (hosts.Map), never one the request brought.
func (s *Server) redirectToPrimary(c *gin.Context, primary string) {
	c.Redirect(http.StatusMovedPermanently, hosts.Origin(s.cfg.PublicURL, primary)+c.Request.URL.RequestURI())
}
