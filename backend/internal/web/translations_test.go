package web_test

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/mmcdole/gofeed"
	"github.com/piprate/json-gold/ld"
	"golang.org/x/net/html"

	"slotwise/backend/internal/db"
	"slotwise/backend/internal/sites"
)

// languageSignals are what a document says about its languages, read
// with an HTML parser.
type languageSignals struct {
	htmlLang, rootLang, canonical, ogLocale, contentLanguage string
	titleLang                                                string // the page's heading's: its own text's
	alternates, ogAlternates, inLanguage                     []string
}

func signalsOf(t *testing.T, doc string) languageSignals {
	t.Helper()
	root, err := html.Parse(strings.NewReader(doc))
	if err != nil {
		t.Fatal(err)
	}
	var s languageSignals
	attr := func(n *html.Node, key string) string {
		for _, a := range n.Attr {
			if a.Key == key {
				return a.Val
			}
		}
		return ""
	}
	for n := range root.Descendants() {
		if n.Type != html.ElementNode {
			continue
		}
		switch {
		case n.Data == "html":
			s.htmlLang = attr(n, "lang")
		case n.Data == "div" && attr(n, "id") == "root":
			s.rootLang = attr(n, "lang")
		case n.Data == "h1" && s.titleLang == "":
			s.titleLang = attr(n, "lang") + "|" // seen, even without lang
		case n.Data == "link" && attr(n, "rel") == "canonical":
			s.canonical = attr(n, "href")
		case n.Data == "link" && attr(n, "rel") == "alternate" && attr(n, "hreflang") != "":
			s.alternates = append(s.alternates, attr(n, "hreflang")+" "+strings.TrimPrefix(attr(n, "href"), "https://book.example.com"))
		case n.Data == "meta" && attr(n, "property") == "og:locale":
			s.ogLocale = attr(n, "content")
		case n.Data == "meta" && attr(n, "property") == "og:locale:alternate":
			s.ogAlternates = append(s.ogAlternates, attr(n, "content"))
		case n.Data == "meta" && attr(n, "name") == "content-language":
			s.contentLanguage = attr(n, "content")
		case n.Data == "script" && attr(n, "type") == "application/ld+json" && n.FirstChild != nil:
			s.inLanguage = append(s.inLanguage, inLanguageOf(t, n.FirstChild.Data)...)
		}
	}
	s.canonical = strings.TrimPrefix(s.canonical, "https://book.example.com")
	s.titleLang = strings.TrimSuffix(s.titleLang, "|")
	return s
}

// inLanguageOf reads a JSON-LD document's schema:inLanguage as a JSON-LD
// processor expands it, schema.org's context read from this machine (the
// vocabulary's terms are its names under https://schema.org/).
func inLanguageOf(t *testing.T, doc string) []string {
	t.Helper()
	var obj any
	if err := json.Unmarshal([]byte(doc), &obj); err != nil {
		t.Fatalf("JSON-LD does not parse: %v", err)
	}
	opts := ld.NewJsonLdOptions("")
	opts.DocumentLoader = schemaOrgContext{}
	expanded, err := ld.NewJsonLdProcessor().Expand(obj, opts)
	if err != nil {
		t.Fatalf("JSON-LD does not expand: %v\n%s", err, doc)
	}
	var out []string
	for _, node := range expanded {
		values, _ := node.(map[string]any)["https://schema.org/inLanguage"].([]any)
		for _, v := range values {
			if s, ok := v.(map[string]any)["@value"].(string); ok {
				out = append(out, s)
			}
		}
	}
	return out
}

// schemaOrgContext answers schema.org's context without the network.
type schemaOrgContext struct{}

func (schemaOrgContext) LoadDocument(u string) (*ld.RemoteDocument, error) {
	if strings.TrimSuffix(u, "/") != "https://schema.org" {
		return nil, fmt.Errorf("no document %s here", u)
	}
	return &ld.RemoteDocument{DocumentURL: u, Document: map[string]any{"@context": map[string]any{"@vocab": "https://schema.org/"}}}, nil
}

// same tells whether two documents say the same of their languages.
func (s languageSignals) same(o languageSignals) bool {
	return s.htmlLang == o.htmlLang && s.rootLang == o.rootLang && s.titleLang == o.titleLang && s.canonical == o.canonical &&
		s.ogLocale == o.ogLocale && s.contentLanguage == o.contentLanguage && slices.Equal(s.alternates, o.alternates) &&
		slices.Equal(s.ogAlternates, o.ogAlternates) && slices.Equal(s.inLanguage, o.inLanguage)
}

// The demo's about page, home page and winter post are in English and
// German; its prices page in English only. Every signal of a page names
// exactly the languages its main content exists in.
func TestEachLanguageSignalNamesTheLanguagesThePagesContentIsIn(t *testing.T) {
	f := newFixture(t, sharedRenderer(t))
	both := func(path string) []string {
		de := "/de" + path
		if path == "/" {
			de = "/de"
		}
		return []string{"x-default " + path, "en " + path, "de " + de}
	}
	tests := []struct {
		name, target string
		want         languageSignals
	}{
		{"the original", "/about", languageSignals{htmlLang: "en-US", canonical: "/about", ogLocale: "en_US", contentLanguage: "en-US",
			alternates: both("/about"), ogAlternates: []string{"de_DE"}}},
		{"its translation", "/de/about", languageSignals{htmlLang: "de", canonical: "/de/about", ogLocale: "de_DE", contentLanguage: "de",
			alternates: both("/about"), ogAlternates: []string{"en_US"}}},
		// A language the page lacks: the original in that language's
		// frame, marked, and pointing search engines to the original.
		{"a language it lacks", "/fr/about", languageSignals{htmlLang: "en-US", rootLang: "fr", titleLang: "en-US", canonical: "/about",
			ogLocale: "en_US", contentLanguage: "en-US", ogAlternates: []string{"de_DE"}}},
		{"the original under its own prefix", "/en/about", languageSignals{htmlLang: "en", canonical: "/about", ogLocale: "en_US",
			contentLanguage: "en", ogAlternates: []string{"de_DE"}}},
		{"a page in one language", "/prices", languageSignals{htmlLang: "en-US", canonical: "/prices", ogLocale: "en_US", contentLanguage: "en-US"}},
		{"a page in one language, another frame", "/de/prices", languageSignals{htmlLang: "en-US", rootLang: "de", titleLang: "en-US",
			canonical: "/prices", ogLocale: "en_US", contentLanguage: "en-US"}},
		{"the home page's translation", "/de", languageSignals{htmlLang: "de", canonical: "/de", ogLocale: "de_DE", contentLanguage: "de",
			alternates: both("/"), ogAlternates: []string{"en_US"}, inLanguage: []string{"de"}}},
		// The German post has an address of its own.
		{"a post's translation", "/de/blog/b/ihre-haut-im-winter/", languageSignals{htmlLang: "de", canonical: "/de/blog/b/ihre-haut-im-winter/", ogLocale: "de_DE",
			contentLanguage: "de", alternates: []string{"x-default /blog/b/winter-skin/", "en /blog/b/winter-skin/", "de /de/blog/b/ihre-haut-im-winter/"},
			ogAlternates: []string{"en_US"}, inLanguage: []string{"de"}}},
		{"the post's original", "/blog/b/winter-skin/", languageSignals{htmlLang: "en-US", canonical: "/blog/b/winter-skin/", ogLocale: "en_US",
			contentLanguage: "en-US", alternates: []string{"x-default /blog/b/winter-skin/", "en /blog/b/winter-skin/", "de /de/blog/b/ihre-haut-im-winter/"},
			ogAlternates: []string{"de_DE"}, inLanguage: []string{"en-US"}}},
		{"a post in a language it lacks", "/it/blog/b/winter-skin/", languageSignals{htmlLang: "en-US", rootLang: "it", titleLang: "en-US",
			canonical: "/blog/b/winter-skin/", ogLocale: "en_US", contentLanguage: "en-US", ogAlternates: []string{"de_DE"}, inLanguage: []string{"en-US"}}},
		// A listing is in German where its blog's texts are and it has
		// German posts: it lists those. The tag sleep names no German post.
		{"a translated listing", "/de/blog", languageSignals{htmlLang: "de", canonical: "/de/blog", ogLocale: "de_DE",
			contentLanguage: "de", alternates: both("/blog"), ogAlternates: []string{"en_US"}}},
		{"its original", "/blog", languageSignals{htmlLang: "en-US", canonical: "/blog", ogLocale: "en_US",
			contentLanguage: "en-US", alternates: both("/blog"), ogAlternates: []string{"de_DE"}}},
		{"a listing in a language it lacks", "/fr/blog", languageSignals{htmlLang: "en-US", rootLang: "fr", titleLang: "en-US", canonical: "/blog", ogLocale: "en_US",
			contentLanguage: "en-US", ogAlternates: []string{"de_DE"}}},
		{"a listing without German posts", "/de/blog/tag/sleep", languageSignals{htmlLang: "en-US", rootLang: "de", canonical: "/blog/tag/sleep", ogLocale: "en_US",
			contentLanguage: "en-US"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := f.do(http.MethodGet, tt.target, nil)
			if rec.Code != http.StatusOK {
				t.Fatalf("%d", rec.Code)
			}
			got := signalsOf(t, rec.Body.String())
			tt.want.canonical = strings.TrimPrefix(tt.want.canonical, "https://book.example.com")
			if !got.same(tt.want) {
				t.Errorf("signals\n got %+v\nwant %+v", got, tt.want)
			}
		})
	}
}

// A translated page's payload carries its own language's text only.
func TestATranslatedPageCarriesItsOwnLanguageOnly(t *testing.T) {
	f := newFixture(t, sharedRenderer(t))
	for _, tt := range []struct{ target, has, hasNot string }{
		{"/api/page-data?path=/de/about", "Wer wir sind und wie wir arbeiten.", "Who we are"},
		{"/api/page-data?path=/de/blog/b/ihre-haut-im-winter/", "Der Winter verlangt Ihrer Haut", "Winter asks more of your skin"},
		{"/api/page-data?path=/about", "Who we are", "Wer wir sind"},
		// A German listing lists a post by its German title where it has one.
		{"/api/page-data?path=/de/blog", `"title":"Ihre Haut im Winter"`, `"title":"Your skin in winter"`},
	} {
		body := f.do(http.MethodGet, tt.target, nil).Body.String()
		if !strings.Contains(body, tt.has) || strings.Contains(body, tt.hasNot) {
			t.Errorf("%s: want %q and not %q:\n%.400s", tt.target, tt.has, tt.hasNot, body)
		}
	}
}

// A changed German text renders the German page again, not the English
// one; a new translation adds itself to the original's alternates at once.
func TestTheCacheFollowsTranslations(t *testing.T) {
	f, r := cachedFixture(t)
	for _, p := range []string{"/about", "/de/about", "/prices"} {
		f.do(http.MethodGet, p, nil)
	}
	english := r.renders("/about")
	if _, err := f.pool.Exec(context.Background(), `UPDATE page_translations SET title = 'Über uns' WHERE locale = 'de'
		AND page_id = (SELECT id FROM site_pages WHERE path = 'about')`); err != nil {
		t.Fatal(err)
	}
	eventually(t, "the German page shows its new title", func() bool {
		return strings.Contains(f.do(http.MethodGet, "/de/about", nil).Body.String(), "<h1>Über uns</h1>")
	})
	f.do(http.MethodGet, "/about", nil)
	if r.renders("/about") != english {
		t.Errorf("the English page was rendered again for a German text")
	}
	if err := sites.NewStore(f.pool).SavePostTranslation(context.Background(), sites.PostTranslationInput{}); err == nil {
		t.Errorf("a translation of no post was saved")
	}
	if _, err := f.pool.Exec(context.Background(), `INSERT INTO page_translations (page_id, locale, title) SELECT id, 'fr', 'Tarifs' FROM site_pages WHERE path = 'prices'`); err != nil {
		t.Fatal(err)
	}
	eventually(t, "the original names its new French translation", func() bool {
		return strings.Contains(f.do(http.MethodGet, "/prices", nil).Body.String(), `hreflang="fr" href="https://book.example.com/fr/prices"`)
	})
}

// A visitor who names no language (a search engine) reads a business in
// the language it writes in; one who names one, in theirs.
func TestAVisitorWhoNamesNoLanguageReadsTheBusinessInItsOwn(t *testing.T) {
	f := newFixture(t, sharedRenderer(t))
	id := addSecondStudio(t, f)
	if _, err := f.pool.Exec(context.Background(), `UPDATE locations SET default_locale = 'de' WHERE id = $1`, id); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the German business's frame", func() bool {
		return frameLang(f.do(http.MethodGet, "/prices", map[string]string{"Host": hostB}).Body.String()) == "de"
	})
	for _, tt := range []struct {
		name   string
		header map[string]string
		want   string
	}{
		{"no language named", map[string]string{"Host": hostB}, "de"},
		{"a language we do not speak", map[string]string{"Host": hostB, "Accept-Language": "tlh"}, "de"},
		{"a language named", map[string]string{"Host": hostB, "Accept-Language": "fr"}, "fr"},
		{"the first business, no language named", nil, "en-US"},
	} {
		if got := frameLang(f.do(http.MethodGet, "/prices", tt.header).Body.String()); got != tt.want {
			t.Errorf("%s: the frame is in %q, want %q", tt.name, got, tt.want)
		}
	}
}

// A blog's feed in a language carries the posts written in it, in it;
// a translated post's page names that feed.
func TestAFeedInALanguageCarriesThePostsInIt(t *testing.T) {
	f := newFixture(t, sharedRenderer(t))
	type item struct{ Title, Link string }
	for _, tt := range []struct {
		target   string
		status   int
		language string
		items    []item
	}{
		{"/feeds/blog.xml?lang=de", 200, "de", []item{{"Ihre Haut im Winter", "https://book.example.com/de/blog/b/ihre-haut-im-winter/"}}},
		{"/feeds/blog/c/skin-care.xml?lang=de", 200, "de", []item{{"Ihre Haut im Winter", "https://book.example.com/de/blog/b/ihre-haut-im-winter/"}}},
		{"/feeds/blog.xml?lang=fr", 200, "fr", nil},
		{"/feeds/blog.xml?lang=xx", 404, "", nil},
		{"/feeds/blog.xml?lang=DE", 404, "", nil},
	} {
		rec := f.do(http.MethodGet, tt.target, nil)
		if rec.Code != tt.status {
			t.Errorf("%s: %d, want %d", tt.target, rec.Code, tt.status)
			continue
		}
		if tt.status != http.StatusOK {
			continue
		}
		// Read as a feed reader reads it.
		feed, err := gofeed.NewParser().ParseString(rec.Body.String())
		if err != nil {
			t.Fatalf("%s: %v", tt.target, err)
		}
		var items []item
		for _, it := range feed.Items {
			items = append(items, item{it.Title, it.Link})
		}
		if feed.Language != tt.language || !slices.Equal(items, tt.items) {
			t.Errorf("%s: %s %+v, want %s %+v", tt.target, feed.Language, items, tt.language, tt.items)
		}
	}
	for target, feed := range map[string]string{
		"/de/blog/b/ihre-haut-im-winter/": `href="https://book.example.com/feeds/blog.xml?lang=de"`,
		"/blog/b/winter-skin/":            `href="https://book.example.com/feeds/blog.xml"`,
		"/fr/blog/b/winter-skin/":         `href="https://book.example.com/feeds/blog.xml"`,
	} {
		if body := f.do(http.MethodGet, target, nil).Body.String(); !strings.Contains(body, `type="application/rss+xml" title="Journal" `+feed) {
			t.Errorf("%s does not name its feed %s", target, feed)
		}
	}
}

// A page shown in a language it lacks says so, in that language, above
// the original; a translated page and the original say nothing.
func TestAPageInALanguageItLacksSaysSo(t *testing.T) {
	f := newFixture(t, sharedRenderer(t))
	const note = `role="note">`
	for target, want := range map[string]string{
		"/fr/about":                       note + "Cette page n’est pas encore disponible en français",
		"/de/prices":                      note + "Diese Seite gibt es noch nicht auf Deutsch",
		"/it/blog/b/winter-skin/":         note + "Questa pagina non è ancora disponibile in italiano",
		"/de/about":                       "",
		"/about":                          "",
		"/de/blog/b/ihre-haut-im-winter/": "",
	} {
		body := f.do(http.MethodGet, target, nil).Body.String()
		if want == "" && strings.Contains(body, note) || want != "" && !strings.Contains(body, want) {
			t.Errorf("%s: want %q", target, cmp.Or(want, "no note"))
		}
	}
}

// Two businesses with the same pages and translations each show their own
// German text, and a change to one's drops only its own cached pages.
func TestTwoBusinessesTranslationsAreEachTheirOwn(t *testing.T) {
	f, r := cachedFixture(t)
	id := addSecondStudio(t, f)
	onB := map[string]string{"Host": hostB}
	if tag, err := f.pool.Exec(db.WithBusiness(context.Background(), id), `UPDATE page_translations SET title = 'Über Beta' WHERE location_id = $1
		AND page_id = (SELECT p.id FROM site_pages p WHERE p.path = 'about' AND p.location_id = $1)`, id); err != nil || tag.RowsAffected() != 1 {
		t.Fatalf("%v %v", tag, err)
	}
	waitFor(t, "the second business's German title", func() bool {
		return strings.Contains(f.do(http.MethodGet, "/de/about", onB).Body.String(), "<h1>Über Beta</h1>")
	})
	before := r.renders("/de/about")
	if body := f.do(http.MethodGet, "/de/about", nil).Body.String(); !strings.Contains(body, "<h1>Über das Studio</h1>") {
		t.Errorf("the first business shows another's German title")
	}
	f.do(http.MethodGet, "/de/about", nil)
	if r.renders("/de/about") > before+1 {
		t.Errorf("the first business's German page is rendered again and again")
	}
	if body := f.do(http.MethodGet, "/api/admin/content/page-translations/about.de", onB).Body.String(); strings.Contains(body, "Über das Studio") {
		t.Errorf("the second business's host answers the first's translation: %.200s", body)
	}
}

// A translation with an address of its own is at it, in its language
// only: its original's address in that language and its own in another
// lead there, and every signal names it, at once after it is written.
func TestATranslationsOwnAddressIsWhereEveryLinkLeads(t *testing.T) {
	af := newAdminFixture(t)
	signals := func(target string) languageSignals {
		t.Helper()
		rec := af.do(http.MethodGet, target, nil)
		if rec.Code != http.StatusOK {
			t.Fatalf("%s: %d", target, rec.Code)
		}
		return signalsOf(t, rec.Body.String())
	}
	_ = signals("/about") // cached before the French translation comes
	if rec := af.call(http.MethodPut, "/api/admin/content/page-translations/about.fr", af.write, `{"title":"À propos","slug":"a-propos"}`, nil); rec.Code != http.StatusCreated {
		t.Fatalf("PUT: %d %s", rec.Code, rec.Body)
	}
	want := []string{"x-default /about", "en /about", "de /de/about", "fr /fr/a-propos"}
	for _, target := range []string{"/about", "/fr/a-propos", "/de/about"} {
		if got := signals(target); !slices.Equal(got.alternates, want) {
			t.Errorf("%s: alternates %v, want %v", target, got.alternates, want)
		}
	}
	if got := signals("/fr/a-propos"); got.canonical != "/fr/a-propos" || got.htmlLang != "fr" {
		t.Errorf("the French page: %+v", got)
	}
	for target, to := range map[string]string{"/fr/about": "/fr/a-propos", "/a-propos": "/about", "/de/a-propos": "/de/about"} {
		if rec := af.do(http.MethodGet, target, nil); rec.Code != http.StatusMovedPermanently || rec.Header().Get("Location") != to {
			t.Errorf("%s: %d to %q, want 301 to %s", target, rec.Code, rec.Header().Get("Location"), to)
		}
	}
	if body := af.do(http.MethodGet, "/api/page-data?path=/fr/prices", nil).Body.String(); !strings.Contains(body, `"path":"a-propos"`) {
		t.Errorf("the French menu does not name the page's own address")
	}
	if body := af.do(http.MethodGet, "/sitemaps/pages.xml", nil).Body.String(); !strings.Contains(body, "<loc>https://book.example.com/fr/a-propos</loc>") {
		t.Errorf("the sitemap does not list the page's own address:\n%s", body)
	}
	answersAs(t, af.call(http.MethodPut, "/api/admin/content/page-translations/prices.fr", af.write, `{"title":"Tarifs","slug":"a-propos"}`, nil),
		422, "invalid", "slug")
	// A legal page at an address of its own stays the footer's.
	if rec := af.call(http.MethodPut, "/api/admin/content/page-translations/privacy.fr", af.write, `{"title":"Confidentialité","slug":"confidentialite"}`, nil); rec.Code != http.StatusCreated {
		t.Fatalf("PUT: %d %s", rec.Code, rec.Body)
	}
	if body := af.do(http.MethodGet, "/api/page-data?path=/fr/prices", nil).Body.String(); strings.Contains(body, `"path":"confidentialite"`) {
		t.Errorf("the French menu names the privacy policy, which the footer lists")
	}
}

// The language menu marks the languages the page is written in: on the
// business's pages those of its content, on the server's own none (it is
// in all).
func TestTheLanguageMenuMarksTheLanguagesThePageIsWrittenIn(t *testing.T) {
	f := newFixture(t, sharedRenderer(t))
	for _, tt := range []struct {
		target string
		want   []string
	}{
		{"/fr/about", []string{"de", "en"}},
		{"/de/blog/b/ihre-haut-im-winter/", []string{"de", "en"}},
		{"/prices", []string{"en"}},
		{"/widget/bookings/demo-consultation", nil},
	} {
		root, err := html.Parse(strings.NewReader(f.do(http.MethodGet, tt.target, nil).Body.String()))
		if err != nil {
			t.Fatal(err)
		}
		var marked []string
		for n := range root.Descendants() {
			if n.Type != html.ElementNode || n.Data != "a" || n.Parent == nil || n.Parent.Data != "li" {
				continue
			}
			var lang, class string
			for _, a := range n.Attr {
				switch a.Key {
				case "hreflang":
					lang = a.Val
				case "class":
					class = a.Val
				}
			}
			if lang != "" && class != "" {
				marked = append(marked, lang)
			}
		}
		slices.Sort(marked)
		if marked = slices.Compact(marked); !slices.Equal(marked, tt.want) { // the menu stands in the header and the footer
			t.Errorf("%s: marked %v, want %v", tt.target, marked, tt.want)
		}
	}
}
