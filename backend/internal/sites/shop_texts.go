package sites

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"slices"

	"slotwise/backend/internal/db"
	"slotwise/locales"
)

// shopTexts are a record's texts in one language (a product's, a
// collection's, a blog's, an author's, the business's), as the record
// keeps them (content.Texts): a text left out is the original's.
type shopTexts struct {
	Name        string            `json:"name"`
	Title       string            `json:"title"`
	Summary     string            `json:"summary"`
	Rich        []Node            `json:"rich"` // a product's description, sanitised when it was saved
	Description string            `json:"description"`
	Alts        map[string]string `json:"alts"`     // by the picture's src
	Variants    map[string]string `json:"variants"` // a product's variants' names, by id
	// Categories are a blog's categories' texts by slug: a name, or
	// {"name", "description"}.
	Categories map[string]json.RawMessage `json:"categories"`
	Bio        string                     `json:"bio"`
	Address    string                     `json:"address"`
}

// textsIn reads a record's translations: the prefixes it is translated
// into, and locale's texts when it has them.
func textsIn(translations []byte, locale string) ([]string, *shopTexts, error) {
	if len(translations) <= 2 { // {}: none, the common case, without decoding
		return nil, nil, nil
	}
	var all map[string]shopTexts
	if err := json.Unmarshal(translations, &all); err != nil {
		return nil, nil, err
	}
	langs := slices.Sorted(maps.Keys(all))
	if t, ok := all[locale]; ok {
		return langs, &t, nil
	}
	if t, ok := all["en"]; ok && locale == locales.Fallback {
		return langs, &t, nil
	}
	return langs, nil, nil
}

// in puts the product's texts in locale in place of its own where the
// business translated them, and says the languages it is in.
func (p *Product) in(locale string) error {
	langs, t, err := textsIn(p.translations, locale)
	if err != nil {
		return fmt.Errorf("sites: product %q has broken translations: %w", p.ID, err)
	}
	p.Translations = langs
	if t == nil {
		return nil
	}
	for i, v := range p.Variants {
		p.Variants[i].Name = cmp.Or(t.Variants[v.ID], v.Name)
	}
	p.Name, p.Summary, p.Lang = cmp.Or(t.Name, p.Name), cmp.Or(t.Summary, p.Summary), locales.Lang(locale)
	if t.Rich != nil {
		p.Description = t.Rich
	}
	if len(t.Alts) > 0 {
		p.Images = slices.Clone(p.Images)
		for i, im := range p.Images {
			p.Images[i].Alt = cmp.Or(t.Alts[im.Src], im.Alt)
		}
	}
	return nil
}

func (c *Collection) in(translations []byte, locale string) error {
	var err error
	if c.Lang, c.Translations, err = titledIn(translations, locale, c.Original, &c.Title, &c.Description); err != nil {
		return fmt.Errorf("sites: collection %q has broken translations: %w", c.Slug, err)
	}
	return nil
}

// collectionTitlesIn puts the collections' titles in locale where the
// business translated them (a product's links to its collections).
func (s *Store) collectionTitlesIn(ctx context.Context, refs []CollectionRef, locale string) error {
	if len(refs) == 0 || locale == "" {
		return nil // the original's address (no prefix) reads no translation: no query
	}
	rows, err := s.q.Query(ctx, `SELECT slug, translations->$1->>'title' FROM collections
		WHERE location_id = $2 AND slug = ANY($3) AND translations->$1->>'title' IS NOT NULL`, locale, db.ThisBusiness, slugsOf(refs))
	if err != nil {
		return fmt.Errorf("sites: unable to read the collections' titles: %w", err)
	}
	defer rows.Close()
	titles := map[string]string{}
	for rows.Next() {
		var slug, title string
		if err := rows.Scan(&slug, &title); err != nil {
			return err
		}
		titles[slug] = title
	}
	for i := range refs {
		refs[i].Title = cmp.Or(titles[refs[i].Slug], refs[i].Title)
	}
	return rows.Err()
}

func slugsOf(refs []CollectionRef) []string {
	out := make([]string, len(refs))
	for i, r := range refs {
		out[i] = r.Slug
	}
	return out
}
