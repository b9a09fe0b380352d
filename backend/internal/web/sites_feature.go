package web

import (
	"context"

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

// PendingScreens answers the routes whose features are not built yet with
// their heading and parameters, so every route of the table renders.
func PendingScreens() Feature { return pendingFeature{} }

type pendingFeature struct{}

func (pendingFeature) Register(r *Registry) {
	for _, name := range []string{"verifyPayment"} {
		r.Page(name, screenLoader)
	}
}

func screenLoader(_ context.Context, req *PageRequest) (*PageResult, error) {
	title := req.T("screen." + req.Match.Route.Name + ".title")
	return &PageResult{Title: title + " · Slotwise", Data: ScreenData{Params: req.Match.Params}}, nil
}
