package strictjson_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"maps"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"slotwise/backend/internal/strictjson"
)

// FuzzDecode: whatever the bytes, Decode does not panic; what it accepts
// is valid JSON and UTF-8 with no key twice in any object, no string
// mended into U+FFFD and, for a calendar, no key that is a field's in
// another case; what it refuses for its shape is told without Go's words.
func FuzzDecode(f *testing.F) {
	for _, seed := range []string{
		`{"name":"Quick","staff":["mia"],"reminders":[{"before":"1h","to":"staff"}]}`,
		`{"url":"http://169.254.169.254/","url":"https://hooks.example/x"}`,
		`{"URL":"x"}`, `{"Name":"x"}`, `{"untagged":"x"}`, `null`, `{"name":null}`, `{"reminders":[{"to":5}]}`,
		`{"name":"\ud800"}`, "{\"name\":\"\xff\"}", `{"name":"\ud83d\ude00\\ud800"}`,
		`{"extra":{"a":{"b":1,"b":2}}}`, `{"raw":[{"a":1},{"a":1}]}`, `{"nested":{"to":"x"}}`,
		`{"span":90,"expires":"2027-01-31T00:00:00Z","pair":[1,2],"note":"n"}`, `{} {}`, `[[[[`,
	} {
		f.Add([]byte(seed))
	}
	fields := fieldNames(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		var anything any
		errAny := strictjson.Decode(data, &anything)
		var cal calendar
		errCal := strictjson.Decode(data, &cal)
		for _, err := range []error{errAny, errCal} {
			var se *strictjson.ShapeError
			if errors.As(err, &se) && (strings.Contains(err.Error(), "Go ") || strings.Contains(err.Error(), "unmarshal")) {
				t.Fatalf("%q is told in Go's words: %v", data, err)
			}
		}
		if errAny != nil && errCal != nil {
			return
		}
		if !json.Valid(data) || !utf8.Valid(data) {
			t.Fatalf("accepted %q, which is not valid JSON and UTF-8", data)
		}
		if key, twice := keyTwice(data); twice {
			t.Fatalf("accepted %q with the key %q twice", data, key)
		}
		if mended(data) {
			t.Fatalf("accepted %q, whose strings read as U+FFFD it did not send", data)
		}
		if errCal == nil {
			var keys map[string]json.RawMessage
			_ = json.Unmarshal(data, &keys)
			for key := range keys {
				for _, field := range fields {
					if key != field && strings.EqualFold(key, field) {
						t.Fatalf("accepted %q with the key %q for the field %q", data, key, field)
					}
				}
			}
		}
	})
}

// fieldNames lists the keys a calendar takes, as encoding/json writes them.
func fieldNames(f *testing.F) []string {
	data, err := json.Marshal(calendar{})
	var keys map[string]json.RawMessage
	if err != nil || json.Unmarshal(data, &keys) != nil {
		f.Fatal(err)
	}
	return slices.Collect(maps.Keys(keys))
}

// keyTwice finds a key given twice in one object, reading the tokens as
// plainly as can be.
func keyTwice(data []byte) (string, bool) {
	dec := json.NewDecoder(bytes.NewReader(data))
	type level struct {
		keys   map[string]bool
		object bool
		atKey  bool
	}
	var stack []*level
	for {
		tok, err := dec.Token()
		if err == io.EOF || err != nil {
			return "", false
		}
		var top *level
		if len(stack) > 0 {
			top = stack[len(stack)-1]
		}
		if s, ok := tok.(string); ok && top != nil && top.object && top.atKey {
			if top.keys[s] {
				return s, true
			}
			top.keys[s] = true
			top.atKey = false
			continue
		}
		if top != nil && top.object {
			top.atKey = true // a value was read (or begins): a key comes next
		}
		switch tok {
		case json.Delim('{'):
			stack = append(stack, &level{keys: map[string]bool{}, object: true, atKey: true})
		case json.Delim('['):
			stack = append(stack, &level{})
		case json.Delim('}'), json.Delim(']'):
			stack = stack[:len(stack)-1]
			if len(stack) > 0 && stack[len(stack)-1].object {
				stack[len(stack)-1].atKey = true
			}
		}
	}
}

// mended tells whether a string of data decodes to U+FFFD although data
// holds the character neither as itself nor as an escape.
func mended(data []byte) bool {
	if bytes.Contains(data, []byte("\uFFFD")) || bytes.Contains(bytes.ToLower(data), []byte(`\ufffd`)) {
		return false
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	for {
		tok, err := dec.Token()
		if err != nil {
			return false
		}
		if s, ok := tok.(string); ok && strings.ContainsRune(s, utf8.RuneError) {
			return true
		}
	}
}
