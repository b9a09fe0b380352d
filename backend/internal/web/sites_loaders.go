package web

import (
	"cmp"
	"context"
	"errors"
	"slices"
	"strings"

	"slotwise/backend/internal/hosts"
	"slotwise/backend/internal/route"
	"slotwise/backend/internal/sites"
	"slotwise/backend/internal/web/pages"
)

// homeLinks are the demo's pages, by route name and parameters.
func homeLinks(req *pages.Request) []DemoLink {
	routes := route.Default()
	link := func(label, name, kind string, params map[string]string) DemoLink {
		group := "book"
		switch name {
		case "form", "quiz", "survey":
			group = "forms"
		case "website":
			group = "site"
		}
		return DemoLink{Label: req.T(label), Href: routes.Href(req.Locale, name, kind, params, nil), Group: group}
	}
	return []DemoLink{
		link("home.link.booking", "bookings", "", map[string]string{"slug": "demo-consultation"}),
		link("home.link.team", "appointment", "team", map[string]string{"provider": "demo-team"}),
		link("home.link.class", "bookings", "", map[string]string{"slug": "demo-yoga"}),
		link("home.link.request", "bookings", "", map[string]string{"slug": "facial-treatment"}),
		link("home.link.paid", "bookings", "", map[string]string{"slug": "demo-paid"}),
		link("home.link.group", "appointment", "groups", map[string]string{"groupSlug": "demo-group"}),
		link("home.link.menu", "serviceMenu", "slug", map[string]string{"serviceMenuSlug": "demo-salon"}),
		link("home.link.contact", "form", "", map[string]string{"id": "demo-contact"}),
		link("home.link.quiz", "quiz", "", map[string]string{"id": "demo-quiz"}),
		link("home.link.survey", "survey", "", map[string]string{"id": "demo-survey"}),
		link("home.link.about", "website", "page", map[string]string{"path": "about"}),
		link("home.link.blog", "website", "page", map[string]string{"path": "blog"}),
		link("home.link.shop", "website", "collection", map[string]string{"collectionSlug": "gifts"}),
	}
}

// tourOf is the home page's tour of the widgets: the deployment's own
// front door's (its default business, the demo studio in the demo), not
// every business's, whose services it would not name.
func tourOf(ctx context.Context, req *pages.Request) []DemoLink {
	if b, ok := hosts.BusinessOf(ctx); ok && !b.Default {
		return nil
	}
	return homeLinks(req)
}

func indexLoader(store *sites.Store) pages.Loader {
	return framed(store, nil, indexPage(store))
}

func indexPage(store *sites.Store) pages.Loader {
	return func(ctx context.Context, req *pages.Request) (*pages.Result, error) {
		nav, err := store.PagesIn(ctx, req.Prefix)
		if err != nil {
			return nil, err
		}
		page, err := store.PageIn(ctx, "", req.Prefix)
		if errors.Is(err, sites.ErrNotFound) {
			page = nil
		} else if err != nil {
			return nil, err
		}
		res := &pages.Result{Title: req.T("site.name"), Description: req.T("home.description"),
			Data: SiteData{Page: page, Nav: withoutHome(nav), Links: tourOf(ctx, req)},
			SEO: &pages.SEO{JSONLD: []any{
				map[string]any{"@context": "https://schema.org", "@type": "WebSite", "name": req.T("site.name"), "url": req.Absolute(localized(req, "/")), "inLanguage": req.Cat.Lang},
			}}} // and the business (framed)
		if page != nil {
			res.Title, res.Description = page.Title, page.Description
			res.Content = pageContent(page)
			res.SEO.JSONLD[0].(map[string]any)["inLanguage"] = page.Lang
		}
		res.Tags = []string{"page:", "page:@" + req.Prefix, "nav"}
		return res, nil
	}
}

// framed gives a website page what its header shows beside the menu: the
// Book action, and the tag that drops the page when what it books changes.
func framed(store *sites.Store, srv *Server, load pages.Loader) pages.Loader {
	return func(ctx context.Context, req *pages.Request) (*pages.Result, error) {
		res, err := load(ctx, req)
		if err != nil || res == nil {
			return res, err
		}
		d, ok := res.Data.(SiteData)
		if !ok {
			return res, nil
		}
		if (d.Product != nil || d.Collection != nil) && srv != nil && srv.shopFront != nil {
			// The same for every visitor, and a booking setting of the
			// business's (its tags say so below): the page stays cached.
			if d.Shop, err = srv.shopFront(ctx, req.Locale); err != nil {
				return nil, err
			}
		}
		b, err := frameAround(ctx, store, req.Locale, &d)
		if err != nil {
			return nil, err
		}
		if req.Match.Route.Name == "index" && res.SEO != nil && d.Business != nil {
			res.SEO.JSONLD = append(res.SEO.JSONLD, localBusiness(req, d.Business))
		}
		if res.Content == nil && req.Match.Route.Name == "website" && b != nil {
			// A listing, a product, a collection: the business's words, in
			// its language only until they can be translated.
			res.Content = &pages.Content{Lang: b.DefaultLocale, Original: b.DefaultLocale}
		}
		res.Data, res.Tags = d, append(res.Tags, "booking-config") // the business is a booking setting
		if slices.Contains(res.Tags, "nav") {
			res.Tags = append(res.Tags, "nav@"+req.Prefix) // its menu's titles in its language
		}
		return res, nil
	}
}

// frameAround gives a website page's data what its frame shows beside
// the page: the Book action, the footer's business, and the menu without
// the legal pages, which the footer lists.
func frameAround(ctx context.Context, store *sites.Store, locale string, d *SiteData) (*sites.Business, error) {
	var err error
	if d.Book, err = bookHref(ctx, store, locale); err != nil {
		return nil, err
	}
	b, err := store.Business(ctx)
	if err != nil || b == nil {
		return nil, err
	}
	told, err := b.In(pages.Prefix(locale)) // the frame's words are the frame's language's
	if err != nil {
		return nil, err
	}
	d.Business, d.Nav = siteBusiness(told, locale), withoutLegal(d.Nav, b)
	return b, nil
}

func websiteLoader(store *sites.Store, srv *Server) pages.Loader {
	return framed(store, srv, websitePage(store))
}

func websitePage(store *sites.Store) pages.Loader {
	return func(ctx context.Context, req *pages.Request) (*pages.Result, error) {
		nav, err := store.PagesIn(ctx, req.Prefix)
		if err != nil {
			return nil, err
		}
		if req.Match.Route.Name == "preview" {
			return previewPage(ctx, store, req, nav)
		}
		if res, ok, err := blogPage(ctx, store, req, nav); ok || err != nil {
			return res, err
		}
		if res, ok, err := shopPage(ctx, store, req, nav); ok || err != nil {
			return res, err
		}
		page, err := store.PageIn(ctx, req.Match.Params["path"], req.Prefix)
		if errors.Is(err, sites.ErrNotFound) {
			// Another language's address of a page: the page in this one.
			orig, missing := store.TranslatedPage(ctx, req.Match.Params["path"])
			if missing != nil {
				return nil, pages.NotFound(req.FullPath)
			}
			page, err = store.PageIn(ctx, orig, req.Prefix)
		}
		if err != nil {
			return nil, err
		}
		// "/about/" is "/about"; a translation's own address is its own.
		if to, ok := redirectTo(req, blogPath(cmp.Or(page.Paths[req.Prefix], page.Path)), req.Query); ok {
			return &pages.Result{Redirect: to}, nil
		}
		return &pages.Result{Title: siteTitle(req, page.Title), Description: page.Description,
			Tags: []string{"page:" + page.Path, "page:" + page.Path + "@" + req.Prefix, "nav"},
			Data: SiteData{Page: page, Nav: withoutHome(nav)}, Content: pageContent(page)}, nil
	}
}

// pageContent is what a page's text is, for its language signals: a
// page's original is in its own locale.
func pageContent(p *sites.Page) *pages.Content {
	c := &pages.Content{Lang: p.Lang, Original: p.Original, Translations: p.Translations}
	for l, own := range p.Paths { // a translation's address of its own
		c.Path, c.Paths = blogPath(p.Path), setPath(c.Paths, l, blogPath(own))
	}
	return c
}

// withoutLegal leaves the business's legal pages to the footer.
func withoutLegal(nav []sites.Page, b *sites.Business) []sites.Page {
	legal := legalPaths(b)
	return slices.DeleteFunc(nav, func(p sites.Page) bool { return slices.Contains(legal, cmp.Or(p.OriginalPath, p.Path)) })
}

func withoutHome(pages []sites.Page) []sites.Page {
	out := make([]sites.Page, 0, len(pages))
	for _, p := range pages {
		if p.Path != "" {
			out = append(out, p)
		}
	}
	return out
}

// siteTitle is a website page's title as a tab and a search result show
// it: the page's own, then the business's name (the home page's title is
// the name alone).
func siteTitle(req *pages.Request, title string) string {
	name := req.T("site.name")
	if title == "" || title == name || strings.HasSuffix(title, " · "+name) {
		return cmp.Or(title, name)
	}
	return title + " · " + name
}
