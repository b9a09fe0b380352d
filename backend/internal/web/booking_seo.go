package web

import (
	"slotwise/backend/internal/booking"
	"slotwise/backend/internal/web/pages"
	"slotwise/locales"
)

// serviceData tells search engines what a booking page offers, as
// schema.org has it: the service, the business that provides it (its
// address where the calendar meets at one), and an Offer with its price
// where it has one. Link previews get the page's title and description
// with it (the document's SEO head). A calendar that cannot be booked
// online now (paid online, with no provider) offers it as out of stock.
func serviceData(req *pages.Request, cal *booking.Calendar, bookable bool) *pages.SEO {
	l := cal.Location
	here := req.Absolute(localized(req, req.Path))
	business := map[string]any{"@type": "LocalBusiness", "name": l.Name, "url": req.Absolute(localized(req, "/"))}
	if l.Email != "" {
		business["email"] = l.Email
	}
	if l.LogoURL != "" {
		business["logo"] = absoluteLink(req, l.LogoURL)
	}
	for _, opt := range cal.LocationOptions {
		if opt.Kind == "address" && opt.Value != "" {
			address := map[string]any{"@type": "PostalAddress", "streetAddress": opt.Value}
			if l.Country != "" {
				address["addressCountry"] = l.Country
			}
			business["address"] = address
			break
		}
	}
	service := map[string]any{"@context": "https://schema.org", "@type": "Service", "name": cal.Name, "url": here, "provider": business}
	if cal.Description != "" {
		service["description"] = cal.Description
	}
	if cal.PriceCents > 0 {
		code := cal.CurrencyCode()
		availability := "https://schema.org/InStock"
		if !bookable {
			availability = "https://schema.org/OutOfStock"
		}
		service["offers"] = map[string]any{"@type": "Offer", "price": locales.DecimalAmount(code, int64(cal.PriceCents)), "priceCurrency": code,
			"url": here, "availability": availability}
	}
	return &pages.SEO{JSONLD: []any{service}}
}

// absoluteLink keeps an absolute link and makes a site-relative one absolute.
func absoluteLink(req *pages.Request, link string) string {
	if len(link) > 0 && link[0] == '/' {
		return req.Absolute(link)
	}
	return link
}
