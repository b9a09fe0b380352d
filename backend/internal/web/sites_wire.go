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
	// Business is the footer: how the business is reached and its legal
	// pages; nil before there is a business.
	Business *SiteBusiness `json:"business,omitempty"`
	// Shop is how the business sells, and on the shop's own pages the
	// cart, the checkout or an order; nil on pages that sell nothing.
	Shop *ShopData `json:"shop,omitempty"`
}

// SiteBusiness is how the site's business is reached, when it is open and
// its legal pages, with every link in the page's language.
type SiteBusiness struct {
	Name      string   `json:"name"`
	Address   []string `json:"address,omitempty"` // its lines
	MapURL    string   `json:"mapUrl,omitempty"`
	Phone     string   `json:"phone,omitempty"`
	PhoneHref string   `json:"phoneHref,omitempty"` // tel:+49301234567
	Email     string   `json:"email,omitempty"`
	Contact   string   `json:"contact,omitempty"` // the contact form's page
	// Hours are the opening hours, the days with the same hours together,
	// Monday first; a day left out is closed.
	Hours []OpeningDays `json:"hours,omitempty"`
	Legal []LegalLink   `json:"legal,omitempty"`
	// Lang is the language the business writes in (BCP 47): what its
	// texts that have no translation are in.
	Lang string `json:"lang"`
}

// OpeningDays are days in a row open at the same hours: From and To are
// ISO weekdays (1 is Monday), Spans are "09:00-19:00".
type OpeningDays struct {
	From  int      `json:"from"`
	To    int      `json:"to"`
	Spans []string `json:"spans"`
}

// LegalLink is one of the business's legal pages.
type LegalLink struct {
	Kind string `json:"kind" tstype:"'imprint' | 'privacy' | 'terms'"`
	Href string `json:"href"`
}

// DemoLink is a link worth opening, shown on the home page, already in
// the page's language.
type DemoLink struct {
	Label string `json:"label"` // in the page's language
	Href  string `json:"href"`
	// Group is what it shows: booking, forms, or the website and shop.
	Group string `json:"group" tstype:"'book' | 'forms' | 'site'"`
}
