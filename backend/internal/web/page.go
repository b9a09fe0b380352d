package web

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"slotwise/backend/internal/route"
	"slotwise/locales"
)

// Cookie names shared with the client (ui/src/cookies.ts).
const (
	localeCookie   = "slotwise_locale"
	consentCookie  = "slotwise_consent"
	timeZoneCookie = "slotwise_tz" // the zone the visitor chose or their browser has, for the next server render
)

// pageCookies are the cookies loaders may read.
func pageCookies(c *gin.Context) map[string]string {
	out := map[string]string{}
	for _, name := range []string{timeZoneCookie} {
		if v, err := c.Cookie(name); err == nil && cleanLine(v) && len(v) <= 64 {
			out[name] = v
		}
	}
	return out
}

// splitLocale takes a language prefix off a path: "/de/widget/x" → "de", "/widget/x".
func splitLocale(path string) (locale, rest string, prefixed bool) {
	trimmed := strings.TrimPrefix(path, "/")
	first, after, _ := strings.Cut(trimmed, "/")
	if l, ok := locales.FromPrefix(first); ok {
		return l, "/" + after, true
	}
	return "", path, false
}

// resolveLocale: the URL's prefix wins, then the visitor's earlier choice
// (cookie), then the browser's languages, then en-US.
func resolveLocale(c *gin.Context, prefix string) string {
	if prefix != "" {
		return prefix
	}
	if v, err := c.Cookie(localeCookie); err == nil {
		if locale, ok := locales.Canonical(v); ok {
			return locale
		}
	}
	return locales.Negotiate(c.GetHeader("Accept-Language"))
}

// loadPage matches the request, runs the route's loader and builds the
// payload, with the messages of the layout it ends in.
func (s *Server) loadPage(c *gin.Context, path, rawQuery string) (p *Payload) {
	full := path
	if rawQuery != "" {
		full += "?" + rawQuery
	}
	prefix, basePath, _ := splitLocale(path)
	locale := resolveLocale(c, prefix)
	cat := locales.Get(locale)
	defer func() {
		localNotFound(p, cat)
		p.Messages = s.assets.messageSet(cat, p.Layout, p.Route, p.Parts)
		s.wearSiteBrand(c.Request.Context(), p)
	}()
	p = &Payload{
		Path: full, BasePath: basePath, Locale: cat.Locale, Lang: cat.Lang,
		Status: http.StatusOK, ScrollToTop: true,
		Params: map[string]string{},
	}
	if v, err := c.Cookie(consentCookie); err == nil && (v == "essential" || v == "all") {
		p.Consent = v
	}

	m, ok := s.routes.Match(basePath)
	if !ok {
		// A website address in capitals is the same page in lower case.
		if lower := strings.ToLower(basePath); lower != basePath {
			if lm, ok := s.routes.Match(lower); ok && lm.Route.Name == "website" {
				p.Route, p.Layout, p.Status = lm.Route.Name, lm.Route.Layout, http.StatusMovedPermanently
				to := lower
				if prefix != "" {
					to = "/" + prefix + lower
				}
				if rawQuery != "" {
					to += "?" + rawQuery
				}
				p.Redirect = s.siteLocation(to) // "//About" is "/about", not the host "about"
				return p
			}
		}
		s.fail(p, NotFound(full))
		first, _, _ := strings.Cut(strings.TrimPrefix(basePath, "/"), "/")
		if !s.routes.Reserved(first) {
			// An address of the website, not the server's own (a widget's
			// shows in other sites' frames).
			s.keepSiteFrame(c.Request.Context(), p, cat.Locale)
		}
		return p
	}
	if c.FullPath() == "" {
		c.Set(routeKey, "page:"+m.Route.Name) // the route asked for, even when its page fails
	}
	// The page's own query, not the request's: for /api/page-data they differ.
	query, _ := url.ParseQuery(rawQuery)
	req := &PageRequest{Match: m, Path: basePath, FullPath: full, Query: query, Locale: cat.Locale, Cat: cat, ClientIP: c.ClientIP(), Cookies: pageCookies(c), Origin: s.cfg.PublicURL}
	p.inPage = query.Get("embed") == "page"
	res, err := runLoader(c.Request.Context(), s.loaders[m.Route.Name], req)
	if pe, ok := s.pageError(err, req); ok {
		s.fail(p, pe)
		if m.Route.Layout == route.LayoutPage {
			s.keepSiteFrame(c.Request.Context(), p, cat.Locale)
		}
		var b brandedError
		if errors.As(err, &b) {
			p.Head.Brand = validColor(b.brand)
		}
		return p
	}
	if err != nil && c.Request.Context().Err() != nil {
		// The visitor left: the loader stopped with the request, nothing to log.
		s.fail(p, &PageError{Status: statusClientClosedRequest, Message: "Client Closed Request"})
		return p
	}
	if err != nil {
		s.log.ErrorContext(c.Request.Context(), "page loader failed", slog.String("route", m.Route.Name), slog.String("path", loggedPath(path)), slog.Any("err", err))
		s.fail(p, &PageError{Status: http.StatusInternalServerError, Message: http.StatusText(http.StatusInternalServerError)})
		return p
	}
	if res.Redirect != "" {
		p.Route, p.Layout, p.Status, p.Redirect = m.Route.Name, m.Route.Layout, http.StatusMovedPermanently, s.siteLocation(res.Redirect)
		return p
	}
	p.Route, p.Layout, p.Kind, p.Params, p.Data, p.tags, p.until = m.Route.Name, m.Route.Layout, m.Kind, m.Params, res.Data, res.Tags, res.Until
	p.Parts = res.Parts
	p.ScrollToTop = !m.Route.KeepScroll
	p.Head = Head{
		Title:       res.Title,
		Description: res.Description,
		Robots:      res.Robots,
		Brand:       validColor(res.Brand),
		Canonical:   withQuery(s.canonical(prefix, basePath), res.CanonicalQuery),
		Alternates:  s.alternates(basePath),
		SEO:         res.SEO,
	}
	for i := range p.Head.Alternates {
		p.Head.Alternates[i].Href = withQuery(p.Head.Alternates[i].Href, res.CanonicalQuery)
	}
	return p
}

// fail turns the payload into the error layout, in the colour the page
// already wore.
func (s *Server) fail(p *Payload, e *PageError) {
	p.Route, p.Layout, p.Kind, p.Parts = "error", route.LayoutError, "", nil
	p.Status, p.StatusMessage = e.Status, e.Message
	p.Params = map[string]string{}
	p.Data = map[string]any{"status": e.Status, "message": e.Message}
	p.Head = Head{Title: e.Message, Robots: "noindex", Brand: p.Head.Brand}
}

// localNotFound says the spec's "Page Not Found: {path}" in the page's
// language (English keeps the spec's words).
func localNotFound(p *Payload, cat *locales.Catalogue) {
	path, ok := strings.CutPrefix(p.StatusMessage, notFoundPrefix)
	if !ok || p.Status != http.StatusNotFound {
		return
	}
	msg := cat.Format("error.pageNotFound", map[string]string{"path": path})
	p.StatusMessage, p.Head.Title = msg, msg
	if d, ok := p.Data.(map[string]any); ok {
		d["message"] = msg
	}
}

// keepSiteFrame shows an address of the website that leads nowhere in the
// website's frame (the page layout's error screen, with its menu and Book),
// so the visitor finds the way on. Without them (the database is what
// failed) it is the bare error page.
func (s *Server) keepSiteFrame(ctx context.Context, p *Payload, locale string) {
	if s.siteFrame == nil || p.Status != http.StatusNotFound {
		return
	}
	frame, err := s.siteFrame(ctx, locale)
	if err != nil {
		if ctx.Err() == nil {
			s.log.WarnContext(ctx, "unable to frame an error page", slog.Any("err", err))
		}
		return
	}
	p.Layout, p.Data = route.LayoutPage, frame
}

// wearSiteBrand dresses a page that no business of its own claimed (the
// website's pages, error pages) in the colour of the site's business, as
// the booker wears its calendar's. Without it the page keeps the default.
func (s *Server) wearSiteBrand(ctx context.Context, p *Payload) {
	if p.Head.Brand != "" || p.Redirect != "" || s.siteBrand == nil {
		return
	}
	brand, err := s.siteBrand(ctx)
	if err != nil {
		if ctx.Err() == nil {
			s.log.WarnContext(ctx, "unable to find the site's colour", slog.Any("err", err))
		}
		return
	}
	p.Head.Brand = validColor(brand)
}

// absolute builds a public URL for a site-relative path. The origin is
// the configured public URL, never the request's Host header, which anyone
// can set: a link in a page, a calendar file or an answer must not point
// at a host of the sender's choosing.
func (s *Server) absolute(path string) string {
	return strings.TrimSuffix(s.cfg.PublicURL, "/") + path
}

// canonical is the page in its own language: each language's page is
// canonical for itself and the hreflang alternates tie them together (a
// canonical pointing at another language contradicts them). English's is
// the unprefixed page.
func (s *Server) canonical(prefix, basePath string) string {
	if prefix == "" || prefix == "en" {
		return s.absolute(basePath)
	}
	suffix := basePath
	if suffix == "/" {
		suffix = ""
	}
	return s.absolute(locales.PathPrefix(prefix) + suffix)
}

// alternates lists the page in every language; unprefixed URLs are en-US,
// which is also the x-default.
func (s *Server) alternates(basePath string) []Alternate {
	suffix := basePath
	if suffix == "/" {
		suffix = ""
	}
	out := []Alternate{{Hreflang: "x-default", Href: s.absolute(basePath)}}
	for _, l := range locales.Prefixes {
		href := s.absolute(locales.PathPrefix(l) + suffix)
		if l == "en" {
			href = s.absolute(basePath) // English's canonical page is the unprefixed one
		}
		out = append(out, Alternate{Hreflang: locales.Lang(l), Href: href})
	}
	return out
}

func withQuery(u string, q url.Values) string {
	if len(q) == 0 {
		return u
	}
	return u + "?" + q.Encode()
}

var hexColor = regexp.MustCompile(`^#[0-9a-fA-F]{6}$`)

// validColor lets only #rrggbb reach the page's inline style.
func validColor(c string) string {
	if hexColor.MatchString(c) {
		return c
	}
	return ""
}

// runLoader runs a loader, turning a panic into an error: the visitor gets
// the 500 error page in their language, not a broken document.
func runLoader(ctx context.Context, load Loader, req *PageRequest) (res *PageResult, err error) {
	defer func() {
		if v := recover(); v != nil {
			res, err = nil, fmt.Errorf("web: loader of %s panicked: %v", req.Match.Route.Name, v)
		}
	}()
	return load(ctx, req)
}

// page serves every GET that is not an API or an asset: it loads the page's
// payload, flushes status and head, renders the body in V8 and streams it.
// A POST to a page is its route's form action (actions.go).
func (s *Server) page(c *gin.Context) {
	if c.Request.Method == http.MethodPost && !strings.HasPrefix(c.Request.URL.Path, "/api/") {
		s.pageAction(c)
		return
	}
	if c.Request.Method != http.MethodGet && c.Request.Method != http.MethodHead {
		apiError(c, http.StatusMethodNotAllowed, "method_not_allowed", "Method not allowed")
		return
	}
	if strings.HasPrefix(c.Request.URL.Path, "/api/") {
		apiError(c, http.StatusNotFound, "not_found", "Not found")
		return
	}
	path, asked := c.Request.URL.EscapedPath(), c.Request.URL.RawQuery
	rawQuery := s.pageQuery(path, asked)
	key := s.pageKey(c, path, rawQuery, false)
	if e := s.pages.get(key); e != nil {
		c.Set(routeKey, e.route)
		s.cacheLookup(true)
		c.Header("X-Cache", "hit") // for an operator (and the tests) to tell
		serveCached(c, e)
		return
	}
	since := s.pages.begin()
	var p *Payload  // the page this request loaded itself
	var once []byte // a document made for one answer (a failed render, a form key)
	var onceStatus int
	e, led := s.fill(key, since, func() *cachedPage {
		p = s.loadPageAsked(c, path, rawQuery, asked)
		if p.Redirect != "" || !s.cacheablePage(p) {
			return nil
		}
		doc, status, cacheable := s.document(c, p)
		if !cacheable {
			once, onceStatus = doc, status
			return nil
		}
		return newCachedPage(status, "text/html; charset=utf-8", s.pageCSP(p.Layout, p.Head.Brand), doc, p, time.Now()) // real time: Last-Modified, which browsers compare with their own clock
	})
	switch {
	case e.entry != nil:
		c.Set(routeKey, e.entry.route)
		s.cacheLookup(!led)
		e.serve(c)
		return
	case once != nil:
		writeHTML(c, onceStatus, s.pageCSP(p.Layout, p.Head.Brand), once) // a failed render's error page keeps the colour
		return
	case p == nil:
		// It waited for a page that was not one to share: its own, then.
		p = s.loadPageAsked(c, path, rawQuery, asked)
	}
	if p.Redirect != "" {
		s.redirect(c, http.StatusMovedPermanently, p.Redirect)
		return
	}
	s.writeDocument(c, p)
}

// fill makes the cached answer for key once for every request that misses
// it at the same moment (since: the cache's invalidation number when they
// began), and stores it: when a booking drops the booking page, its next
// visitors wait for one render instead of each making their own, and the
// booking after it is not stuck behind their queries. A request that
// began after a change starts another. build returns nil for a page that
// is not one to share; then only its own request has it (led).
func (s *Server) fill(key string, since uint64, build func() *cachedPage) (filled, bool) {
	led := false
	v, _, _ := s.flights.Do(key+"\x00"+strconv.FormatUint(since, 10), func() (any, error) {
		led = true
		f := filled{entry: build()}
		f.stored = f.entry != nil && s.pages.put(key, f.entry, since)
		return f, nil
	})
	return v.(filled), led
}

// filled is a page made for the cache, and whether the cache kept it.
type filled struct {
	entry  *cachedPage
	stored bool
}

// serve sends a page made for the cache, kept or not: its validators
// hash its bytes, which are the page's either way.
func (f filled) serve(c *gin.Context) { serveCached(c, f.entry) }

// loadPageAsked loads a page from the query its route reads; a page that
// is not there says so of the address as it was asked (the spec's "Page
// Not Found: <path>" names the whole URL), which is loaded again for that.
func (s *Server) loadPageAsked(c *gin.Context, path, rawQuery, asked string) *Payload {
	p := s.loadPage(c, path, rawQuery)
	if p.Status == http.StatusNotFound && rawQuery != asked {
		p = s.loadPage(c, path, asked)
	}
	return p
}

// pageQuery is a page's query as it is loaded, cached and rendered: only
// the parameters its route reads (route.Route.KeepQuery), so one asked
// with ?cb=<random> or a campaign's utm_* is the same page.
func (s *Server) pageQuery(path, rawQuery string) string {
	if rawQuery == "" {
		return "" // most requests: nothing to match the route for
	}
	_, basePath, _ := splitLocale(path)
	if m, ok := s.routes.Match(basePath); ok {
		return m.Route.KeepQuery(rawQuery)
	}
	return rawQuery
}

// pageKey names a page in the cache as what it is depends on: its URL,
// language and cookie banner, and for a widget (a booking page) the
// visitor's time zone; data tells the page's JSON (/api/page-data) from
// its document. Made on every request, so it matches no route.
func (s *Server) pageKey(c *gin.Context, path, rawQuery string, data bool) string {
	prefix, basePath, _ := splitLocale(path)
	zone := ""
	// A reserved first segment: the widgets, among them every booking page
	// (a website page never reads the zone). A cookie that names no zone is
	// the calendar's own zone, as for a visitor without one.
	first, _, _ := strings.Cut(strings.TrimPrefix(basePath, "/"), "/")
	if v, err := c.Cookie(timeZoneCookie); err == nil && s.routes.Reserved(first) && validZone(v) {
		zone = v
	}
	kind := "doc"
	if data {
		kind = "data"
	}
	return pageCacheKey(kind, resolveLocale(c, prefix), consentOf(c), zone, path, rawQuery)
}

// cacheablePage tells whether a loaded page may be cached: a published
// website page, or a booking page its loader says may be (a time that
// passing would change it at); never a preview, an error, a page of one
// visitor (a reschedule, a one-time link) or a page with a form key (each
// answer has its own).
func (s *Server) cacheablePage(p *Payload) bool {
	if r := s.routes.Route(p.Route); p.Status != http.StatusOK || len(p.tags) == 0 || r == nil || r.Query == nil {
		return false // only a route that names its parameters: another query cannot make another page
	}
	switch {
	case p.Layout == route.LayoutPage && (p.Route == "website" || p.Route == "index"):
		return true
	case p.Layout == route.LayoutCalendar && !p.until.IsZero():
		return true
	}
	return false
}

// pageData is the same loader as JSON, for client-side navigations.
func (s *Server) pageData(c *gin.Context) {
	path := c.Query("path")
	if !strings.HasPrefix(path, "/") || strings.HasPrefix(path, "//") {
		apiError(c, http.StatusBadRequest, "invalid_path", "path must be a site-relative path starting with /")
		return
	}
	rawPath, asked, _ := strings.Cut(path, "?")
	if !cleanPageURL(rawPath, asked) {
		apiError(c, http.StatusBadRequest, "invalid_path", "path must be a page's address: text, escaped as in a URL")
		return
	}
	rawQuery := s.pageQuery(rawPath, asked)
	key := s.pageKey(c, rawPath, rawQuery, true)
	if e := s.pages.get(key); e != nil {
		s.cacheLookup(true)
		c.Header("X-Cache", "hit")
		serveCached(c, e)
		return
	}
	since := s.pages.begin()
	var p *Payload // the page this request loaded itself
	e, led := s.fill(key, since, func() *cachedPage {
		p = s.loadPageAsked(c, rawPath, rawQuery, asked)
		if p.Redirect != "" || !s.cacheablePage(p) {
			return nil
		}
		data, err := json.Marshal(p)
		if err != nil || bytes.Contains(data, []byte(perRequestSentinel)) {
			return nil
		}
		return newCachedPage(p.Status, "application/json; charset=utf-8", "", data, p, time.Now()) // real time: Last-Modified, as for documents
	})
	if e.entry != nil {
		s.cacheLookup(!led)
		e.serve(c)
		return
	}
	if p == nil {
		p = s.loadPageAsked(c, rawPath, rawQuery, asked) // it waited for a page that was not one to share
	}
	c.Header("Cache-Control", "no-store")
	if p.Redirect != "" {
		// The router's loader follows it (ui/src/router/data.ts).
		c.JSON(http.StatusOK, gin.H{"redirect": p.Redirect, "status": p.Status})
		return
	}
	s.writePageData(c, p)
}

// writePageData answers with a page's payload as JSON, under the page's
// status: a navigation's data, or a form post's refusal asked for as data.
func (s *Server) writePageData(c *gin.Context, p *Payload) {
	c.Header("Cache-Control", "no-store")
	data, err := json.Marshal(p)
	if err != nil {
		apiError(c, http.StatusInternalServerError, "internal", "Internal Server Error")
		return
	}
	_, data = s.perRequest("", data)
	c.Data(p.Status, "application/json; charset=utf-8", data)
}

func (s *Server) cacheLookup(hit bool) {
	if s.metrics != nil {
		s.metrics.CacheLookup(hit)
	}
}
