package web

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"sync"

	"slotwise/locales"
)

// messageSets holds, for each layout, the message ids its pages use (the
// build's server/messages.json, found in the UI sources by
// ui/build/message-ids.js), and each language's catalogue cut to them,
// encoded once: a booking page then carries its own ~140 messages, not the
// mails' and every other screen's.
type messageSets struct {
	ids     map[string][]string // layout → ids
	encoded sync.Map            // locale + "\x00" + layout → json.RawMessage
}

func loadMessageSets(dist fs.FS) (*messageSets, error) {
	data, err := fs.ReadFile(dist, "server/messages.json")
	if err != nil {
		return nil, fmt.Errorf("web: the build's message manifest is missing (run `make build`): %w", err)
	}
	m := &messageSets{}
	if err := json.Unmarshal(data, &m.ids); err != nil {
		return nil, fmt.Errorf("web: the message manifest is not valid JSON: %w", err)
	}
	if len(m.ids["error"]) == 0 {
		return nil, fmt.Errorf("web: the message manifest has no error layout")
	}
	return m, nil
}

// forLayout is the part of cat that pages of layout use.
func (m *messageSets) forLayout(cat *locales.Catalogue, layout string) json.RawMessage {
	key := cat.Locale + "\x00" + layout
	if v, ok := m.encoded.Load(key); ok {
		return v.(json.RawMessage)
	}
	ids, ok := m.ids[layout]
	if !ok {
		ids = m.ids["error"]
	}
	subset := make(map[string]string, len(ids))
	for _, id := range ids {
		if msg, ok := cat.Messages[id]; ok {
			subset[id] = msg
		}
	}
	data, _ := json.Marshal(subset) // a map of strings always encodes
	m.encoded.Store(key, json.RawMessage(data))
	return data
}

// messageSet is the catalogue a page of layout carries; a server built
// without assets (tests that render nothing) carries the whole.
func (a *Assets) messageSet(cat *locales.Catalogue, layout string) json.RawMessage {
	if a == nil {
		return cat.JSON
	}
	return a.messages.forLayout(cat, layout)
}
