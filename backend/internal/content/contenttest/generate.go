// Package contenttest makes sites for tests and benchmarks: a site (the
// demo, passed in by the caller) with every kind of content and every shape
// a field takes, grown to any size. It stands beside content in the import
// rule (backend/internal/layers), so it takes its base site rather than
// importing the demo, which imports content.
package contenttest

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"time"

	"slotwise/backend/internal/content"
)

// Grow adds to s (the demo's site: its staff, calendars, blog, authors and
// categories are named here) what the demo does not show: a nested page
// with a picture section, a blog below a path, posts in Markdown, a draft
// with its date, a PNG, a day off and a day of other hours, an inactive
// person, a one-time link the business named; and then posts and calendars
// generated up to the numbers asked. It returns s.
func Grow(s *content.Site, posts, calendars int) *content.Site {
	s.Media = append(s.Media, content.Media{Name: "studio-map.png", Data: pngPicture(1200, 800)})
	s.Staff = append(s.Staff, content.Staff{Slug: "ana", Name: "Ana Lima", Email: "ana@slotwise.localhost", TimeZone: "America/Sao_Paulo",
		Active: false, Hours: content.Week{Saturday: []string{"08:00-12:00", "13:00-18:00"}},
		Overrides: []content.Override{{Day: "2026-12-24", Closed: true}, {Day: "2026-12-27", Hours: []string{"10:00-14:00"}}}})
	s.Links = append(s.Links, content.Link{Slug: "vip-anna-2027", Calendar: "demo-consultation",
		Expires: time.Date(2027, 1, 31, 23, 0, 0, 0, time.UTC)})
	s.Blogs = append(s.Blogs, content.Blog{Path: "journal/news", Title: "Studio news", Description: "Opening hours, new faces, new treatments.",
		Categories: []content.Category{{Slug: "opening-hours", Name: "Opening hours"}}})
	s.Tags = append(s.Tags, content.Tag{Slug: "holidays", Name: "holidays"})
	at := time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)
	s.Posts = append(s.Posts,
		content.Post{Slug: "holiday-hours", Blog: "journal/news", Title: "Holiday hours", Author: "lena-hoffmann",
			Categories: []string{"opening-hours"}, Tags: []string{"holidays"}, Published: true, PublishedAt: &at,
			Body: "We close on **24 December** and open again on the 27th.\n\n## Gift vouchers\n\n- in the studio\n- [online](/products/gift-voucher)\n"},
		content.Post{Slug: "spring-plans", Blog: "journal/news", Title: "Spring plans", Author: "jonas-becker", Published: false, PublishedAt: &at,
			Excerpt: "A draft with the date it is meant for.", Body: "Not yet."})
	s.Pages = append(s.Pages, content.Page{Path: "studio/find-us", Title: "Find the studio", Description: "Where we are.", Locale: "de", Published: true,
		Body: "Lindenstraße 12, 10969 Berlin.\n\nThe courtyard door is on the left.",
		Sections: []content.Section{{Type: "image", Image: &content.Image{Src: "/media/studio-map.png", Alt: "A map", Width: 1200, Height: 800}},
			{Type: "booking", Calendar: "demo-consultation"}}},
		content.Page{Path: "draft-page", Title: "Not yet", Locale: "en-US", Published: false})
	for i := range calendars {
		s.Calendars = append(s.Calendars, content.Calendar{Slug: fmt.Sprintf("generated-%04d", i), Name: fmt.Sprintf("Service %d", i),
			Active: true, Duration: 30 + 15*(i%4), Interval: 15, BookingWindowDays: 60, StaffMode: "any", Staff: []string{"jonas", "mia"},
			MaxSeatsPerBooking: 1, Places: []content.Place{{Kind: "address", Value: "Lindenstraße 12, 10969 Berlin"}},
			PriceCents: int64(1000 + i), Payment: "on_site", DepositKind: "none", HoldMinutes: 10, RefundPolicy: "window", RefundWindowHours: 24})
	}
	for i := range posts {
		t := time.Date(2025, 1, 1, 8, 0, 0, 0, time.UTC).Add(time.Duration(i) * time.Hour)
		s.Posts = append(s.Posts, content.Post{Slug: fmt.Sprintf("generated-post-%04d", i), Blog: "blog", Title: fmt.Sprintf("Post number %d", i),
			Excerpt: "A post made for the import's benchmark.", Author: "lena-hoffmann", Categories: []string{"skin-care"},
			Tags: []string{"routine"}, Published: true, PublishedAt: &t,
			Body: fmt.Sprintf("Post %d: *three* short paragraphs.\n\nThe second, with a [link](/blog).\n\n> And a quote.\n", i)})
	}
	return s
}

// pngPicture draws a small gradient: a real picture, made smaller on import.
func pngPicture(w, h int) []byte {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			img.Set(x, y, color.RGBA{R: uint8(x * 255 / w), G: uint8(y * 255 / h), B: 160, A: 255})
		}
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		panic(err) // encoding to memory does not fail
	}
	return b.Bytes()
}
