package web

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"

	"slotwise/backend/internal/route"
	"slotwise/locales"
)

// Loader loads one route's data. Each route name of the table has exactly one
// (a test checks); the page handler and /api/page-data share it, so data is
// loaded the same way for the first render and for client navigations.
type Loader func(ctx context.Context, req *PageRequest) (*PageResult, error)

// PageRequest is what a loader knows of the request.
type PageRequest struct {
	Match    route.Match
	Path     string // without language prefix and query
	FullPath string // as requested, with prefix and query
	Query    url.Values
	Locale   string
	Cat      *locales.Catalogue
	ClientIP string // the socket's peer, or what a trusted proxy says
	Cookies  map[string]string
	Origin   string // the public URL's origin, for absolute links (never the Host header)
}

// Absolute is a site-relative path as a public URL.
func (r *PageRequest) Absolute(path string) string { return strings.TrimSuffix(r.Origin, "/") + path }

// Cookie is the value of one of the visitor's cookies, or "".
func (r *PageRequest) Cookie(name string) string { return r.Cookies[name] }

// T translates a message id with its arguments (name, value, …), formatted
// as ICU says (plurals and selects included), for the document head and
// API errors (the page body is formatted by formatjs in V8).
func (r *PageRequest) T(id string, args ...string) string {
	named := make(map[string]string, len(args)/2)
	for i := 0; i+1 < len(args); i += 2 {
		named[args[i]] = args[i+1]
	}
	return r.Cat.Format(id, named)
}

// PageResult is a loader's answer.
type PageResult struct {
	Title       string
	Description string
	Robots      string
	Brand       string // the business's colour, #rrggbb, for --brand
	Data        any
	// CanonicalQuery is the part of the query that makes this page another
	// page (a listing's ?page=2): it goes into the canonical URL and the
	// language alternates.
	CanonicalQuery url.Values
	SEO            *SEO
	// Tags name what the page shows, as the database's change notices name
	// it (page_cache.go); a page without tags is not cached.
	Tags []string
	// Until, when set, is the moment the page would change by time passing
	// alone (a booking page's first time reaching its minimum notice): its
	// cached copy is not served from then on.
	Until time.Time
	// Parts name the parts of the screen that are chunks of their own
	// (lazyPart) which this page shows at once: their texts come with the
	// page, so hydrating them needs no second fetch. A part left out still
	// renders; its texts are then fetched with its chunk.
	Parts []string
	// Redirect, when set, answers 301 to this site-relative URL instead: the
	// canonical form of the URL asked for (trailing slash, case, another
	// shape of the same content).
	Redirect string
}

// PageError makes a loader answer with the error layout.
type PageError struct {
	Status  int
	Message string
}

func (e *PageError) Error() string { return fmt.Sprintf("%d %s", e.Status, e.Message) }

// NotFound is the spec's 404 for a path that matches nothing or fails its
// route's validation: "Page Not Found: {full path}".
func NotFound(fullPath string) *PageError {
	return &PageError{Status: http.StatusNotFound, Message: notFoundPrefix + fullPath}
}

// notFoundPrefix begins NotFound's message; the page says it in its
// language (localNotFound).
const notFoundPrefix = "Page Not Found: "
