package web

import (
	"context"

	"slotwise/backend/internal/route"
	"slotwise/backend/internal/sites"
)

// Sites is the website feature: the home page, website pages and their previews.
func Sites(store *sites.Store) Feature { return sitesFeature{store: store} }

type sitesFeature struct{ store *sites.Store }

func (f sitesFeature) Register(r *Registry) {
	r.Page("index", indexLoader(f.store))
	r.Page("website", websiteLoader(f.store))
	r.Page("preview", websiteLoader(f.store))
	siteFiles{s: r.Server(), store: f.store}.register(r.Root())
	r.server.siteFrame = f.frame
}

// frame is what a website's error page keeps of the website: its menu and
// its Book action, so a visitor who took a wrong turn finds the way on.
func (f sitesFeature) frame(ctx context.Context, locale string) (*SiteData, error) {
	nav, err := f.store.Pages(ctx)
	if err != nil {
		return nil, err
	}
	book, err := bookHref(ctx, f.store, locale)
	if err != nil {
		return nil, err
	}
	return &SiteData{Nav: withoutHome(nav), Book: book}, nil
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
