package web_test

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"slotwise/backend/internal/db"
)

// The demo's blog, its categories, authors' bios and tags, and the
// business's name are in German too (blogs.de.yaml, tags.de.yaml,
// authors.de.yaml, location.de.yaml). A listing in German lists the posts
// written in German; one in a language its blog lacks lists every post,
// in the business's words.
func TestABlogsListingsReadInTheLanguageTheBusinessWroteThemIn(t *testing.T) {
	f := newFixture(t, sharedRenderer(t))
	for _, tt := range []struct {
		name, target string
		has, hasNot  []string
	}{
		{"the blog in German", "/de/blog",
			[]string{"Notizen aus dem Studio", "Ihre Haut im Winter", "Hautpflege"},
			[]string{"Sleep, the best massage there is", "Notes from the studio"}},
		{"the blog in a language it lacks", "/fr/blog",
			[]string{"Notes from the studio", "Sleep, the best massage there is", "Skin care"},
			[]string{"Notizen aus dem Studio", "Ihre Haut im Winter", "Hautpflege"}},
		{"a category in German", "/de/blog/c/skin-care",
			[]string{"Kategorie: Hautpflege", "Wie man seine Haut pflegt", "Ihre Haut im Winter"},
			[]string{"How to look after your skin"}},
		{"an author's bio in German", "/de/blog/author/lena-hoffmann",
			[]string{"Beiträge von Lena Hoffmann", "Hauttherapeutin und Mitgründerin"},
			[]string{"Skin therapist and co-founder"}},
		{"a tag in German", "/de/blog/tag/winter", []string{"Beiträge mit dem Schlagwort „<span>Winter</span>“"}, nil},
		{"a category's name in a language it lacks", "/fr/blog/c/massage", []string{`Catégorie : <span lang="en-US">Massage</span>`}, nil},
		{"the business's name in German", "/de", []string{"Slotwise Demo-Studio"}, []string{">Slotwise Demo Studio<"}},
		{"the business's name where it is not translated", "/fr", []string{"Slotwise Demo Studio"}, []string{"Demo-Studio"}},
		{"the nav names the blog in German", "/api/page-data?path=/de/about", []string{`"description":"Notizen aus dem Studio`}, nil},
		{"its feed in German", "/feeds/blog.xml?lang=de", []string{"<description>Notizen aus dem Studio", "Ihre Haut im Winter"}, []string{"Notes from the studio"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			rec := f.do(http.MethodGet, tt.target, nil)
			if rec.Code != http.StatusOK {
				t.Fatalf("%d", rec.Code)
			}
			body := rec.Body.String()
			for _, w := range tt.has {
				if !strings.Contains(body, w) {
					t.Errorf("lacks %q", w)
				}
			}
			for _, w := range tt.hasNot {
				if strings.Contains(body, w) {
					t.Errorf("has %q", w)
				}
			}
		})
	}
}

// A tag's, an author's, a blog's and the business's translations are
// content like any other through the API: checked as their originals are.
func TestAdminWritesTheTranslationsOfListsAndOfTheBusiness(t *testing.T) {
	af := newAdminFixture(t)
	if rec := af.call(http.MethodPut, "/api/admin/content/tag-translations/sleep.de", af.write, `{"name":"Schlummer"}`, nil); rec.Code != http.StatusOK {
		t.Fatalf("PUT a tag's translation: %d %s", rec.Code, rec.Body)
	}
	if body := af.do(http.MethodGet, "/de/blog/tag/sleep", nil).Body.String(); !strings.Contains(body, "„Schlummer“") {
		t.Errorf("the tag's page does not name it as translated")
	}
	for _, tc := range []struct {
		name, target, body string
		status             int
		code, field        string
	}{
		{"NUL in a tag's name", "/api/admin/content/tag-translations/sleep.fr", `{"name":"som\u0000meil"}`, 422, "invalid", "name"},
		{"a field a tag's translation lacks", "/api/admin/content/tag-translations/sleep.fr", `{"name":"sommeil","bio":"x"}`, 422, "invalid", "bio"},
		{"a tag there is not", "/api/admin/content/tag-translations/nothing.fr", `{"name":"rien"}`, 422, "invalid", "key"},
		{"a category the blog lacks", "/api/admin/content/blog-translations/blog.fr", `{"title":"Journal","categories":{"knitting":"Tricot"}}`, 422, "invalid", "categories"},
		{"a category's description too long", "/api/admin/content/blog-translations/blog.fr",
			`{"title":"Journal","categories":{"massage":{"name":"Massage","description":"` + strings.Repeat("a", 1001) + `"}}}`, 422, "invalid", "categories.massage.description"},
		{"a category with a field it lacks", "/api/admin/content/blog-translations/blog.fr", `{"categories":{"massage":{"name":"Massage","colour":"red"}}}`, 400, "bad_request", ""},
		{"an author's bio", "/api/admin/content/author-translations/jonas-becker.fr", `{"bio":"Masseur."}`, 201, "", ""},
		{"the business's consent text too long", "/api/admin/content/location-translations/location.fr", `{"consentText":"` + strings.Repeat("a", 2001) + `"}`, 422, "invalid", "consentText"},
		{"the business's name", "/api/admin/content/location-translations/location.fr", `{"name":"Studio de démonstration"}`, 201, "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			answersAs(t, af.call(http.MethodPut, tc.target, af.write, tc.body, nil), tc.status, tc.code, tc.field)
		})
	}
	if body := af.do(http.MethodGet, "/fr", nil).Body.String(); !strings.Contains(body, "Studio de démonstration") {
		t.Errorf("the French footer does not name the business as translated")
	}
}

// A label or a consent text the business did not translate into the
// page's language says its own.
func TestAnUntranslatedLabelOrConsentTextSaysItsLanguage(t *testing.T) {
	af := newAdminFixture(t)
	const post = "/de/blog/b/ihre-haut-im-winter/"
	if body := af.do(http.MethodGet, post, nil).Body.String(); !strings.Contains(body, ">#<!-- -->Routine</a>") || strings.Contains(body, `lang="en-US">#`) {
		t.Errorf("the German post's translated tags are marked, or missing")
	}
	if rec := af.call(http.MethodDelete, "/api/admin/content/tag-translations/routine.de", af.write, "", nil); rec.Code != http.StatusNoContent {
		t.Fatalf("DELETE: %d %s", rec.Code, rec.Body)
	}
	if body := af.do(http.MethodGet, post, nil).Body.String(); !strings.Contains(body, `lang="en-US" href="/de/blog/tag/routine" data-discover="true">#<!-- -->routine</a>`) {
		t.Errorf("the untranslated tag does not say its language: %s", body[strings.Index(body, "Schlagw"):][:400])
	}
	var loc map[string]any
	if err := json.Unmarshal(af.call(http.MethodGet, "/api/admin/content/location/demo-studio", af.read, "", nil).Body.Bytes(), &loc); err != nil {
		t.Fatal(err)
	}
	loc["consentText"] = "Send me the studio's news"
	body, _ := json.Marshal(loc)
	if rec := af.call(http.MethodPut, "/api/admin/content/location/demo-studio", af.write, string(body), nil); rec.Code != http.StatusOK {
		t.Fatalf("PUT the business: %d %s", rec.Code, rec.Body)
	}
	if rec := af.call(http.MethodPut, "/api/admin/content/location-translations/location.de", af.write, `{"name":"Slotwise Demo-Studio","consentText":"Schicken Sie mir Neuigkeiten"}`, nil); rec.Code != http.StatusOK {
		t.Fatalf("PUT its German: %d %s", rec.Code, rec.Body)
	}
	for target, want := range map[string]string{
		"/api/page-data?path=/de/widget/bookings/demo-consultation": `"consentText":"Schicken Sie mir Neuigkeiten","termsUrl"`,
		"/api/page-data?path=/fr/widget/bookings/demo-consultation": `"consentText":"Send me the studio's news","consentLang":"en-US"`,
		"/api/page-data?path=/widget/bookings/demo-consultation":    `"consentText":"Send me the studio's news","termsUrl"`,
	} {
		if body := af.do(http.MethodGet, target, nil).Body.String(); !strings.Contains(body, want) {
			t.Errorf("%s lacks %s", target, want)
		}
	}
}

// Two businesses with the same slugs keep their translations apart: a
// post's own address, a tag's name and the business's name in German are
// each business's own, on its own host.
func TestEachBusinessHasItsOwnTranslations(t *testing.T) {
	f := newFixture(t, sharedRenderer(t))
	b := addSecondStudio(t, f)
	ctx := context.Background()
	for _, stmt := range []string{
		`UPDATE post_translations SET slug = 'beta-winter' WHERE location_id = $1 AND locale = 'de'`,
		`UPDATE tags SET translations = '{"de": {"name": "Kälte"}}' WHERE location_id = $1 AND slug = 'winter'`,
		`UPDATE locations SET translations = '{"de": {"name": "Zweitstudio Beta auf Deutsch"}}' WHERE id = $1`,
	} {
		if tag, err := f.pool.Exec(db.WithBusiness(ctx, b), stmt, b); err != nil || tag.RowsAffected() != 1 {
			t.Fatalf("%s: %v %v", stmt, tag, err)
		}
	}
	onB := map[string]string{"Host": hostB}
	for _, tt := range []struct {
		name, target string
		header       map[string]string
		status       int
		has, hasNot  string
	}{
		{"A's post at its own address", "/de/blog/b/ihre-haut-im-winter/", nil, 200, "Ihre Haut im Winter", ""},
		{"B's address on A", "/de/blog/b/beta-winter/", nil, 404, "", ""},
		{"B's post at its own address", "/de/blog/b/beta-winter/", onB, 200, "Ihre Haut im Winter", ""},
		{"A's address on B", "/de/blog/b/ihre-haut-im-winter/", onB, 404, "", ""},
		{"A's tag", "/de/blog/tag/winter", nil, 200, "„<span>Winter</span>“", "Kälte"},
		{"B's tag", "/de/blog/tag/winter", onB, 200, "„<span>Kälte</span>“", "„<span>Winter</span>“"},
		{"A's name in German", "/de", nil, 200, "Slotwise Demo-Studio", "Zweitstudio"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			rec := f.do(http.MethodGet, tt.target, tt.header)
			if rec.Code != tt.status {
				t.Fatalf("%d, want %d (%s)", rec.Code, tt.status, rec.Header().Get("Location"))
			}
			if body := rec.Body.String(); tt.has != "" && !strings.Contains(body, tt.has) || tt.hasNot != "" && strings.Contains(body, tt.hasNot) {
				t.Errorf("want %q and not %q", tt.has, tt.hasNot)
			}
		})
	}
	eventually(t, "B's name in German on B's German pages", func() bool {
		return strings.Contains(f.do(http.MethodGet, "/de/about", onB).Body.String(), "Zweitstudio Beta auf Deutsch")
	})
}
