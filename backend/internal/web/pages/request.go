package pages

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"time"

	"slotwise/backend/internal/route"
	"slotwise/locales"
)

// Loader loads one route's data. Each route name of the table has exactly one
// (a test checks); the page handler and /api/page-data share it, so data is
// loaded the same way for the first render and for client navigations.
type Loader func(ctx context.Context, req *Request) (*Result, error)

// Request is what a loader knows of the request.
type Request struct {
	Match    route.Match
	Path     string // without language prefix and query
	FullPath string // as requested, with prefix and query
	Query    url.Values
	Locale   string
	// Prefix is the URL's language prefix ("de"), "" when it has none: the
	// business's text is shown in the language its address names, and an
	// unprefixed address shows the original (its frame follows Locale).
	Prefix   string
	Cat      *locales.Catalogue
	ClientIP string // the socket's peer, or what a trusted proxy says
	// UserAgent is the browser's name, which a form post's action may keep
	// (the dashboard's sessions); loaders do not read it, as cached pages
	// do not vary by it.
	UserAgent string
	Origin    string // the public URL's origin, for absolute links (never the Host header)
	siteName  string // the business's name: T("site.name")

	cookies map[string]string // the cookies loaders may read, cleaned (Options.Cookies)
	read    []string          // the names of those read: the page varies by them
	formKey func() string
	keys    []string // the form keys taken: the page is its visitor's
	// setCookies are the cookies an action answers with (SetCookie).
	setCookies []*http.Cookie
}

// SetCookie has a form post's answer set a cookie (the dashboard's
// session): its action's answer, whether it goes on or fails, carries it.
func (r *Request) SetCookie(c *http.Cookie) { r.setCookies = append(r.setCookies, c) }

// CookiesSet are the cookies the action set (SetCookie), for its answer.
func (r *Request) CookiesSet() []*http.Cookie { return r.setCookies }

// NewRequest is a request for a page's action (a form post), which reads
// cookies and takes form keys as a loader does.
func (e *Engine) NewRequest(ctx context.Context, m route.Match, path, fullPath string, query url.Values, cat *locales.Catalogue, clientIP string, cookies func(string) (string, error)) *Request {
	return &Request{Match: m, Path: path, FullPath: fullPath, Query: query, Locale: cat.Locale, Cat: cat, ClientIP: clientIP,
		Origin: e.Origin(ctx), siteName: SiteName(ctx, cat), cookies: e.cookies(cookies),
		formKey: func() string { return e.IssueFormKey(ctx) }}
}

// Absolute is a site-relative path as a public URL.
func (r *Request) Absolute(path string) string { return strings.TrimSuffix(r.Origin, "/") + path }

// Cookie is the value of one of the visitor's cookies the engine lets
// loaders read (Options.Cookies), cleaned, or "". Reading it makes the
// page vary by it: its cached copies are kept per value.
func (r *Request) Cookie(name string) string {
	if !slices.Contains(r.read, name) {
		r.read = append(r.read, name)
	}
	return r.cookies[name]
}

// FormKey is a fresh key for a form the page shows (its post's
// idempotency key, signed with its time). A page that takes one is one
// visitor's: it is not cached, and its render is reused only with the
// keys it was rendered with swapped for this answer's (render_cache.go).
func (r *Request) FormKey() string {
	key := newNonce()
	if r.formKey != nil {
		key = r.formKey()
	}
	r.keys = append(r.keys, key)
	return key
}

// T translates a message id with its arguments (name, value, …), formatted
// as ICU says (plurals and selects included), for the document head and
// API errors (the page body is formatted by formatjs in V8).
func (r *Request) T(id string, args ...string) string {
	if id == "site.name" && r.siteName != "" {
		return r.siteName
	}
	named := make(map[string]string, len(args)/2)
	for i := 0; i+1 < len(args); i += 2 {
		named[args[i]] = args[i+1]
	}
	return r.Cat.Format(id, named)
}

// Result is a loader's answer.
type Result struct {
	Title       string
	Description string
	Robots      string
	Brand       string // the business's colour, #rrggbb, for --brand
	Data        any
	// CanonicalQuery is the part of the query that makes this page another
	// page (a listing's ?page=2): it goes into the canonical URL and the
	// language alternates.
	CanonicalQuery url.Values
	// SEO, when set, gives the document's head link-preview cards and
	// structured data (seo.go); a page without it has none.
	SEO *SEO
	// Tags and Until are the page's cache policy. Tags name what the page
	// shows, as the database's change notices name it (cache.go); a page
	// without tags is not cached. Until, when set, is the moment the page
	// would change by time passing alone (a booking page's first time
	// reaching its minimum notice): its cached copy is not served from then
	// on. A page is also one visitor's, and not cached, when its loader took
	// a form key (Request.FormKey), and it varies by the cookies its loader
	// read (Request.Cookie).
	Tags  []string
	Until time.Time
	// Parts name the parts of the screen that are chunks of their own
	// (lazyPart) which this page shows at once: their texts come with the
	// page, so hydrating them needs no second fetch. A part left out still
	// renders; its texts are then fetched with its chunk.
	Parts []string
	// Site, when set, is the site's business as the loader read it already
	// (a booking page's calendar comes with its business): the engine does
	// not ask Options.Site for it again.
	Site *Site
	// Redirect, when set, answers 301 to this site-relative URL instead: the
	// canonical form of the URL asked for (trailing slash, case, another
	// shape of the same content).
	Redirect string
	// Secret says the page shows a secret once (a new token's): its
	// render is kept in no cache of renders, even one only its own
	// bytes could find.
	Secret bool
	// SeeOther makes Redirect a 303 for this answer only: the page is
	// elsewhere for this visitor now (the dashboard's sign-in), not moved
	// for good, which browsers would remember.
	SeeOther bool
	// Content, when set, says the page's main content is the business's
	// own text: the languages it exists in decide the page's canonical
	// address, its language alternates and its <html lang> (language.go).
	// A page without it is the server's own words, in every language.
	Content *Content
}

// Error makes a loader answer with the error layout.
type Error struct {
	Status  int
	Message string
}

func (e *Error) Error() string { return fmt.Sprintf("%d %s", e.Status, e.Message) }

// NotFound is the spec's 404 for a path that matches nothing or fails its
// route's validation: "Page Not Found: {full path}".
func NotFound(fullPath string) *Error {
	return &Error{Status: http.StatusNotFound, Message: notFoundPrefix + fullPath}
}

// notFoundPrefix begins NotFound's message; the page says it in its
// language (localNotFound).
const notFoundPrefix = "Page Not Found: "

// HeaderValue is h's first value of key, as h.Get gives, for a key
// written in canonical form: read on every request, it is looked up as
// written instead of canonicalized again.
func HeaderValue(h http.Header, key string) string {
	if v := h[key]; len(v) > 0 {
		return v[0]
	}
	return ""
}

// CookieValue is a request's cookie as gin's Context.Cookie reads it
// (query-unescaped), for code that has the request alone.
func CookieValue(r *http.Request, name string) (string, bool) {
	cookie, err := r.Cookie(name)
	if err != nil {
		return "", false
	}
	v, _ := url.QueryUnescape(cookie.Value)
	return v, true
}
