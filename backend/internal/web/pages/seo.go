package pages

import (
	"bytes"
	"encoding/json"
	"html/template"
	"net/url"
	"time"
)

// SEO is what a page tells search engines and link previews beyond its
// title and description: Open Graph and Twitter cards, the neighbours of a
// paginated list, its feed, and structured data (JSON-LD). It lives only in
// the document's head: the browser's payload does not carry it.
type SEO struct {
	Type          string // og:type: "website" (default) or "article"
	Image         *OGImage
	PublishedTime time.Time // articles
	ModifiedTime  time.Time
	Author        string
	Prev, Next    string // site-relative URLs of a list's neighbouring pages
	Feed          string // site-relative URL of the page's RSS feed
	FeedTitle     string
	JSONLD        []any // schema.org objects
}

// OGImage is a picture for link previews; Src may be site-relative.
type OGImage struct {
	Src, Alt      string
	Width, Height int
}

// seoView is SEO with its URLs made absolute and its JSON-LD encoded, as
// the head template writes them.
type seoView struct {
	Type, SiteName, Locale, URL, Title, Description string
	LocaleAlternates                                []string // og:locale:alternate: the content's other languages
	Image                                           *OGImage
	ImageURL                                        string
	Published, Modified, Author                     string
	Prev, Next, Feed, FeedTitle                     string
	JSONLD                                          template.HTML
}

func (e *Engine) seoView(p *Payload, siteName string) *seoView {
	v := &seoView{Type: "website", SiteName: siteName, Locale: OGLocale(p.DocumentLang()), URL: p.Head.Canonical, Title: p.Head.Title, Description: p.Head.Description}
	for _, l := range p.contentLangs {
		if og := OGLocale(l); og != v.Locale {
			v.LocaleAlternates = append(v.LocaleAlternates, og)
		}
	}
	seo := p.Head.SEO
	if seo == nil {
		return v
	}
	if seo.Type != "" {
		v.Type = seo.Type
	}
	if seo.Image != nil {
		v.Image, v.ImageURL = seo.Image, absoluteURL(p.origin, seo.Image.Src)
	}
	if !seo.PublishedTime.IsZero() {
		v.Published = seo.PublishedTime.UTC().Format(time.RFC3339)
	}
	if !seo.ModifiedTime.IsZero() {
		v.Modified = seo.ModifiedTime.UTC().Format(time.RFC3339)
	}
	v.Author = seo.Author
	if seo.Prev != "" {
		v.Prev = p.origin + seo.Prev
	}
	if seo.Next != "" {
		v.Next = p.origin + seo.Next
	}
	if seo.Feed != "" {
		v.Feed, v.FeedTitle = p.origin+seo.Feed, seo.FeedTitle
	}
	if len(seo.JSONLD) > 0 {
		v.JSONLD = jsonLD(seo.JSONLD)
	}
	return v
}

// jsonLD encodes structured data for a <script type="application/ld+json">:
// encoding/json escapes <, > and &, so no text inside can end the script.
func jsonLD(objects []any) template.HTML {
	var buf bytes.Buffer
	for _, o := range objects {
		data, err := json.Marshal(o)
		if err != nil {
			continue // every object here is maps and strings: cannot fail
		}
		buf.WriteString(`<script type="application/ld+json">`)
		buf.Write(data)
		buf.WriteString("</script>\n")
	}
	return template.HTML(buf.String()) //nolint:gosec // escaped by encoding/json above
}

// absoluteURL keeps an absolute http(s) URL and makes a site-relative one
// absolute.
func absoluteURL(origin, src string) string {
	if u, err := url.Parse(src); err == nil && (u.Scheme == "http" || u.Scheme == "https") {
		return src
	}
	return origin + src
}
