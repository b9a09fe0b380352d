package pages

import (
	"encoding/json"
	"strings"
	"testing"
	"testing/fstest"

	"slotwise/locales"
)

// A binary whose locales changed after its UI was built would show the old
// words (the parsed copies) while mails and errors use the new: it refuses
// to start instead.
func TestMessageSetsRefuseParsedMessagesOfOtherTexts(t *testing.T) {
	if err := locales.Load(); err != nil {
		t.Fatal(err)
	}
	parsed := map[string]parsedCatalogue{}
	for _, locale := range append([]string{locales.Fallback}, locales.Prefixes...) {
		cat := locales.Get(locale)
		parsed[catalogueFile(cat.Locale)] = parsedCatalogue{Digest: catalogueDigest(cat.Messages)}
	}
	build := func(parsed map[string]parsedCatalogue) fstest.MapFS {
		data, _ := json.Marshal(parsed)
		return fstest.MapFS{
			"server/messages.json":        {Data: []byte(`{"error":["error.home"]}`)},
			"server/messages-parsed.json": {Data: data},
		}
	}
	if _, err := loadMessageSets(build(parsed)); err != nil {
		t.Fatalf("matching digests refused: %v", err)
	}
	stale := map[string]parsedCatalogue{}
	for k, v := range parsed {
		stale[k] = v
	}
	stale["de"] = parsedCatalogue{Digest: catalogueDigest(map[string]string{"booking.submit": "Buchen"})}
	if _, err := loadMessageSets(build(stale)); err == nil || !strings.Contains(err.Error(), "de") {
		t.Errorf("stale German messages accepted: %v", err)
	}
	delete(stale, "de")
	if _, err := loadMessageSets(build(stale)); err == nil {
		t.Error("missing German messages accepted")
	}
}
