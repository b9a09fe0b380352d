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
	if gz.Header().Get("Content-Encoding") != "gzip" || e.variants[brotlied].body != nil {
		t.Fatalf("a gzip request got %q and made brotli too: %v", gz.Header().Get("Content-Encoding"), e.variants[brotlied].body != nil)
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
	want := len(body) + len(e.variants[gzipped].body) + len(e.variants[brotlied].body)
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
