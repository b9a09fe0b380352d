package web

import (
	"crypto/rand"
	"encoding/base64"
	"fmt"
	"maps"
	"mime"
	"net/http"
	"strings"

	"github.com/gin-gonic/gin"
)

// securityHeaders go on every answer. Widgets are made to be embedded in a
// business's own site, so their frame-ancestors come from configuration
// (any origin by default); website pages may be framed only by the site.
func securityHeaders() gin.HandlerFunc {
	return func(c *gin.Context) {
		addSecurityHeaders(c.Writer.Header(), c.Request)
		c.Next()
	}
}

func addSecurityHeaders(h http.Header, r *http.Request) {
	maps.Copy(h, everyAnswer)
	if r.TLS != nil { // served over HTTPS by this server: browsers stay on it
		h["Strict-Transport-Security"] = hsts
	}
}

// hsts keeps browsers on HTTPS for a year once a host has been served over
// it (not for subdomains: a business's other hosts are its own choice).
var hsts = []string{"max-age=31536000"}

// everyAnswer's values are shared by every answer: a header is replaced,
// never changed in place (each slice is full, so an Add makes a new one).
var everyAnswer = http.Header{
	"X-Content-Type-Options": {"nosniff"},
	"Referrer-Policy":        {"strict-origin-when-cross-origin"},
	"Permissions-Policy":     {"camera=(), microphone=(), geolocation=(), usb=(), interest-cohort=()"},
	// JSON and files: nothing in them may run or be framed.
	"Content-Security-Policy": {"default-src 'none'; frame-ancestors 'none'"},
}

func newNonce() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b)                            // crypto/rand does not fail on Linux
	return base64.RawURLEncoding.EncodeToString(b) // no + or /, which HTML attributes would escape
}

// crossOrigin refuses state-changing requests that a browser sends from
// another site (Go's CrossOriginProtection: Sec-Fetch-Site, else Origin
// against Host), except from the configured trusted origins, and takes
// request bodies as JSON only, which no HTML form can send.
func (s *Server) crossOrigin() (gin.HandlerFunc, error) {
	cop := http.NewCrossOriginProtection()
	for _, o := range s.cfg.TrustedOrigins {
		if err := cop.AddTrustedOrigin(o); err != nil {
			return nil, fmt.Errorf("web: trusted origin %q: %w", o, err)
		}
	}
	return func(c *gin.Context) {
		switch c.Request.Method {
		case http.MethodGet, http.MethodHead, http.MethodOptions:
			c.Next()
			return
		}
		if providerReturn(c.Request) {
			c.Next()
			return
		}
		if err := cop.Check(c.Request); err != nil {
			apiError(c, http.StatusForbidden, "cross_origin", "Cross-site requests are not accepted")
			return
		}
		// A request with no body and no type (DELETE, an action) sends no
		// form either.
		bodyless := c.Request.ContentLength == 0 && c.GetHeader("Content-Type") == ""
		media, _, err := mime.ParseMediaType(c.GetHeader("Content-Type"))
		// A picture sent to the admin API is itself: no form sends image/*
		// (and only with a bearer token).
		picture := strings.HasPrefix(c.Request.URL.Path, "/api/admin/content/media/") && strings.HasPrefix(strings.ToLower(media), "image/")
		if strings.HasPrefix(c.Request.URL.Path, "/api/") && !bodyless && !picture && (err != nil || !strings.EqualFold(media, "application/json")) {
			apiError(c, http.StatusUnsupportedMediaType, "unsupported_media_type", "Send the request body as application/json")
			return
		}
		c.Next()
	}, nil
}

// providerReturn tells the one post another site's form may send: a
// payment provider's checkout sending the booker back with its answer
// (payments.FormCheckout). Its handler reads the answer and sends the
// booker on to the result page; it changes nothing on its own (the result
// page asks the provider), so a forged post can only show a page.
func providerReturn(r *http.Request) bool {
	if r.Method != http.MethodPost {
		return false
	}
	rest, ok := strings.CutPrefix(r.URL.Path, "/api/payments/")
	provider, end, _ := strings.Cut(rest, "/")
	return ok && provider != "" && end == "return"
}
