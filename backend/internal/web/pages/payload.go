package pages

import (
	"bytes"
	"encoding/json"
	"time"
)

// Payload is everything a page needs: the server renders it in V8, embeds it
// in the document, and the client hydrates from it and fetches it again as
// JSON on every client-side navigation (GET /api/page-data). Its TypeScript
// type is generated from it (ui/src/generated/pages.ts, make types).
type Payload struct {
	Route    string            `json:"route"`
	Layout   string            `json:"layout" tstype:"Layout"`
	Kind     string            `json:"kind,omitempty"`
	Params   map[string]string `json:"params"`
	Path     string            `json:"path"`     // the requested path and query, with its language prefix
	BasePath string            `json:"basePath"` // Path without the language prefix or query
	Locale   string            `json:"locale"`   // URL locale: "de", "pt-br", or "en-US"
	Lang     string            `json:"lang"`     // BCP 47, for <html lang> and Intl
	// ContentLang is the language of the page's main content when it is
	// not Lang (the business's text, not translated into the page's
	// language): <html lang> names it, and the frame says Lang.
	ContentLang string `json:"contentLang,omitempty"`
	// Langs are the languages the business's content of the page is
	// written in (hreflang's spelling: en, de, pt-BR), which the language
	// menu marks; none on a page of the server's own words, which exists
	// in every language.
	Langs         []string        `json:"langs,omitempty"`
	Status        int             `json:"status"`
	StatusMessage string          `json:"statusMessage,omitempty"`
	ScrollToTop   bool            `json:"scrollToTop"`
	Consent       string          `json:"consent" tstype:"'' | 'essential' | 'all'"`
	Privacy       string          `json:"privacy,omitempty"` // the business's privacy policy, which the cookie banner links to
	SiteName      string          `json:"siteName"`          // the business's name, which heads its pages
	Head          Head            `json:"head"`
	Messages      json.RawMessage `json:"messages" tstype:"{ [key: string]: string | MessageFormatElement[] }"` // parsed ICU; text only without a build
	Parts         []string        `json:"parts,omitempty"`                                                      // chunks of the screen whose messages Messages carries (lazyPart)
	Data          any             `json:"data" tstype:"unknown"`
	Action        *ActionResult   `json:"action,omitempty"`   // a form post that failed, shown on its page
	Redirect      string          `json:"redirect,omitempty"` // the canonical URL of the page asked for (301)
	inPage        bool            // a widget framed by a page of this website (?embed=page)
	// The page's cache policy, from its loader (Result.Tags, Result.Until,
	// Request.FormKey, Request.Cookie): never in the bytes.
	tags     []string
	origin   string // of the business's absolute links (Engine.Origin)
	until    time.Time
	formKeys []string // the form keys it carries: it is one visitor's
	secret   bool     // Result.Secret
	varies   []string // the cookies its loader read
	site     *Site    // Result.Site
	// the languages the main content exists in, for og:locale:alternate
	contentLangs []string
}

// Head is what the document's <head> says about the page.
type Head struct {
	Title       string      `json:"title"`
	Description string      `json:"description"`
	Canonical   string      `json:"canonical"`
	Robots      string      `json:"robots,omitempty"`
	Brand       string      `json:"brand,omitempty"` // #rrggbb, the business's colour
	Alternates  []Alternate `json:"alternates" tstype:"Alternate[] | null"`
	SEO         *SEO        `json:"-"` // for the document's head only (sites_seo.go)
}

// Alternate is one hreflang link.
type Alternate struct {
	Hreflang string `json:"hreflang"`
	Href     string `json:"href"`
}

// marshal is json.Marshal(p) with the page's messages written in as they
// are. They are encoded once per language and set (messageSets.encode),
// compact already, but json.Marshal scans a raw value again to compact it,
// on every page: a tenth of the server's time under the dashboard's bench.
// Messages comes before Data, and nothing before it has a key of that
// name, so the first "messages":null is its. They are written in only as
// json.Marshal writes them: its encoder escapes <, > and & (the payload
// sits in a <script> of the document) and U+2028 and U+2029; messages
// holding any of them raw are marshalled the long way.
func (p *Payload) marshal() ([]byte, error) {
	if len(p.Messages) == 0 || needsEscaping(p.Messages) {
		return json.Marshal(p)
	}
	without := *p
	without.Messages = nil
	data, err := json.Marshal(&without)
	if err != nil {
		return nil, err
	}
	i := bytes.Index(data, messagesNull)
	if i < 0 {
		return json.Marshal(p)
	}
	at := i + len(messagesNull) - len("null")
	out := make([]byte, 0, len(data)+len(p.Messages))
	out = append(out, data[:at]...)
	out = append(out, p.Messages...)
	return append(out, data[i+len(messagesNull):]...), nil
}

var messagesNull = []byte(`"messages":null`)

// needsEscaping says whether b holds a byte or character json.Marshal
// escapes. Each is looked for apart: bytes.ContainsAny decodes every rune
// of a set with non-ASCII characters, fifty times slower over a
// dashboard's messages.
func needsEscaping(b []byte) bool {
	return bytes.IndexByte(b, '<') >= 0 || bytes.IndexByte(b, '>') >= 0 || bytes.IndexByte(b, '&') >= 0 ||
		bytes.Contains(b, lineSeparator) || bytes.Contains(b, paragraphSeparator)
}

var lineSeparator, paragraphSeparator = []byte("\u2028"), []byte("\u2029")
