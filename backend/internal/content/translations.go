package content

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"slotwise/backend/internal/db"
	"slotwise/backend/internal/route"
	"slotwise/backend/internal/sites"
	"slotwise/locales"
)

// Translation is a page's or a post's text in another language. In a
// folder it is the original's file with the language's prefix before .md
// (pages/about.de.md, pages/index.de.md, posts/winter-skin.de.md), with
// front matter and a body of its own; its key is that name without .md
// in its folder (about.de, index.de, winter-skin.de): the kinds
// page-translations and post-translations. It is shown at the original's
// address under the language's prefix (/de/about) and goes when the
// original goes.
type Translation struct {
	Key         string     `yaml:"-" json:"key"`
	Title       string     `yaml:"title" json:"title"`
	Description string     `yaml:"description,omitempty" json:"description,omitempty"` // a page's
	Excerpt     string     `yaml:"excerpt,omitempty" json:"excerpt,omitempty"`         // a post's
	Published   bool       `yaml:"published" json:"published"`
	PublishedAt *time.Time `yaml:"publishedAt,omitempty" json:"publishedAt,omitempty"` // a post's
	Format      string     `yaml:"format,omitempty" json:"format,omitempty"`           // a post's: markdown (the default) or html
	Sections    []Section  `yaml:"sections,omitempty" json:"sections,omitempty"`       // a page's
	// Slug is its own address's last part, where it has one: a page's
	// (about.de.md with slug ueber-uns is /de/ueber-uns; a/b.de.md's,
	// /de/a/…), a post's (/de/blog/b/…/); left out, the original's.
	Slug string `yaml:"slug,omitempty" json:"slug,omitempty"`
	// Source is the digest of the original's texts the translation was
	// made from (Digest). Left out, it is the original's as it is when the
	// translation is written, so a new translation is current.
	Source string `yaml:"source,omitempty" json:"source,omitempty"`
	// Outdated says the original's texts changed after the translation
	// was written (its Source is no longer theirs): read only.
	Outdated bool   `yaml:"-" json:"outdated,omitempty"`
	Body     string `yaml:"-" json:"body"`
}

func (t *Translation) setDefaults() { t.Published = true }

func (t *Translation) normalize() {
	if t.Format == "markdown" {
		t.Format = ""
	}
}

// translationOf splits a translation's key in its folder (pages or
// posts): "about.de" is about in German, "index.de" the home page's,
// "x.pt-br" x's in Brazilian Portuguese.
func translationOf(dir, key string) (of, locale string, ok bool) {
	dot := strings.LastIndexByte(key, '.')
	if dot <= 0 {
		return "", "", false
	}
	locale, ok = locales.FromPrefix(key[dot+1:])
	if !ok || locale != key[dot+1:] {
		return "", "", false
	}
	of = key[:dot]
	if dir == pagesDir {
		of = pagePath(pagesDir + "/" + of + ".md")
	}
	return of, locale, true
}

// translationKey is the key of of's translation into locale, the same
// however its file was named (pages/a/index.de.md is a.de).
func translationKey(dir, of, locale string) string {
	if dir == pagesDir && of == "" {
		of = "index"
	}
	return of + "." + locale
}

// translatedName tells whether a Markdown file's name (without .md) is a
// translation's: it ends in a language's prefix.
func translatedName(name string) bool {
	_, _, ok := translationOf("", name) // the folder changes only what it translates
	return ok
}

// translationKinds are the two kinds of translations, by the folder their
// originals are kept in.
var translationKinds = map[string]string{pagesDir: "page-translations", postsDir: "post-translations"}

func translationsOf(s *Site, dir string) *[]Translation {
	if dir == pagesDir {
		return &s.PageTranslations
	}
	return &s.PostTranslations
}

func translationKind(dir string) *itemKind[Translation] {
	return &itemKind[Translation]{name: translationKinds[dir], items: func(s *Site) *[]Translation { return translationsOf(s, dir) },
		key: func(v *Translation) string { return v.Key }, setKey: func(v *Translation, k string) { v.Key = k },
		load:   func(ctx context.Context, q db.Querier, s *Site) error { return loadTranslations(ctx, q, s, dir) },
		checkF: func(t *Translation, r report, x *index) { checkTranslation(dir, t, r, x) },
		canon:  func(t *Translation) { canonTranslation(dir, t) },
		save:   func(ctx context.Context, w *writer, t *Translation) error { return saveTranslation(ctx, w, dir, t) },
		deleteF: func(ctx context.Context, q db.Querier, key string) (bool, error) {
			return deleteTranslation(ctx, q, dir, key)
		}}
}

func (r *reader) translation(p string) {
	v := Translation{}
	v.setDefaults()
	src, body := r.markdown(p, &v)
	if src == nil {
		return
	}
	v.normalize()
	dir, name, _ := strings.Cut(strings.TrimSuffix(p, ".md"), "/")
	of, locale, _ := translationOf(dir, name)
	v.Key, v.Body = translationKey(dir, of, locale), body
	r.add(translationKinds[dir], v.Key, src)
	ts := translationsOf(r.f.Site, dir)
	*ts = append(*ts, v)
}

// Digest is what a translation remembers of its original: a digest of
// the original's texts, as they are kept.
func pageDigest(p Page) string {
	canonPage(&p)
	return digest(struct {
		Title, Description, Body string
		Sections                 []Section
	}{p.Title, p.Description, p.Body, p.Sections})
}

func postDigest(p Post) string {
	canonPost(&p)
	return digest(struct{ Title, Excerpt, Body, Format string }{p.Title, p.Excerpt, p.Body, p.Format})
}

func digest(v any) string {
	data, _ := json.Marshal(v) // strings and sections always encode
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:8])
}

// originals finds a translation's original in sites, the first that has it.
type originals []*Site

func (o originals) digest(dir, key string) (string, bool) {
	of, _, ok := translationOf(dir, key)
	if !ok {
		return "", false
	}
	for _, s := range o {
		if s == nil {
			continue
		}
		switch dir {
		case pagesDir:
			for _, p := range s.Pages {
				if p.Path == of {
					return pageDigest(p), true
				}
			}
		case postsDir:
			for _, p := range s.Posts {
				if p.Slug == of {
					return postDigest(p), true
				}
			}
		}
	}
	return "", false
}

// stampTranslations gives each translation that does not say what it was
// made from its original as it is now (the next site's, else the
// current's), and says which are outdated.
func stampTranslations(next, cur *Site) {
	o := originals{next, cur}
	for dir := range translationKinds {
		ts := *translationsOf(next, dir)
		for i := range ts {
			if d, ok := o.digest(dir, ts[i].Key); ok {
				if ts[i].Source == "" {
					ts[i].Source = d
				}
				ts[i].Outdated = ts[i].Source != d
			}
		}
	}
	for _, k := range textKinds {
		ts := *textsOf(next, k.dir)
		for i := range ts {
			if d, ok := k.digest(ts[i].Key, next, cur); ok {
				if ts[i].Source == "" {
					ts[i].Source = d
				}
				ts[i].Outdated = ts[i].Source != d
			}
		}
	}
}

func canonTranslation(dir string, t *Translation) {
	t.Outdated = false // read only: what the digest says
	if dir == postsDir {
		p := Post{Title: t.Title, Excerpt: t.Excerpt, Body: t.Body, Format: t.Format, PublishedAt: t.PublishedAt}
		canonPost(&p)
		t.Body, t.Format, t.PublishedAt = p.Body, p.Format, p.PublishedAt
		return
	}
	p := Page{Body: t.Body, Sections: t.Sections}
	canonPage(&p)
	t.Body, t.Sections = p.Body, p.Sections
}

// checkTranslation checks a translation as its original is checked: the
// original with the translation's texts in place of its own.
func checkTranslation(dir string, t *Translation, r report, x *index) {
	of, locale, ok := translationOf(dir, t.Key)
	if !ok {
		r.add("key", "%q is the original's key and a language's prefix (%s), such as about.de or news.pt-br", t.Key, strings.Join(locales.Prefixes, ", "))
		return
	}
	switch dir {
	case pagesDir:
		orig, ok := x.pages[of]
		if !ok {
			r.add("key", "there is no page %q to translate (pages/%s.md)", of, translationFile(of))
			return
		}
		sameLanguage(r, orig.Locale, locale)
		if t.Excerpt != "" || t.PublishedAt != nil || t.Format != "" {
			r.add("excerpt", "a page's translation has a title, description, sections and body (excerpt, publishedAt and format are a post's)")
		}
		p := orig
		p.Title, p.Description, p.Published, p.Sections, p.Body = t.Title, t.Description, t.Published, t.Sections, t.Body
		checkPage(&p, r, x)
	case postsDir:
		orig, ok := x.posts[of]
		if !ok {
			r.add("key", "there is no post %q to translate (posts/%s.md)", of, of)
			return
		}
		sameLanguage(r, x.defaultLocale, locale)
		if t.Description != "" || len(t.Sections) > 0 {
			r.add("description", "a post's translation has a title, excerpt, publishedAt, format and body (description and sections are a page's)")
		}
		p := orig
		p.Title, p.Excerpt, p.Published, p.PublishedAt, p.Format, p.Body = t.Title, t.Excerpt, t.Published, t.PublishedAt, t.Format, t.Body
		checkPost(&p, r, x)
	}
	if t.Source != "" && !sourceSyntax.MatchString(t.Source) {
		r.add("source", "is the digest export wrote (16 letters and digits); leave it out in a new translation")
	}
	if t.Slug != "" {
		checkOwnAddress(dir, of, t, r, x)
	}
}

// ownAddress is where a translation with an address of its own is, as
// folder/locale/path (pages/de/ueber-uns, posts/de/ihre-haut).
func ownAddress(dir string, t Translation) (string, bool) {
	of, locale, ok := translationOf(dir, t.Key)
	if !ok || t.Slug == "" {
		return "", false
	}
	if dir == pagesDir {
		return dir + "/" + locale + "/" + *ownPath(of, t.Slug), true
	}
	return dir + "/" + locale + "/" + t.Slug, true
}

// checkOwnAddress refuses an address of its own that is not one: another
// page's or post's, the original's own, or the server's.
func checkOwnAddress(dir, of string, t *Translation, r report, x *index) {
	if !slugSyntax.MatchString(t.Slug) {
		r.add("slug", "%q is a slug (lowercase letters, digits and hyphens): the last part of the translation's own address", t.Slug)
		return
	}
	addr, _ := ownAddress(dir, *t)
	path := strings.SplitN(addr, "/", 3)[2]
	_, otherPage := x.pages[path]
	_, otherPost := x.posts[path]
	first, _, _ := strings.Cut(path, "/")
	switch {
	case dir == pagesDir && of == "":
		r.add("slug", "the home page's address in a language is its prefix alone (/de): it has no slug")
	case path == of:
		r.add("slug", "is the original's address already: leave slug out")
	case dir == pagesDir && (otherPage || x.blogs[path]):
		r.add("slug", "/%s is another page's or blog's address", path)
	case dir == pagesDir && route.Default().Reserved(first):
		r.add("slug", "/%s/ belongs to the server", first)
	case dir == postsDir && otherPost:
		r.add("slug", "%s is another post's slug", path)
	case len(x.addresses[addr]) > 1:
		others := slices.Sorted(maps.Keys(x.addresses[addr]))
		r.add("slug", "is also the address of %s", strings.Join(slices.DeleteFunc(others, func(k string) bool { return k == t.Key }), ", "))
	}
}

// ownPath is the path a page's translation with slug has (nil: none of
// its own): its original's, its last part replaced.
func ownPath(of, slug string) *string {
	if slug == "" {
		return nil
	}
	p := slug
	if i := strings.LastIndexByte(of, '/'); i >= 0 {
		p = of[:i+1] + slug
	}
	return &p
}

func translationFile(of string) string {
	if of == "" {
		return "index"
	}
	return of
}

// sameLanguage refuses a translation into its original's own language.
func sameLanguage(r report, original, locale string) {
	if ContentLanguage(original) == ContentLanguage(locale) {
		r.add("key", "the original is in %s already: a translation is into another language", locales.Lang(locale))
	}
}

// ContentLanguage is the language a text in locale is written in, one
// spelling per language: en-US and en are both "en".
func ContentLanguage(locale string) string {
	if strings.EqualFold(locale, locales.Fallback) {
		return "en"
	}
	return locale
}

func loadTranslations(ctx context.Context, q db.Querier, s *Site, dir string) error {
	var ts []Translation
	var err error
	if dir == pagesDir {
		ts, err = collect(ctx, q, `
			SELECT p.path, t.locale, t.title, t.description, t.published, t.sections, t.body, t.source, coalesce(t.path, '')
			FROM page_translations t JOIN site_pages p ON p.id = t.page_id AND p.location_id = t.location_id
			WHERE t.location_id = $1`, func(r pgx.Row) (Translation, error) {
			var t Translation
			var of, locale string
			var sections []byte
			var own string
			if err := r.Scan(&of, &locale, &t.Title, &t.Description, &t.Published, &sections, &t.Body, &t.Source, &own); err != nil {
				return t, err
			}
			t.Slug = own[strings.LastIndexByte(own, '/')+1:]
			t.Key = translationKey(pagesDir, of, locale)
			var err error
			t.Sections, err = sourceOfSections(sections)
			return t, err
		}, db.ThisBusiness)
	} else {
		ts, err = collect(ctx, q, `
			SELECT p.slug, t.locale, t.title, t.excerpt, t.status = 'published', t.published_at, t.body_format, t.body_source, t.source,
			       coalesce(t.slug, '')
			FROM post_translations t JOIN posts p ON p.id = t.post_id AND p.location_id = t.location_id
			WHERE t.location_id = $1`, func(r pgx.Row) (Translation, error) {
			var t Translation
			var of, locale string
			var at *time.Time
			if err := r.Scan(&of, &locale, &t.Title, &t.Excerpt, &t.Published, &at, &t.Format, &t.Body, &t.Source, &t.Slug); err != nil {
				return t, err
			}
			if at != nil {
				u := at.UTC()
				t.PublishedAt = &u
			}
			t.Key = translationKey(postsDir, of, locale)
			t.normalize()
			return t, nil
		}, db.ThisBusiness)
	}
	if err != nil {
		return err
	}
	*translationsOf(s, dir) = ts
	// Outdated is read against the originals: those loaded before them,
	// else (a list of translations alone) read now.
	origs := s
	if len(ts) > 0 && ((dir == pagesDir && len(s.Pages) == 0) || (dir == postsDir && len(s.Posts) == 0)) {
		origs = &Site{}
		load := loadPages
		if dir == postsDir {
			load = loadPosts
		}
		if err := load(ctx, q, origs); err != nil {
			return err
		}
	}
	for i := range ts {
		if d, ok := (originals{origs}).digest(dir, ts[i].Key); ok {
			ts[i].Outdated = ts[i].Source != d
		}
	}
	return nil
}

func saveTranslation(ctx context.Context, w *writer, dir string, t *Translation) error {
	of, locale, ok := translationOf(dir, t.Key)
	if !ok {
		return fmt.Errorf("%q is not a translation's key", t.Key)
	}
	if dir == pagesDir {
		sections, err := storedSections(t.Sections)
		if err != nil {
			return err
		}
		tag, err := w.q.Exec(ctx, `
			INSERT INTO page_translations (page_id, locale, title, description, body, sections, published, source, path)
			SELECT id, $2, $3, $4, $5, $6, $7, $8, $10 FROM site_pages WHERE path = $1 AND location_id = $9
			ON CONFLICT (page_id, locale, location_id) DO UPDATE SET title = $3, description = $4, body = $5, sections = $6,
				published = $7, source = $8, path = $10, updated_at = now()`,
			of, locale, t.Title, t.Description, body(t.Body), sections, t.Published, t.Source, db.ThisBusiness, ownPath(of, t.Slug))
		if err == nil && tag.RowsAffected() == 0 {
			err = fmt.Errorf("there is no page %q to translate", of)
		}
		return err
	}
	in := sites.PostTranslationInput{Slug: of, Locale: locale, Title: t.Title, Excerpt: t.Excerpt, Published: t.Published,
		PublishedAt: timeOr(t.PublishedAt), Source: t.Source, OwnSlug: t.Slug}
	in.BodyHTML, in.BodyMarkdown = postBodyIn(t.Format, t.Body)
	return w.store.SavePostTranslation(ctx, in)
}

// deleteTranslation removes one translation by its key.
func deleteTranslation(ctx context.Context, q db.Querier, dir, key string) (bool, error) {
	of, locale, ok := translationOf(dir, key)
	if !ok {
		return false, nil
	}
	stmt := `DELETE FROM page_translations t USING site_pages p
		WHERE p.id = t.page_id AND p.location_id = t.location_id AND p.path = $1 AND t.locale = $2 AND t.location_id = $3`
	if dir == postsDir {
		stmt = `DELETE FROM post_translations t USING posts p
			WHERE p.id = t.post_id AND p.location_id = t.location_id AND p.slug = $1 AND t.locale = $2 AND t.location_id = $3`
	}
	tag, err := q.Exec(ctx, stmt, of, locale, db.ThisBusiness)
	return err == nil && tag.RowsAffected() > 0, err
}

// Outdated names the files of the translations whose originals' texts
// changed after they were written (as Load reads them), with their
// originals' files: a translator's list of what to look at again.
func (s *Site) Outdated() []string {
	var out []string
	for _, dir := range []string{pagesDir, postsDir} {
		for _, t := range *translationsOf(s, dir) {
			if t.Outdated {
				of, _, _ := translationOf(dir, t.Key)
				out = append(out, fmt.Sprintf("%s/%s.md is outdated: %s/%s.md changed after it was translated", dir, t.Key, dir, translationFile(of)))
			}
		}
	}
	for _, k := range textKinds {
		for _, t := range *textsOf(s, k.dir) {
			if t.Outdated {
				file, original := k.fileOf(t.Key)
				if of, _, _ := translationOf(k.dir, t.Key); k.file != "" && k.dir != "location" {
					file, original = file+" ("+of+")", original+" ("+of+")" // one of the file's
				}
				out = append(out, fmt.Sprintf("%s is outdated: %s changed after it was translated", file, original))
			}
		}
	}
	return out
}
