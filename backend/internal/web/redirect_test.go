package web_test

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"
)

// onSite tells whether a Location keeps the visitor on the test server's
// site (or on an origin the test allowed): a browser reads "//host" and
// "/\host" as another host, so neither may start one.
func onSite(loc string, allowed ...string) bool {
	if strings.HasPrefix(loc, "/") {
		return !strings.HasPrefix(loc, "//") && !strings.HasPrefix(loc, `/\`)
	}
	for _, o := range append(allowed, "https://book.example.com") {
		if strings.HasPrefix(loc, o+"/") {
			return true
		}
	}
	return false
}

func TestEveryRedirectStaysOnTheSiteWhateverThePathAsked(t *testing.T) {
	f := newFixture(t, sharedRenderer(t))
	start := nextMonday10()
	tests := []struct {
		name, method, target string
		form                 url.Values
		want                 string // the Location; "" when the server need not redirect at all
	}{
		{"capitals after two slashes", "GET", "//About", nil, "/about"},
		{"capitals after three slashes", "GET", "///About", nil, "/about"},
		{"capitals of a language after two slashes", "GET", "//De/About", nil, "/de/about"},
		{"capitals of a language alone", "GET", "/DE/about", nil, "/de/about"},
		{"a language with its region in capitals", "GET", "/pt-BR/blog/b/winter-skin/", nil, "/pt-br/blog/b/winter-skin/"},
		{"a language in capitals, its listing's page kept", "GET", "/DE/blog?page=2", nil, "/de/blog?page=2"},
		{"a language's home in capitals", "GET", "/DE", nil, "/de"},
		{"capitals of a page after two slashes", "GET", "//PRICES", nil, "/prices"},
		{"capitals with a query after two slashes", "GET", "//About?x=1", nil, "/about?x=1"},
		{"a language, then two slashes", "GET", "/de//About", nil, "/de/about"},
		{"a backslash", "GET", `/\evil.com`, nil, ""},
		{"a backslash and capitals", "GET", `/\Evil.com/About`, nil, ""},
		{"an escaped backslash and capitals", "GET", "/%5CEvil.com", nil, ""},
		{"escaped slashes", "GET", "/%2F%2Fevil.com", nil, ""},
		{"escaped slashes and capitals", "GET", "/%2F%2FEvil.com", nil, ""},
		{"a trailing slash after two slashes", "GET", "//about/", nil, "/about"},
		{"a blog's old address after three slashes", "GET", "///b/winter-skin", nil, "/blog/b/winter-skin/"},
		{"page data of capitals after a language and two slashes", "GET", "/api/page-data?path=" + url.QueryEscape("/de//About"), nil, ""},
		{"page data of a backslash", "GET", "/api/page-data?path=" + url.QueryEscape(`/\About`), nil, ""},
		{"a booking posted at two slashes", "POST", "//widget/bookings/demo-consultation?" + url.Values{"date": {start[:10]}, "time": {start}}.Encode(), adaForm(start), ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var loc string
			switch tt.method {
			case "POST":
				rec := f.post(tt.target, tt.form, nil)
				if rec.Code != http.StatusSeeOther {
					t.Fatalf("%d, want 303: %.300s", rec.Code, rec.Body)
				}
				loc = rec.Header().Get("Location")
			default:
				rec := f.do(http.MethodGet, tt.target, nil)
				loc = rec.Header().Get("Location")
				if strings.HasPrefix(tt.target, "/api/page-data") && rec.Code == http.StatusOK {
					loc = decodeJSON[struct{ Redirect string }](t, rec).Redirect // the router follows it
				}
			}
			if loc != "" && !onSite(loc) {
				t.Fatalf("Location %q leaves the site", loc)
			}
			if tt.want != "" && loc != tt.want {
				t.Errorf("Location %q, want %q", loc, tt.want)
			}
		})
	}
}

func TestAFormSendsItsVisitorOnlyToAnOriginTheOperatorAllowed(t *testing.T) {
	f := newFixture(t, sharedRenderer(t)) // allows https://example.com
	path := "/widget/form/demo-contact"
	if _, err := f.pool.Exec(context.Background(), `UPDATE form_versions SET definition = definition || '{"redirect":"https://example.com/thanks"}'
		WHERE form_id = (SELECT id FROM forms WHERE slug = 'demo-contact')`); err != nil {
		t.Fatal(err)
	}
	key := formKey(t, f, path)
	f.fill(20 * time.Second)
	rec := f.post(path, contactForm(key), nil)
	if loc := rec.Header().Get("Location"); rec.Code != http.StatusSeeOther || loc != "https://example.com/thanks" || !onSite(loc, "https://example.com") {
		t.Fatalf("%d %q, want 303 to https://example.com/thanks", rec.Code, loc)
	}
}
