package demo

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"sync"
	"time"

	"slotwise/backend/internal/db"
	"slotwise/backend/internal/sites"
)

// The demo's blog, "Journal" at /blog: six posts in two categories by two
// authors with several tags, and one draft that no listing shows.
func seedBlog(ctx context.Context, q db.Querier) error {
	store := sites.NewStore(q)
	if err := store.SaveBlog(ctx, sites.Blog{Path: "blog", Title: "Journal",
		Description: "Notes from the studio on skin care, massage and looking after yourself."}); err != nil {
		return err
	}
	for _, a := range []sites.Author{
		{Slug: "lena-hoffmann", Name: "Lena Hoffmann", Bio: "Skin therapist and co-founder of the studio."},
		{Slug: "jonas-becker", Name: "Jonas Becker", Bio: "Massage therapist; writes about rest and movement."},
	} {
		if err := store.SaveAuthor(ctx, a); err != nil {
			return err
		}
	}
	for _, c := range []sites.Category{
		{Slug: "skin-care", Name: "Skin care", Description: "How to look after your skin, season by season."},
		{Slug: "massage", Name: "Massage", Description: "What massage does, and how to get the most from it."},
	} {
		if err := store.SaveCategory(ctx, "blog", c); err != nil {
			return err
		}
	}
	for _, t := range []sites.Tag{{Slug: "winter", Name: "winter"}, {Slug: "routine", Name: "routine"}, {Slug: "sleep", Name: "sleep"}, {Slug: "first-visit", Name: "first visit"}} {
		if err := store.SaveTag(ctx, t); err != nil {
			return err
		}
	}
	// The newest post has a photograph-like cover, kept at several widths.
	cover, err := store.SavePicture(ctx, "winter-cover.jpg", coverJPEG())
	if err != nil {
		return err
	}
	cover.Alt = "Frost on a window at dawn"
	day := func(s string) time.Time {
		t, err := time.Parse("2006-01-02 15:04", s)
		if err != nil {
			panic(err) // the dates below are literals
		}
		return t
	}
	posts := []sites.PostInput{
		{Slug: "winter-skin", Title: "Your skin in winter", Author: "lena-hoffmann", Categories: []string{"skin-care"}, Tags: []string{"winter", "routine"}, Cover: &cover,
			Excerpt: "Cold air outside, dry heat inside: three habits that keep skin calm until spring.", PublishedAt: day("2026-11-16 08:00"),
			BodyHTML: `<p>Winter asks more of your skin than any other season. Cold air holds little water, and heated rooms take what is left.</p>
<h2>Three habits</h2><ul><li><strong>Wash with lukewarm water</strong>, never hot.</li><li>Use a richer cream at night.</li><li>Keep a humidifier or a bowl of water near the radiator.</li></ul>
<p>If your skin still feels tight, <a href="/widget/bookings/facial-treatment">book a facial</a> and we will look at it together.</p>`},
		{Slug: "first-massage", Title: "What to expect at your first massage", Author: "jonas-becker", Categories: []string{"massage"}, Tags: []string{"first-visit"},
			Excerpt: "Arrive ten minutes early, tell us what hurts, and breathe. The rest is our job.", PublishedAt: day("2026-11-09 08:00"),
			BodyHTML: `<p>A first massage can feel strange. Here is how an appointment with us goes, from the door to the last minute.</p>
<h2>Before</h2><p>Arrive ten minutes early. We ask about injuries, pressure and the places that need attention.</p>
<h2>During</h2><p>Tell us at any time if the pressure is too much. <em>Silence is fine too.</em></p>`},
		{Slug: "evening-routine", Title: "A five-minute evening routine", Author: "lena-hoffmann", Categories: []string{"skin-care"}, Tags: []string{"routine", "sleep"},
			Excerpt: "Cleanse, tone, cream: an evening routine you will still follow in a month.", PublishedAt: day("2026-10-26 08:00"),
			BodyHTML: `<p>The best routine is the one you keep. Ours takes five minutes.</p><ol><li>Cleanse with a mild gel.</li><li>Pat dry; do not rub.</li><li>Cream while the skin is still a little damp.</li></ol>`},
		{Slug: "sleep-and-muscles", Title: "Sleep, the best massage there is", Author: "jonas-becker", Categories: []string{"massage"}, Tags: []string{"sleep"},
			Excerpt: "Muscles repair while you sleep. How to help them do it.", PublishedAt: day("2026-10-12 08:00"),
			BodyHTML: `<p>Most of the repair your muscles need happens at night.</p><blockquote>A massage helps; eight hours of sleep help more.</blockquote><p>Keep the bedroom cool and dark, and stretch gently before bed.</p>`},
		{Slug: "sunscreen-in-autumn", Title: "Sunscreen in autumn? Yes.", Author: "lena-hoffmann", Categories: []string{"skin-care"}, Tags: []string{"routine"},
			Excerpt: "UV light does not take the autumn off. Why a light sunscreen still belongs in your morning.", PublishedAt: day("2026-09-28 08:00"),
			BodyHTML: `<p>Clouds stop warmth, not UV light. A light sunscreen on grey mornings is still worth it.</p>`},
		{Slug: "desk-shoulders", Title: "Shoulders that sit at a desk", Author: "jonas-becker", Categories: []string{"massage"}, Tags: []string{"routine"},
			Excerpt: "Three stretches for the shoulders of anyone who works at a screen.", PublishedAt: day("2026-09-14 08:00"),
			BodyHTML: `<p>A screen pulls the shoulders forward, hour after hour.</p><h3>Three stretches</h3><ul><li>Roll the shoulders back ten times.</li><li>Open the chest in a doorway.</li><li>Tuck the chin and lengthen the neck.</li></ul>`},
		{Slug: "new-treatments-2027", Title: "New treatments for 2027", Author: "lena-hoffmann", Categories: []string{"skin-care"}, Tags: []string{"winter"},
			Excerpt: "A draft: what we plan for next year.", Published: false,
			BodyHTML: `<p>This post is a draft: no listing, feed or search engine sees it.</p>`},
	}
	for _, p := range posts {
		p.Blog = "blog"
		if !p.PublishedAt.IsZero() {
			p.Published = true
		}
		if err := store.SavePost(ctx, p); err != nil {
			return fmt.Errorf("demo: %w", err)
		}
	}
	return nil
}

// coverJPEG is the demo cover, drawn once per process.
var coverJPEG = sync.OnceValue(coverPicture)

// coverPicture draws the demo cover: a cold dawn sky over a frosted pane,
// 1600×900, as a JPEG.
func coverPicture() []byte {
	const w, h = 1600, 900
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			t := float64(y) / h
			frost := uint8((x*7 + y*13) % 23)
			img.Set(x, y, color.RGBA{R: uint8(40+150*t) + frost, G: uint8(80+120*t) + frost, B: uint8(160+70*t) + frost/2, A: 255})
		}
	}
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: 85}); err != nil {
		panic(err) // encoding an in-memory image to a buffer does not fail
	}
	return buf.Bytes()
}
