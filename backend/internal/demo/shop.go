package demo

import (
	"context"
	"fmt"
	"html"

	"slotwise/backend/internal/db"
	"slotwise/backend/internal/sites"
)

// The demo's storefront: five products in two collections, each with a
// picture drawn here (a jar, a bottle or a bar in the product's colours).
func seedShop(ctx context.Context, q db.Querier) error {
	store := sites.NewStore(q)
	products := []struct {
		in     sites.ProductInput
		shape  string
		colour string
	}{
		{sites.ProductInput{ID: "calming-cream", Name: "Calming face cream", Summary: "A rich night cream for dry winter skin.", PriceCents: 3400, Currency: "EUR", Available: true,
			DescriptionHTML: `<p>Shea butter and oat extract for skin that feels tight.</p><ul><li>50 ml</li><li>Without perfume</li></ul>`}, "jar", "#0f766e"},
		{sites.ProductInput{ID: "gentle-cleanser", Name: "Gentle cleansing gel", Summary: "A mild gel for morning and evening.", PriceCents: 1900, CompareAtCents: 2400, Currency: "EUR", Available: true,
			DescriptionHTML: `<p>Cleans without drying. <strong>Suits sensitive skin.</strong></p>`}, "bottle", "#2563eb"},
		{sites.ProductInput{ID: "massage-oil", Name: "Warming massage oil", Summary: "Almond oil with ginger and orange, 100 ml.", PriceCents: 2600, Currency: "EUR", Available: true,
			DescriptionHTML: `<p>The oil we use in the studio, for tired shoulders at home.</p>`}, "bottle", "#b45309"},
		{sites.ProductInput{ID: "lip-balm", Name: "Lip balm", Summary: "Beeswax and calendula, for cold days.", PriceCents: 700, Currency: "EUR", Available: false,
			DescriptionHTML: `<p>Back in stock in December.</p>`}, "bar", "#be185d"},
		{sites.ProductInput{ID: "gift-voucher", Name: "Gift voucher", Summary: "A massage or a facial, as a present.", PriceCents: 5500, Currency: "EUR", Available: true,
			DescriptionHTML: `<p>Valid for a year for any treatment of the same price.</p>`}, "card", "#7c3aed"},
	}
	for _, p := range products {
		name := p.in.ID + ".svg"
		if err := store.SaveMedia(ctx, name, "image/svg+xml", []byte(picture(p.shape, p.colour, p.in.Name))); err != nil {
			return err
		}
		p.in.Images = []sites.Image{{Src: "/media/" + name, Width: 800, Height: 800, Alt: p.in.Name}}
		p.in.Published = true
		if err := store.SaveProduct(ctx, p.in); err != nil {
			return fmt.Errorf("demo: %w", err)
		}
	}
	if err := store.SaveCollection(ctx, sites.Collection{Slug: "skin-care", Title: "Skin care at home",
		Description: "What we use in the studio, for your bathroom shelf."}, "manual", []string{"calming-cream", "gentle-cleanser", "lip-balm"}); err != nil {
		return err
	}
	return store.SaveCollection(ctx, sites.Collection{Slug: "gifts", Title: "Gifts",
		Description: "For someone who deserves an hour off."}, "price-desc", []string{"gift-voucher", "massage-oil", "calming-cream"})
}

// picture is a simple square drawing of a product: nothing fetched from
// elsewhere, a few hundred bytes each.
func picture(shape, colour, label string) string {
	var body string
	switch shape {
	case "jar":
		body = `<rect x="250" y="330" width="300" height="260" rx="40" fill="` + colour + `"/><rect x="270" y="270" width="260" height="80" rx="16" fill="#1f2937"/>`
	case "bottle":
		body = `<rect x="300" y="260" width="200" height="360" rx="50" fill="` + colour + `"/><rect x="360" y="180" width="80" height="100" rx="12" fill="#1f2937"/>`
	case "bar":
		body = `<rect x="340" y="220" width="120" height="380" rx="60" fill="` + colour + `"/><rect x="340" y="220" width="120" height="110" rx="55" fill="#1f2937"/>`
	default:
		body = `<rect x="180" y="260" width="440" height="280" rx="28" fill="` + colour + `"/><circle cx="540" cy="330" r="34" fill="#fff" opacity=".6"/>`
	}
	return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800" role="img"><title>` + html.EscapeString(label) +
		`</title><rect width="800" height="800" fill="#f4f4f5"/>` + body + `</svg>`
}
