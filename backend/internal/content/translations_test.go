package content_test

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"slotwise/backend/internal/content"
	"slotwise/backend/internal/db"
	"slotwise/backend/internal/db/dbtest"
	"slotwise/backend/internal/demo"
)

// seededFolder is the demo in a database and exported into a folder, and
// a way to change one of its files.
func seededFolder(t *testing.T) (*db.Pool, string, func(name, old, new string)) {
	t.Helper()
	pool := dbtest.New(t)
	if err := demo.Seed(context.Background(), pool); err != nil {
		t.Fatal(err)
	}
	dir := export(t, pool)
	edit := func(name, old, new string) {
		t.Helper()
		p := filepath.Join(dir, name)
		data, err := os.ReadFile(p)
		if err != nil || !strings.Contains(string(data), old) {
			t.Fatalf("%s has no %q (%v)", name, old, err)
		}
		if err := os.WriteFile(p, []byte(strings.Replace(string(data), old, new, 1)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return pool, dir, edit
}

func outdated(t *testing.T, pool *db.Pool) []string {
	t.Helper()
	site, err := content.Load(context.Background(), pool)
	if err != nil {
		t.Fatal(err)
	}
	return site.Outdated()
}

func TestATranslationWhoseOriginalChangedIsOutdatedUntilItIsWrittenAgain(t *testing.T) {
	pool, dir, edit := seededFolder(t)
	if got := outdated(t, pool); len(got) != 0 {
		t.Fatalf("the demo's translations are outdated: %v", got)
	}
	// The original changes; its translation, exported as it was, stays.
	edit("pages/about.md", "title: About the studio", "title: About us")
	importDir(t, pool, dir)
	want := []string{"pages/about.de.md is outdated: pages/about.md changed after it was translated"}
	if got := outdated(t, pool); !slices.Equal(got, want) {
		t.Errorf("outdated %v, want %v", got, want)
	}
	// Exported and imported again, it is still outdated: the folder says
	// what it was made from.
	again := export(t, pool)
	if res := importDir(t, pool, again); len(res.Changed) != 0 {
		t.Errorf("the exported folder changed %v", res.Changed)
	}
	if got := outdated(t, pool); !slices.Equal(got, want) {
		t.Errorf("after a round trip, outdated %v, want %v", got, want)
	}
	// Rewritten without the digest of what it was made from (as a
	// translator does after looking at it), it is current.
	data, err := os.ReadFile(filepath.Join(again, "pages/about.de.md"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(data), "\n")
	lines = slices.DeleteFunc(lines, func(l string) bool { return strings.HasPrefix(l, "source: ") })
	if err := os.WriteFile(filepath.Join(again, "pages/about.de.md"), []byte(strings.Join(lines, "\n")), 0o644); err != nil {
		t.Fatal(err)
	}
	if res := importDir(t, pool, again); res.Changed["page-translations"] != 1 {
		t.Errorf("the rewritten translation: changed %v", res.Changed)
	}
	if got := outdated(t, pool); len(got) != 0 {
		t.Errorf("a rewritten translation is outdated: %v", got)
	}
}

func TestATranslatedTextChangesItsLanguagesPagesOnly(t *testing.T) {
	pool, dir, edit := seededFolder(t)
	var business, blog string
	if err := pool.QueryRow(context.Background(), `SELECT id || '/', (SELECT 'blog:' || id FROM blogs WHERE path = 'blog') FROM locations`).Scan(&business, &blog); err != nil {
		t.Fatal(err)
	}
	heard := listen(t, pool)
	edit("posts/winter-skin.de.md", "title: Ihre Haut im Winter", "title: Ihre Haut im Januar")
	edit("pages/about.de.md", "description: Wer wir sind und wie wir arbeiten.", "description: Wer wir sind.")
	importDir(t, pool, dir)
	if got, want := heard(), []string{business + blog + "@de", business + "nav@de", business + "page:about@de", business + "post:winter-skin@de"}; !slices.Equal(got, want) {
		t.Errorf("a translation's text: invalidated %v, want %v", got, want)
	}
	// Withdrawn, it changes every language's page: their alternates named it.
	edit("pages/about.de.md", "published: true", "published: false")
	importDir(t, pool, dir)
	if got, want := heard(), []string{business + "nav", business + "page:about"}; !slices.Equal(got, want) {
		t.Errorf("a withdrawn translation: invalidated %v, want %v", got, want)
	}
}

func TestATranslationIsCheckedAsItsOriginalIs(t *testing.T) {
	pool, dir, _ := seededFolder(t)
	write := func(name, text string) {
		t.Helper()
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("pages/nowhere.de.md", "---\ntitle: Nirgends\n---\n")
	write("pages/prices.en.md", "---\ntitle: Prices\n---\n")
	write("pages/terms.fr.md", "---\ntitle: \"Con\\0ditions\"\nexcerpt: Non\nsections:\n  - {type: booking, calendar: nobody}\n---\n")
	write("posts/winter-skin.it.md", "---\ntitle: ''\npublished: true\nformat: pdf\nsource: xyz\n---\n<script>alert(1)</script>\n")
	write("posts/evening-routine.de.md", "---\ntitle: Abends\npublished: true\npublishedAt: 2026-11-01T08:00:00Z\nformat: html\nslug: ihre-haut-im-winter\n---\n<p onclick=\"x()\">Hallo</p>\n")
	write("posts/first-massage.fr.md", "---\ntitle: Massage\npublished: false\nslug: sleep-and-muscles\n---\n")
	write("pages/about.fr.md", "---\ntitle: À propos\nslug: prices\n---\n")
	write("pages/imprint.fr.md", "---\ntitle: Mentions\nslug: Mentions Légales\n---\n")
	write("pages/privacy.fr.md", "---\ntitle: Confidentialité\nslug: api\n---\n")
	write("pages/index.fr.md", "---\ntitle: Accueil\nslug: accueil\n---\n")
	importRefused(t, pool, dir, []string{
		`pages/about.fr.md:3: slug: /prices is another page's or blog's address`,
		`pages/imprint.fr.md:3: slug: "Mentions Légales" is a slug (lowercase letters, digits and hyphens): the last part of the translation's own address`,
		`pages/index.fr.md:3: slug: the home page's address in a language is its prefix alone (/de): it has no slug`,
		`pages/privacy.fr.md:3: slug: /api/ belongs to the server`,
		`posts/evening-routine.de.md:6: slug: is also the address of winter-skin.de`,
		`posts/first-massage.fr.md:4: slug: sleep-and-muscles is another post's slug`,
		`pages/nowhere.de.md: key: there is no page "nowhere" to translate (pages/nowhere.md)`,
		`pages/prices.en.md: key: the original is in en already: a translation is into another language`,
		`pages/terms.fr.md:2: title: holds characters that are not text`,
		`pages/terms.fr.md:3: excerpt: a page's translation has a title, description, sections and body (excerpt, publishedAt and format are a post's)`,
		`pages/terms.fr.md:5: sections.0.calendar: there is no calendar "nobody"`,
		`posts/winter-skin.it.md:2: title: is required`,
		`posts/winter-skin.it.md:2: publishedAt: a published post has the time it was published`,
		`posts/winter-skin.it.md:4: format: is markdown (the default) or html, not "pdf"`,
		`posts/winter-skin.it.md:5: source: is the digest export wrote (16 letters and digits); leave it out in a new translation`,
	})
}

func TestARecordsTranslationIsCheckedAsItsOriginalIs(t *testing.T) {
	pool, dir, _ := seededFolder(t)
	write := func(name, text string) {
		t.Helper()
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("calendars/nobody.de.yaml", "name: Niemand\n")
	write("calendars/demo-consultation.fr.yaml", "name: \"Con\\0sultation\"\nsummary: Non\nplaces:\n  Somewhere else: Ailleurs\n")
	write("teams/demo-team.en.yaml", "name: The team\n")
	write("products/calming-cream.it.yaml", "name: Crema\ndescription: '<p onclick=\"x()\">Ciao</p>'\nalts:\n  /media/nowhere.svg: Niente\n")
	write("products/massage-oil.fr.yaml", "variants:\n  100ml: 100 ml\n  1l: 1 litre\n  250ml: \"250\\0ml\"\n")
	write("collections/gifts.nl.yaml", "title: Cadeaus\ndescription: \"Bel\\a\"\n")
	write("menus/demo-salon.es.yaml", "name: Menú del salón\ncategories:\n  Hair: Cabello\n  Nails: Uñas\n  Face and body: \"\"\n")
	write("blogs.fr.yaml", "blog:\n  title: Journal\n  categories:\n    massage: {name: \"Mass\\0age\"}\n    knitting: Tricot\nnews:\n  title: Nouvelles\n")
	write("tags.nl.yaml", "winter:\n  name: Winter\n  bio: Koud\n")
	write("authors.it.yaml", "lena-hoffmann:\n  bio: \"\\x07\"\n")
	write("location.es.yaml", "name: Estudio\naddress: \"Calle\\0 1\"\n")
	importRefused(t, pool, dir, []string{
		`authors.it.yaml:2: bio: holds characters that are not text`,
		`blogs.fr.yaml:4: categories.massage.name: holds characters that are not text`,
		`blogs.fr.yaml:3: categories: "knitting" is not one of the blog's categories: a category is translated by its slug`,
		`blogs.fr.yaml: key: there is no blog "news" to translate (blogs.yaml)`,
		`calendars/demo-consultation.fr.yaml:1: name: holds characters that are not text`,
		`calendars/demo-consultation.fr.yaml:2: summary: a calendar's translation has name, description, places`,
		`calendars/demo-consultation.fr.yaml:3: places: "Somewhere else" is not one of the calendar's places: a place is translated by its value`,
		`calendars/nobody.de.yaml: key: there is no calendar "nobody" to translate (calendars/nobody.yaml)`,
		`collections/gifts.nl.yaml:2: description: holds characters that are not text`,
		`products/calming-cream.it.yaml:3: alts: "/media/nowhere.svg" is not one of the product's pictures: a description is translated by its picture's src`,
		`products/massage-oil.fr.yaml:1: variants: "1l" is not one of the product's variants: a variant's name is translated by its id`,
		`products/massage-oil.fr.yaml:4: variants.250ml: holds characters that are not text`,
		`location.es.yaml:2: address: holds characters that are not text`,
		`menus/demo-salon.es.yaml:2: categories: "Nails" is not one of the menu's categories: a category is translated by its name`,
		`tags.nl.yaml:3: bio: a tag's translation has name`,
		`teams/demo-team.en.yaml: key: the original is in en already: a translation is into another language`,
	})
}

func TestARecordsTranslationWhoseOriginalChangedIsOutdated(t *testing.T) {
	pool, dir, edit := seededFolder(t)
	edit("calendars/demo-consultation.yaml", "name: Consultation", "name: Skin consultation")
	edit("products/calming-cream.yaml", "alt: Calming face cream", "alt: A jar of calming face cream")
	edit("tags.yaml", "name: winter", "name: cold season")
	edit("blogs.yaml", "name: Skin care", "name: Skin")
	importDir(t, pool, dir)
	want := []string{
		"calendars/demo-consultation.de.yaml is outdated: calendars/demo-consultation.yaml changed after it was translated",
		"products/calming-cream.de.yaml is outdated: products/calming-cream.yaml changed after it was translated",
		"blogs.de.yaml (blog) is outdated: blogs.yaml (blog) changed after it was translated",
		"tags.de.yaml (winter) is outdated: tags.yaml (winter) changed after it was translated",
	}
	if got := outdated(t, pool); !slices.Equal(got, want) {
		t.Errorf("outdated %v, want %v", got, want)
	}
	// A change of what is not a text (its price) leaves its translation current.
	edit("products/calming-cream.yaml", "priceCents: 3400", "priceCents: 3600")
	edit("calendars/demo-consultation.de.yaml", "source: ", "# was: ")
	importDir(t, pool, dir)
	want = want[1:]
	if got := outdated(t, pool); !slices.Equal(got, want) {
		t.Errorf("after rewriting the calendar's: outdated %v, want %v", got, want)
	}
}
