package web_test

import (
	"net/http"
	"strings"
	"testing"

	"slotwise/locales"
)

// embedBudget is /embed.js's size on the wire: a business's page loads it
// on every visit.
const embedBudget = 5 << 10

func TestEmbedScriptIsSmallCachedAndSpeaksTheServersLanguages(t *testing.T) {
	f := newFixture(t, sharedRenderer(t))
	plain := f.do(http.MethodGet, "/embed.js", nil)
	gz := f.do(http.MethodGet, "/embed.js", map[string]string{"Accept-Encoding": "gzip"})
	if plain.Code != http.StatusOK || gz.Code != http.StatusOK {
		t.Fatalf("embed.js: %d / %d", plain.Code, gz.Code)
	}
	if got := gz.Header().Get("Content-Encoding"); got != "gzip" {
		t.Errorf("Content-Encoding %q, want gzip", got)
	}
	if n := gz.Body.Len(); n > embedBudget {
		t.Errorf("embed.js is %d bytes gzipped, budget %d", n, embedBudget)
	}
	t.Logf("embed.js: %d bytes, %d gzipped (budget %d)", plain.Body.Len(), gz.Body.Len(), embedBudget)
	body := plain.Body.String()
	if strings.Contains(body, "__SLOTWISE_LANGUAGES__") || !strings.Contains(body, `"`+strings.Join(locales.Prefixes, " ")+`"`) {
		t.Error("the server's languages are not written into the script")
	}
	h := plain.Header()
	for name, want := range map[string]string{
		"Content-Type":                 "text/javascript; charset=utf-8",
		"Cache-Control":                "public, max-age=3600",
		"Cross-Origin-Resource-Policy": "cross-origin",
		"Vary":                         "Accept-Encoding",
	} {
		if got := h.Get(name); got != want {
			t.Errorf("%s: %q, want %q", name, got, want)
		}
	}
	again := f.do(http.MethodGet, "/embed.js", map[string]string{"If-None-Match": h.Get("ETag")})
	if again.Code != http.StatusNotModified || again.Body.Len() != 0 {
		t.Errorf("revalidation: %d with %d bytes, want 304 and none", again.Code, again.Body.Len())
	}
}
