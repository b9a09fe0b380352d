package pages

import (
	"net/http"
	"strings"

	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io/fs"
	"sort"
	"sync"

	"github.com/gin-gonic/gin"

	"slotwise/locales"
	"slotwise/ssr"
)

// messageSets holds, for each layout, the message ids its pages use (the
// build's server/messages.json, found in the UI sources by
// ui/build/message-ids.js), and each language's catalogue cut to them,
// encoded once: a booking page then carries its own ~190 messages, not the
// mails' and every other screen's. Pages carry each message parsed
// (server/messages-parsed.json, from ui/build/parsed-messages.js), so the
// browser needs no ICU parser.
type messageSets struct {
	ids     map[string][]string        // layout → ids
	parsed  map[string]parsedCatalogue // catalogue file ("en-US", "de") → parsed messages
	encoded sync.Map                   // locale + "\x00" + layout → json.RawMessage
}

type parsedCatalogue struct {
	Digest   string                     `json:"digest"`
	Messages map[string]json.RawMessage `json:"messages"`
}

func loadMessageSets(dist fs.FS) (*messageSets, error) {
	data, err := fs.ReadFile(dist, "server/messages.json")
	if err != nil {
		return nil, fmt.Errorf("pages: the build's message manifest is missing (run `make build`): %w", err)
	}
	m := &messageSets{}
	if err := json.Unmarshal(data, &m.ids); err != nil {
		return nil, fmt.Errorf("pages: the message manifest is not valid JSON: %w", err)
	}
	if len(m.ids["error"]) == 0 {
		return nil, fmt.Errorf("pages: the message manifest has no error layout")
	}
	data, err = fs.ReadFile(dist, "server/messages-parsed.json")
	if err != nil {
		return nil, fmt.Errorf("pages: the build's parsed messages are missing (run `make build`): %w", err)
	}
	if err := json.Unmarshal(data, &m.parsed); err != nil {
		return nil, fmt.Errorf("pages: the parsed messages are not valid JSON: %w", err)
	}
	for _, locale := range append([]string{locales.Fallback}, locales.Prefixes...) {
		cat := locales.Get(locale)
		if p, ok := m.parsed[catalogueFile(cat.Locale)]; !ok || p.Digest != catalogueDigest(cat.Messages) {
			return nil, fmt.Errorf("pages: the build's messages for %s differ from locales/ (run `make build`)", cat.Locale)
		}
	}
	return m, nil
}

// catalogueFile is the file a catalogue comes from: "en" pages use en-US's.
func catalogueFile(locale string) string {
	if locale == "en" {
		return locales.Fallback
	}
	return locale
}

// catalogueDigest is sha256 over each id and its text, ids in byte order,
// each followed by a NUL, as ui/build/parsed-messages.js hashes them.
func catalogueDigest(messages map[string]string) string {
	ids := make([]string, 0, len(messages))
	for id := range messages {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	h := sha256.New()
	for _, id := range ids {
		h.Write([]byte(id + "\x00" + messages[id] + "\x00"))
	}
	return hex.EncodeToString(h.Sum(nil))
}

// forPage is the part of cat that a route's screen uses (the build lists
// each route's as "layout/route": what loads with it, not the parts it
// fetches as chunks), with the messages of the parts named; else what its
// layout's pages use.
func (m *messageSets) forPage(cat *locales.Catalogue, layout, routeName string, parts []string) json.RawMessage {
	set := layout + "/" + routeName
	if _, ok := m.ids[set]; !ok {
		set = layout
	}
	sets := []string{set}
	for _, p := range parts {
		if _, ok := m.ids["part/"+p]; ok {
			sets = append(sets, "part/"+p)
		}
	}
	return m.encode(cat, sets)
}

// forPart is the messages of one part fetched as a chunk; ok is false for
// a part the build does not know.
func (m *messageSets) forPart(cat *locales.Catalogue, part string) (json.RawMessage, bool) {
	if _, ok := m.ids["part/"+part]; !ok {
		return nil, false
	}
	return m.encode(cat, []string{"part/" + part}), true
}

// encode is the union of sets of cat, encoded once per language and sets.
func (m *messageSets) encode(cat *locales.Catalogue, sets []string) json.RawMessage {
	key := cat.Locale + "\x00" + strings.Join(sets, "\x00")
	if v, ok := m.encoded.Load(key); ok {
		return v.(json.RawMessage)
	}
	parsed := m.parsed[catalogueFile(cat.Locale)].Messages
	subset := map[string]json.RawMessage{}
	for _, set := range sets {
		ids, ok := m.ids[set]
		if !ok {
			ids = m.ids["error"]
		}
		for _, id := range ids {
			if msg, ok := parsed[id]; ok {
				subset[id] = msg
			}
		}
	}
	data, _ := json.Marshal(subset) // raw messages are valid JSON: they were decoded above
	m.encoded.Store(key, json.RawMessage(data))
	return data
}

// messageSet is the catalogue a page of a route carries; a server built
// without assets (tests that render nothing) carries the whole.
func (a *Assets) messageSet(cat *locales.Catalogue, layout, routeName string, parts []string) json.RawMessage {
	if a == nil {
		return cat.JSON
	}
	return a.messages.forPage(cat, layout, routeName, parts)
}

// renderSet is what V8 renders a page of layout with: every message its
// screens may show, parts included, so a part the loader did not name
// still renders in full on the server. It is handed to V8 apart from the
// payload, under a key naming the language, the layout and the build's
// catalogue, and each isolate keeps it parsed (ssr.Shared).
func (a *Assets) renderSet(cat *locales.Catalogue, layout string) ssr.Shared {
	if a == nil {
		return ssr.Shared{Key: "catalogue " + cat.Locale, JSON: cat.JSON}
	}
	digest := a.messages.parsed[catalogueFile(cat.Locale)].Digest
	return ssr.Shared{Key: cat.Locale + " " + layout + " " + digest, JSON: a.messages.encode(cat, []string{layout})}
}

// partMessages answers GET /api/messages?part=&locale=: the messages of a
// part fetched as a chunk, parsed as pages carry them.
func (e *Engine) partMessages(c *gin.Context) {
	locale, ok := locales.Canonical(c.Query("locale")) // case-insensitive: pt-BR is pt-br
	if !ok {
		locale = locales.Fallback
	}
	if e.opt.Assets == nil {
		APIError(c, http.StatusNotFound, "not_found", "No such part")
		return
	}
	data, ok := e.opt.Assets.messages.forPart(locales.Get(locale), c.Query("part"))
	if !ok {
		APIError(c, http.StatusNotFound, "not_found", "No such part")
		return
	}
	// The same for every visitor until the next deploy.
	c.Header("Cache-Control", "public, max-age=3600")
	c.Data(http.StatusOK, "application/json; charset=utf-8", data)
}
