package web

import (
	"context"
	"errors"

	"slotwise/backend/internal/route"
	"slotwise/backend/internal/sites"
	"slotwise/backend/internal/web/pages"
)

// previewPage answers /v2/preview/{id} and its shapes: the one draft the
// secret opens, as it stands, never indexed (and never cached beyond the
// visitor). A shape naming other content than the secret's is a 404, like
// an unknown or expired secret.
func previewPage(ctx context.Context, store *sites.Store, req *pages.Request, nav []sites.Page) (*pages.Result, error) {
	params := req.Match.Params
	grant, err := notFoundAs(store.OpenPreview(ctx, params["id"]))(req)
	if err != nil {
		return nil, err
	}
	asked := map[string]string{"post": params["slug"] + params["blogSlug"], "product": params["productId"]}
	switch req.Match.Kind {
	case "page":
	case "post", "product":
		if grant.Kind != req.Match.Kind || asked[req.Match.Kind] != grant.Target {
			return nil, pages.NotFound(req.FullPath)
		}
	default:
		return nil, pages.NotFound(req.FullPath)
	}
	res := &pages.Result{Robots: "noindex, nofollow"}
	data := SiteData{Nav: withoutHome(nav), Preview: true}
	switch grant.Kind {
	case "post":
		post, err := store.DraftPost(ctx, grant.Target)
		if err != nil {
			return nil, previewGone(err, req)
		}
		res.Title, res.Description, data.Post = post.Title, post.Excerpt, post
	case "product":
		p, err := store.DraftProduct(ctx, grant.Target)
		if err != nil {
			return nil, previewGone(err, req)
		}
		res.Title, res.Description, data.Product = p.Name, p.Summary, p
	default:
		page, err := store.DraftPage(ctx, grant.Target)
		if err != nil {
			return nil, previewGone(err, req)
		}
		res.Title, res.Description, data.Page = page.Title, page.Description, page
	}
	res.Title = req.T("site.previewOf", "title", res.Title)
	res.Data = data
	return res, nil
}

// previewGone: the content a preview opened was deleted since.
func previewGone(err error, req *pages.Request) error {
	if errors.Is(err, sites.ErrNotFound) {
		return pages.NotFound(req.FullPath)
	}
	return err
}

// PreviewPath is where a preview secret is opened.
func PreviewPath(secret string) string {
	return route.Default().Href("", "preview", "page", map[string]string{"id": secret}, nil)
}
