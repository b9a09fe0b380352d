package sites

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"slotwise/backend/internal/db"
	"slotwise/locales"
)

// PostTranslationInput is a post's text in another language, as its
// translator writes it (the body as in PostInput).
type PostTranslationInput struct {
	Slug, Locale, Title, Excerpt, BodyHTML string
	BodyMarkdown                           string
	Published                              bool
	PublishedAt                            time.Time
	Source                                 string // the original's digest it was made from
	OwnSlug                                string // its own address's slug; "" is the original's
}

// SavePostTranslation creates or replaces the post's translation into
// in.Locale; the post must exist.
func (s *Store) SavePostTranslation(ctx context.Context, in PostTranslationInput) error {
	source, format, body, err := postBody(in.BodyMarkdown, in.BodyHTML)
	if err != nil {
		return err
	}
	status, publishedAt := postStatus(in.Published, in.PublishedAt)
	tag, err := s.q.Exec(ctx, `
		INSERT INTO post_translations (post_id, locale, title, excerpt, body_source, body_format, body, status, published_at, source, slug)
		SELECT id, $2, $3, $4, $5, $6, $7, $8, $9, $10, nullif($12, '') FROM posts WHERE slug = $1 AND location_id = $11
		ON CONFLICT (post_id, locale, location_id) DO UPDATE SET title = EXCLUDED.title, excerpt = EXCLUDED.excerpt,
		  body_source = EXCLUDED.body_source, body_format = EXCLUDED.body_format, body = EXCLUDED.body, status = EXCLUDED.status,
		  published_at = EXCLUDED.published_at, source = EXCLUDED.source, slug = EXCLUDED.slug, updated_at = now()`,
		in.Slug, in.Locale, in.Title, in.Excerpt, source, format, body, status, publishedAt, in.Source, db.ThisBusiness, in.OwnSlug)
	if err == nil && tag.RowsAffected() == 0 {
		err = fmt.Errorf("there is no post %q to translate", in.Slug)
	}
	if err != nil {
		return fmt.Errorf("sites: unable to save the translation of post %q: %w", in.Slug, err)
	}
	return nil
}

// translatePost puts the post's visible translation into locale in place
// of its texts, and says the languages it is in: its original's (the
// business's) and those of its visible translations.
func (s *Store) translatePost(ctx context.Context, id int64, locale string, p *Post) error {
	var title, excerpt *string
	var body []byte
	var at *time.Time
	err := s.q.QueryRow(ctx, `
		SELECT l.default_locale,
		       ARRAY(SELECT x.locale FROM post_translations x WHERE x.post_id = $1 AND x.location_id = $4 AND `+visibleTranslation("x", "$3")+` ORDER BY x.locale),
		       (SELECT jsonb_object_agg(x.locale, x.slug) FROM post_translations x
		         WHERE x.post_id = $1 AND x.location_id = $4 AND `+visibleTranslation("x", "$3")+` AND x.slug IS NOT NULL),
		       t.title, t.excerpt, t.body, t.published_at
		FROM locations l LEFT JOIN post_translations t ON t.post_id = $1 AND t.location_id = l.id AND t.locale = $2 AND `+visibleTranslation("t", "$3")+`
		WHERE l.id = $4`, id, locale, s.now(), db.ThisBusiness).Scan(&p.Original, &p.Translations, &p.Paths, &title, &excerpt, &body, &at)
	if err != nil {
		return fmt.Errorf("sites: unable to read the translations of post %q: %w", p.Slug, err)
	}
	p.Lang = locales.Lang(p.Original)
	if title == nil {
		return nil
	}
	var nodes []Node
	if err := json.Unmarshal(body, &nodes); err != nil {
		return fmt.Errorf("sites: the translation of post %q has a body that is not rich text: %w", p.Slug, err)
	}
	p.Title, p.Excerpt, p.Body, p.Lang = *title, *excerpt, nodes, locales.Lang(locale)
	if at != nil {
		p.PublishedAt = *at
	}
	return nil
}

// visibleTranslation is the condition that a translation (alias t) is
// published and due at the time param.
func visibleTranslation(t, param string) string {
	return t + ".status = 'published' AND " + t + ".published_at <= " + param
}
