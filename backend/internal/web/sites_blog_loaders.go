package web

import (
	"context"
	"errors"
	"net/url"
	"strconv"
	"strings"
	"time"

	"slotwise/backend/internal/route"
	"slotwise/backend/internal/sites"
	"slotwise/backend/internal/web/pages"
	"slotwise/locales"
)

// The blog's pages on the website route: a blog's listing at its path,
// a post, and the listings of a category, an author and a tag. Each has one
// canonical URL, the first shape of its kind in the route table (a post's
// with a trailing slash, as the spec writes it); every other shape of the
// same content answers 301 to it, and so does a page number of 1.

// maxPageNumber bounds ?page=: a listing that long is a crawler's loop.
const maxPageNumber = 10000

// blogPage answers the website route's blog kinds; ok is false when the
// match is not the blog's (a plain page's path that is no blog).
func blogPage(ctx context.Context, store *sites.Store, req *pages.Request, nav []sites.Page) (*pages.Result, bool, error) {
	params := req.Match.Params
	switch req.Match.Kind {
	case "page":
		blog, err := store.BlogByPath(ctx, params["path"])
		if errors.Is(err, sites.ErrNotFound) {
			return nil, false, nil
		}
		if err != nil {
			return nil, true, err
		}
		res, err := listingPage(ctx, store, req, nav, sites.ListingQuery{Blog: blog})
		return res, true, err
	case "post":
		res, err := postPage(ctx, store, req, nav)
		return res, true, err
	case "category", "author", "tag":
		blog, err := blogOf(ctx, store, req)
		if err != nil {
			return nil, true, err
		}
		q := sites.ListingQuery{Blog: blog, Category: strings.ToLower(params["categorySlug"]),
			Author: strings.ToLower(params["authorSlug"]), Tag: strings.ToLower(params["tagSlug"])}
		res, err := listingPage(ctx, store, req, nav, q)
		return res, true, err
	}
	return nil, false, nil
}

// blogOf is the blog a listing's URL names: by its path, or for /c/{slug}
// the blog of the category.
func blogOf(ctx context.Context, store *sites.Store, req *pages.Request) (*sites.Blog, error) {
	if path := req.Match.Params["path"]; path != "" {
		return notFoundAs(store.BlogByPath(ctx, path))(req)
	}
	return notFoundAs(store.BlogOfCategory(ctx, strings.ToLower(req.Match.Params["categorySlug"])))(req)
}

func postPage(ctx context.Context, store *sites.Store, req *pages.Request, nav []sites.Page) (*pages.Result, error) {
	params := req.Match.Params
	slug := params["slug"]
	if slug == "" {
		slug = params["blogSlug"]
	}
	post, err := store.PostIn(ctx, strings.ToLower(slug), req.Prefix)
	if errors.Is(err, sites.ErrNotFound) {
		// Another language's address of a post: the post in this one.
		var orig string
		if orig, err = store.TranslatedPost(ctx, strings.ToLower(slug)); err == nil {
			post, err = store.PostIn(ctx, orig, req.Prefix)
		}
	}
	if post, err = notFoundAs(post, err)(req); err != nil {
		return nil, err
	}
	// A shape that names a blog or a category must name the post's own.
	if path := params["path"]; path != "" && path != post.Blog.Path {
		return nil, pages.NotFound(req.FullPath)
	}
	if cat := strings.ToLower(params["categorySlug"]); cat != "" && !hasCategory(post, cat) {
		return nil, pages.NotFound(req.FullPath)
	}
	canonical := postPath(post.Blog.Path, post.Slug)
	if to, ok := redirectTo(req, canonical, req.Query); ok {
		return &pages.Result{Redirect: to}, nil
	}
	seo := &pages.SEO{Type: "article", PublishedTime: post.PublishedAt, ModifiedTime: post.UpdatedAt, Author: post.Author.Name,
		Feed: feedPath(post.Blog.Path, "", ""), FeedTitle: post.Blog.Title}
	if post.Cover != nil {
		seo.Image = &pages.OGImage{Src: post.Cover.Src, Alt: post.Cover.Alt, Width: post.Cover.Width, Height: post.Cover.Height}
	}
	content := &pages.Content{Lang: post.Lang, Original: post.Original, Translations: post.Translations}
	for l, own := range post.Paths { // a translation's address of its own
		content.Path = postPath(post.Blog.Path, post.Key)
		content.Paths = setPath(content.Paths, l, postPath(post.Blog.Path, own))
	}
	here := contentAddress(req, content, canonical)
	if pages.Prefix(post.Lang) != pages.Prefix(post.Original) {
		seo.Feed += "?lang=" + pages.Prefix(post.Lang) // the blog's posts in this language
	}
	article := map[string]any{
		"@context": "https://schema.org", "@type": "BlogPosting", "headline": post.Title, "description": post.Excerpt,
		"datePublished": post.PublishedAt.UTC().Format(time.RFC3339), "dateModified": post.UpdatedAt.UTC().Format(time.RFC3339),
		"mainEntityOfPage": here, "url": here, "inLanguage": post.Lang,
		"author": map[string]any{"@type": "Person", "name": post.Author.Name,
			"url": req.Absolute(localized(req, route.Default().Href("", "website", "author", map[string]string{"path": post.Blog.Path, "authorSlug": post.Author.Slug}, nil)))},
		"publisher": organization(req),
	}
	if post.Cover != nil {
		article["image"] = map[string]any{"@type": "ImageObject", "url": post.Cover.Src, "width": post.Cover.Width, "height": post.Cover.Height}
	}
	seo.JSONLD = []any{article, breadcrumbs(req, crumb{post.Blog.Title, blogPath(post.Blog.Path)}, crumb{post.Title, canonical})}
	tags := []string{"post:" + post.Key, "post:" + post.Key + "@" + req.Prefix, blogTag(post.Blog.ID), blogTag(post.Blog.ID) + "@" + req.Prefix, "blogs", "nav"}
	return &pages.Result{Title: siteTitle(req, post.Title), Description: post.Excerpt, SEO: seo, Tags: tags, Data: SiteData{Post: post, Nav: withoutHome(nav)},
		Content: content}, nil
}

// postPath is the canonical path of a post of a blog, by its slug.
func postPath(blog, slug string) string {
	return route.Default().Href("", "website", "post", map[string]string{"path": blog, "slug": slug}, nil) + "/"
}

func listingPage(ctx context.Context, store *sites.Store, req *pages.Request, nav []sites.Page, q sites.ListingQuery) (*pages.Result, error) {
	page, query, ok := pageNumber(req.Query)
	if !ok {
		return nil, pages.NotFound(req.FullPath)
	}
	q.Page, q.Locale = page, req.Prefix
	listing, err := notFoundAs(store.Listing(ctx, q))(req)
	if err != nil {
		return nil, err
	}
	canonical, title := listingPlace(req, listing)
	description := listing.Blog.Description
	switch {
	case listing.Category != nil:
		description = listing.Category.Description
	case listing.Author != nil:
		description = listing.Author.Bio
	}
	if to, ok := redirectTo(req, canonical, query); ok {
		return &pages.Result{Redirect: to}, nil
	}
	listing.Heading = title
	if page > 1 {
		title = req.T("site.pageTitle", "title", title, "page", strconv.Itoa(page))
	}
	if description == "" {
		description = listing.Blog.Description
	}
	seo := &pages.SEO{Feed: feedPath(q.Blog.Path, listing.Kind, slugOf(listing)), FeedTitle: listing.Heading}
	pageURL := func(n int) string {
		u := localized(req, canonical)
		if n > 1 {
			u += "?page=" + strconv.Itoa(n)
		}
		return u
	}
	if page > 1 {
		seo.Prev = pageURL(page - 1)
	}
	if page < listing.Pages {
		seo.Next = pageURL(page + 1)
	}
	trail := []crumb{{listing.Blog.Title, blogPath(q.Blog.Path)}}
	if listing.Kind != "blog" {
		trail = append(trail, crumb{listing.Heading, canonical})
	}
	seo.JSONLD = []any{breadcrumbs(req, trail...)}
	return &pages.Result{Title: siteTitle(req, title), Description: description, SEO: seo, CanonicalQuery: query, Tags: []string{blogTag(q.Blog.ID), blogTag(q.Blog.ID) + "@" + req.Prefix, "blogs", "nav"},
		Data:    SiteData{Listing: listing, Nav: withoutHome(nav)},
		Content: &pages.Content{Lang: listing.Lang, Original: q.Blog.Original, Translations: listing.Translations}}, nil
}

// blogTag is the change notice of a blog's posts (migration 000010).
func blogTag(id int64) string { return "blog:" + strconv.FormatInt(id, 10) }

// listingPlace is a listing's canonical path (without language prefix) and
// its heading in the request's language: the blog's title, or what the
// category, author or tag gathers.
func listingPlace(req *pages.Request, l *sites.Listing) (path, heading string) {
	params := map[string]string{"path": l.Blog.Path}
	kind, heading := "page", l.Blog.Title
	switch {
	case l.Category != nil:
		kind, params["categorySlug"], heading = "category", l.Category.Slug, req.T("site.blog.categoryTitle", "name", l.Category.Name)
	case l.Author != nil:
		kind, params["authorSlug"], heading = "author", l.Author.Slug, req.T("site.blog.authorTitle", "name", l.Author.Name)
	case l.Tag != nil:
		kind, params["tagSlug"], heading = "tag", l.Tag.Slug, req.T("site.blog.tagTitle", "name", l.Tag.Name)
	}
	return route.Default().Href("", "website", kind, params, nil), heading
}

// crumb is one step of a breadcrumb trail: a name and a site-relative path
// without language prefix.
type crumb struct{ name, path string }

// breadcrumbs is the BreadcrumbList of a page: the home page, then the trail.
func breadcrumbs(req *pages.Request, trail ...crumb) map[string]any {
	items := []any{map[string]any{"@type": "ListItem", "position": 1, "name": req.T("site.name"), "item": req.Absolute(localized(req, "/"))}}
	for i, c := range trail {
		items = append(items, map[string]any{"@type": "ListItem", "position": i + 2, "name": c.name, "item": req.Absolute(localized(req, c.path))})
	}
	return map[string]any{"@context": "https://schema.org", "@type": "BreadcrumbList", "itemListElement": items}
}

// organization is the business behind the site, for structured data.
func organization(req *pages.Request) map[string]any {
	return map[string]any{"@type": "Organization", "name": req.T("site.name"), "url": req.Absolute("/")}
}

// localized puts a path without language prefix into the request's language.
func localized(req *pages.Request, path string) string { return localPath(req.Locale, path) }

// localPath is a path of the site in a language's prefix; an address of
// another site stays as it is.
func localPath(locale, path string) string {
	if !strings.HasPrefix(path, "/") || strings.HasPrefix(path, "//") {
		return path
	}
	prefix := locales.PathPrefix(locale)
	if prefix == "" {
		return path
	}
	if path == "/" {
		return prefix
	}
	return prefix + path
}

func blogPath(path string) string {
	return route.Default().Href("", "website", "page", map[string]string{"path": path}, nil)
}

// feedPath is the RSS feed of a blog, or of one of its categories, authors
// or tags (sites_feeds.go serves them).
func feedPath(blog, kind, slug string) string {
	if segment, ok := feedSegments[kind]; ok {
		return "/feeds/" + strings.Join([]string{blog, segment, slug}, "/") + ".xml"
	}
	return "/feeds/" + blog + ".xml"
}

// feedSegments name a listing's kind in its feed's path.
var feedSegments = map[string]string{"category": "c", "author": "author", "tag": "tag"}

func slugOf(l *sites.Listing) string {
	switch {
	case l.Category != nil:
		return l.Category.Slug
	case l.Author != nil:
		return l.Author.Slug
	case l.Tag != nil:
		return l.Tag.Slug
	}
	return ""
}

// pageNumber reads ?page=: absent is 1; "1" is 1 but not canonical (the
// query without it is returned); anything but a number from 1 to
// maxPageNumber is not a page (ok false).
func pageNumber(q url.Values) (page int, canonical url.Values, ok bool) {
	canonical = url.Values{}
	for k, v := range q {
		if k != "page" {
			canonical[k] = v
		}
	}
	raw, given := q["page"]
	if !given {
		return 1, canonical, true
	}
	if len(raw) != 1 {
		return 0, nil, false
	}
	n, err := strconv.Atoi(raw[0])
	if err != nil || n < 1 || n > maxPageNumber || strconv.Itoa(n) != raw[0] {
		return 0, nil, false
	}
	if n > 1 {
		canonical.Set("page", raw[0])
	}
	return n, canonical, true
}

// redirectTo is where a request must go instead when its path (or query)
// is not the canonical form: the canonical path in the request's language,
// with the canonical query.
func redirectTo(req *pages.Request, canonicalPath string, query url.Values) (string, bool) {
	if req.Path == canonicalPath && query.Encode() == req.Query.Encode() {
		return "", false
	}
	to := canonicalPath
	if prefix := locales.PathPrefix(req.Locale); prefix != "" {
		to = prefix + canonicalPath
	}
	if len(query) > 0 {
		to += "?" + query.Encode()
	}
	return to, true
}

func hasCategory(p *sites.Post, slug string) bool {
	for _, c := range p.Categories {
		if c.Slug == slug {
			return true
		}
	}
	return false
}

// notFoundAs turns the store's ErrNotFound into the page's 404.
func notFoundAs[T any](v T, err error) func(*pages.Request) (T, error) {
	return func(req *pages.Request) (T, error) {
		if errors.Is(err, sites.ErrNotFound) {
			var zero T
			return zero, pages.NotFound(req.FullPath)
		}
		return v, err
	}
}
