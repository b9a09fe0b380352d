package pages

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/andybalholm/brotli"
	"github.com/gin-gonic/gin"
)

func testPage(tags []string, size int) *cachedPage {
	return &cachedPage{body: make([]byte, size), tags: tags}
}

func liveCache(maxBytes int, now func() time.Time) *pageCache {
	c := newPageCache(maxBytes, now)
	c.setLive(true)
	return c
}

func TestAPageLoadedBeforeAChangeToWhatItShowsIsNotKept(t *testing.T) {
	tests := []struct {
		name       string
		between    func(c *pageCache)
		wantStored bool
	}{
		{"nothing changed", func(*pageCache) {}, true},
		{"another calendar's booking", func(c *pageCache) { c.notice("staff:9") }, true},
		{"a booking of its person", func(c *pageCache) { c.notice("staff:1") }, false},
		{"the listener reconnected", func(c *pageCache) { c.setLive(false); c.setLive(true) }, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := liveCache(1<<20, time.Now)
			since := c.begin()
			tt.between(c) // while the page loads and renders
			c.put("k", testPage([]string{"calendar:1", "staff:1"}, 10), since)
			if got := c.get([]byte("k")) != nil; got != tt.wantStored {
				t.Fatalf("stored %v, want %v", got, tt.wantStored)
			}
		})
	}
}

func TestAPageIsNotServedPastItsUntil(t *testing.T) {
	now := time.Date(2026, 11, 20, 13, 0, 30, 0, time.UTC)
	c := liveCache(1<<20, func() time.Time { return now })
	e := testPage([]string{"calendar:1"}, 10)
	e.until = now.Add(30 * time.Second)
	c.put("k", e, c.begin())
	if c.get([]byte("k")) == nil {
		t.Fatal("not served before its until")
	}
	now = now.Add(30 * time.Second)
	if c.get([]byte("k")) != nil {
		t.Fatal("served at its until")
	}
}

func TestManyPagesAskedOnceDoNotPushOutThePagesAskedOften(t *testing.T) {
	c := liveCache(100_000, time.Now)
	c.put("home", testPage([]string{"nav"}, 1000), c.begin())
	for i := range 500 {
		c.put(fmt.Sprintf("random-%d", i), testPage([]string{"nav"}, 1000), c.begin())
		if c.get([]byte("home")) == nil {
			t.Fatalf("the page asked often was pushed out after %d others", i+1)
		}
	}
	if c.bytes > c.maxBytes {
		t.Fatalf("%d bytes cached, more than %d", c.bytes, c.maxBytes)
	}
}

func TestCatchingUpWaitsForTheReplicasOwnMark(t *testing.T) {
	t.Run("heard: the cache keeps what the notices left", func(t *testing.T) {
		c := liveCache(1<<20, time.Now)
		c.put("other", testPage([]string{"staff:2"}, 10), c.begin())
		c.put("booked", testPage([]string{"staff:1"}, 10), c.begin())
		// The listener delivers the change's notice, then the mark.
		c.catchUp(context.Background(), func(_ context.Context, mark string) error {
			go func() { c.notice("staff:1"); c.notice(mark) }()
			return nil
		})
		if c.get([]byte("booked")) != nil || c.get([]byte("other")) == nil {
			t.Fatal("after catching up the booked page must be gone and the other kept")
		}
	})
	for name, notify := range map[string]func(context.Context, string) error{
		"the mark never comes back": func(context.Context, string) error { return nil },
		"the mark cannot be sent":   func(context.Context, string) error { return errors.New("connection refused") },
	} {
		t.Run(name+": nothing cached is trusted", func(t *testing.T) {
			c := liveCache(1<<20, time.Now)
			c.catchUpWait = 50 * time.Millisecond
			c.put("other", testPage([]string{"staff:2"}, 10), c.begin())
			c.catchUp(context.Background(), notify)
			if c.get([]byte("other")) != nil {
				t.Fatal("a page cached before a change that was not heard is still served")
			}
		})
	}
}

// A route's pages vary by the cookies their loader read, learnt as they
// are loaded, and by no other.
func TestTheCacheLearnsWhatARoutesPagesVaryBy(t *testing.T) {
	c := liveCache(1<<20, time.Now)
	if v := c.variesOf("bookings"); len(v) != 0 {
		t.Fatalf("varies by %v before any page was loaded", v)
	}
	c.vary("bookings", []string{"slotwise_tz"})
	c.vary("bookings", []string{"slotwise_tz"})
	c.vary("bookings", nil)
	if v := c.variesOf("bookings"); fmt.Sprint(v) != "[slotwise_tz]" {
		t.Errorf("bookings vary by %v", v)
	}
	if v := c.variesOf("website"); len(v) != 0 {
		t.Errorf("the website varies by %v", v)
	}
}

// waitForPolish returns once no page is being compressed at its best.
func waitForPolish() {
	polishing <- struct{}{}
	<-polishing
}

// A page's first reader waits only for brotli's quickest compression;
// once a second request shows the page is read again, it is compressed
// at its own quality off the request path: a page kept until an edit at
// brotli's best (some 40 ms for a page of 14 KB), a booking page, which
// time alone ends, at quickBrotli.
func TestAPageReadAgainIsCompressedAtItsBestOffTheRequestPath(t *testing.T) {
	gin.SetMode(gin.TestMode)
	body := prose(14 << 10)
	firstN := len(compress(brotlied, body, firstBrotli))
	quick, best := len(compress(brotlied, body, quickBrotli)), len(compress(brotlied, body, brotli.BestCompression))
	if best >= quick || quick >= firstN {
		t.Fatalf("the best quality makes %d bytes, the quick one %d, the first %d: nothing to test", best, quick, firstN)
	}
	tests := []struct {
		name  string
		until time.Time
		want  int // the bytes of the brotli answer once read again
	}{
		{"a page kept until an edit", time.Time{}, best},
		{"a page time alone ends", time.Now().Add(time.Hour), quick},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := liveCache(1<<20, time.Now)
			e := newCachedPage(context.Background(), http.StatusOK, "text/html; charset=utf-8", "", body, &Payload{until: tt.until}, time.Now())
			if !c.put("k", e, c.begin()) {
				t.Fatal("the page was not kept")
			}
			ask := func() *httptest.ResponseRecorder {
				w := httptest.NewRecorder()
				gc, _ := gin.CreateTestContext(w)
				gc.Request = httptest.NewRequest(http.MethodGet, "/", nil)
				gc.Request.Header.Set("Accept-Encoding", "br")
				c.serve(gc.Writer, gc.Request, e)
				return w
			}
			first := ask()
			waitForPolish()
			if n := first.Body.Len(); n != firstN {
				t.Fatalf("the first reader got %d bytes, want the first quality's %d", n, firstN)
			}
			// While another page is being polished, a page read again is
			// served as it is and left for a later read to polish. (Whether
			// the read that starts a polish gets the old bytes or the new
			// depends on the scheduler: either is whole.)
			polishing <- struct{}{}
			if n := ask().Body.Len(); n != firstN {
				t.Fatalf("the second reader got %d bytes, want the first quality's %d while another page is polished", n, firstN)
			}
			<-polishing
			if got, _ := io.ReadAll(brotli.NewReader(ask().Body)); !bytes.Equal(got, body) {
				t.Fatal("the reader that starts the polish got a page that is not the page")
			}
			waitForPolish()
			third := ask()
			n := third.Body.Len()
			got, _ := io.ReadAll(brotli.NewReader(third.Body))
			if !bytes.Equal(got, body) || n != tt.want || third.Header().Get("Content-Length") != strconv.Itoa(tt.want) {
				t.Fatalf("the third reader got %d bytes (Content-Length %s, the page: %v), want %d",
					n, third.Header().Get("Content-Length"), bytes.Equal(got, body), tt.want)
			}
			if tag := third.Header().Get("ETag"); tag != first.Header().Get("ETag") {
				t.Errorf("the ETag went from %s to %s: the page and its encoding did not change", first.Header().Get("ETag"), tag)
			}
			if want := len(body) + tt.want; c.bytes != want {
				t.Errorf("the cache counts %d bytes, want %d: the page and its brotli answer", c.bytes, want)
			}
		})
	}
}

func TestAnEncodingIsMadeWhenFirstAskedAndCountedOnce(t *testing.T) {
	gin.SetMode(gin.TestMode)
	c := liveCache(1<<20, time.Now)
	body := []byte(strings.Repeat("<p>Yoga am Kanal</p>", 500))
	e := newCachedPage(context.Background(), http.StatusOK, "text/html; charset=utf-8", "", body, &Payload{}, time.Now())
	if !c.put("k", e, c.begin()) {
		t.Fatal("the page was not kept")
	}
	ask := func(accept string) *httptest.ResponseRecorder {
		w := httptest.NewRecorder()
		gc, _ := gin.CreateTestContext(w)
		gc.Request = httptest.NewRequest(http.MethodGet, "/", nil)
		gc.Request.Header.Set("Accept-Encoding", accept)
		c.serve(gc.Writer, gc.Request, e)
		return w
	}
	if got := c.bytes; got != len(body) {
		t.Fatalf("before any encoding was asked for, the cache counted %d bytes, want the body's %d", got, len(body))
	}
	gz := ask("gzip")
	if gz.Header().Get("Content-Encoding") != "gzip" || e.variants[brotlied].Load().body != nil {
		t.Fatalf("a gzip request got %q and made brotli too: %v", gz.Header().Get("Content-Encoding"), e.variants[brotlied].Load().body != nil)
	}
	r, err := gzip.NewReader(gz.Body)
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := io.ReadAll(r); !bytes.Equal(got, body) {
		t.Fatal("the gzip answer is not the page")
	}
	br := ask("gzip, deflate, br")
	if got, _ := io.ReadAll(brotli.NewReader(br.Body)); br.Header().Get("Content-Encoding") != "br" || !bytes.Equal(got, body) {
		t.Fatal("the brotli answer is not the page")
	}
	ask("br")
	waitForPolish()
	want := len(body) + len(e.variants[gzipped].Load().body) + len(e.variants[brotlied].Load().body)
	if c.bytes != want || e.size() != want {
		t.Errorf("the cache counts %d bytes and the page %d, want %d: each encoding once", c.bytes, e.size(), want)
	}
	c.mu.Lock()
	c.dropLocked("k", e)
	c.mu.Unlock()
	if c.bytes != 0 {
		t.Errorf("after the page was dropped the cache counts %d bytes", c.bytes)
	}
}

// prose is n bytes of the demo's words in an order of their own, in
// paragraphs: text such as a page holds, which brotli's best compresses
// better than its quick.
func prose(n int) []byte {
	words := strings.Fields("the studio skin winter care facial massage yoga calm hands breath cream oil warm cold water light morning evening book a time with us our team each week class seat price hour minute visit gift voucher")
	var b strings.Builder
	for i, r := 0, uint32(1); b.Len() < n; i++ {
		r = r*1664525 + 1013904223
		if i%12 == 0 {
			fmt.Fprintf(&b, "</p>\n<p class=\"s%d\">", r%7)
		}
		b.WriteString(words[r>>16%uint32(len(words))] + " ")
	}
	return []byte(b.String())
}

// What each quality a page is compressed at costs and gives, for a page
// the size of a booking page (28 KB).
func BenchmarkBrotliQualities(b *testing.B) {
	body := prose(28 << 10)
	for _, q := range []struct {
		name    string
		quality int
	}{{"first", firstBrotli}, {"quick", quickBrotli}, {"best", brotli.BestCompression}} {
		b.Run(q.name, func(b *testing.B) {
			n := 0
			for b.Loop() {
				n = len(compress(brotlied, body, q.quality))
			}
			b.ReportMetric(float64(n), "bytes")
		})
	}
}
