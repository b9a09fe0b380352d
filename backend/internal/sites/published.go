package sites

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"slotwise/backend/internal/db"
)

// Entry is one published URL of the site's content, for the sitemap: what
// it is, the slugs that build its path, and when it last changed.
type Entry struct {
	Kind     string // "page", "blog", "post", "category", "author", "tag", "product", "collection"
	Path     string // a page's or blog's path; a post's or listing's blog
	Slug     string // post, category, author or tag
	Modified time.Time
	// A page's, post's, product's or collection's original language, and
	// the languages it is also published in (URL prefixes); the
	// business's and none for the rest.
	Original     string
	Translations []string
	// Paths are a page's translations' own paths, or a post's
	// translations' own slugs, by language, where they have them.
	Paths map[string]string
}

// listingLanguages is the SQL of the languages a listing of a blog (b)
// exists in: those the business translated its texts into (the condition
// on k) and some of its posts (p, grouped) are visible in.
func listingLanguages(translated string) string {
	return `ARRAY(SELECT k FROM jsonb_object_keys(b.translations) k WHERE ` + translated + ` AND EXISTS (
		SELECT 1 FROM post_translations x WHERE x.post_id = ANY(array_agg(p.id)) AND x.location_id = b.location_id
		AND x.locale = k AND ` + visibleTranslation("x", "$1") + `) ORDER BY k)`
}

// Published lists every URL a reader can reach: published pages, blogs,
// visible posts, and the categories, authors and tags that list at least
// one visible post. Drafts and posts not yet due are not among them.
func (s *Store) Published(ctx context.Context) ([]Entry, error) {
	rows, err := s.q.Query(ctx, `
		SELECT 'page', p.path, '', greatest(p.updated_at, (SELECT max(t.updated_at) FROM page_translations t
		         WHERE t.page_id = p.id AND t.location_id = p.location_id AND t.published)), p.locale,
		       ARRAY(SELECT t.locale FROM page_translations t WHERE t.page_id = p.id AND t.location_id = p.location_id AND t.published ORDER BY t.locale),
		       (SELECT jsonb_object_agg(t.locale, t.path) FROM page_translations t
		         WHERE t.page_id = p.id AND t.location_id = p.location_id AND t.published AND t.path IS NOT NULL)
		  FROM site_pages p WHERE p.published AND p.location_id = $2
		UNION ALL
		SELECT 'blog', b.path, '', greatest(b.updated_at, coalesce(max(p.updated_at), b.updated_at)), '', `+listingLanguages("true")+`, NULL
		  FROM blogs b LEFT JOIN posts p ON p.blog_id = b.id AND p.location_id = b.location_id AND `+visibleAt("$1")+`
		  WHERE b.location_id = $2 GROUP BY b.id, b.location_id
		UNION ALL
		SELECT 'post', b.path, p.slug, greatest(p.updated_at, (SELECT max(t.updated_at) FROM post_translations t
		         WHERE t.post_id = p.id AND t.location_id = p.location_id AND `+visibleTranslation("t", "$1")+`)),
		       (SELECT default_locale FROM locations WHERE id = $2),
		       ARRAY(SELECT t.locale FROM post_translations t WHERE t.post_id = p.id AND t.location_id = p.location_id AND `+visibleTranslation("t", "$1")+` ORDER BY t.locale),
		       (SELECT jsonb_object_agg(t.locale, t.slug) FROM post_translations t
		         WHERE t.post_id = p.id AND t.location_id = p.location_id AND `+visibleTranslation("t", "$1")+` AND t.slug IS NOT NULL)
		  FROM posts p JOIN blogs b ON b.id = p.blog_id AND b.location_id = p.location_id
		  WHERE p.location_id = $2 AND `+visibleAt("$1")+`
		UNION ALL
		SELECT 'category', b.path, c.slug, max(p.updated_at), '',
		       `+listingLanguages("b.translations->k->'categories' ? c.slug")+`, NULL
		  FROM blog_categories c JOIN blogs b ON b.id = c.blog_id AND b.location_id = c.location_id
		  JOIN post_categories pc ON pc.category_id = c.id AND pc.location_id = c.location_id
		  JOIN posts p ON p.id = pc.post_id AND p.location_id = pc.location_id
		  WHERE c.location_id = $2 AND `+visibleAt("$1")+` GROUP BY b.id, b.location_id, c.id, c.location_id
		UNION ALL
		SELECT 'author', b.path, a.slug, max(p.updated_at), '',
		       `+listingLanguages("(a.bio = '' OR a.translations->k->>'bio' <> '')")+`, NULL
		  FROM authors a JOIN posts p ON p.author_id = a.id AND p.location_id = a.location_id
		  JOIN blogs b ON b.id = p.blog_id AND b.location_id = p.location_id WHERE a.location_id = $2 AND `+visibleAt("$1")+`
		  GROUP BY b.id, b.location_id, a.id, a.location_id
		UNION ALL
		SELECT 'tag', b.path, t.slug, max(p.updated_at), '',
		       `+listingLanguages("t.translations ? k")+`, NULL
		  FROM tags t JOIN post_tags pt ON pt.tag_id = t.id AND pt.location_id = t.location_id
		  JOIN posts p ON p.id = pt.post_id AND p.location_id = pt.location_id JOIN blogs b ON b.id = p.blog_id AND b.location_id = p.location_id
		  WHERE t.location_id = $2 AND `+visibleAt("$1")+` GROUP BY b.id, b.location_id, t.id, t.location_id
		ORDER BY 1, 2, 3`, s.now(), db.ThisBusiness)
	if err != nil {
		return nil, fmt.Errorf("sites: unable to list published content: %w", err)
	}
	entries, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (Entry, error) {
		var e Entry
		err := r.Scan(&e.Kind, &e.Path, &e.Slug, &e.Modified, &e.Original, &e.Translations, &e.Paths)
		return e, err
	})
	if err != nil {
		return nil, fmt.Errorf("sites: unable to list published content: %w", err)
	}
	shop, err := s.publishedShop(ctx)
	if err != nil {
		return nil, err
	}
	entries = append(entries, shop...)
	// The rest show the business's own words untranslated: its language's.
	var original string
	if err := s.q.QueryRow(ctx, `SELECT default_locale FROM locations WHERE id = $1`, db.ThisBusiness).Scan(&original); err != nil {
		return nil, fmt.Errorf("sites: unable to read the business's language: %w", err)
	}
	for i := range entries {
		if entries[i].Original == "" {
			entries[i].Original = original
		}
	}
	return entries, nil
}
