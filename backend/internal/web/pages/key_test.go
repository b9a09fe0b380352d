package pages

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/gin-gonic/gin"

	"slotwise/backend/internal/db"
	"slotwise/backend/internal/route"
	"slotwise/ui"
)

// A page's key names its business, form, language, cookie banner, address
// and query, and the cookies its route varies by; made for a lookup, it
// costs no allocation, so a hit copies nothing of it.
func TestAPagesKeyNamesWhatItDependsOnAndCostsAHitNothing(t *testing.T) {
	e := &Engine{opt: Options{Routes: route.MustParse(ui.RoutesJSON), Cookies: map[string]func(string) (string, bool){
		"tz": func(v string) (string, bool) { return v, v != "" },
	}}, pages: newPageCache(1<<20, nil)}
	e.pages.vary("bookings", []string{"tz"})
	tests := []struct {
		name, path, cookie, language string
		as                           form
		want                         []string
	}{
		{"a website page", "/blog/b/winter-skin/", "", "", asDocument, []string{"7/", "doc", "en-US", "", "/blog/b/winter-skin/", ""}},
		{"its data, in German, banner answered", "/de/blog/b/winter-skin/", "slotwise_consent=all", "", asData, []string{"7/", "data", "de", "all", "/de/blog/b/winter-skin/", ""}},
		{"a booking page by the visitor's zone", "/widget/bookings/demo-consultation", "tz=Europe/Berlin", "fr", asDocument, []string{"7/", "doc", "fr", "", "/widget/bookings/demo-consultation", "", "tz=Europe/Berlin"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := httptest.NewRequest(http.MethodGet, tt.path, nil)
			if tt.cookie != "" {
				r.Header.Set("Cookie", tt.cookie)
			}
			if tt.language != "" {
				r.Header.Set("Accept-Language", tt.language)
			}
			c := &gin.Context{Request: r.WithContext(db.WithBusiness(r.Context(), 7))}
			var buf [256]byte
			if got, want := string(e.appendKey(buf[:0], c.Request, whoseOf(c.Request.Context()), tt.path, "", tt.as)), strings.Join(tt.want, "\x00"); got != want {
				t.Errorf("key %q, want %q", got, want)
			}
			if n := testing.AllocsPerRun(100, func() { e.appendKey(buf[:0], c.Request, whoseOf(c.Request.Context()), tt.path, "", tt.as) }); n > 0 && tt.cookie == "" {
				t.Errorf("the key allocated %.0f times, want none", n)
			}
		})
	}
}

// A page kept under a cookie's value leaves a marker at its address: a
// hit follows it to the page of the visitor's value, and a page whose
// route reads no cookie is found at its address alone.
func TestAHitFollowsItsAddresssMarkerToThePageOfTheVisitorsCookie(t *testing.T) {
	e := &Engine{opt: Options{Routes: route.MustParse(ui.RoutesJSON), Cookies: map[string]func(string) (string, bool){
		"tz": func(v string) (string, bool) { return v, v != "" },
	}}, pages: liveCache(1<<20, time.Now)}
	request := func(path, cookie string) *gin.Context {
		r := httptest.NewRequest(http.MethodGet, path, nil)
		if cookie != "" {
			r.Header.Set("Cookie", cookie)
		}
		return &gin.Context{Request: r.WithContext(db.WithBusiness(r.Context(), 7))}
	}
	keep := func(path, cookie string, route string, read []string) *cachedPage {
		page := &cachedPage{body: []byte(path + " " + cookie), tags: []string{"7:x"}}
		at := e.keyOf(request(path, cookie), path, "", asDocument, &Payload{Route: route, varies: read})
		since := e.pages.begin()
		if !e.pages.put(at.key, page, since) || len(at.cookies) > 0 && !e.pages.put(at.address, newMarker(page, at.cookies), since) {
			t.Fatalf("%s with %q was not kept", path, cookie)
		}
		return page
	}
	const booking, post = "/widget/bookings/demo-consultation", "/blog/b/winter-skin/"
	tokyo := keep(booking, "tz=Asia/Tokyo", "bookings", []string{"tz"})
	york := keep(booking, "tz=America/New_York", "bookings", []string{"tz"})
	article := keep(post, "tz=Asia/Tokyo", "website", nil)
	tests := []struct {
		path, cookie string
		want         *cachedPage
	}{
		{booking, "tz=Asia/Tokyo", tokyo},
		{booking, "tz=America/New_York", york},
		{booking, "tz=Europe/Paris", nil},
		{booking, "", nil},
		{post, "", article},
		{post, "tz=America/New_York", article},
	}
	for _, tt := range tests {
		var buf [256]byte
		r := request(tt.path, tt.cookie).Request
		if _, got := e.lookup(buf[:0], r, whoseOf(r.Context()), tt.path, "", asDocument); got != tt.want {
			t.Errorf("%s with %q: found %s, want %s", tt.path, tt.cookie, bodyOf(got), bodyOf(tt.want))
		}
	}
	r := request(post, "").Request
	if n := testing.AllocsPerRun(100, func() { var buf [256]byte; e.lookup(buf[:0], r, whoseOf(r.Context()), post, "", asDocument) }); n > 0 {
		t.Errorf("a hit allocated %.0f times, want none", n)
	}
}

func bodyOf(e *cachedPage) string {
	if e == nil {
		return "nothing"
	}
	return string(e.body)
}
