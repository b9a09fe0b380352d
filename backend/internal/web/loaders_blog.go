package web

import (
	"context"
	"errors"
	"net/url"
	"strconv"
	"strings"

	"slotwise/backend/internal/route"
	"slotwise/backend/internal/sites"
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
func blogPage(ctx context.Context, store *sites.Store, req *PageRequest, nav []sites.Page) (*PageResult, bool, error) {
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
func blogOf(ctx context.Context, store *sites.Store, req *PageRequest) (*sites.Blog, error) {
	if path := req.Match.Params["path"]; path != "" {
		return notFoundAs(store.BlogByPath(ctx, path))(req)
	}
	return notFoundAs(store.BlogOfCategory(ctx, strings.ToLower(req.Match.Params["categorySlug"])))(req)
}

func postPage(ctx context.Context, store *sites.Store, req *PageRequest, nav []sites.Page) (*PageResult, error) {
	params := req.Match.Params
	slug := params["slug"]
	if slug == "" {
		slug = params["blogSlug"]
	}
	post, err := notFoundAs(store.PostBySlug(ctx, strings.ToLower(slug)))(req)
	if err != nil {
		return nil, err
	}
	// A shape that names a blog or a category must name the post's own.
	if path := params["path"]; path != "" && path != post.Blog.Path {
		return nil, NotFound(req.FullPath)
	}
	if cat := strings.ToLower(params["categorySlug"]); cat != "" && !hasCategory(post, cat) {
		return nil, NotFound(req.FullPath)
	}
	canonical := route.Default().Href("", "website", "post", map[string]string{"path": post.Blog.Path, "slug": post.Slug}, nil) + "/"
	if to, ok := redirectTo(req, canonical, req.Query); ok {
		return &PageResult{Redirect: to}, nil
	}
	return &PageResult{Title: post.Title, Description: post.Excerpt, Data: SiteData{Post: post, Nav: withoutHome(nav)}}, nil
}

func listingPage(ctx context.Context, store *sites.Store, req *PageRequest, nav []sites.Page, q sites.ListingQuery) (*PageResult, error) {
	page, query, ok := pageNumber(req.Query)
	if !ok {
		return nil, NotFound(req.FullPath)
	}
	q.Page = page
	listing, err := notFoundAs(store.Listing(ctx, q))(req)
	if err != nil {
		return nil, err
	}
	kind, params := "page", map[string]string{"path": q.Blog.Path}
	title := q.Blog.Title
	description := q.Blog.Description
	switch listing.Kind {
	case "category":
		kind, params["categorySlug"] = "category", listing.Category.Slug
		title, description = req.T("site.blog.categoryTitle", "name", listing.Category.Name), listing.Category.Description
	case "author":
		kind, params["authorSlug"] = "author", listing.Author.Slug
		title, description = req.T("site.blog.authorTitle", "name", listing.Author.Name), listing.Author.Bio
	case "tag":
		kind, params["tagSlug"] = "tag", listing.Tag.Slug
		title = req.T("site.blog.tagTitle", "name", listing.Tag.Name)
	}
	canonical := route.Default().Href("", "website", kind, params, nil)
	if to, ok := redirectTo(req, canonical, query); ok {
		return &PageResult{Redirect: to}, nil
	}
	listing.Heading = title
	if page > 1 {
		title = req.T("site.pageTitle", "title", title, "page", strconv.Itoa(page))
	}
	if description == "" {
		description = q.Blog.Description
	}
	return &PageResult{Title: title, Description: description, Data: SiteData{Listing: listing, Nav: withoutHome(nav)}}, nil
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
func redirectTo(req *PageRequest, canonicalPath string, query url.Values) (string, bool) {
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
func notFoundAs[T any](v T, err error) func(*PageRequest) (T, error) {
	return func(req *PageRequest) (T, error) {
		if errors.Is(err, sites.ErrNotFound) {
			var zero T
			return zero, NotFound(req.FullPath)
		}
		return v, err
	}
}
