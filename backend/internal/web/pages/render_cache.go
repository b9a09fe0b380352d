package pages

import (
	"bytes"
	"container/list"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"net/http"
	"strconv"
	"strings"
	"sync"

	"github.com/gin-gonic/gin"
)

// renderCache keeps the HTML of recent renders by what they were rendered
// from (the URL and the payload's bytes): the same payload renders to the
// same HTML, so rendering it twice is wasted work. A widget's page is the
// same for every visitor of a minute (its payload carries no visitor's
// data), so under load most pages skip V8; a page of one visitor's (a
// form key) is rendered for them and not kept.
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
	keys []string // the form keys it was rendered with
}

func newRenderCache(entries, bytes int) *renderCache {
	return &renderCache{max: entries, maxSize: bytes, order: list.New(), entries: map[[32]byte]*list.Element{}}
}

// renderKey names a render by its URL and payload, the form keys of a
// page of one visitor's left out: its next visitor's page is the same
// page with keys of their own.
func renderKey(url string, payload []byte, formKeys []string) [32]byte {
	for i, key := range formKeys {
		payload = bytes.ReplaceAll(payload, []byte(key), []byte("\x00"+strconv.Itoa(i)))
	}
	h := sha256.New()
	h.Write([]byte(url))
	h.Write([]byte{0})
	h.Write(payload)
	var k [32]byte
	copy(k[:], h.Sum(nil))
	return k
}

// get is a render kept under k, with the form keys it was rendered with
// replaced by formKeys: the engine made each of them, random and unlike
// anything else in a page, so only they are replaced.
func (c *renderCache) get(k [32]byte, formKeys []string) (string, bool) {
	c.mu.Lock()
	el, ok := c.entries[k]
	if ok {
		c.order.MoveToFront(el)
	}
	c.mu.Unlock()
	if !ok {
		return "", false
	}
	e := el.Value.(*renderEntry)
	if len(e.keys) != len(formKeys) {
		return "", false
	}
	html := e.html
	for i, old := range e.keys {
		html = strings.ReplaceAll(html, old, formKeys[i])
	}
	return html, true
}

func (c *renderCache) put(k [32]byte, html string, formKeys []string) {
	if len(html) > c.maxSize/8 {
		return // one page must not push out the rest
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.entries[k]; ok {
		return
	}
	c.entries[k] = c.order.PushFront(&renderEntry{key: k, html: html, keys: formKeys})
	c.size += len(html)
	for c.order.Len() > c.max || c.size > c.maxSize {
		last := c.order.Back()
		e := last.Value.(*renderEntry)
		c.order.Remove(last)
		delete(c.entries, e.key)
		c.size -= len(e.html)
	}
}

// formKeyEndpoint answers GET /api/form-key: a fresh form key, for a form
// the browser shows on a page that was the same for every visitor (a
// booking page's details step reached from its cached calendar step).
func (e *Engine) formKeyEndpoint(c *gin.Context) {
	c.Header("Cache-Control", "no-store")
	c.JSON(http.StatusOK, gin.H{"formKey": e.IssueFormKey(c.Request.Context())})
}

// IssueFormKey is a fresh key for a form (its post's idempotency key) of
// the business ctx works for: signed with its time (formkey), or random
// when no signer is configured.
func (e *Engine) IssueFormKey(ctx context.Context) string {
	if e.opt.FormKeys != nil {
		return e.opt.FormKeys.Issue(ctx)
	}
	return newNonce()
}

func newNonce() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b)                            // crypto/rand does not fail on Linux
	return base64.RawURLEncoding.EncodeToString(b) // no + or /, which HTML attributes would escape
}
