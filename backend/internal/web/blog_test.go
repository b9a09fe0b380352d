package web_test

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"slotwise/backend/internal/sites"
)

// Every shape of the blog's URLs: the canonical one renders; every other
// form of it answers 301 there; what does not exist (or is a draft) is 404.
func TestEveryShapeOfTheBlogsURLs(t *testing.T) {
	f := newFixture(t, sharedRenderer(t))
	tests := []struct {
		target string
		status int
		where  string   // Location of a redirect
		has    []string // in the page
	}{
		{"/blog", 200, "", []string{"Journal", "Your skin in winter", `href="/blog/b/winter-skin/"`, "6 posts", `rel="next"`}},
		{"/blog?page=2", 200, "", []string{"Shoulders that sit at a desk", `rel="prev"`, "Page 2 of 2"}},
		{"/blog?page=1", 301, "/blog", nil},
		{"/blog/", 301, "/blog", nil},
		{"/about/", 301, "/about", nil},
		{"/de/About", 301, "/de/about", nil},
		{"/blog?page=3", 404, "", []string{"Page Not Found: /blog?page=3"}},
		{"/blog?page=01", 404, "", nil},
		{"/blog?page=-1", 404, "", nil},
		{"/blog/b/winter-skin/", 200, "", []string{"<h1>Your skin in winter</h1>", "<strong>Wash with lukewarm water</strong>", `href="/widget/bookings/facial-treatment"`, `href="/blog/author/lena-hoffmann"`, `href="/blog/c/skin-care"`, `href="/blog/tag/winter"`}},
		{"/blog/b/winter-skin", 301, "/blog/b/winter-skin/", nil},
		{"/b/winter-skin/", 301, "/blog/b/winter-skin/", nil},
		{"/b/winter-skin", 301, "/blog/b/winter-skin/", nil},
		{"/post/winter-skin/", 301, "/blog/b/winter-skin/", nil},
		{"/blog/c/skin-care/b/winter-skin/", 301, "/blog/b/winter-skin/", nil},
		{"/c/skin-care/b/winter-skin", 301, "/blog/b/winter-skin/", nil},
		{"/blog/b/Winter-Skin/", 301, "/blog/b/winter-skin/", nil},
		{"/BLOG/b/winter-skin/", 301, "/blog/b/winter-skin/", nil},
		{"/de/blog/b/winter-skin", 301, "/de/blog/b/ihre-haut-im-winter/", nil},
		// The German translation has an address of its own: the original's
		// slug and the German one in another language lead to it there.
		{"/de/blog/b/winter-skin/", 301, "/de/blog/b/ihre-haut-im-winter/", nil},
		{"/blog/b/ihre-haut-im-winter/", 301, "/blog/b/winter-skin/", nil},
		{"/fr/blog/b/ihre-haut-im-winter/", 301, "/fr/blog/b/winter-skin/", nil},
		{"/de/blog/b/ihre-haut-im-winter/", 200, "", []string{"Ihre Haut im Winter"}},
		{"/blog/c/massage/b/winter-skin/", 404, "", nil},
		{"/other/b/winter-skin/", 404, "", nil},
		{"/blog/c/skin-care", 200, "", []string{"Category: Skin care", "Your skin in winter", "3 posts"}},
		{"/c/skin-care/", 301, "/blog/c/skin-care", nil},
		{"/blog/category/skin-care", 301, "/blog/c/skin-care", nil},
		{"/blog/author/jonas-becker", 200, "", []string{"Posts by Jonas Becker", "What to expect at your first massage"}},
		{"/blog/tag/sleep", 200, "", []string{"Sleep, the best massage there is", "A five-minute evening routine"}},
		{"/de/blog/tag/sleep", 200, "", []string{"Beiträge mit dem Schlagwort „Schlaf“"}},
		{"/blog/tag/nope", 404, "", nil},
		{"/blog/author/nobody", 404, "", nil},
		{"/blog/c/nope", 404, "", nil},
		{"/post/welcome/", 404, "", []string{"Page Not Found: /post/welcome/"}},
		// Products and collections are not built: none exists.
		{"/product/p1/", 404, "", nil},
		{"/shop/collections/summer", 404, "", nil},
	}
	for _, tt := range tests {
		t.Run(tt.target, func(t *testing.T) {
			rec := f.do(http.MethodGet, tt.target, nil)
			if rec.Code != tt.status {
				t.Fatalf("%d, want %d (%s)", rec.Code, tt.status, rec.Header().Get("Location"))
			}
			if got := rec.Header().Get("Location"); got != tt.where {
				t.Errorf("Location %q, want %q", got, tt.where)
			}
			for _, w := range tt.has {
				if !strings.Contains(rec.Body.String(), w) {
					t.Errorf("the page lacks %s", w)
				}
			}
		})
	}
}

// A draft, and a post whose time has not come, are nowhere: not at their
// URL, not in any listing.
func TestDraftsNeverLeakIntoListings(t *testing.T) {
	f := newFixture(t, sharedRenderer(t))
	store := sites.NewStore(f.pool)
	if err := store.SavePost(context.Background(), sites.PostInput{Blog: "blog", Slug: "tomorrow", Title: "Not yet", Author: "jonas-becker",
		Categories: []string{"massage"}, Tags: []string{"sleep"}, BodyHTML: "<p>soon</p>", Published: true, PublishedAt: f.clock.Now().Add(24 * time.Hour)}); err != nil {
		t.Fatal(err)
	}
	// A post's posts to read next share its labels with the draft and the
	// future post: they are not among them either.
	for _, target := range []string{"/blog", "/blog?page=2", "/blog/c/skin-care", "/blog/c/massage", "/blog/author/lena-hoffmann", "/blog/author/jonas-becker", "/blog/tag/winter", "/blog/tag/sleep",
		"/blog/b/winter-skin/", "/blog/b/sleep-and-muscles/"} {
		body := f.do(http.MethodGet, target, nil).Body.String()
		for _, secret := range []string{"new-treatments-2027", "New treatments for 2027", "tomorrow", "Not yet"} {
			if strings.Contains(body, secret) {
				t.Errorf("%s shows %q", target, secret)
			}
		}
	}
	for _, target := range []string{"/blog/b/new-treatments-2027/", "/post/new-treatments-2027/", "/blog/b/tomorrow/"} {
		if rec := f.do(http.MethodGet, target, nil); rec.Code != http.StatusNotFound {
			t.Errorf("%s: %d, want 404", target, rec.Code)
		}
	}
}

// An author's edit is on the page at the next request, and the body is
// what the sanitiser kept.
func TestAnEditShowsAtTheNextRequest(t *testing.T) {
	f := newFixture(t, sharedRenderer(t))
	if body := f.do(http.MethodGet, "/blog/b/winter-skin/", nil).Body.String(); !strings.Contains(body, "Three habits") {
		t.Fatal("the post is not there to edit")
	}
	store := sites.NewStore(f.pool)
	if err := store.SavePost(context.Background(), sites.PostInput{Blog: "blog", Slug: "winter-skin", Title: "Your skin in winter, revised", Author: "lena-hoffmann",
		BodyHTML: `<h2>Four habits</h2><p onclick="x()">Safe<script>alert(1)</script></p>`, Published: true, PublishedAt: time.Date(2026, 11, 16, 8, 0, 0, 0, time.UTC)}); err != nil {
		t.Fatal(err)
	}
	// The change notice crosses the database before the cached page goes.
	var body string
	eventually(t, "the edit shows", func() bool {
		body = f.do(http.MethodGet, "/blog/b/winter-skin/", nil).Body.String()
		return strings.Contains(body, "Your skin in winter, revised")
	})
	for _, want := range []string{"Your skin in winter, revised", "<h2>Four habits</h2>", "<p>Safe</p>"} {
		if !strings.Contains(body, want) {
			t.Errorf("the edited page lacks %s", want)
		}
	}
	for _, gone := range []string{"Three habits", "alert(1)", "onclick"} {
		if strings.Contains(body, gone) {
			t.Errorf("the edited page still has %s", gone)
		}
	}
}

// A client navigation to another form of a URL gets where to go instead.
func TestPageDataTellsTheCanonicalURL(t *testing.T) {
	f := newFixture(t, sharedRenderer(t))
	rec := f.do(http.MethodGet, "/api/page-data?path=/de/post/winter-skin/", nil)
	var got struct{ Redirect string }
	if err := json.Unmarshal(rec.Body.Bytes(), &got); err != nil || got.Redirect != "/de/blog/b/ihre-haut-im-winter/" {
		t.Errorf("%d %s, want a redirect to /de/blog/b/ihre-haut-im-winter/", rec.Code, rec.Body)
	}
}

// A post says how long it takes to read, and offers three other visible
// posts of its blog: those sharing most of its categories and tags first.
func TestAPostOffersItsReadingTimeAndPostsToReadNext(t *testing.T) {
	f := newFixture(t, sharedRenderer(t))
	store := sites.NewStore(f.pool)
	long := "<p>" + strings.Repeat("word ", 700) + "</p><ul><li>" + strings.Repeat("more ", 220) + "</li></ul>"
	if err := store.SavePost(context.Background(), sites.PostInput{Blog: "blog", Slug: "long-read", Title: "A long read", Author: "lena-hoffmann",
		Categories: []string{"skin-care"}, Tags: []string{"routine", "winter"}, BodyHTML: long, Published: true, PublishedAt: time.Date(2026, 8, 1, 8, 0, 0, 0, time.UTC)}); err != nil {
		t.Fatal(err)
	}
	post := func(path string) sites.Post {
		t.Helper()
		var page struct {
			Data struct{ Post sites.Post } `json:"data"`
		}
		rec := f.do(http.MethodGet, "/api/page-data?path="+path, nil)
		if err := json.Unmarshal(rec.Body.Bytes(), &page); err != nil {
			t.Fatalf("%s: %v: %s", path, err, rec.Body.String())
		}
		return page.Data.Post
	}
	// 920 words at 230 a minute; the demo's short posts read in a minute.
	if got := post("/blog/b/long-read/").ReadingMinutes; got != 4 {
		t.Errorf("the long read takes %d minutes, want 4", got)
	}
	winter := post("/blog/b/winter-skin/")
	if winter.ReadingMinutes != 1 {
		t.Errorf("winter-skin takes %d minutes, want 1", winter.ReadingMinutes)
	}
	var next []string
	for _, p := range winter.Related {
		next = append(next, p.Slug)
	}
	// long-read shares skin care, routine and winter; evening-routine and
	// sunscreen-in-autumn skin care and routine (the newer first).
	if want := []string{"long-read", "evening-routine", "sunscreen-in-autumn"}; strings.Join(next, " ") != strings.Join(want, " ") {
		t.Errorf("read next: %v, want %v", next, want)
	}
}
