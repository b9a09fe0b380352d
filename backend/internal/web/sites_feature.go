package web

import (
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
}
