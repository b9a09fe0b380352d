package pages

import (
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"maps"
	"net/http"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/andybalholm/brotli"
)

// Published website pages and the booking pages are sent from memory:
// each is rendered once per URL, language, time zone and cookie-consent
// state, compressed once in each encoding a visitor asks for (gzip, brotli)
// when the first asks, and answered with an ETag and
// Last-Modified so a browser's revalidation costs a 304. A change
// invalidates exactly the pages that show it, in every replica: the
// database's triggers notify slotwise_content with a tag (migrations
// 000010 and 000017), and every page carries the tags of what it shows
// (Result.Tags). A booking page also stops at the moment its times
// would change by time passing alone (Result.Until). While the
// notifications are not being heard (before the listener connects, or
// after it loses the connection) nothing is served from the cache: a
// missed change would otherwise show a stale page.

// businessTags names tags as the database announces them: "<business>/<tag>".
func businessTags(ctx context.Context, tags []string) []string {
	prefix := businessPrefix(ctx)
	out := make([]string, len(tags))
	for i, t := range tags {
		out[i] = prefix + t
	}
	return out
}

// businessPrefix is the business ctx works for, as it starts a cache key
// and a tag: two businesses' pages of one address are two pages.
func businessPrefix(ctx context.Context) string {
	return string(appendBusinessPrefix(nil, whoseOf(ctx).id))
}

func appendBusinessPrefix(dst []byte, id int64) []byte {
	return append(strconv.AppendInt(dst, id, 10), '/')
}

// ContentChannel is where the database announces changes to what cached
// pages show.
const ContentChannel = "slotwise_content"

// syncPrefix marks a notification a replica sends itself to learn that it
// has heard every change committed before it (pageCache.catchUp).
const syncPrefix = "sync:"

type cachedPage struct {
	status int
	csp    string
	body   []byte // the whole document
	etag   string // strong: a hash of body, as sent without an encoding
	// variants are the answers in each encoding, their headers made once:
	// a hit copies them, so serving costs little more than the bytes. An
	// encoding is made when a request first accepts it as its best (made):
	// a page's first render compresses only what its visitor reads. The
	// brotli answer is replaced once by a smaller one (polish).
	variants [3]atomic.Pointer[cachedVariant] // identity, gzip, br
	made     [3]sync.Once
	quality  int         // brotli's at its best for this page (brotliQuality)
	polished atomic.Bool // the brotli answer is at quality, or is being made so
	encoded  int         // bytes of the encodings made so far; the cache's lock guards it
	key      string      // the cache's key of it, once put
	modified time.Time
	tags     []string
	until    time.Time // zero: until a tag is invalidated
	route    string    // the page's route, for the request metrics
	used     atomic.Uint64
	// contentType tells a page's document from its data (/api/page-data).
	contentType string
	// cookies makes the entry a marker: the page at its address is kept
	// under the key with these cookies' values (Engine.lookup).
	cookies []string
}

// newMarker is the marker of a page kept under a key with cookies: it
// lasts as long as the page (its tags and until), so it is dropped with it.
func newMarker(page *cachedPage, cookies []string) *cachedPage {
	return &cachedPage{tags: page.tags, until: page.until, route: page.route, cookies: cookies}
}

// markerBytes is what a marker counts in the cache's bytes: no body, but
// not nothing, so markers are evicted too.
const markerBytes = 256

// The encodings' places in cachedPage.variants.
const (
	identity = iota
	gzipped
	brotlied
)

var codings = [3]string{identity: "", gzipped: "gzip", brotlied: "br"}

func (e *cachedPage) size() int {
	if e.cookies != nil {
		return markerBytes
	}
	return len(e.body) + e.encoded
}

type cachedVariant struct {
	body        []byte
	etag        string
	full        http.Header // the 200's (or the page's status's)
	notModified http.Header // the 304's
}

// prepare makes each encoding's ETag and 304 headers, and the identity's
// answer. Each value is a slice of its own length, so a handler that added
// to a header after copying it could not write into the shared one.
func (e *cachedPage) prepare() {
	modified := e.modified.Format(http.TimeFormat)
	for i, coding := range codings {
		etag := encodedETag(e.etag, coding)
		same := http.Header{
			"Content-Type": {e.contentType},
			// Revalidate every time: a 304 costs little, and an edit shows at once.
			"Cache-Control": {"no-cache"},
			"Vary":          {"Cookie, Accept-Language, Accept-Encoding"},
			"Etag":          {etag},
			"Last-Modified": {modified},
		}
		if e.csp != "" {
			same["Content-Security-Policy"] = []string{e.csp}
		}
		e.variants[i].Store(&cachedVariant{etag: etag, notModified: same})
	}
	e.made[identity].Do(func() { e.finish(identity, e.body) })
}

// finish makes encoding i's answer of its body.
func (e *cachedPage) finish(i int, body []byte) {
	v := *e.variants[i].Load()
	full := v.notModified.Clone()
	if i != identity {
		full["Content-Encoding"] = []string{codings[i]}
	}
	full["Content-Length"] = []string{strconv.Itoa(len(body))}
	v.body, v.full = body, full
	e.variants[i].Store(&v)
}

// variant is encoding i's answer, compressed now if no request asked for
// it before; the cache counts the bytes it adds. Brotli is made at once
// at firstBrotli's quality, the one its first reader waits for: a page's
// own quality costs more than the rest of a first render (11: some 40 ms
// of CPU for a page of 14 KB; 5: over a millisecond for a booking page of
// 28 KB, a fifth of a miss's CPU), for a fifth fewer bytes, which a page
// read once (a crawler going through a thousand businesses' sites, the
// first visitors of as many booking pages) never pays back. A page read
// again is compressed at its own quality off the request path (polish).
func (c *pageCache) variant(e *cachedPage, i int) *cachedVariant {
	first := false
	e.made[i].Do(func() {
		first = true
		body := compress(i, e.body, firstBrotli)
		e.finish(i, body)
		c.count(e, len(body))
	})
	// Read before the swap: a hit of a page polished already writes
	// nothing to memory the cores share.
	if i == brotlied && !first && !e.polished.Load() && e.polished.CompareAndSwap(false, true) {
		c.polish(e)
	}
	return e.variants[i].Load()
}

// count adds n bytes of an encoding of e to the cache's count.
func (c *pageCache) count(e *cachedPage, n int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e.encoded += n
	if c.entries[e.key] == e {
		c.bytes += n
	}
}

// polishing holds one token: a single page is compressed at its best at
// a time, beside the requests, so however many pages are read again at
// once, the work takes at most a core of the machine.
var polishing = make(chan struct{}, 1)

// polish replaces e's brotli answer by one at its own quality, in the
// background. When another page is being polished, e is left for a later
// request to polish. The answer keeps its ETag: both are the same page in
// the same encoding, and pages are never served in ranges, whose parts
// only the same bytes could join.
func (c *pageCache) polish(e *cachedPage) {
	select {
	case polishing <- struct{}{}:
	default:
		e.polished.Store(false)
		return
	}
	go func() {
		defer func() { <-polishing }()
		body := compress(brotlied, e.body, e.quality)
		v := *e.variants[brotlied].Load()
		quick := len(v.body)
		v.full = maps.Clone(v.full)
		v.full["Content-Length"] = []string{strconv.Itoa(len(body))}
		v.body = body
		e.variants[brotlied].Store(&v)
		c.count(e, len(body)-quick)
	}()
}

// Compressors are reused: each holds hundreds of kilobytes of state, and
// making one costs more than compressing a page with it.
var (
	gzipBest = sync.Pool{New: func() any { w, _ := gzip.NewWriterLevel(nil, gzip.BestCompression); return w }}
	// brotlis holds a pool for each quality a page is compressed at.
	brotlis = map[int]*sync.Pool{brotli.BestCompression: brotliPool(brotli.BestCompression), quickBrotli: brotliPool(quickBrotli),
		firstBrotli: brotliPool(firstBrotli)}
)

func brotliPool(quality int) *sync.Pool {
	return &sync.Pool{New: func() any { return brotli.NewWriterLevel(nil, quality) }}
}

func compress(i int, body []byte, quality int) []byte {
	var buf bytes.Buffer
	buf.Grow(len(body) / 3)
	switch i {
	case gzipped:
		zw := gzipBest.Get().(*gzip.Writer)
		zw.Reset(&buf)
		zw.Write(body)
		zw.Close()
		zw.Reset(nil)
		gzipBest.Put(zw)
	case brotlied:
		pool := brotlis[quality]
		bw := pool.Get().(*brotli.Writer)
		bw.Reset(&buf)
		bw.Write(body)
		bw.Close()
		bw.Reset(nil)
		pool.Put(bw)
	}
	return buf.Bytes()
}

type pageCache struct {
	mu       sync.RWMutex
	live     bool // hearing notifications: only then may the cache serve
	entries  map[string]*cachedPage
	byTag    map[string]map[string]struct{}
	bytes    int
	maxBytes int
	now      func() time.Time // the clock a page's Until is read on
	// Every invalidation has a number. A page loaded before an
	// invalidation of one of its tags may show what it changed, so it is
	// not stored (put's since): without this a render that began before a
	// booking and ended after the notice would keep the taken time.
	seq       uint64
	dropped   map[string]uint64 // tag → the number of its last invalidation
	clearedAt uint64            // the number of the last clear (live turned on or off)
	// clock counts the pages kept: a page read is marked with its value,
	// for evicting the least recently used. It moves only when a page is
	// kept, and a read marks a page only when its mark is older, so the
	// reads of a busy page on several cores do not each write to memory
	// they all share.
	clock   atomic.Uint64
	waiting map[string]chan struct{}
	// catchUpWait bounds how long catchUp waits for its mark.
	catchUpWait time.Duration
	// varies are the cookies each route's pages were found to vary by
	// (Request.Cookie): learnt from the pages loaded, a route at a time.
	varies map[string][]string
}

func newPageCache(maxBytes int, now func() time.Time) *pageCache {
	return &pageCache{entries: map[string]*cachedPage{}, byTag: map[string]map[string]struct{}{}, maxBytes: maxBytes,
		now: now, dropped: map[string]uint64{}, waiting: map[string]chan struct{}{}, catchUpWait: 2 * time.Second,
		varies: map[string][]string{}}
}

// variesOf is the cookies a route's pages vary by, as far as known.
func (c *pageCache) variesOf(routeName string) []string {
	c.mu.RLock()
	defer c.mu.RUnlock()
	return c.varies[routeName]
}

// vary learns the cookies a page of a route was found to vary by. A route
// whose pages read a cookie only sometimes varies by it from then on: a
// key with one more cookie is the same page, kept once more at worst.
func (c *pageCache) vary(routeName string, names []string) {
	if len(names) == 0 {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	known := c.varies[routeName]
	for _, n := range names {
		if !slices.Contains(known, n) {
			known = append(slices.Clip(known), n)
		}
	}
	slices.Sort(known)
	c.varies[routeName] = known
}

func (c *pageCache) get(key []byte) *cachedPage {
	c.mu.RLock()
	defer c.mu.RUnlock()
	return c.getLocked(key)
}

// getFollowing is get of key, and when key holds a marker, of the key
// with the marker's cookies as r sends them (Engine.lookup). The cookies
// are read and cleaned between the two reads, outside the lock: cleaning
// one may read a file (an unknown time zone).
func (c *pageCache) getFollowing(key []byte, eng *Engine, r *http.Request) *cachedPage {
	e := c.get(key)
	if e != nil && e.cookies != nil {
		e = c.get(eng.appendCookies(key, r, e.cookies))
	}
	if e != nil && e.cookies != nil {
		return nil // a key with cookies holds a page, never a marker
	}
	return e
}

func (c *pageCache) getLocked(key []byte) *cachedPage {
	if !c.live {
		return nil
	}
	e := c.entries[string(key)] // looked up without a copy of the key
	if e == nil || (!e.until.IsZero() && !c.now().Before(e.until)) {
		return nil
	}
	if now := c.clock.Load(); e.used.Load() != now {
		e.used.Store(now)
	}
	return e
}

// begin is the number to give put for a page loaded from now on.
func (c *pageCache) begin() uint64 {
	c.mu.RLock()
	defer c.mu.RUnlock()
	return c.seq
}

// put stores a page loaded since begin returned since, unless the cache is
// not live (its content could already be stale), one of its tags was
// invalidated meanwhile, or the page alone is larger than the whole cache.
func (c *pageCache) put(key string, e *cachedPage, since uint64) (stored bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.live || c.clearedAt > since || e.size() > c.maxBytes {
		return false
	}
	for _, t := range e.tags {
		if c.dropped[t] > since {
			return false
		}
	}
	if old := c.entries[key]; old != nil {
		c.dropLocked(key, old)
	}
	if c.bytes+e.size() > c.maxBytes {
		c.evictLocked(c.maxBytes*3/4 - e.size())
	}
	e.used.Store(c.clock.Add(1))
	e.key = key
	c.entries[key] = e
	c.bytes += e.size()
	for _, t := range e.tags {
		keys := c.byTag[t]
		if keys == nil {
			keys = map[string]struct{}{}
			c.byTag[t] = keys
		}
		keys[key] = struct{}{}
	}
	return true
}

// evictLocked drops the least recently used pages until at most target
// bytes remain: many URLs asked once cannot push out the pages asked often.
func (c *pageCache) evictLocked(target int) {
	keys := make([]string, 0, len(c.entries))
	for k := range c.entries {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { return c.entries[keys[i]].used.Load() < c.entries[keys[j]].used.Load() })
	for _, k := range keys {
		if c.bytes <= target {
			return
		}
		c.dropLocked(k, c.entries[k])
	}
}

// notice handles one notification: a tag whose pages are dropped, or a
// replica's own sync mark.
func (c *pageCache) notice(payload string) {
	if token, ok := strings.CutPrefix(payload, syncPrefix); ok {
		c.mu.Lock()
		if ch := c.waiting[token]; ch != nil {
			close(ch)
			delete(c.waiting, token)
		}
		c.mu.Unlock()
		return
	}
	c.invalidate(payload)
}

// invalidate drops every page that carries tag.
func (c *pageCache) invalidate(tag string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.seq++
	c.dropped[tag] = c.seq
	for key := range c.byTag[tag] {
		if e := c.entries[key]; e != nil {
			c.dropLocked(key, e)
		}
	}
	delete(c.byTag, tag)
}

// catchUp returns once this replica has heard every change committed
// before it was called, so a visitor who just booked is never shown the
// time again by the replica that booked it. PostgreSQL delivers a
// listener's notifications in the order their transactions committed: a
// mark sent now arrives after them. Not live, nothing is served from the
// cache and there is nothing to wait for; a mark that does not come back
// in time (the listener is stuck) empties the cache instead.
func (c *pageCache) catchUp(ctx context.Context, notify func(ctx context.Context, payload string) error) {
	c.mu.Lock()
	if !c.live {
		c.mu.Unlock()
		return
	}
	token := newNonce()
	heard := make(chan struct{})
	c.waiting[token] = heard
	c.mu.Unlock()
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), c.catchUpWait)
	defer cancel()
	if err := notify(ctx, syncPrefix+token); err == nil {
		select {
		case <-heard:
			return
		case <-ctx.Done():
		}
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	delete(c.waiting, token)
	c.seq++
	c.clearedAt = c.seq
	c.clearLocked()
}

// setLive turns serving on or off; either way what is cached is dropped,
// since changes may have been missed.
func (c *pageCache) setLive(live bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.live = live
	c.seq++
	c.clearedAt = c.seq
	c.clearLocked()
}

func (c *pageCache) dropLocked(key string, e *cachedPage) {
	delete(c.entries, key)
	c.bytes -= e.size()
	for _, t := range e.tags {
		delete(c.byTag[t], key)
	}
}

func (c *pageCache) clearLocked() {
	c.entries = map[string]*cachedPage{}
	c.byTag = map[string]map[string]struct{}{}
	c.bytes = 0
}

// newCachedPage keeps a page's answer; each encoding is made on its first
// use (pageCache.variant).
// Its tags are its business's (businessTags): the database announces each
// change with the business it belongs to (migration 000029).
func newCachedPage(ctx context.Context, status int, contentType, csp string, body []byte, p *Payload, now time.Time) *cachedPage {
	sum := sha256.Sum256(body)
	e := &cachedPage{status: status, contentType: contentType, csp: csp, body: body, etag: `"` + hex.EncodeToString(sum[:12]) + `"`,
		modified: now.UTC().Truncate(time.Second), tags: businessTags(ctx, p.tags), until: p.until, route: "page:" + p.Route,
		quality: brotliQuality(p)}
	e.prepare()
	return e
}

// brotliQuality is how hard a page read again is compressed (its first
// answer is at firstBrotli). A page that lasts until an edit (a post, a
// product) is compressed once at brotli's best (50 ms for 27 KB, a tenth
// smaller); a page that time alone ends (a booking page, in as many
// variants as days, zones and staff) is rendered again often, and a
// quality of 5 compresses it in about a millisecond.
func brotliQuality(p *Payload) int {
	if p.until.IsZero() {
		return brotli.BestCompression
	}
	return quickBrotli
}

// quickBrotli is the quality of pages that time alone ends.
const quickBrotli = 5

// firstBrotli is the quality of a page's first brotli answer: for a
// booking page of 28 KB, 0.3 ms of CPU and 6.5 KB, against quickBrotli's
// 1.2 ms and 5.1 KB (BenchmarkBrotliQualities).
const firstBrotli = 1

// serve answers from a cached page: 304 when the browser has the
// encoding it accepts best, else that encoding. It tells the status.
func (c *pageCache) serve(w http.ResponseWriter, r *http.Request, e *cachedPage) int {
	i := identity
	switch accepted := HeaderValue(r.Header, "Accept-Encoding"); {
	case acceptsEncoding(accepted, "br"):
		i = brotlied
	case acceptsEncoding(accepted, "gzip"):
		i = gzipped
	}
	h := w.Header()
	if v := e.variants[i].Load(); notModified(r, v.etag, e.modified) {
		maps.Copy(h, v.notModified)
		writeHeaderNow(w, http.StatusNotModified)
		return http.StatusNotModified
	}
	v := c.variant(e, i)
	maps.Copy(h, v.full)
	if r.Method == http.MethodHead {
		writeHeaderNow(w, e.status)
		return e.status
	}
	w.WriteHeader(e.status)
	_, _ = w.Write(v.body)
	return e.status
}

// writeHeaderNow sends the status and headers of an answer with no body:
// gin's writer only records a status until told to send it.
func writeHeaderNow(w http.ResponseWriter, status int) {
	w.WriteHeader(status)
	if g, ok := w.(interface{ WriteHeaderNow() }); ok {
		g.WriteHeaderNow()
	}
}

// notModified: If-None-Match, when sent, decides alone (RFC 9110 section
// 13.2.2); else If-Modified-Since.
func notModified(r *http.Request, etag string, modified time.Time) bool {
	if inm := HeaderValue(r.Header, "If-None-Match"); inm != "" {
		return etagMatches(inm, etag)
	}
	if ims := HeaderValue(r.Header, "If-Modified-Since"); ims != "" {
		if t, err := http.ParseTime(ims); err == nil && !modified.After(t) {
			return true
		}
	}
	return false
}

// acceptsEncoding tells whether an Accept-Encoding value takes coding (not
// refused with q=0).
func acceptsEncoding(header, coding string) bool {
	for part := range strings.SplitSeq(header, ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if !strings.EqualFold(strings.TrimSpace(name), coding) {
			continue
		}
		q := strings.ReplaceAll(strings.TrimSpace(params), " ", "")
		return q != "q=0" && q != "q=0.0" && q != "q=0.00" && q != "q=0.000"
	}
	return false
}
