package sites

import (
	"cmp"
	"encoding/json"
	"fmt"
	"slices"

	"slotwise/locales"
)

// in puts the blog's title and description in locale (a language's URL
// prefix) where the business translated them, and says the languages it
// is in.
func (b *Blog) in(locale string) error {
	var err error
	if b.Lang, b.Translations, err = titledIn(b.translations, locale, b.Original, &b.Title, &b.Description); err != nil {
		return fmt.Errorf("sites: blog %q has broken translations: %w", b.Path, err)
	}
	return nil
}

// titledIn puts a record's title and description in locale where the
// business translated them (a blog's, a collection's): the language they
// are then in (its original's else), and the languages it is translated
// into.
func titledIn(translations []byte, locale, original string, title, description *string) (string, []string, error) {
	langs, t, err := textsIn(translations, locale)
	if err != nil || t == nil {
		return locales.Lang(original), langs, err
	}
	*title, *description = cmp.Or(t.Title, *title), cmp.Or(t.Description, *description)
	return locales.Lang(locale), langs, nil
}

// categoryIn is a category of the blog in locale, where the blog's
// translation into it names the category; ok says whether it does.
func (b *Blog) categoryIn(c Category, locale string) (out Category, ok bool) {
	_, t, err := textsIn(b.translations, locale)
	if err != nil || t == nil || t.Categories[c.Slug] == nil {
		return c, false
	}
	var l struct{ Name, Description string }
	if json.Unmarshal(t.Categories[c.Slug], &l.Name) != nil && json.Unmarshal(t.Categories[c.Slug], &l) != nil {
		return c, false
	}
	return Category{Slug: c.Slug, Name: cmp.Or(l.Name, c.Name), Description: cmp.Or(l.Description, c.Description)}, true
}

// translatedInto are the languages of langs a record's translations have
// (own: the prefixes it is translated into), all of them when every
// language has it.
func translatedInto(langs, own []string, all bool) []string {
	if all {
		return langs
	}
	var out []string
	for _, l := range langs {
		if slices.Contains(own, l) {
			out = append(out, l)
		}
	}
	return out
}
