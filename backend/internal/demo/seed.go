// Package demo fills an empty database with the demo business, so that
// `make run` shows real content. Later features add their own demo data here.
package demo

import (
	"context"
	"fmt"

	"slotwise/backend/internal/db"
	"slotwise/backend/internal/sites"
)

// IsEmpty tells whether the database holds no content yet.
func IsEmpty(ctx context.Context, q db.Querier) (bool, error) {
	var n int
	if err := q.QueryRow(ctx, `SELECT (SELECT count(*) FROM site_pages) + (SELECT count(*) FROM calendars)`).Scan(&n); err != nil {
		return false, fmt.Errorf("demo: unable to count pages: %w", err)
	}
	return n == 0, nil
}

// Seed writes the demo content; running it again updates it in place.
func Seed(ctx context.Context, q db.Querier) error {
	store := sites.NewStore(q)
	for _, p := range pages {
		if err := store.SavePage(ctx, p, pageSections[p.Path]...); err != nil {
			return fmt.Errorf("demo: %w", err)
		}
	}
	if err := seedBlog(ctx, q); err != nil {
		return err
	}
	if err := seedShop(ctx, q); err != nil {
		return err
	}
	if err := seedBooking(ctx, q); err != nil {
		return err
	}
	return seedForms(ctx, q)
}

var pages = []sites.Page{
	{
		Path:        "",
		Title:       "Slotwise Demo Studio",
		Description: "A small studio for skin care and massage in the heart of Berlin. Book online in a minute.",
		Paragraphs: []string{
			"We are open Monday to Friday from nine to five. Pick a time that suits you and we will be ready.",
			"Every appointment starts with a short consultation, so that the treatment fits you.",
		},
	},
	{
		Path:        "about",
		Title:       "About the studio",
		Description: "Who we are and how we work.",
		Paragraphs: []string{
			"Slotwise Demo Studio was founded by two therapists who wanted a calm place for skin care and massage.",
			"We use products that are kind to your skin and to the planet, and we take our time with every guest.",
			"You find us in a quiet courtyard, five minutes from the nearest underground station.",
		},
	},
	{
		Path:        "prices",
		Title:       "Prices",
		Description: "What our treatments cost.",
		Paragraphs: []string{
			"A consultation of thirty minutes is free of charge.",
			"Facial treatments start at 65 euros, massages at 55 euros for fifty minutes.",
		},
	},
	{
		Path:        "terms",
		Title:       "Terms of booking",
		Description: "Deposits, cancellations and refunds.",
		Paragraphs: []string{
			"Some treatments are secured with a deposit when you book. The rest is paid at the studio.",
			"A time you have not paid for is held for ten minutes while you pay, then it is free again.",
			"Cancel up to 24 hours before your appointment and your deposit is refunded in full. Later, it is kept.",
		},
	},
}

// pageSections are what the demo's pages show after their text: the about
// page embeds the booking widget.
var pageSections = map[string][]sites.SectionInput{
	"about": {
		{Type: "heading", Text: "Book your first consultation"},
		{Type: "text", HTML: `<p>Thirty minutes, <strong>free of charge</strong>: we look at your skin and talk about what would help. Pick a time below.</p>`},
		{Type: "booking", Calendar: "demo-consultation"},
		{Type: "button", Text: "Read the journal", Href: "/blog"},
	},
}
