package web

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

func TestRedirectTargetsAreMadeSiteRelative(t *testing.T) {
	s := &Server{redirectOrigins: []string{"https://book.example.com", "https://example.com"}}
	tests := []struct{ target, want string }{
		{"/about", "/about"},
		{"/de/about?x=1", "/de/about?x=1"},
		{"//about", "/about"},
		{"///x", "/x"},
		{"//de/about", "/de/about"},
		{`/\evil.com`, "/evil.com"},
		{`\\evil.com`, "/evil.com"},
		{`/\/\evil.com`, "/evil.com"},
		{"/\t/evil.com", "/evil.com"},
		{"/\r\n/evil.com", "/evil.com"},
		{" //evil.com", "/evil.com"},
		{"/%2F%2Fevil.com", "/%2F%2Fevil.com"}, // a browser does not unescape a path into a host
		{"about", "/about"},
		{"", "/"},
		{"https://book.example.com/widget/booking/bk_1?token=x", "https://book.example.com/widget/booking/bk_1?token=x"},
		{"https://example.com/thanks", "https://example.com/thanks"},
		{"https://evil.com/", "/"},
		{"http://book.example.com/", "/"},
		{"https://user@book.example.com/", "/"},
		{"https:evil.com", "/"},
		{"javascript:alert(1)", "/"},
		{"java\tscript:alert(1)", "/"},
	}
	for _, tt := range tests {
		t.Run(tt.target, func(t *testing.T) {
			if got := s.siteLocation(tt.target); got != tt.want {
				t.Errorf("siteLocation(%q) = %q, want %q", tt.target, got, tt.want)
			}
		})
	}
}

// TestEveryRedirectGoesThroughSiteLocation fails on a handler that answers
// a redirect of its own (gin's c.Redirect, net/http's Redirect) instead of
// Server.redirect, whose target cannot leave the site.
func TestEveryRedirectGoesThroughSiteLocation(t *testing.T) {
	direct := regexp.MustCompile(`\b(c|http)\.Redirect\(`)
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") || name == "redirect.go" {
			continue
		}
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(src), "\n") {
			if direct.MatchString(line) {
				t.Errorf("%s:%d redirects without Server.redirect: %s", name, i+1, strings.TrimSpace(line))
			}
		}
	}
}
