package pages

import (
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

// Hreflang is a language as hreflang and Content-Language say it: the
// language alone where the server speaks no other variety of it (en, de),
// the region where it does (pt-BR beside pt, which is Portugal's).
func Hreflang(prefix string) string { return locales.Lang(prefix) }

// inLanguages makes the page's language signals say what its content is.
func (e *Engine) inLanguages(ctx context.Context, p *Payload, c *Content, prefix, basePath string) {
	shown := Prefix(c.Lang)
	if shown != Prefix(p.Locale) {
		p.ContentLang = locales.Lang(c.Lang)
	}
	langs := c.Languages()
	p.contentLangs = langs
	if shown == Prefix(c.Original) {
		p.Head.Canonical = e.Absolute(ctx, basePath)
	} else {
		p.Head.Canonical = e.addressOf(ctx, shown, basePath)
	}
	// Only the canonical page names its alternates: every language's
	// canonical page names the same ones, itself among them.
	if e.addressOf(ctx, prefix, basePath) != p.Head.Canonical || len(langs) < 2 {
		p.Head.Alternates = nil
		return
	}
	p.Head.Alternates = e.ContentAlternates(ctx, basePath, langs)
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

// ContentAlternates are the hreflang alternates of content that exists in
// langs (URL prefixes, its original's first): the original at the
// unprefixed address, which is also the x-default, and each translation
// under its prefix.
func (e *Engine) ContentAlternates(ctx context.Context, basePath string, langs []string) []Alternate {
	suffix := basePath
	if suffix == "/" {
		suffix = ""
	}
	out := []Alternate{{Hreflang: "x-default", Href: e.Absolute(ctx, basePath)}}
	for i, l := range langs {
		href := e.Absolute(ctx, locales.PathPrefix(l)+suffix)
		if i == 0 {
			href = e.Absolute(ctx, basePath)
		}
		out = append(out, Alternate{Hreflang: Hreflang(l), Href: href})
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
