package web

import (
	"bytes"
	"container/list"
	"crypto/sha256"
	"net/http"
	"strings"
	"sync"

	"github.com/gin-gonic/gin"
)

// renderCache keeps the HTML of recent renders by what they were rendered
// from (the URL and the payload's bytes): the same payload renders to the
// same HTML, so rendering it twice is wasted work. A widget's page is the
// same for every visitor of a minute (its payload carries no visitor's
// data; what differs per visitor is put in after the render: see
// perRequest), so under load most pages skip V8.
type renderCache struct {
	mu      sync.Mutex
	max     int // entries
	maxSize int // bytes of HTML in all
	size    int
	order   *list.List // front: most recently used
	entries map[[32]byte]*list.Element
}

type renderEntry struct {
	key  [32]byte
	html string
}

func newRenderCache(entries, bytes int) *renderCache {
	return &renderCache{max: entries, maxSize: bytes, order: list.New(), entries: map[[32]byte]*list.Element{}}
}

func renderKey(url string, payload []byte) [32]byte {
	h := sha256.New()
	h.Write([]byte(url))
	h.Write([]byte{0})
	h.Write(payload)
	var k [32]byte
	copy(k[:], h.Sum(nil))
	return k
}

func (c *renderCache) get(k [32]byte) (string, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	el, ok := c.entries[k]
	if !ok {
		return "", false
	}
	c.order.MoveToFront(el)
	return el.Value.(*renderEntry).html, true
}

func (c *renderCache) put(k [32]byte, html string) {
	if len(html) > c.maxSize/8 {
		return // one page must not push out the rest
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.entries[k]; ok {
		return
	}
	c.entries[k] = c.order.PushFront(&renderEntry{key: k, html: html})
	c.size += len(html)
	for c.order.Len() > c.max || c.size > c.maxSize {
		last := c.order.Back()
		e := last.Value.(*renderEntry)
		c.order.Remove(last)
		delete(c.entries, e.key)
		c.size -= len(e.html)
	}
}

// perRequestSentinel stands in a payload for what must differ per request
// (the idempotency key of a form): pages render and cache with it, and each
// answer gets its own value in its place.
const perRequestSentinel = "perrequest0sentinel0000000"

// formKey answers GET /api/form-key: a fresh form key, for a form the
// browser shows on a page that was the same for every visitor (a booking
// page's details step reached from its cached calendar step).
func (s *Server) formKey(c *gin.Context) {
	c.Header("Cache-Control", "no-store")
	c.JSON(http.StatusOK, gin.H{"formKey": s.issueFormKey()})
}

func (s *Server) issueFormKey() string {
	if s.keys != nil {
		return s.keys.Issue() // signed with its time (formkey)
	}
	return newNonce()
}

// perRequest puts a fresh form key where the sentinel stands, the same in
// the HTML and the payload of one answer.
func (s *Server) perRequest(html string, payload []byte) (string, []byte) {
	if !bytes.Contains(payload, []byte(perRequestSentinel)) {
		return html, payload // the HTML is rendered from the payload: no sentinel there, none here
	}
	fresh := s.issueFormKey()
	return strings.ReplaceAll(html, perRequestSentinel, fresh), bytes.ReplaceAll(payload, []byte(perRequestSentinel), []byte(fresh))
}
