package web

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/andybalholm/brotli"
	"github.com/gin-gonic/gin"
)

// Published website pages are sent from memory: each is rendered once per
// path, language and cookie-consent state, compressed once (gzip and
// brotli), and answered with an ETag and Last-Modified so a browser's
// revalidation costs a 304. A change to content invalidates exactly the
// pages that show it, in every replica: the database's triggers notify
// slotwise_content with a tag (migration 000010), and every page carries
// the tags of what it shows (PageResult.Tags). While the notifications are
// not being heard (before WatchContent connects, or after it loses the
// connection) nothing is served from the cache: a missed change would
// otherwise show a stale page.

// ContentChannel is where the database announces content changes.
const ContentChannel = "slotwise_content"

type cachedPage struct {
	status   int
	csp      string
	body     []byte // the whole document
	gzip     []byte
	brotli   []byte
	etag     string // strong: a hash of body, as sent without an encoding
	modified time.Time
	tags     []string
	route    string // the page's route, for the request metrics
}

func (e *cachedPage) size() int { return len(e.body) + len(e.gzip) + len(e.brotli) }

type pageCache struct {
	mu       sync.RWMutex
	live     bool // hearing notifications: only then may the cache serve
	entries  map[string]*cachedPage
	byTag    map[string]map[string]struct{}
	bytes    int
	maxBytes int
}

func newPageCache(maxBytes int) *pageCache {
	return &pageCache{entries: map[string]*cachedPage{}, byTag: map[string]map[string]struct{}{}, maxBytes: maxBytes}
}

func (c *pageCache) get(key string) *cachedPage {
	c.mu.RLock()
	defer c.mu.RUnlock()
	if !c.live {
		return nil
	}
	return c.entries[key]
}

// put stores a page unless the cache is not live (its content could already
// be stale) or the page alone is larger than the whole cache.
func (c *pageCache) put(key string, e *cachedPage) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.live || e.size() > c.maxBytes {
		return
	}
	if old := c.entries[key]; old != nil {
		c.dropLocked(key, old)
	}
	if c.bytes+e.size() > c.maxBytes {
		// Full: start afresh. Pages are cheap to render again, and a full
		// cache of this size means many more pages than hot ones.
		c.clearLocked()
	}
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
}

// invalidate drops every page that carries tag.
func (c *pageCache) invalidate(tag string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for key := range c.byTag[tag] {
		if e := c.entries[key]; e != nil {
			c.dropLocked(key, e)
		}
	}
	delete(c.byTag, tag)
}

// setLive turns serving on or off; either way what is cached is dropped,
// since changes may have been missed.
func (c *pageCache) setLive(live bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.live = live
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

// pageCacheKey names a page as its cached bytes depend on it: the path and
// query as asked, the language it is rendered in, and whether the cookie
// banner shows.
func pageCacheKey(locale, consent, path, rawQuery string) string {
	return locale + "\x00" + consent + "\x00" + path + "\x00" + rawQuery
}

// cacheablePage tells whether a loaded page may be cached: a published
// website page (previews and errors never). Its colour's style is allowed
// by its hash, the same for every answer (pageCSP).
func cacheablePage(p *Payload, tags []string) bool {
	return p.Status == http.StatusOK && p.Layout == "page" && (p.Route == "website" || p.Route == "index") && len(tags) > 0
}

// newCachedPage compresses a rendered document once.
func newCachedPage(status int, csp string, body []byte, tags []string, now time.Time) *cachedPage {
	sum := sha256.Sum256(body)
	e := &cachedPage{status: status, csp: csp, body: body, etag: `"` + hex.EncodeToString(sum[:12]) + `"`, modified: now.UTC().Truncate(time.Second), tags: tags}
	var gz bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression)
	zw.Write(body)
	zw.Close()
	e.gzip = gz.Bytes()
	var br bytes.Buffer
	bw := brotli.NewWriterLevel(&br, brotli.BestCompression)
	bw.Write(body)
	bw.Close()
	e.brotli = br.Bytes()
	return e
}

// serveCached answers from a cached page: 304 when the browser has the
// encoding it accepts best, else that encoding.
func serveCached(c *gin.Context, e *cachedPage) {
	coding, body := "", e.body
	switch accepted := c.GetHeader("Accept-Encoding"); {
	case acceptsEncoding(accepted, "br"):
		coding, body = "br", e.brotli
	case acceptsEncoding(accepted, "gzip"):
		coding, body = "gzip", e.gzip
	}
	etag := encodedETag(e.etag, coding)
	h := c.Writer.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	// Revalidate every time: a 304 costs little, and an edit shows at once.
	h.Set("Cache-Control", "no-cache")
	h.Set("Vary", "Cookie, Accept-Language, Accept-Encoding")
	h.Set("Content-Security-Policy", e.csp)
	h.Set("ETag", etag)
	h.Set("Last-Modified", e.modified.Format(http.TimeFormat))
	if notModified(c.Request, etag, e.modified) {
		c.Status(http.StatusNotModified)
		c.Writer.WriteHeaderNow()
		return
	}
	if coding != "" {
		h.Set("Content-Encoding", coding)
	}
	h.Set("Content-Length", strconv.Itoa(len(body)))
	c.Status(e.status)
	if c.Request.Method == http.MethodHead {
		c.Writer.WriteHeaderNow()
		return
	}
	_, _ = c.Writer.Write(body)
}

// notModified: If-None-Match, when sent, decides alone (RFC 9110 section
// 13.2.2); else If-Modified-Since.
func notModified(r *http.Request, etag string, modified time.Time) bool {
	if inm := r.Header.Get("If-None-Match"); inm != "" {
		return etagMatches(inm, etag)
	}
	if ims := r.Header.Get("If-Modified-Since"); ims != "" {
		if t, err := http.ParseTime(ims); err == nil && !modified.After(t) {
			return true
		}
	}
	return false
}

// acceptsEncoding tells whether an Accept-Encoding value takes coding (not
// refused with q=0).
func acceptsEncoding(header, coding string) bool {
	for _, part := range strings.Split(header, ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if !strings.EqualFold(strings.TrimSpace(name), coding) {
			continue
		}
		q := strings.ReplaceAll(strings.TrimSpace(params), " ", "")
		return q != "q=0" && q != "q=0.0" && q != "q=0.00" && q != "q=0.000"
	}
	return false
}
