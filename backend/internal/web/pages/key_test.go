package pages

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

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
			if got, want := string(e.appendKey(buf[:0], c, tt.path, "", tt.as)), strings.Join(tt.want, "\x00"); got != want {
				t.Errorf("key %q, want %q", got, want)
			}
			if n := testing.AllocsPerRun(100, func() { e.appendKey(buf[:0], c, tt.path, "", tt.as) }); n > 0 && tt.cookie == "" {
				t.Errorf("the key allocated %.0f times, want none", n)
			}
		})
	}
}
