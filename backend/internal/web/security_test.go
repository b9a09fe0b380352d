package web_test

import (
	"crypto/sha256"
	"encoding/base64"
	"net/http"
	"regexp"
	"strings"
	"testing"
)

func TestCrossSitePostsAreRefused(t *testing.T) {
	f := newFixture(t, sharedRenderer(t))
	body := bookingBody(nextMonday10(), nil)
	tests := []struct {
		name   string
		header map[string]string
		status int
	}{
		{"another site's page posting text/plain", map[string]string{"Content-Type": "text/plain", "Origin": "https://evil.example", "Sec-Fetch-Site": "cross-site"}, 403},
		{"another site's page posting JSON", map[string]string{"Origin": "https://evil.example", "Sec-Fetch-Site": "cross-site"}, 403},
		{"an old browser from another origin", map[string]string{"Origin": "https://evil.example"}, 403},
		{"a form post from our own page", map[string]string{"Content-Type": "application/x-www-form-urlencoded", "Sec-Fetch-Site": "same-origin"}, 415},
		{"text/plain without a browser", map[string]string{"Content-Type": "text/plain"}, 415},
		{"the widget itself, inside a business's iframe", map[string]string{"Sec-Fetch-Site": "same-origin", "Origin": "http://example.com"}, 201},
		{"a server-side client", nil, 201},
		{"JSON with a charset", map[string]string{"Content-Type": "application/json; charset=utf-8"}, 409},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := f.send(http.MethodPost, "/api/bookings", body, tt.header)
			if rec.Code != tt.status {
				t.Errorf("status %d, want %d: %s", rec.Code, tt.status, rec.Body)
			}
		})
	}
}

func TestEveryAnswerCarriesSecurityHeaders(t *testing.T) {
	f := newFixture(t, sharedRenderer(t))
	f.clock.Set(aFriday) // the dates below are written out
	tests := []struct {
		target    string
		ancestors string
	}{
		{"/widget/bookings/demo-consultation", "frame-ancestors *"},
		{"/about", "frame-ancestors 'self'"},
		{"/nothing/here", "frame-ancestors 'self'"},   // the website's, in its frame
		{"/widget/nothing/here", "frame-ancestors *"}, // a widget's, which other sites frame
		{"/api/booking/slots?calendar=nope&from=2026-11-23&to=2026-11-23&tz=UTC", "frame-ancestors 'none'"},
	}
	for _, tt := range tests {
		t.Run(tt.target, func(t *testing.T) {
			rec := f.do(http.MethodGet, tt.target, nil)
			h := rec.Header()
			csp := h.Get("Content-Security-Policy")
			if !strings.Contains(csp, tt.ancestors) {
				t.Errorf("CSP %q lacks %q", csp, tt.ancestors)
			}
			if strings.HasPrefix(tt.target, "/api/") {
				return
			}
			for _, want := range []string{"script-src 'self'", "object-src 'none'", "base-uri 'self'"} {
				if !strings.Contains(csp, want) {
					t.Errorf("CSP %q lacks %q", csp, want)
				}
			}
			if strings.Contains(csp, "unsafe-inline") || strings.Contains(csp, "unsafe-eval") {
				t.Errorf("CSP allows inline code: %q", csp)
			}
			if h.Get("X-Content-Type-Options") != "nosniff" || h.Get("Permissions-Policy") == "" {
				t.Errorf("headers %v", h)
			}
			// Every page wears the business's colour, an inline style that the
			// policy allows by its hash and nothing else inline.
			m := regexp.MustCompile(`<style>([^<]*)</style>`).FindStringSubmatch(rec.Body.String())
			if m == nil {
				t.Fatalf("the page has no colour style")
			}
			sum := sha256.Sum256([]byte(m[1]))
			if want := "style-src 'self' 'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "';"; !strings.Contains(csp, want) {
				t.Errorf("CSP %q does not allow the inline style %q by its hash", csp, m[1])
			}
		})
	}
}

func TestHeadAnswersWhereverGetDoes(t *testing.T) {
	f := newFixture(t, sharedRenderer(t))
	f.clock.Set(aFriday) // the dates below are written out
	for _, target := range []string{"/healthz", "/api/page-data?path=/about", "/api/booking/slots?calendar=demo-consultation&from=2026-11-23&to=2026-11-23&tz=UTC"} {
		get, head := f.do(http.MethodGet, target, nil), f.do(http.MethodHead, target, nil)
		if head.Code != get.Code || head.Code == http.StatusNotFound {
			t.Errorf("%s: HEAD %d, GET %d", target, head.Code, get.Code)
		}
	}
}

func TestLinksNeverComeFromTheHostHeader(t *testing.T) {
	f := newFixture(t, sharedRenderer(t))
	req := func(target string) string {
		rec := f.do(http.MethodGet, target, map[string]string{"Host": "evil.example", "X-Forwarded-Host": "evil.example"})
		return rec.Body.String()
	}
	created := decodeJSON[bookingJSON](t, f.send(http.MethodPost, "/api/bookings", bookingBody(nextMonday10(), nil), nil))
	for _, target := range []string{"/about", "/widget/bookings/demo-consultation", created.IcsURL} {
		body := req(target)
		if strings.Contains(body, "evil.example") {
			t.Errorf("%s links to the Host header's site", target)
		}
		if !strings.Contains(body, "https://book.example.com/") {
			t.Errorf("%s has no link to the public URL", target)
		}
	}
}
