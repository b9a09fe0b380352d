package web_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"slotwise/backend/internal/sites"
	"slotwise/backend/internal/web"
)

func TestAPreviewShowsItsDraftToItsHolderOnly(t *testing.T) {
	f := newFixture(t, sharedRenderer(t))
	ctx := context.Background()
	store := sites.NewStore(f.pool)
	secret, err := store.NewPreview(ctx, sites.Preview{Kind: "post", Target: "new-treatments-2027"}, time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	if err := store.SaveProduct(ctx, sites.ProductInput{ID: "secret-serum", Name: "Secret serum", PriceCents: 9900, Currency: "EUR", DescriptionHTML: "<p>soon</p>"}); err != nil {
		t.Fatal(err)
	}
	productSecret, err := store.NewPreview(ctx, sites.Preview{Kind: "product", Target: "secret-serum"}, time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	expired, err := store.NewPreview(ctx, sites.Preview{Kind: "post", Target: "new-treatments-2027"}, time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.pool.Exec(ctx, `UPDATE previews SET expires_at = now() - interval '1 second' WHERE created_at = (SELECT max(created_at) FROM previews)`); err != nil {
		t.Fatal(err)
	}
	base := web.PreviewPath(secret)
	tests := []struct {
		target string
		status int
		has    []string
	}{
		{base, 200, []string{"New treatments for 2027", "This is a preview", `content="noindex, nofollow"`, "<title>Preview: New treatments for 2027</title>"}},
		{base + "/post/new-treatments-2027", 200, []string{"New treatments for 2027"}},
		{base + "/b/new-treatments-2027", 200, []string{"New treatments for 2027"}},
		{base + "/post/winter-skin", 404, nil},
		{base + "/product/secret-serum", 404, nil},
		{base + "/category/skin-care", 404, nil},
		{web.PreviewPath(productSecret), 200, []string{"Secret serum", "€99.00"}},
		{web.PreviewPath(productSecret) + "/product/secret-serum", 200, []string{"Secret serum"}},
		{web.PreviewPath(expired), 404, nil},
		{"/v2/preview/" + strings.Repeat("A", 43), 404, nil},
		{"/v2/preview/short", 404, nil},
		// The draft is still nowhere else.
		{"/blog/b/new-treatments-2027/", 404, nil},
		{"/product/secret-serum/", 404, nil},
	}
	for _, tt := range tests {
		t.Run(tt.target, func(t *testing.T) {
			rec := f.do(http.MethodGet, tt.target, nil)
			if rec.Code != tt.status {
				t.Fatalf("%d, want %d", rec.Code, tt.status)
			}
			body := rec.Body.String()
			for _, w := range tt.has {
				if !strings.Contains(body, w) {
					t.Errorf("the page lacks %s", w)
				}
			}
			if tt.status == 200 {
				if strings.Contains(body, "og:type") || strings.Contains(body, "ld+json") || rec.Header().Get("Cache-Control") != "no-store" {
					t.Errorf("a preview carries cards or may be cached: %s", rec.Header().Get("Cache-Control"))
				}
			}
		})
	}
	// No secret in clear in the database.
	var n int
	f.pool.QueryRow(ctx, `SELECT count(*) FROM previews WHERE position($1::bytea in secret_hash) > 0`, []byte(secret)).Scan(&n)
	if n != 0 {
		t.Errorf("a preview secret is stored in clear")
	}
}

// Changes to a published post wait aside: readers see the post as it was,
// its preview shows it changed, and publishing makes the change the post.
func TestUnpublishedChangesShowOnlyInTheirPreview(t *testing.T) {
	f := newFixture(t, sharedRenderer(t))
	ctx := context.Background()
	store := sites.NewStore(f.pool)
	if err := store.SavePostChanges(ctx, "winter-skin", sites.PostChanges{Title: "Winter skin, revised", BodyHTML: "<p>New <em>advice</em>.<script>x()</script></p>"}); err != nil {
		t.Fatal(err)
	}
	secret, err := store.NewPreview(ctx, sites.Preview{Kind: "post", Target: "winter-skin"}, time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	public := f.do(http.MethodGet, "/blog/b/winter-skin/", nil).Body.String()
	if !strings.Contains(public, "<h1>Your skin in winter</h1>") || strings.Contains(public, "revised") {
		t.Errorf("readers see the unpublished change")
	}
	preview := f.do(http.MethodGet, web.PreviewPath(secret), nil).Body.String()
	if !strings.Contains(preview, "<h1>Winter skin, revised</h1>") || !strings.Contains(preview, "<p>New <em>advice</em>.</p>") || strings.Contains(preview, "x()") {
		t.Errorf("the preview does not show the change, sanitised")
	}
	if err := store.PublishPostChanges(ctx, "winter-skin"); err != nil {
		t.Fatal(err)
	}
	eventually(t, "the published change shows", func() bool {
		return strings.Contains(f.do(http.MethodGet, "/blog/b/winter-skin/", nil).Body.String(), "<h1>Winter skin, revised</h1>")
	})
	if err := store.PublishPostChanges(ctx, "winter-skin"); err == nil {
		t.Errorf("publishing no changes succeeded")
	}
	if err := store.SavePostChanges(ctx, "nope", sites.PostChanges{Title: "x"}); err == nil {
		t.Errorf("changes to a post that does not exist were kept")
	}
}
