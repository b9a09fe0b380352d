package web

import (
	"context"
	"strings"

	"slotwise/backend/internal/route"
	"slotwise/backend/internal/sites"
	"slotwise/backend/internal/web/pages"
	"slotwise/locales"
)

// The storefront's pages on the website route: a product at
// /product/{id}/ and a collection at /collections/{slug}. The shapes below
// a shop path answer 301 to those, as do other cases and slashes.

// shopPage answers the website route's product and collection kinds.
func shopPage(ctx context.Context, store *sites.Store, req *pages.Request, nav []sites.Page) (*pages.Result, bool, error) {
	switch req.Match.Kind {
	case "product":
		res, err := productPage(ctx, store, req, nav)
		return res, true, err
	case "collection":
		res, err := collectionPage(ctx, store, req, nav)
		return res, true, err
	}
	return nil, false, nil
}

func productPage(ctx context.Context, store *sites.Store, req *pages.Request, nav []sites.Page) (*pages.Result, error) {
	p, err := notFoundAs(store.ProductByID(ctx, strings.ToLower(req.Match.Params["productId"]), req.Prefix))(req)
	if err != nil {
		return nil, err
	}
	canonical := productPath(p.ID)
	if to, ok := redirectTo(req, canonical, req.Query); ok {
		return &pages.Result{Redirect: to}, nil
	}
	content := &pages.Content{Lang: p.Lang, Original: p.Original, Translations: p.Translations}
	here := contentAddress(req, content, canonical)
	product := map[string]any{
		"@context": "https://schema.org", "@type": "Product", "name": p.Name, "description": p.Summary, "sku": p.ID, "url": here, "inLanguage": p.Lang,
		"offers": offers(req, p, here),
	}
	seo := &pages.SEO{}
	if len(p.Images) > 0 {
		img := p.Images[0]
		seo.Image = &pages.OGImage{Src: img.Src, Alt: img.Alt, Width: img.Width, Height: img.Height}
		var urls []string
		for _, i := range p.Images {
			urls = append(urls, req.Absolute(i.Src))
		}
		product["image"] = urls
	}
	trail := []crumb{}
	if len(p.Collections) > 0 {
		trail = append(trail, crumb{p.Collections[0].Title, collectionPath(p.Collections[0].Slug)})
	}
	seo.JSONLD = []any{product, breadcrumbs(req, append(trail, crumb{p.Name, canonical})...)}
	tags := []string{"product:" + p.ID, "nav"}
	for _, c := range p.Collections {
		tags = append(tags, "collection:"+c.Slug)
	}
	return &pages.Result{Title: siteTitle(req, p.Name), Description: p.Summary, SEO: seo, Tags: tags, Data: SiteData{Product: p, Nav: withoutHome(nav)},
		Content: content}, nil
}

func collectionPage(ctx context.Context, store *sites.Store, req *pages.Request, nav []sites.Page) (*pages.Result, error) {
	c, err := notFoundAs(store.CollectionBySlug(ctx, strings.ToLower(req.Match.Params["collectionSlug"]), req.Prefix))(req)
	if err != nil {
		return nil, err
	}
	canonical := collectionPath(c.Slug)
	if to, ok := redirectTo(req, canonical, req.Query); ok {
		return &pages.Result{Redirect: to}, nil
	}
	items := []any{}
	for i, p := range c.Products {
		items = append(items, map[string]any{"@type": "ListItem", "position": i + 1, "url": req.Absolute(localized(req, productPath(p.ID))), "name": p.Name})
	}
	seo := &pages.SEO{JSONLD: []any{
		map[string]any{"@context": "https://schema.org", "@type": "ItemList", "name": c.Title, "numberOfItems": len(c.Products), "itemListElement": items,
			"inLanguage": c.Lang},
		breadcrumbs(req, crumb{c.Title, canonical}),
	}}
	if len(c.Products) > 0 && len(c.Products[0].Images) > 0 {
		img := c.Products[0].Images[0]
		seo.Image = &pages.OGImage{Src: img.Src, Alt: img.Alt, Width: img.Width, Height: img.Height}
	}
	tags := []string{"collection:" + c.Slug, "nav"}
	for _, p := range c.Products {
		tags = append(tags, "product:"+p.ID)
	}
	return &pages.Result{Title: siteTitle(req, c.Title), Description: c.Description, SEO: seo, Tags: tags, Data: SiteData{Collection: c, Nav: withoutHome(nav)},
		Content: &pages.Content{Lang: c.Lang, Original: c.Original, Translations: c.Translations}}, nil
}

// offers are a product's offers in its JSON-LD: one per variant, each
// with what is really left of it (stock minus what checkouts hold).
func offers(req *pages.Request, p *sites.Product, here string) any {
	offer := func(sku string, price int64, left int) map[string]any {
		availability := "https://schema.org/InStock"
		switch {
		case !p.Available || left == 0:
			availability = "https://schema.org/OutOfStock"
		case left > 0:
			availability = "https://schema.org/LimitedAvailability"
		}
		return map[string]any{"@type": "Offer", "sku": sku, "price": locales.DecimalAmount(p.Currency, price), "priceCurrency": p.Currency,
			"availability": availability, "url": here, "seller": organization(req)}
	}
	if len(p.Variants) <= 1 {
		left := -1
		if len(p.Variants) == 1 {
			left = p.Variants[0].Left
		}
		o := offer(p.ID, p.PriceCents, left)
		delete(o, "sku")
		return o
	}
	var out []any
	for _, v := range p.Variants {
		o := offer(p.ID+"-"+v.ID, v.PriceCents, v.Left)
		o["name"] = p.Name + " · " + v.Name
		out = append(out, o)
	}
	return out
}

// productPath is a product's canonical path: without a shop path, with the
// trailing slash the spec writes.
func productPath(id string) string {
	return route.Default().Href("", "website", "product", map[string]string{"productId": id}, nil) + "/"
}

func collectionPath(slug string) string {
	return route.Default().Href("", "website", "collection", map[string]string{"collectionSlug": slug}, nil)
}

// contentAddress is the absolute address of what a page shows: its
// language's where it is translated, else the original's, which is the
// one to name (a language the text lacks is not an address of its own).
func contentAddress(req *pages.Request, c *pages.Content, canonical string) string {
	if pages.Prefix(c.Lang) != pages.Prefix(c.Original) {
		return req.Absolute(localized(req, canonical))
	}
	return req.Absolute(canonical)
}
