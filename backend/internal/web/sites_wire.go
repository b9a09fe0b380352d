package web

// The website feature's types that cross the wire; ui/src/generated/web.ts
// is generated from this file with the other web wire files (make types).

import "slotwise/backend/internal/sites"

// SiteData is a website page with the site's navigation.
type SiteData struct {
	Page       *sites.Page       `json:"page,omitempty"`
	Post       *sites.Post       `json:"post,omitempty"`
	Listing    *sites.Listing    `json:"listing,omitempty"`
	Product    *sites.Product    `json:"product,omitempty"`
	Collection *sites.Collection `json:"collection,omitempty"`
	Preview    bool              `json:"preview,omitempty"` // shown through a preview secret: maybe a draft
	Nav        []sites.Page      `json:"nav"`
	// Book is the header's Book action: the business's page of everything
	// it offers; empty when it offers nothing to book.
	Book  string     `json:"book,omitempty"`
	Links []DemoLink `json:"links,omitempty"`
}

// DemoLink is a link worth opening, shown on the home page, already in
// the page's language.
type DemoLink struct {
	Label string `json:"label"` // in the page's language
	Href  string `json:"href"`
	// Group is what it shows: booking, forms, or the website and shop.
	Group string `json:"group" tstype:"'book' | 'forms' | 'site'"`
}
