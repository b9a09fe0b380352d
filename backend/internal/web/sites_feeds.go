package web

import (
	"context"
	"encoding/xml"
	"errors"
	"net/http"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"slotwise/backend/internal/route"
	"slotwise/backend/internal/sites"
	"slotwise/backend/internal/web/pages"
	"slotwise/locales"
)

// What search engines and feed readers fetch beside the pages: robots.txt,
// a sitemap index with a child per kind of content, and an RSS feed for
// each blog and each of its categories, authors and tags. Each lists
// exactly what a reader can reach (sites.Store.Published): never a draft.

// feedLength is how many of the newest posts a feed carries.
const feedLength = 20

type siteFiles struct {
	s     *Server
	store *sites.Store
}

func (f siteFiles) register(root gin.IRoutes) {
	root.GET("/robots.txt", f.robots)
	root.GET("/sitemap.xml", f.sitemapIndex)
	root.GET("/sitemaps/:file", f.sitemap)
	root.GET("/feeds/*feed", f.feed)
	root.GET("/media/:name", f.media)
}

// media serves a stored picture. Its name never changes meaning, so it is
// cached for a year; an SVG is sandboxed so it cannot run script even when
// opened on its own.
func (f siteFiles) media(c *gin.Context) {
	data, contentType, err := f.store.Media(c.Request.Context(), c.Param("name"))
	if err != nil {
		f.fail(c, err)
		return
	}
	c.Header("Cache-Control", "public, max-age=31536000, immutable")
	c.Header("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; sandbox")
	c.Header("X-Content-Type-Options", "nosniff")
	c.Data(http.StatusOK, contentType, data)
}

func (f siteFiles) robots(c *gin.Context) {
	c.Header("Cache-Control", "public, max-age=3600")
	c.String(http.StatusOK, "User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /v2/preview/\n\nSitemap: %s\n", f.s.absolute(c.Request.Context(), "/sitemap.xml"))
}

// sitemapKinds are the children of the index, one per kind of content.
var sitemapKinds = map[string][]string{
	"pages.xml":       {"page", "blog"},
	"posts.xml":       {"post"},
	"categories.xml":  {"category"},
	"authors.xml":     {"author"},
	"tags.xml":        {"tag"},
	"products.xml":    {"product"},
	"collections.xml": {"collection"},
}

// sitemapOrder is the order of the index.
var sitemapOrder = []string{"pages.xml", "posts.xml", "categories.xml", "authors.xml", "tags.xml", "products.xml", "collections.xml"}

type sitemapIndex struct {
	XMLName  xml.Name       `xml:"http://www.sitemaps.org/schemas/sitemap/0.9 sitemapindex"`
	Sitemaps []sitemapEntry `xml:"sitemap"`
}

type sitemapEntry struct {
	Loc     string `xml:"loc"`
	LastMod string `xml:"lastmod,omitempty"`
}

func (f siteFiles) sitemapIndex(c *gin.Context) {
	entries, err := f.store.Published(c.Request.Context())
	if err != nil {
		f.fail(c, err)
		return
	}
	idx := sitemapIndex{}
	for _, name := range sitemapOrder {
		var latest time.Time
		for _, e := range entries {
			if contains(sitemapKinds[name], e.Kind) && e.Modified.After(latest) {
				latest = e.Modified
			}
		}
		entry := sitemapEntry{Loc: f.s.absolute(c.Request.Context(), "/sitemaps/"+name)}
		if !latest.IsZero() {
			entry.LastMod = latest.UTC().Format(time.RFC3339)
		}
		idx.Sitemaps = append(idx.Sitemaps, entry)
	}
	f.xml(c, idx)
}

type urlSet struct {
	XMLName xml.Name `xml:"http://www.sitemaps.org/schemas/sitemap/0.9 urlset"`
	XHTML   string   `xml:"xmlns:xhtml,attr"`
	URLs    []urlEntry
}

type urlEntry struct {
	XMLName    xml.Name    `xml:"url"`
	Loc        string      `xml:"loc"`
	LastMod    string      `xml:"lastmod"`
	Alternates []xhtmlLink `xml:"xhtml:link"`
}

type xhtmlLink struct {
	Rel      string `xml:"rel,attr"`
	Hreflang string `xml:"hreflang,attr"`
	Href     string `xml:"href,attr"`
}

func (f siteFiles) sitemap(c *gin.Context) {
	kinds, ok := sitemapKinds[c.Param("file")]
	if !ok {
		c.String(http.StatusNotFound, "Not found")
		return
	}
	entries, err := f.store.Published(c.Request.Context())
	if err != nil {
		f.fail(c, err)
		return
	}
	set := urlSet{XHTML: "http://www.w3.org/1999/xhtml", URLs: []urlEntry{}}
	for _, e := range entries {
		if !contains(kinds, e.Kind) {
			continue
		}
		path := contentPath(e)
		lastMod := e.Modified.UTC().Format(time.RFC3339)
		if e.Original != "" {
			set.URLs = append(set.URLs, f.translated(c.Request.Context(), path, lastMod, e)...)
			continue
		}
		u := urlEntry{Loc: f.s.absolute(c.Request.Context(), path), LastMod: lastMod}
		// Every language's page of it, as the pages' hreflang links say.
		for _, a := range f.s.pages.Alternates(c.Request.Context(), path) {
			u.Alternates = append(u.Alternates, xhtmlLink{Rel: "alternate", Hreflang: a.Hreflang, Href: a.Href})
		}
		set.URLs = append(set.URLs, u)
	}
	f.xml(c, set)
}

// translated are the addresses of a page or post in the languages it
// exists in, each naming all of them as its hreflang links do; an address
// in a language it lacks is none of them.
func (f siteFiles) translated(ctx context.Context, path, lastMod string, e sites.Entry) []urlEntry {
	c := pages.Content{Original: e.Original, Translations: e.Translations, Path: path}
	for l, own := range e.Paths { // a translation's address of its own
		in := e
		if in.Kind == "page" {
			in.Path = own
		} else {
			in.Slug = own
		}
		c.Paths = setPath(c.Paths, l, contentPath(in))
	}
	alts := f.s.pages.ContentAlternates(ctx, &c)
	var links []xhtmlLink
	if len(alts) > 2 { // x-default and the original alone name no other language
		for _, a := range alts {
			links = append(links, xhtmlLink{Rel: "alternate", Hreflang: a.Hreflang, Href: a.Href})
		}
	}
	var out []urlEntry
	for _, a := range alts[1:] {
		out = append(out, urlEntry{Loc: a.Href, LastMod: lastMod, Alternates: links})
	}
	return out
}

// contentPath is the canonical path of a published entry (sites_blog_loaders.go
// redirects every other shape to it).
func contentPath(e sites.Entry) string {
	table := route.Default()
	switch e.Kind {
	case "page":
		if e.Path == "" {
			return "/"
		}
		return table.Href("", "website", "page", map[string]string{"path": e.Path}, nil)
	case "blog":
		return blogPath(e.Path)
	case "post":
		return table.Href("", "website", "post", map[string]string{"path": e.Path, "slug": e.Slug}, nil) + "/"
	case "category":
		return table.Href("", "website", "category", map[string]string{"path": e.Path, "categorySlug": e.Slug}, nil)
	case "author":
		return table.Href("", "website", "author", map[string]string{"path": e.Path, "authorSlug": e.Slug}, nil)
	case "product":
		return productPath(e.Slug)
	case "collection":
		return collectionPath(e.Slug)
	default:
		return table.Href("", "website", "tag", map[string]string{"path": e.Path, "tagSlug": e.Slug}, nil)
	}
}

type rss struct {
	XMLName xml.Name   `xml:"rss"`
	Version string     `xml:"version,attr"`
	Atom    string     `xml:"xmlns:atom,attr"`
	DC      string     `xml:"xmlns:dc,attr"`
	Channel rssChannel `xml:"channel"`
}

type rssChannel struct {
	Title         string    `xml:"title"`
	Link          string    `xml:"link"`
	Description   string    `xml:"description"`
	Language      string    `xml:"language"`
	LastBuildDate string    `xml:"lastBuildDate,omitempty"`
	Self          atomLink  `xml:"atom:link"`
	Items         []rssItem `xml:"item"`
}

type atomLink struct {
	Href string `xml:"href,attr"`
	Rel  string `xml:"rel,attr"`
	Type string `xml:"type,attr"`
}

type rssItem struct {
	Title       string   `xml:"title"`
	Link        string   `xml:"link"`
	GUID        rssGUID  `xml:"guid"`
	PubDate     string   `xml:"pubDate"`
	Creator     string   `xml:"dc:creator"`
	Description string   `xml:"description"`
	Categories  []string `xml:"category"`
}

type rssGUID struct {
	IsPermaLink string `xml:"isPermaLink,attr"`
	Value       string `xml:",chardata"`
}

// feed answers /feeds/{blog}.xml and /feeds/{blog}/c|author|tag/{slug}.xml:
// the posts in their original language, or with ?lang=de those with a
// German translation, in German.
func (f siteFiles) feed(c *gin.Context) {
	name, ok := strings.CutSuffix(strings.TrimPrefix(c.Param("feed"), "/"), ".xml")
	if !ok || name == "" {
		c.String(http.StatusNotFound, "Not found")
		return
	}
	blogPathPart, kind, slug := name, "", ""
	for _, k := range feedSegments {
		if before, after, found := strings.Cut(name, "/"+k+"/"); found && after != "" && !strings.Contains(after, "/") {
			blogPathPart, kind, slug = before, k, after
			break
		}
	}
	ctx := c.Request.Context()
	blog, err := f.store.BlogByPath(ctx, blogPathPart)
	if err != nil {
		f.fail(c, err)
		return
	}
	q := sites.ListingQuery{Blog: blog, Page: 1, PerPage: feedLength}
	cat, self := locales.Get(locales.Fallback), "/feeds/"+name+".xml"
	if lang, asked := c.GetQuery("lang"); asked {
		l, ok := locales.FromPrefix(lang)
		if !ok || l != lang {
			c.String(http.StatusNotFound, "Not found")
			return
		}
		q.Locale, q.Translated, cat, self = l, true, locales.Get(l), self+"?lang="+l
	}
	switch kind {
	case "c":
		q.Category = slug
	case "author":
		q.Author = slug
	case "tag":
		q.Tag = slug
	}
	listing, err := f.store.Listing(ctx, q)
	if err != nil {
		f.fail(c, err)
		return
	}
	link, title := listingPlace(&pages.Request{Cat: cat}, listing)
	link = localPath(q.Locale, link)
	if listing.Kind != "blog" {
		title = listing.Blog.Title + ": " + title
	}
	out := rss{Version: "2.0", Atom: "http://www.w3.org/2005/Atom", DC: "http://purl.org/dc/elements/1.1/", Channel: rssChannel{
		Title: title, Link: f.s.absolute(c.Request.Context(), link), Description: listing.Blog.Description, Language: cat.Lang,
		Self: atomLink{Href: f.s.absolute(c.Request.Context(), self), Rel: "self", Type: "application/rss+xml"},
	}}
	for i, p := range listing.Posts {
		if i == 0 {
			out.Channel.LastBuildDate = p.PublishedAt.UTC().Format(time.RFC1123Z)
		}
		postURL := f.s.absolute(c.Request.Context(), localPath(q.Locale, contentPath(sites.Entry{Kind: "post", Path: blog.Path, Slug: p.Slug})))
		item := rssItem{Title: p.Title, Link: postURL, GUID: rssGUID{IsPermaLink: "true", Value: postURL},
			PubDate: p.PublishedAt.UTC().Format(time.RFC1123Z), Creator: p.Author.Name, Description: p.Excerpt}
		for _, cat := range p.Categories {
			item.Categories = append(item.Categories, cat.Name)
		}
		out.Channel.Items = append(out.Channel.Items, item)
	}
	c.Header("Content-Type", "application/rss+xml; charset=utf-8")
	f.write(c, out)
}

func (f siteFiles) xml(c *gin.Context, v any) {
	c.Header("Content-Type", "application/xml; charset=utf-8")
	f.write(c, v)
}

func (f siteFiles) write(c *gin.Context, v any) {
	data, err := xml.MarshalIndent(v, "", " ")
	if err != nil {
		f.fail(c, err)
		return
	}
	c.Header("Cache-Control", "public, max-age=300")
	c.Status(http.StatusOK)
	_, _ = c.Writer.Write([]byte(xml.Header))
	_, _ = c.Writer.Write(data)
}

func (f siteFiles) fail(c *gin.Context, err error) {
	if errors.Is(err, sites.ErrNotFound) {
		c.String(http.StatusNotFound, "Not found")
		return
	}
	if clientGone(c, err) {
		return
	}
	f.s.log.ErrorContext(c.Request.Context(), "site file failed", "path", c.Request.URL.Path, "err", err)
	c.String(http.StatusInternalServerError, "Internal Server Error")
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func setPath(m map[string]string, lang, path string) map[string]string {
	if m == nil {
		m = map[string]string{}
	}
	m[lang] = path
	return m
}
