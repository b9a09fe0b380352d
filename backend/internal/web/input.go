package web

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/url"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/gin-gonic/gin"

	"slotwise/backend/internal/route"
	"slotwise/locales"
)

// maxQueryBytes bounds a query string: no page or API takes more than a
// few short parameters.
const maxQueryBytes = 4096

// checkURL refuses, before any handler, a request whose path or query no
// page or API could want: too long (414), or not text (400: invalid
// UTF-8, NUL, control characters, a query that does not parse). Nothing of
// it reaches a loader, PostgreSQL or V8.
func (s *Server) checkURL() gin.HandlerFunc {
	return func(c *gin.Context) {
		u := c.Request.URL
		if len(u.EscapedPath()) > route.MaxPathBytes || len(u.RawQuery) > maxQueryBytes {
			s.refuse(c, http.StatusRequestURITooLong)
			return
		}
		if !cleanLine(u.Path) || !cleanQuery(u.RawQuery) {
			s.refuse(c, http.StatusBadRequest)
			return
		}
		c.Next()
	}
}

// cleanQuery tells a query that parses and whose names and values are all
// text (cleanLine).
func cleanQuery(raw string) bool {
	query, err := url.ParseQuery(raw)
	if err != nil {
		return false
	}
	for k, values := range query {
		if !cleanLine(k) {
			return false
		}
		for _, v := range values {
			if !cleanLine(v) {
				return false
			}
		}
	}
	return true
}

// cleanPageURL is checkURL's test for the page a /api/page-data request
// names in its path parameter: an escaped path and query of their own,
// which checkURL saw only still escaped.
func cleanPageURL(escapedPath, rawQuery string) bool {
	p, err := url.PathUnescape(escapedPath)
	return err == nil && cleanLine(p) && cleanQuery(rawQuery)
}

// refuse answers a refused request: JSON for the API, the error page in
// the visitor's language for anything else.
func (s *Server) refuse(c *gin.Context, status int) {
	if strings.HasPrefix(c.Request.URL.Path, "/api/") {
		apiError(c, status, "bad_request", http.StatusText(status))
		return
	}
	cat := locales.Get(resolveLocale(c, ""))
	p := &Payload{Path: "/", BasePath: "/", Locale: cat.Locale, Lang: cat.Lang, Params: map[string]string{}}
	s.fail(p, &PageError{Status: status, Message: http.StatusText(status)})
	p.Messages = s.assets.messageSet(cat, p.Layout, p.Route, nil)
	s.wearSiteBrand(c.Request.Context(), p)
	if c.Request.Method == http.MethodPost && acceptsJSON(c) {
		s.writePageData(c, p) // a form the router posted (actions.go)
	} else {
		s.writeDocument(c, p)
	}
	c.Abort()
}

// cleanLine tells whether s is valid UTF-8 without control characters.
func cleanLine(s string) bool {
	if !utf8.ValidString(s) {
		return false
	}
	for _, r := range s {
		if unicode.IsControl(r) {
			return false
		}
	}
	return true
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
	return locales.Get(resolveLocale(c, ""))
}

// idempotencyKey is the request's Idempotency-Key as sent: the runner
// refuses one outside its documented form rather than cut or change it.
func idempotencyKey(c *gin.Context) string { return c.GetHeader("Idempotency-Key") }
