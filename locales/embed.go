// Package locales holds the message catalogues (ICU messages for formatjs) of
// the eleven languages and decides which one a request gets.
package locales

import (
	"embed"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
)

//go:embed *.json
var files embed.FS

// Fallback is the locale of unprefixed URLs and of any message a catalogue lacks.
const Fallback = "en-US"

// Prefixes are the language prefixes of URLs (/de/widget/...), in display order.
var Prefixes = []string{"da", "de", "en", "es", "fr", "hu", "it", "nl", "pl", "pt-br", "pt"}

// Catalogue is one language's messages, merged over the fallback's.
type Catalogue struct {
	Locale   string            // as in URLs and cookies: "de", "pt-br", or Fallback
	Lang     string            // BCP 47 for <html lang> and Intl: "de", "pt-BR", "en-US"
	Messages map[string]string // message id → ICU message
	JSON     json.RawMessage   // Messages, serialized once for page payloads
}

var (
	loadOnce   sync.Once
	catalogues map[string]*Catalogue
	loadErr    error
)

// Load parses every catalogue once; the binary calls it at start so a broken
// catalogue stops it before it serves anything.
func Load() error {
	loadOnce.Do(func() { catalogues, loadErr = loadAll() })
	return loadErr
}

func loadAll() (map[string]*Catalogue, error) {
	base, err := readMessages(Fallback)
	if err != nil {
		return nil, err
	}
	out := map[string]*Catalogue{}
	for _, locale := range append([]string{Fallback}, Prefixes...) {
		file := locale
		if locale == "en" {
			file = Fallback
		}
		own, err := readMessages(file)
		if err != nil {
			return nil, err
		}
		merged := make(map[string]string, len(base))
		for id, m := range base {
			merged[id] = m
		}
		for id, m := range own {
			merged[id] = m
		}
		raw, err := json.Marshal(merged)
		if err != nil {
			return nil, fmt.Errorf("locales: unable to encode %s: %w", locale, err)
		}
		out[locale] = &Catalogue{Locale: locale, Lang: Lang(locale), Messages: merged, JSON: raw}
	}
	return out, nil
}

func readMessages(file string) (map[string]string, error) {
	data, err := files.ReadFile(file + ".json")
	if err != nil {
		return nil, fmt.Errorf("locales: catalogue %s is missing: %w", file, err)
	}
	var m map[string]string
	if err := json.Unmarshal(data, &m); err != nil {
		return nil, fmt.Errorf("locales: catalogue %s is not valid JSON: %w", file, err)
	}
	return m, nil
}

// Get returns the catalogue of a locale, or the fallback's.
func Get(locale string) *Catalogue {
	if err := Load(); err != nil {
		panic(err) // Load is called at start; reaching here means it was skipped
	}
	if c, ok := catalogues[locale]; ok {
		return c
	}
	return catalogues[Fallback]
}

// Lang is the BCP 47 tag of a URL locale.
func Lang(locale string) string {
	switch locale {
	case "pt-br":
		return "pt-BR"
	case "en":
		return "en"
	}
	return locale
}

// FromPrefix tells whether a path segment is a language prefix.
func FromPrefix(segment string) (string, bool) {
	s := strings.ToLower(segment)
	for _, p := range Prefixes {
		if s == p {
			return p, true
		}
	}
	return "", false
}

// PathPrefix is the language prefix of links in a locale: none for the
// fallback (unprefixed URLs are en-US), "/de" for de. The one place on the
// server that writes it; ui/src/lib/navigation.ts withLocale is the client's.
func PathPrefix(locale string) string {
	if l, ok := FromPrefix(locale); ok {
		return "/" + l
	}
	return ""
}

// Canonical spells a locale from a cookie or a request body the way URLs and
// catalogues do ("PT-BR" → "pt-br", "en-us" → "en-US"), if it is one we serve:
// a catalogue is looked up by that spelling only.
func Canonical(locale string) (string, bool) {
	if strings.EqualFold(locale, Fallback) {
		return Fallback, true
	}
	return FromPrefix(locale)
}

// Negotiate picks the best locale for an Accept-Language header, by its
// q-values, falling back to en-US.
func Negotiate(header string) string {
	best, _ := NegotiateMatch(header)
	return best
}

// NegotiateMatch is Negotiate, saying whether the header named a
// language we serve (else it is Fallback).
func NegotiateMatch(header string) (string, bool) {
	best, bestQ := Fallback, 0.0
	for part := range strings.SplitSeq(header, ",") {
		tag, q := parseRange(part)
		if q <= bestQ || tag == "" {
			continue
		}
		if locale, ok := matchTag(tag); ok {
			best, bestQ = locale, q
		}
	}
	return best, bestQ > 0
}

func parseRange(part string) (string, float64) {
	tag, params, _ := strings.Cut(strings.TrimSpace(part), ";")
	tag, q := strings.ToLower(strings.TrimSpace(tag)), 1.0
	for f := range strings.SplitSeq(params, ";") {
		f = strings.TrimSpace(f)
		if v, ok := strings.CutPrefix(f, "q="); ok {
			q = parseQ(v)
		}
	}
	return tag, q
}

// parseQ reads a q-value as Sscanf's %g does (0 when it is none); its own
// function, so that q escapes to the heap only when a header has one.
func parseQ(v string) float64 {
	var q float64
	if _, err := fmt.Sscanf(v, "%g", &q); err != nil {
		return 0
	}
	return q
}

func matchTag(tag string) (string, bool) {
	switch {
	case tag == "pt-br":
		return "pt-br", true
	case tag == "*", tag == "en", strings.HasPrefix(tag, "en-"):
		// The wildcard accepts any language: at its q-value it is the default.
		return Fallback, true
	}
	primary, _, _ := strings.Cut(tag, "-")
	return FromPrefix(primary)
}
