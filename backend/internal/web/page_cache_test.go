package web_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"io"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/andybalholm/brotli"

	"slotwise/backend/internal/sites"
	"slotwise/backend/internal/web/pages"
	"slotwise/ssr"
)

// pathCountingRenderer counts the renders of each path.
type pathCountingRenderer struct {
	inner pages.Renderer
	mu    sync.Mutex
	n     map[string]int
	total atomic.Int64
}

func (r *pathCountingRenderer) RenderWith(ctx context.Context, url string, payload []byte, messages ssr.Shared) (string, error) {
	r.mu.Lock()
	r.n[url]++
	r.mu.Unlock()
	r.total.Add(1)
	return r.inner.RenderWith(ctx, url, payload, messages)
}

func (r *pathCountingRenderer) Ready() bool { return r.inner.Ready() }

func (r *pathCountingRenderer) renders(url string) int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.n[url]
}

// cachedFixture is a server whose page cache is live (it hears the
// database's change notices), with a count of renders.
func cachedFixture(t *testing.T) (*fixture, *pathCountingRenderer) {
	t.Helper()
	r := &pathCountingRenderer{inner: sharedRenderer(t), n: map[string]int{}}
	f := newFixture(t, r)
	// The cache serves once the listener is connected: the same page twice
	// without a render tells.
	deadline := time.Now().Add(5 * time.Second)
	for {
		f.do(http.MethodGet, "/prices", nil)
		before := r.renders("/prices")
		f.do(http.MethodGet, "/prices", nil)
		if r.renders("/prices") == before {
			return f, r
		}
		if time.Now().After(deadline) {
			t.Fatal("the page cache never went live")
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// eventually polls until cond holds, for at most two seconds: a change
// notice crosses the database asynchronously.
func eventually(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(2 * time.Second); !cond(); time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("%s: not within 2 s", what)
		}
	}
}

func TestPublishedPagesAreServedFromMemoryWithValidators(t *testing.T) {
	f, r := cachedFixture(t)
	first := f.do(http.MethodGet, "/blog/b/winter-skin/", nil)
	n := r.renders("/blog/b/winter-skin/")
	second := f.do(http.MethodGet, "/blog/b/winter-skin/", nil)
	if r.renders("/blog/b/winter-skin/") != n {
		t.Errorf("the second request rendered again")
	}
	etag := first.Header().Get("ETag")
	if etag == "" || second.Header().Get("ETag") != etag || first.Body.String() != second.Body.String() || first.Header().Get("Last-Modified") == "" {
		t.Fatalf("validators: %q %q", etag, second.Header().Get("ETag"))
	}
	// Revalidation costs a 304 without a body.
	for _, h := range []map[string]string{{"If-None-Match": etag}, {"If-None-Match": `"x", ` + etag}, {"If-Modified-Since": first.Header().Get("Last-Modified")}} {
		if rec := f.do(http.MethodGet, "/blog/b/winter-skin/", h); rec.Code != http.StatusNotModified || rec.Body.Len() != 0 {
			t.Errorf("%v: %d with %d bytes, want 304 and none", h, rec.Code, rec.Body.Len())
		}
	}
	if rec := f.do(http.MethodGet, "/blog/b/winter-skin/", map[string]string{"If-None-Match": `"other"`}); rec.Code != http.StatusOK {
		t.Errorf("another ETag: %d, want 200", rec.Code)
	}
	// Compressed once, each encoding the same page.
	for _, tt := range []struct {
		accept, encoding string
		decode           func(io.Reader) io.Reader
	}{
		{"gzip, deflate, br", "br", func(r io.Reader) io.Reader { return brotli.NewReader(r) }},
		{"gzip", "gzip", func(r io.Reader) io.Reader { g, _ := gzip.NewReader(r); return g }},
		{"br;q=0, gzip", "gzip", func(r io.Reader) io.Reader { g, _ := gzip.NewReader(r); return g }},
		{"", "", func(r io.Reader) io.Reader { return r }},
	} {
		rec := f.do(http.MethodGet, "/blog/b/winter-skin/", map[string]string{"Accept-Encoding": tt.accept})
		if got := rec.Header().Get("Content-Encoding"); got != tt.encoding {
			t.Errorf("Accept-Encoding %q: Content-Encoding %q, want %q", tt.accept, got, tt.encoding)
			continue
		}
		body, err := io.ReadAll(tt.decode(bytes.NewReader(rec.Body.Bytes())))
		if err != nil || string(body) != first.Body.String() {
			t.Errorf("Accept-Encoding %q: the decoded body differs (%v)", tt.accept, err)
		}
	}
	// Each language and cookie choice is a page of its own.
	german := f.do(http.MethodGet, "/blog/b/winter-skin/", map[string]string{"Cookie": "slotwise_locale=de"})
	consented := f.do(http.MethodGet, "/blog/b/winter-skin/", map[string]string{"Cookie": "slotwise_consent=all"})
	if frameLang(german.Body.String()) != "de" || strings.Contains(consented.Body.String(), "cookie-banner") || !strings.Contains(first.Body.String(), "cookie-banner") {
		t.Errorf("a page cached for one language or consent was served for another")
	}
	if !strings.Contains(first.Header().Get("Vary"), "Accept-Encoding") || first.Header().Get("Cache-Control") != "no-cache" {
		t.Errorf("headers: %v", first.Header())
	}
	// Forms are never served from this cache (booking_cache_test.go has the
	// widgets that are).
	f.do(http.MethodGet, "/widget/form/demo-contact", nil)
	if rec := f.do(http.MethodGet, "/widget/form/demo-contact", nil); rec.Header().Get("ETag") != "" {
		t.Errorf("a form came from the page cache")
	}
}

// An edit invalidates exactly the pages that show what changed: the post
// and the listings it is on, not a product.
func TestAnEditInvalidatesExactlyThePagesThatShowIt(t *testing.T) {
	f, r := cachedFixture(t)
	pages := []string{"/blog/b/winter-skin/", "/blog", "/blog/c/skin-care", "/product/lip-balm/", "/about"}
	for _, p := range pages {
		f.do(http.MethodGet, p, nil)
	}
	before := map[string]int{}
	for _, p := range pages {
		before[p] = r.renders(p)
	}
	store := sites.NewStore(f.pool)
	if err := store.SavePost(context.Background(), sites.PostInput{Blog: "blog", Slug: "winter-skin", Title: "Your skin in a cold winter", Author: "lena-hoffmann",
		Categories: []string{"skin-care"}, BodyHTML: "<p>Edited.</p>", Published: true, PublishedAt: time.Date(2026, 11, 16, 8, 0, 0, 0, time.UTC)}); err != nil {
		t.Fatal(err)
	}
	eventually(t, "the edited post shows", func() bool {
		return strings.Contains(f.do(http.MethodGet, "/blog/b/winter-skin/", nil).Body.String(), "Your skin in a cold winter")
	})
	for _, p := range []string{"/blog", "/blog/c/skin-care"} {
		if !strings.Contains(f.do(http.MethodGet, p, nil).Body.String(), "Your skin in a cold winter") {
			t.Errorf("%s still shows the old title", p)
		}
	}
	for _, p := range []string{"/product/lip-balm/", "/about"} {
		f.do(http.MethodGet, p, nil)
		if r.renders(p) != before[p] {
			t.Errorf("%s was rendered again though it does not show the post", p)
		}
	}
	// A product's price changes on its page and in its collections.
	if err := store.SaveProduct(context.Background(), sites.ProductInput{ID: "lip-balm", Name: "Lip balm", PriceCents: 800, Currency: "EUR", Published: true}); err != nil {
		t.Fatal(err)
	}
	eventually(t, "the new price shows", func() bool {
		return strings.Contains(f.do(http.MethodGet, "/product/lip-balm/", nil).Body.String(), "€8.00") &&
			strings.Contains(f.do(http.MethodGet, "/collections/skin-care", nil).Body.String(), "€8.00")
	})
	// Unpublished: gone at once from its URL, never served from memory.
	if _, err := f.pool.Exec(context.Background(), `UPDATE products SET status = 'draft' WHERE id = 'lip-balm'`); err != nil {
		t.Fatal(err)
	}
	eventually(t, "the unpublished product is gone", func() bool {
		return f.do(http.MethodGet, "/product/lip-balm/", nil).Code == http.StatusNotFound
	})
}

// Pages that are not cached (widgets) are compressed as they stream.
func TestWidgetPagesAreCompressedWhenAccepted(t *testing.T) {
	f := newFixture(t, sharedRenderer(t))
	plain := f.do(http.MethodGet, "/widget/form/demo-contact", nil)
	rec := f.do(http.MethodGet, "/widget/form/demo-contact", map[string]string{"Accept-Encoding": "gzip, br"})
	if rec.Header().Get("Content-Encoding") != "gzip" || !strings.Contains(rec.Header().Get("Vary"), "Accept-Encoding") {
		t.Fatalf("headers %v", rec.Header())
	}
	zr, err := gzip.NewReader(bytes.NewReader(rec.Body.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	body, err := io.ReadAll(zr)
	if err != nil || !strings.Contains(string(body), "Get in touch") || !strings.HasSuffix(string(body), "</html>\n") {
		t.Fatalf("the decoded page: %v", err)
	}
	if rec.Body.Len()*3 > plain.Body.Len() {
		t.Errorf("compressed %d bytes of %d: less than a third saved", rec.Body.Len(), plain.Body.Len())
	}
	if plain.Header().Get("Content-Encoding") != "" {
		t.Errorf("compressed without being asked")
	}
}

// Identity, gzip and brotli bodies are different bytes: each has its own
// ETag (RFC 9110), and each revalidates with its own, never another's.
func TestEachEncodingOfACachedPageHasItsOwnETag(t *testing.T) {
	f, _ := cachedFixture(t)
	const page = "/blog/b/winter-skin/"
	tags := map[string]string{}
	for _, accept := range []string{"", "gzip", "br"} {
		rec := f.do(http.MethodGet, page, map[string]string{"Accept-Encoding": accept})
		tag := rec.Header().Get("ETag")
		if rec.Code != 200 || tag == "" || !strings.Contains(rec.Header().Get("Vary"), "Accept-Encoding") {
			t.Fatalf("Accept-Encoding %q: %d, ETag %q, Vary %q", accept, rec.Code, tag, rec.Header().Get("Vary"))
		}
		for other, otherTag := range tags {
			if otherTag == tag {
				t.Errorf("Accept-Encoding %q and %q share the ETag %s", accept, other, tag)
			}
		}
		tags[accept] = tag
	}
	for accept, tag := range tags {
		for _, inm := range []string{tag, "W/" + tag, `"x", ` + tag} {
			if rec := f.do(http.MethodGet, page, map[string]string{"Accept-Encoding": accept, "If-None-Match": inm}); rec.Code != 304 || rec.Header().Get("ETag") != tag {
				t.Errorf("Accept-Encoding %q, If-None-Match %s: %d (ETag %q), want 304", accept, inm, rec.Code, rec.Header().Get("ETag"))
			}
		}
		for other, otherTag := range tags {
			if other == accept {
				continue
			}
			if rec := f.do(http.MethodGet, page, map[string]string{"Accept-Encoding": accept, "If-None-Match": otherTag}); rec.Code != 200 {
				t.Errorf("Accept-Encoding %q with the ETag of %q: %d, want 200", accept, other, rec.Code)
			}
		}
	}
	plain := f.do(http.MethodGet, "/embed.js", nil).Header().Get("ETag")
	gz := f.do(http.MethodGet, "/embed.js", map[string]string{"Accept-Encoding": "gzip"}).Header().Get("ETag")
	if plain == gz {
		t.Errorf("embed.js has one ETag %s for both encodings", plain)
	}
	if rec := f.do(http.MethodGet, "/embed.js", map[string]string{"Accept-Encoding": "gzip", "If-None-Match": plain}); rec.Code != 200 {
		t.Errorf("embed.js gzipped with the plain body's ETag: %d, want 200", rec.Code)
	}
	if rec := f.do(http.MethodGet, "/embed.js", map[string]string{"Accept-Encoding": "gzip", "If-None-Match": gz}); rec.Code != 304 {
		t.Errorf("embed.js gzipped with its own ETag: %d, want 304", rec.Code)
	}
}
