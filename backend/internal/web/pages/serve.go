package pages

import (
	"context"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"slotwise/backend/internal/db"
	"slotwise/backend/internal/hosts"
	"slotwise/backend/internal/route"
)

// A page is asked for as its document (a GET of its address) or as its
// data (GET /api/page-data?path=…, a client navigation). Both take one
// path (answer): the cache, or the loader once for every request that
// misses at the same moment, then the page kept when its policy allows.
type form int

const (
	asDocument form = iota
	asData
)

// Serve answers a GET or HEAD of a page's address: from the cache, or
// loaded, its status and head flushed, its body rendered in V8.
func (e *Engine) Serve(c *gin.Context) {
	e.answer(c, c.Request.URL.EscapedPath(), c.Request.URL.RawQuery, asDocument)
}

// ServeData answers GET /api/page-data?path=PATH: the page's payload as
// JSON, what its document was rendered from.
func (e *Engine) ServeData(c *gin.Context) {
	path := c.Query("path")
	if !strings.HasPrefix(path, "/") || strings.HasPrefix(path, "//") {
		APIError(c, http.StatusBadRequest, "invalid_path", "path must be a site-relative path starting with /")
		return
	}
	rawPath, asked, _ := strings.Cut(path, "?")
	if !cleanPageURL(rawPath, asked) {
		APIError(c, http.StatusBadRequest, "invalid_path", "path must be a page's address: text, escaped as in a URL")
		return
	}
	e.answer(c, rawPath, asked, asData)
}

// cacheHit is X-Cache's value on a hit, one slice for every answer (a
// header is replaced, never changed in place).
var cacheHit = []string{"hit"}

func (e *Engine) answer(c *gin.Context, path, asked string, as form) {
	rawQuery := e.query(path, asked)
	// The key is made on the stack: a hit, most requests, copies nothing.
	var buf [256]byte
	keyBytes, hit := e.lookup(buf[:0], c.Request, whoseOf(c.Request.Context()), path, rawQuery, as)
	if hit != nil {
		if as == asDocument {
			e.served(c, hit.route)
		}
		e.cacheLookup(true)
		c.Writer.Header()["X-Cache"] = cacheHit // for an operator (and the tests) to tell
		e.pages.serve(c.Writer, c.Request, hit)
		return
	}
	key := string(keyBytes)
	since := e.pages.begin()
	var p *Payload  // the page this request loaded itself
	var once []byte // a document made for one answer (a failed render)
	var onceStatus int
	f, led := e.fill(key, since, func() (kept, *cachedPage) {
		p = e.loadAsked(c, path, rawQuery, asked)
		if p.Redirect != "" || !e.cacheable(p) || !forABusiness(c) {
			return kept{}, nil
		}
		if as == asData {
			data, err := p.marshal()
			if err != nil {
				return kept{}, nil
			}
			return e.keyOf(c, path, rawQuery, as, p), newCachedPage(c.Request.Context(), p.Status, "application/json; charset=utf-8", "", data, p, time.Now()) // real time: Last-Modified, which browsers compare with their own clock
		}
		doc, status, whole := e.document(c, p)
		if !whole {
			once, onceStatus = doc, status
			return kept{}, nil
		}
		return e.keyOf(c, path, rawQuery, as, p), newCachedPage(c.Request.Context(), status, "text/html; charset=utf-8", e.CSP(p.Layout, p.Head.Brand), doc, p, time.Now()) // real time: as above
	})
	switch {
	case f.entry != nil:
		if as == asDocument {
			e.served(c, f.entry.route)
		}
		e.cacheLookup(!led)
		e.pages.serve(c.Writer, c.Request, f.entry)
		return
	case once != nil:
		writeHTML(c, onceStatus, e.CSP(p.Layout, p.Head.Brand), once) // a failed render's error page keeps the colour
		return
	case p == nil:
		// It waited for a page that was not one to share: its own, then.
		p = e.loadAsked(c, path, rawQuery, asked)
	}
	if as == asData {
		c.Header("Cache-Control", "no-store")
		if p.Redirect != "" {
			// The router's loader follows it (ui/src/router/data.ts).
			c.JSON(http.StatusOK, gin.H{"redirect": p.Redirect, "status": p.Status})
			return
		}
		e.WriteData(c, p)
		return
	}
	if p.Redirect != "" {
		if p.Status == http.StatusSeeOther { // this visitor's, for now (Result.SeeOther)
			c.Header("Cache-Control", "no-store")
		}
		c.Redirect(p.Status, p.Redirect)
		return
	}
	e.Write(c, p)
}

// Find looks for the page a GET or HEAD asks for in the cache, before any
// router or middleware has seen the request (web's front door): most
// requests are for a kept page, and Find and Answer are all they cost.
// Not found, the request takes the whole way (Serve), which finds, or
// loads and keeps, the page. business is the request's (its host's).
func (e *Engine) Find(r *http.Request, business *hosts.Business) (Kept, bool) {
	path := r.URL.EscapedPath()
	var buf [256]byte
	_, hit := e.lookup(buf[:0], r, whose{id: business.ID, locale: business.Locale}, path, e.query(path, r.URL.RawQuery), asDocument)
	return Kept{hit}, hit != nil
}

// Kept is a page Find found.
type Kept struct{ page *cachedPage }

// Route names the page's route as the request metrics count it.
func (k Kept) Route() string { return k.page.route }

// Answer answers with a page Find found, as Serve would, and tells the
// status sent.
func (e *Engine) Answer(w http.ResponseWriter, r *http.Request, k Kept) int {
	e.cacheLookup(true)
	w.Header()["X-Cache"] = cacheHit
	return e.pages.serve(w, r, k.page)
}

// fill makes the cached answer for key once for every request that misses
// it at the same moment (since: the cache's invalidation number when they
// began), and stores it under the key its page says (a page that varies
// by a cookie is kept per value): when a booking drops the booking page,
// its next visitors wait for one render instead of each making their own,
// and the booking after it is not stuck behind their queries. A request
// that began after a change starts another. build returns nil for a page
// that is not one to share; then only its own request has it (led).
func (e *Engine) fill(key string, since uint64, build func() (kept, *cachedPage)) (filled, bool) {
	led := false
	v, _, _ := e.flights.Do(key+"\x00"+strconv.FormatUint(since, 10), func() (any, error) {
		led = true
		at, entry := build()
		f := filled{entry: entry}
		f.stored = entry != nil && e.pages.put(at.key, entry, since)
		if f.stored && len(at.cookies) > 0 {
			e.pages.put(at.address, newMarker(entry, at.cookies), since)
		}
		return f, nil
	})
	return v.(filled), led
}

// kept is where a loaded page is kept: its key, and when its key names
// cookies, its address's key (the key without them) and the cookies'
// names, for the marker that a hit then follows (lookup).
type kept struct {
	key, address string
	cookies      []string
}

// filled is a page made for the cache, and whether the cache kept it.
type filled struct {
	entry  *cachedPage
	stored bool
}

// loadAsked loads a page from the query its route reads; a page that
// is not there says so of the address as it was asked (the spec's "Page
// Not Found: <path>" names the whole URL), which is loaded again for that.
func (e *Engine) loadAsked(c *gin.Context, path, rawQuery, asked string) *Payload {
	p := e.Load(c, path, rawQuery)
	if p.Status == http.StatusNotFound && rawQuery != asked {
		p = e.Load(c, path, asked)
	}
	return p
}

// query is a page's query as it is loaded, cached and rendered: only
// the parameters its route reads (route.Route.KeepQuery), so one asked
// with ?cb=<random> or a campaign's utm_* is the same page.
func (e *Engine) query(path, rawQuery string) string {
	if rawQuery == "" {
		return "" // most requests: nothing to match the route for
	}
	_, basePath, _ := SplitLocale(path)
	// Matched, not only named (RouteOf): an address its route refuses
	// keeps its whole query, which its redirect (to lower case, say) or
	// its 404 then names.
	if m, ok := e.opt.Routes.Match(basePath); ok {
		return m.Route.KeepQuery(rawQuery)
	}
	return rawQuery
}

// lookup finds a page in the cache by its address's key (appendAddress),
// which holds the page itself when its route's pages read no cookie, or a
// marker naming the cookies its key holds (a booking page reads the
// visitor's time zone): no route is matched for a hit. A page not found
// so is looked for by the key its route's cookies make, as far as they
// are known (a marker evicted, or a page kept before it): the key a miss
// is then loaded under, so once a route's pages are known to read a
// cookie, two visitors with different values of it never share a load.
func (e *Engine) lookup(dst []byte, r *http.Request, who whose, path, rawQuery string, as form) ([]byte, *cachedPage) {
	prefix, _, _ := SplitLocale(path)
	dst = e.appendAddress(dst, r, who, prefix, path, rawQuery, as)
	hit := e.pages.getFollowing(dst, e, r)
	if hit != nil {
		return dst, hit
	}
	// dst is still the address (a marker followed wrote past its end):
	// the key is it and the cookies its route's pages are known to read.
	dst = e.appendCookies(dst, r, e.routeCookies(path))
	if hit = e.pages.get(dst); hit != nil && hit.cookies != nil {
		hit = nil // a marker, its route's cookies not learnt here yet
	}
	return dst, hit
}

// whose is what a page's key takes from the business a request is for:
// its id, and the language it writes in (ResolveLocale's last choice).
type whose struct {
	id     int64
	locale string
}

func whoseOf(ctx context.Context) whose {
	id, _ := db.BusinessOf(ctx)
	return whose{id: id, locale: businessLocale(ctx)}
}

// appendKey appends the key that names a page in the cache by what it
// depends on: its URL, language and cookie banner, whether it is the
// document or the data, and the cookies its route's pages were found to
// vary by (a booking page reads the visitor's time zone), each as cleaned
// for the loader.
func (e *Engine) appendKey(dst []byte, r *http.Request, who whose, path, rawQuery string, as form) []byte {
	prefix, _, _ := SplitLocale(path)
	return e.appendCookies(e.appendAddress(dst, r, who, prefix, path, rawQuery, as), r, e.routeCookies(path))
}

// routeCookies is the cookies the pages of path's route were found to
// read, by the route's name alone: a path whose parameters its route
// refuses is no page, so nothing is kept under the key it makes.
func (e *Engine) routeCookies(path string) []string {
	_, basePath, _ := SplitLocale(path)
	if route, ok := e.opt.Routes.RouteOf(basePath); ok {
		return e.pages.variesOf(route.Name)
	}
	return nil
}

// keyOf is where a loaded page is kept: under its own cookies, learnt
// for its route from then on.
func (e *Engine) keyOf(c *gin.Context, path, rawQuery string, as form, p *Payload) kept {
	e.pages.vary(p.Route, p.varies)
	prefix, _, _ := SplitLocale(path)
	address := e.appendAddress(nil, c.Request, whoseOf(c.Request.Context()), prefix, path, rawQuery, as)
	cookies := e.pages.variesOf(p.Route)
	if len(cookies) == 0 {
		return kept{key: string(address)}
	}
	return kept{key: string(e.appendCookies(slices.Clip(address), c.Request, cookies)), address: string(address), cookies: cookies}
}

// appendAddress appends what names a page whatever its cookies: its
// business, form, language, cookie banner, address and query.
func (e *Engine) appendAddress(dst []byte, r *http.Request, who whose, prefix, path, rawQuery string, as form) []byte {
	kind := "doc"
	if as == asData {
		kind = "data"
	}
	dst = appendBusinessPrefix(dst, who.id)
	for _, part := range [...]string{kind, resolveLocale(r, prefix, who.locale), consentIn(r), path, rawQuery} {
		dst = append(append(dst, 0), part...)
	}
	return dst
}

// appendCookies appends each of the cookies named, as cleaned for the
// loader ("" when it is not sent or does not clean).
func (e *Engine) appendCookies(dst []byte, r *http.Request, names []string) []byte {
	for _, name := range names {
		value := ""
		if v, ok := CookieValue(r, name); ok {
			if clean := e.opt.Cookies[name]; clean != nil {
				if v, ok := clean(v); ok {
					value = v
				}
			}
		}
		dst = append(append(append(append(dst, 0), name...), '='), value...)
	}
	return dst
}

// forABusiness tells whether the request names its business: a page is
// kept under its business and dropped by that business's notices, so one
// of no business (a server built without a map of hosts) is never kept.
func forABusiness(c *gin.Context) bool {
	_, ok := db.BusinessOf(c.Request.Context())
	return ok
}

// cacheable tells whether a loaded page may be cached: one its loader
// gave tags to (what it shows, so a change can drop it), of a route that
// names its query's parameters (another query cannot make another page),
// not one visitor's (a form key), and not an error.
func (e *Engine) cacheable(p *Payload) bool {
	r := e.opt.Routes.Route(p.Route)
	return p.Status == http.StatusOK && len(p.tags) > 0 && r != nil && r.Query != nil && len(p.formKeys) == 0 && r.Layout != route.LayoutAdmin
}

// WriteData answers with a page's payload as JSON, under the page's
// status: a navigation's data, or a form post's refusal asked for as data.
func (e *Engine) WriteData(c *gin.Context, p *Payload) {
	c.Header("Cache-Control", "no-store")
	data, err := p.marshal()
	if err != nil {
		APIError(c, http.StatusInternalServerError, "internal", "Internal Server Error")
		return
	}
	c.Data(p.Status, "application/json; charset=utf-8", data)
}

func (e *Engine) cacheLookup(hit bool) {
	if e.opt.CacheLookup != nil {
		e.opt.CacheLookup(hit)
	}
}
