package web

import (
	"context"
	"strings"

	"slotwise/backend/internal/route"
	"slotwise/backend/internal/sites"
	"slotwise/backend/internal/web/pages"
	"slotwise/locales"
)

// Sites is the website feature: the home page, website pages and their previews.
func Sites(store *sites.Store) Feature { return sitesFeature{store: store} }

type sitesFeature struct{ store *sites.Store }

func (f sitesFeature) Register(r *Registry) {
	r.Page("index", withCards(indexLoader(f.store)))
	r.Page("website", withCards(websiteLoader(f.store, r.Server())))
	r.Page("preview", withoutCards(websiteLoader(f.store, r.Server())))
	siteFiles{s: r.Server(), store: f.store}.register(r.Root())
	r.server.siteFrame = f.frame
	r.server.siteBook = func(ctx context.Context, locale string) (string, error) { return bookHref(ctx, f.store, locale) }
}

// withCards gives every page of the website link-preview cards: its own
// (a post's, a product's) or the site's title and description.
func withCards(load pages.Loader) pages.Loader {
	return func(ctx context.Context, req *pages.Request) (*pages.Result, error) {
		res, err := load(ctx, req)
		if res != nil && res.SEO == nil {
			res.SEO = &pages.SEO{}
		}
		return res, err
	}
}

// withoutCards keeps a preview, which is for the business's eyes only,
// out of link previews.
func withoutCards(load pages.Loader) pages.Loader {
	return func(ctx context.Context, req *pages.Request) (*pages.Result, error) {
		res, err := load(ctx, req)
		if res != nil {
			res.SEO = nil
		}
		return res, err
	}
}

// frame is what a website's error page keeps of the website: its menu, its
// Book action and its footer, so a visitor who took a wrong turn finds the
// way on.
func (f sitesFeature) frame(ctx context.Context, locale string) (*SiteData, error) {
	nav, err := f.store.PagesIn(ctx, strings.TrimPrefix(locales.PathPrefix(locale), "/"))
	if err != nil {
		return nil, err
	}
	d := &SiteData{Nav: withoutHome(nav)}
	if _, err := frameAround(ctx, f.store, locale, d); err != nil {
		return nil, err
	}
	return d, nil
}

// bookHref is the website's Book action: the business's page of
// everything it offers (its first group), or "" when it has none.
func bookHref(ctx context.Context, store *sites.Store, locale string) (string, error) {
	slug, err := store.BookingGroup(ctx)
	if err != nil || slug == "" {
		return "", err
	}
	return route.Default().Href(locale, "appointment", "groups", map[string]string{"groupSlug": slug}, nil), nil
}

// wayOn is where a page that ends a visit (a form's thanks) leads: the
// website's home, and its Book action when the business offers anything
// to book.
func (s *Server) wayOn(ctx context.Context, locale string) (*WayOn, error) {
	w := &WayOn{Home: route.Default().Href(locale, "index", "", nil, nil)}
	if s.siteBook == nil {
		return w, nil
	}
	var err error
	w.Book, err = s.siteBook(ctx, locale)
	return w, err
}
