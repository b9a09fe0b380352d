package web_test

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
)

// The website's pages and its error pages wear the colour of the business
// the site belongs to, as the booker wears its calendar's business's: the
// same style in the document, allowed by the policy, kept by the page
// cache, and in the payload of client navigations.
func TestWebsitePagesWearTheBusinessColour(t *testing.T) {
	f := newFixture(t, sharedRenderer(t))
	if _, err := f.pool.Exec(context.Background(), `UPDATE locations SET brand_color = '#b45309'`); err != nil {
		t.Fatal(err)
	}
	style := ":root{--brand:#b45309}"
	sum := sha256.Sum256([]byte(style))
	allowed := "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
	tests := []struct {
		target string
		status int
		cached bool
	}{
		{"/", 200, true},
		{"/about", 200, true},
		{"/de/about", 200, true},
		{"/blog", 200, true},
		{"/about", 200, true}, // again, from the page cache
		{"/nothing/here", 404, false},
		{"/widget/bookings/nope", 404, false},
	}
	for _, tt := range tests {
		rec := f.do(http.MethodGet, tt.target, nil)
		if rec.Code != tt.status {
			t.Fatalf("%s: %d, want %d", tt.target, rec.Code, tt.status)
		}
		if !strings.Contains(rec.Body.String(), "<style>"+style+"</style>") {
			t.Errorf("%s is not in the business's colour", tt.target)
		}
		if csp := rec.Header().Get("Content-Security-Policy"); !strings.Contains(csp, allowed) {
			t.Errorf("%s: CSP %q does not allow the colour's style", tt.target, csp)
		}
		if cached := rec.Header().Get("ETag") != ""; cached != tt.cached {
			t.Errorf("%s: served from the page cache: %v, want %v", tt.target, cached, tt.cached)
		}
	}
	rec := f.do(http.MethodGet, "/api/page-data?path=/about", nil)
	var p struct {
		Head struct {
			Brand string `json:"brand"`
		} `json:"head"`
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &p); err != nil || p.Head.Brand != "#b45309" {
		t.Errorf("a client navigation to a website page: brand %q, %v", p.Head.Brand, err)
	}
}
