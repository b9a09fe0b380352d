package pages

import (
	"cmp"
	"context"
	"slices"
	"strings"

	"slotwise/locales"
)

// Content is what a page's main content is, when it is the business's
// own text: the language it is shown in, its original's language (both
// locales: "en-US", "de"), and the other languages it is published in
// (URL prefixes).
//
// The original's canonical address is the unprefixed one, whatever
// language the frame around it is in; a translation's is the page under
// its language's prefix. An address in a language the page lacks shows
// the original in that language's frame, marked with its language, and
// names the original as canonical: it is not a page of its own, so it is
// never an alternate, nor in the sitemap (Google: "localized versions of
// a page are only considered duplicates if the main content of the page
// remains untranslated").
type Content struct {
	Lang, Original string
	Translations   []string
	// Path is the original's base path, Paths those of the translations
	// with an address of their own (by URL prefix); without them, every
	// language's page is at the request's base path under its prefix.
	Path  string
	Paths map[string]string
}

// pathIn is the content's base path in lang (a URL prefix), where it is
// asked for at basePath.
func (c *Content) pathIn(lang, basePath string) string {
	if p, ok := c.Paths[lang]; ok {
		return p
	}
	return cmp.Or(c.Path, basePath)
}

// Languages are the URL prefixes of the languages the content exists in:
// its original's first.
func (c *Content) Languages() []string {
	out := []string{Prefix(c.Original)}
	for _, l := range c.Translations {
		if !slices.Contains(out, Prefix(l)) {
			out = append(out, Prefix(l))
		}
	}
	return out
}

// Prefix is the URL prefix of a language (en-US's is en).
func Prefix(locale string) string {
	if strings.EqualFold(locale, locales.Fallback) {
		return "en"
	}
	return strings.ToLower(locale)
}

// signals are a page's canonical address and its hreflang alternates.
// The server's own words exist in every language, English's page being the
// unprefixed one. The business's content exists in its original's
// language, at the unprefixed address, and in those of its translations;
// only its canonical page names alternates: every language's canonical
// page names the same ones, itself among them.
func (e *Engine) signals(ctx context.Context, c *Content, prefix, basePath string) (string, []Alternate) {
	if c == nil {
		return e.canonical(ctx, prefix, basePath), e.Alternates(ctx, basePath)
	}
	langs := c.Languages()
	canonical := e.Absolute(ctx, c.pathIn(langs[0], basePath)) // the original's
	if shown := Prefix(c.Lang); shown != langs[0] {
		canonical = e.addressOf(ctx, shown, c.pathIn(shown, basePath))
	}
	if e.addressOf(ctx, prefix, basePath) != canonical || len(langs) < 2 {
		return canonical, nil
	}
	return canonical, e.alternates(ctx, langs[0], langs, func(l string) string { return c.pathIn(l, basePath) })
}

// inContentLanguage marks a page whose content is in another language
// than its frame (locale), and keeps the languages the content exists in.
func inContentLanguage(p *Payload, c *Content, locale string) {
	if c == nil {
		return
	}
	if Prefix(c.Lang) != Prefix(locale) {
		p.ContentLang = locales.Lang(c.Lang)
	}
	p.contentLangs = c.Languages()
	for _, l := range p.contentLangs {
		p.Langs = append(p.Langs, locales.Lang(l))
	}
}

// addressOf is the absolute address of a page asked for under prefix
// (none: unprefixed).
func (e *Engine) addressOf(ctx context.Context, prefix, basePath string) string {
	if prefix == "" {
		return e.Absolute(ctx, basePath)
	}
	if basePath == "/" {
		basePath = ""
	}
	return e.Absolute(ctx, locales.PathPrefix(prefix)+basePath)
}

// ContentAlternates are the hreflang alternates of content at its Path.
func (e *Engine) ContentAlternates(ctx context.Context, c *Content) []Alternate {
	langs := c.Languages()
	return e.alternates(ctx, langs[0], langs, func(l string) string { return c.pathIn(l, c.Path) })
}

// alternates name content in its languages (URL prefixes): the original
// at the unprefixed address, which is also the x-default, each other
// under its prefix (at its own path, where it has one). hreflang says a
// language alone where the server speaks no other variety of it (en,
// de), the region where it does (pt-BR beside pt, which is Portugal's).
func (e *Engine) alternates(ctx context.Context, original string, langs []string, pathIn func(string) string) []Alternate {
	out := []Alternate{{Hreflang: "x-default", Href: e.Absolute(ctx, pathIn(original))}}
	for _, l := range langs {
		prefix := l
		if l == original {
			prefix = ""
		}
		out = append(out, Alternate{Hreflang: locales.Lang(l), Href: e.addressOf(ctx, prefix, pathIn(l))})
	}
	return out
}

// ogLocales are og:locale's spellings (language_TERRITORY) of the
// languages served.
var ogLocales = map[string]string{"da": "da_DK", "de": "de_DE", "en": "en_US", "en-US": "en_US", "es": "es_ES", "fr": "fr_FR",
	"hu": "hu_HU", "it": "it_IT", "nl": "nl_NL", "pl": "pl_PL", "pt-br": "pt_BR", "pt-BR": "pt_BR", "pt": "pt_PT"}

// OGLocale is a language as og:locale spells it.
func OGLocale(lang string) string {
	if l, ok := ogLocales[lang]; ok {
		return l
	}
	return strings.ReplaceAll(lang, "-", "_")
}
