package web_test

import (
	"encoding/json"
	"encoding/xml"
	"net/http"
	"regexp"
	"sort"
	"strings"
	"testing"
)

var jsonLDScript = regexp.MustCompile(`<script type="application/ld\+json">(.*?)</script>`)

// structuredData parses every JSON-LD block of a page, failing on one that
// does not parse.
func structuredData(t *testing.T, body string) map[string]map[string]any {
	t.Helper()
	out := map[string]map[string]any{}
	for _, m := range jsonLDScript.FindAllStringSubmatch(body, -1) {
		var obj map[string]any
		if err := json.Unmarshal([]byte(m[1]), &obj); err != nil {
			t.Fatalf("JSON-LD does not parse: %v\n%s", err, m[1])
		}
		if obj["@context"] != "https://schema.org" {
			t.Errorf("JSON-LD without the schema.org context: %s", m[1])
		}
		out[obj["@type"].(string)] = obj
	}
	return out
}

func TestPagesTellSearchEnginesWhatTheyAre(t *testing.T) {
	f := newFixture(t, sharedRenderer(t))
	tests := []struct {
		target string
		types  []string // JSON-LD @types
		has    []string // in the head
	}{
		{"/", []string{"WebSite", "LocalBusiness"}, []string{`<meta property="og:type" content="website">`, `<link rel="canonical" href="https://book.example.com/">`}},
		{"/blog/b/winter-skin/", []string{"BlogPosting", "BreadcrumbList"}, []string{
			`<meta property="og:type" content="article">`, `<meta property="og:url" content="https://book.example.com/blog/b/winter-skin/">`,
			`<meta name="twitter:card" content="summary_large_image">`, `<meta property="og:image" content="https://book.example.com/media/winter-cover.jpg">`,
			`<meta property="og:image:width" content="1600">`, `<meta property="article:author" content="Lena Hoffmann">`,
			`<link rel="alternate" type="application/rss+xml" title="Journal" href="https://book.example.com/feeds/blog.xml">`,
			`<meta name="description" content="Cold air outside`}},
		{"/blog", []string{"BreadcrumbList"}, []string{`<link rel="next" href="https://book.example.com/blog?page=2">`}},
		{"/blog?page=2", []string{"BreadcrumbList"}, []string{
			`<link rel="canonical" href="https://book.example.com/blog?page=2">`, `<link rel="prev" href="https://book.example.com/blog">`,
			`<title>Journal · page 2 · Slotwise Demo Studio</title>`}},
		// A listing's posts are in the business's language only: its German
		// frame is not a page of its own.
		{"/de/blog/c/massage", []string{"BreadcrumbList"}, []string{
			`<link rel="canonical" href="https://book.example.com/blog/c/massage">`, `href="https://book.example.com/feeds/blog/c/massage.xml"`, `<title>Kategorie: Massage · Slotwise Demo-Studio</title>`}},
	}
	for _, tt := range tests {
		t.Run(tt.target, func(t *testing.T) {
			rec := f.do(http.MethodGet, tt.target, nil)
			if rec.Code != http.StatusOK {
				t.Fatalf("%d", rec.Code)
			}
			body := rec.Body.String()
			head, _, _ := strings.Cut(body, "</head>")
			for _, w := range tt.has {
				if !strings.Contains(head, w) {
					t.Errorf("the head lacks %s", w)
				}
			}
			data := structuredData(t, head)
			for _, typ := range tt.types {
				if data[typ] == nil {
					t.Errorf("no %s in the structured data", typ)
				}
			}
			if b := data["LocalBusiness"]; b != nil {
				hours, _ := b["openingHoursSpecification"].([]any)
				first, _ := hours[0].(map[string]any)
				days, _ := first["dayOfWeek"].([]any)
				if b["name"] != "Slotwise Demo Studio" || b["telephone"] != "+49 30 1234567" || b["address"] != "Torstraße 109, 10119 Berlin" ||
					b["email"] != "studio@slotwise.localhost" || len(hours) != 4 || first["opens"] != "09:00" || first["closes"] != "19:00" ||
					len(days) != 3 || days[0] != "https://schema.org/Monday" {
					t.Errorf("the business: %v", b)
				}
			}
			if post := data["BlogPosting"]; post != nil {
				author, _ := post["author"].(map[string]any)
				if post["headline"] != "Your skin in winter" || author["@type"] != "Person" || author["name"] != "Lena Hoffmann" || post["datePublished"] != "2026-11-16T08:00:00Z" {
					t.Errorf("the article: %v", post)
				}
			}
		})
	}
	// Error pages and widgets carry no cards.
	if body := f.do(http.MethodGet, "/no/such/page", nil).Body.String(); strings.Contains(body, "og:type") || strings.Contains(body, "ld+json") {
		t.Errorf("a 404 page carries cards or structured data")
	}
}

// translated are the demo's pages with a German translation.
var translated = map[string]bool{"/": true, "/about": true, "/blog/b/winter-skin/": true, "/product/calming-cream/": true,
	"/blog/b/ihre-haut-im-winter/": true, // the winter post's German address, its own
	"/blog":                        true, "/blog/c/skin-care": true, "/blog/author/lena-hoffmann": true, "/blog/tag/routine": true, "/blog/tag/winter": true}

type sitemapURLs struct {
	URLs []struct {
		Loc   string `xml:"loc"`
		Links []struct {
			Hreflang string `xml:"hreflang,attr"`
			Href     string `xml:"href,attr"`
		} `xml:"link"`
	} `xml:"url"`
}

// The sitemap lists exactly what a reader can reach, each URL in its
// canonical form with its languages; robots.txt names it.
func TestTheSitemapListsExactlyThePublishedURLs(t *testing.T) {
	f := newFixture(t, sharedRenderer(t))
	if body := f.do(http.MethodGet, "/robots.txt", nil).Body.String(); !strings.Contains(body, "Sitemap: https://book.example.com/sitemap.xml") {
		t.Errorf("robots.txt: %s", body)
	}
	index := f.do(http.MethodGet, "/sitemap.xml", nil).Body.String()
	var idx struct {
		Sitemaps []struct {
			Loc string `xml:"loc"`
		} `xml:"sitemap"`
	}
	if err := xml.Unmarshal([]byte(index), &idx); err != nil || len(idx.Sitemaps) != 7 {
		t.Fatalf("sitemap index: %v %s", err, index)
	}
	var got []string
	for _, sm := range idx.Sitemaps {
		rec := f.do(http.MethodGet, strings.TrimPrefix(sm.Loc, "https://book.example.com"), nil)
		var set sitemapURLs
		if err := xml.Unmarshal(rec.Body.Bytes(), &set); err != nil || rec.Code != http.StatusOK {
			t.Fatalf("%s: %d %v", sm.Loc, rec.Code, err)
		}
		for _, u := range set.URLs {
			path := strings.TrimPrefix(u.Loc, "https://book.example.com")
			got = append(got, path)
			// The demo's home and about pages, its winter post and its
			// calming cream are in German too: x-default, en and de. The
			// rest are in English only.
			want := 0
			if translated[strings.TrimPrefix(path, "/de")] || path == "/de" {
				want = 3
			}
			if len(u.Links) != want {
				t.Errorf("%s has %d language links, want %d", u.Loc, len(u.Links), want)
			}
		}
	}
	sort.Strings(got)
	want := []string{
		"/", "/de", "/about", "/de/about", "/de/blog/b/ihre-haut-im-winter/", "/blog",
		// the listings whose texts are in German that list a German post
		"/de/blog", "/de/blog/c/skin-care", "/de/blog/author/lena-hoffmann", "/de/blog/tag/routine", "/de/blog/tag/winter",
		"/blog/author/jonas-becker", "/blog/author/lena-hoffmann",
		"/blog/b/desk-shoulders/", "/blog/b/evening-routine/", "/blog/b/first-massage/", "/blog/b/sleep-and-muscles/", "/blog/b/sunscreen-in-autumn/", "/blog/b/winter-skin/",
		"/blog/c/massage", "/blog/c/skin-care",
		"/blog/tag/first-visit", "/blog/tag/routine", "/blog/tag/sleep", "/blog/tag/winter",
		"/prices", "/terms", "/privacy", "/imprint",
		"/collections/gifts", "/collections/skin-care",
		"/product/calming-cream/", "/de/product/calming-cream/", "/product/gentle-cleanser/", "/product/gift-voucher/", "/product/lip-balm/", "/product/massage-oil/",
	}
	sort.Strings(want)
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("sitemap\n got %v\nwant %v", got, want)
	}
	// Each listed URL answers 200 as it is (no redirect, no 404).
	for _, u := range got {
		if rec := f.do(http.MethodGet, u, nil); rec.Code != http.StatusOK {
			t.Errorf("%s: %d", u, rec.Code)
		}
	}
}

func TestFeedsCarryThePublishedPostsNewestFirst(t *testing.T) {
	f := newFixture(t, sharedRenderer(t))
	tests := []struct {
		target string
		status int
		first  string
		count  int
	}{
		{"/feeds/blog.xml", 200, "Your skin in winter", 6},
		{"/feeds/blog/c/massage.xml", 200, "What to expect at your first massage", 3},
		{"/feeds/blog/author/lena-hoffmann.xml", 200, "Your skin in winter", 3},
		{"/feeds/blog/tag/sleep.xml", 200, "A five-minute evening routine", 2},
		{"/feeds/blog/tag/nope.xml", 404, "", 0},
		{"/feeds/nope.xml", 404, "", 0},
		{"/feeds/blog", 404, "", 0},
	}
	for _, tt := range tests {
		t.Run(tt.target, func(t *testing.T) {
			rec := f.do(http.MethodGet, tt.target, nil)
			if rec.Code != tt.status {
				t.Fatalf("%d, want %d", rec.Code, tt.status)
			}
			if tt.status != 200 {
				return
			}
			var feed struct {
				Channel struct {
					Title string `xml:"title"`
					Items []struct {
						Title string `xml:"title"`
						Link  string `xml:"link"`
					} `xml:"item"`
				} `xml:"channel"`
			}
			if err := xml.Unmarshal(rec.Body.Bytes(), &feed); err != nil {
				t.Fatal(err)
			}
			items := feed.Channel.Items
			if len(items) != tt.count || items[0].Title != tt.first {
				t.Errorf("%d items, first %q; want %d, first %q", len(items), items[0].Title, tt.count, tt.first)
			}
			if strings.Contains(rec.Body.String(), "new-treatments-2027") {
				t.Errorf("the feed carries the draft")
			}
			if !strings.HasSuffix(items[0].Link, "/") {
				t.Errorf("a post's link %s is not its canonical URL", items[0].Link)
			}
		})
	}
}

func TestABookingPageTellsSearchEnginesWhatItOffers(t *testing.T) {
	f := newFixture(t, sharedRenderer(t))
	tests := []struct {
		target, name, price, currency string
		business                      string // in the page's language, where the business translated its name
	}{
		{"/widget/bookings/demo-paid", "Deep-tissue massage", "90.00", "EUR", "Slotwise Demo Studio"},
		{"/de/widget/bookings/demo-paid", "Deep-tissue massage", "90.00", "EUR", "Slotwise Demo-Studio"},
		{"/widget/bookings/demo-consultation", "Consultation", "", "", "Slotwise Demo Studio"},
	}
	for _, tt := range tests {
		t.Run(tt.target, func(t *testing.T) {
			rec := f.do(http.MethodGet, tt.target, nil)
			head, _, _ := strings.Cut(rec.Body.String(), "</head>")
			service := structuredData(t, head)["Service"]
			if rec.Code != http.StatusOK || service == nil {
				t.Fatalf("%d, no Service in %s", rec.Code, head)
			}
			provider, _ := service["provider"].(map[string]any)
			if service["name"] != tt.name || provider["@type"] != "LocalBusiness" || provider["name"] != tt.business ||
				service["url"] != "https://book.example.com"+tt.target {
				t.Errorf("service %v", service)
			}
			offer, _ := service["offers"].(map[string]any)
			switch {
			case tt.price == "" && offer != nil:
				t.Errorf("a free service offers %v", offer)
			case tt.price != "" && (offer["price"] != tt.price || offer["priceCurrency"] != tt.currency):
				t.Errorf("offer %v, want %s %s", offer, tt.price, tt.currency)
			}
			if !strings.Contains(head, `<meta property="og:title"`) {
				t.Error("no link preview")
			}
		})
	}
	// A reschedule and a one-time link are one visitor's: they say nothing.
	rec := f.do(http.MethodGet, "/widget/otl/not-a-link", nil)
	if head, _, _ := strings.Cut(rec.Body.String(), "</head>"); len(structuredData(t, head)) != 0 {
		t.Errorf("a one-time link's page tells search engines: %s", head)
	}
}
