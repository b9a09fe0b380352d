package web

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/url"
	"strings"

	"github.com/gin-gonic/gin"

	"slotwise/backend/internal/route"
	"slotwise/backend/internal/web/pages"
	"slotwise/locales"
)

// checkURL refuses, before any handler, a request whose path or query no
// page or API could want: too long (414), or not text (400: invalid
// UTF-8, NUL, control characters, a query that does not parse). Nothing of
// it reaches a loader, PostgreSQL or V8.
func (s *Server) checkURL() gin.HandlerFunc {
	return func(c *gin.Context) {
		if status := refusedURL(c.Request.URL); status != 0 {
			s.refuse(c, status)
			return
		}
		c.Next()
	}
}

// refusedURL is the status a URL is refused with, or 0: too long, or not
// text.
func refusedURL(u *url.URL) int {
	if len(u.EscapedPath()) > route.MaxPathBytes || len(u.RawQuery) > pages.MaxQueryBytes {
		return http.StatusRequestURITooLong
	}
	if !pages.CleanLine(u.Path) || !pages.CleanQuery(u.RawQuery) {
		return http.StatusBadRequest
	}
	return 0
}

// refuse answers a refused request: JSON for the API, the error page in
// the visitor's language for anything else.
func (s *Server) refuse(c *gin.Context, status int) {
	if strings.HasPrefix(c.Request.URL.Path, "/api/") {
		apiError(c, status, "bad_request", http.StatusText(status))
		return
	}
	p := s.pages.ErrorPayload(c, status)
	if c.Request.Method == http.MethodPost && acceptsJSON(c) {
		s.pages.WriteData(c, p) // a form the router posted (actions.go)
	} else {
		s.pages.Write(c, p)
	}
	c.Abort()
}

// maxBodyBytes bounds a JSON body, of the API and the admin API alike.
const maxBodyBytes = 64 << 10

// decode reads a JSON body strictly into v: at most maxBodyBytes, one
// value of the documented shape (no unknown fields, no trailing data), and
// not empty. Anything else is a 400 that says so.
func decode(c *gin.Context, v any) bool {
	body, err := io.ReadAll(http.MaxBytesReader(c.Writer, c.Request.Body, maxBodyBytes))
	if err == nil && len(bytes.TrimSpace(body)) == 0 {
		err = errors.New("empty body")
	}
	if err == nil {
		dec := json.NewDecoder(bytes.NewReader(body))
		dec.DisallowUnknownFields()
		if err = dec.Decode(v); err == nil && dec.More() {
			err = errors.New("data after the JSON value")
		}
		if err == nil {
			if _, next := dec.Token(); next != io.EOF {
				err = errors.New("data after the JSON value")
			}
		}
	}
	if err != nil {
		apiError(c, http.StatusBadRequest, "bad_request", "The request body must be one JSON object of the documented shape")
		return false
	}
	return true
}

// apiLocale picks the language of API messages: the body's, else the
// visitor's cookie, else their browser's.
func apiLocale(c *gin.Context, fromBody string) *locales.Catalogue {
	if locale, ok := locales.Canonical(fromBody); ok {
		return locales.Get(locale)
	}
	return locales.Get(pages.ResolveLocale(c, ""))
}

// idempotencyKey is the request's Idempotency-Key as sent: the runner
// refuses one outside its documented form rather than cut or change it.
func idempotencyKey(c *gin.Context) string { return c.GetHeader("Idempotency-Key") }
