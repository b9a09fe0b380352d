package strictjson_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	jsonv2 "github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"

	"slotwise/backend/internal/strictjson"
)

type reminder struct {
	Before string `json:"before"`
	To     string `json:"to"`
}

// span decodes itself, as content.Span: a string or a number.
type span string

func (s *span) UnmarshalJSON(data []byte) error {
	if len(data) > 0 && (data[0] == '"' || data[0] >= '0' && data[0] <= '9') {
		*s = span(data)
		return nil
	}
	return errors.New("a span is a string such as 2h or a number of minutes")
}

// selfDecoding decodes itself from the library's decoder, which reads
// with the options it was given: as strictly as the body around it.
type selfDecoding struct {
	To string `json:"to"`
}

func (s *selfDecoding) UnmarshalJSONFrom(dec *jsontext.Decoder) error {
	type plain selfDecoding
	return jsonv2.UnmarshalDecode(dec, (*plain)(s))
}

type embedded struct {
	Note string `json:"note"`
}

type calendar struct {
	Name      string            `json:"name"`
	Active    bool              `json:"active"`
	Duration  int16             `json:"duration"`
	Price     uint8             `json:"price"`
	Ratio     float32           `json:"ratio"`
	Staff     []string          `json:"staff"`
	Reminders []reminder        `json:"reminders"`
	Agenda    *reminder         `json:"agenda"`
	Fields    map[string]string `json:"fields"`
	Extra     map[string]any    `json:"extra"`
	Raw       json.RawMessage   `json:"raw"`
	Expires   time.Time         `json:"expires"`
	Span      span              `json:"span"`
	Nested    selfDecoding      `json:"nested"`
	Pair      [2]int            `json:"pair"`
	Photo     []byte            `json:"photo"`
	Untagged  string
	Hidden    string `json:"-"`
	embedded
}

func TestDecodeAcceptsTheDocumentedShape(t *testing.T) {
	for _, tc := range []struct {
		name, body string
		want       calendar
	}{
		{"every kind of field",
			`{"name":"Quick","active":true,"duration":30,"price":9,"ratio":0.5,"staff":["mia"],"reminders":[{"before":"1h","to":"staff"}],
			  "agenda":{"to":"x"},"fields":{"a":"b"},"extra":{"deep":[1,{"x":null}]},"raw":{"k":[true]},"expires":"2027-01-31T00:00:00Z",
			  "span":90,"nested":{"to":"booker"},"pair":[1,2],"Untagged":"u","note":"promoted"}`,
			calendar{Name: "Quick", Active: true, Duration: 30, Price: 9, Ratio: 0.5, Staff: []string{"mia"},
				Reminders: []reminder{{"1h", "staff"}}, Agenda: &reminder{To: "x"}, Fields: map[string]string{"a": "b"},
				Extra: map[string]any{"deep": []any{1.0, map[string]any{"x": nil}}}, Raw: json.RawMessage(`{"k":[true]}`),
				Expires: time.Date(2027, 1, 31, 0, 0, 0, 0, time.UTC), Span: "90", Nested: selfDecoding{To: "booker"},
				Pair: [2]int{1, 2}, Untagged: "u", embedded: embedded{Note: "promoted"}}},
		{"a surrogate pair", `{"name":"\ud83d\ude00"}`, calendar{Name: "😀"}},
		{"an escaped backslash before u", `{"name":"\\ud800"}`, calendar{Name: `\ud800`}},
		{"U+FFFD sent as itself", `{"name":"\ufffd�"}`, calendar{Name: "��"}},
		{"null where none is a value", `{"agenda":null,"staff":null,"fields":null,"raw":null}`, calendar{Raw: json.RawMessage("null")}},
		{"null for a value: its zero", `{"name":null,"duration":null,"expires":null,"reminders":[null]}`, calendar{Reminders: []reminder{{}}}},
		{"keys of a map differ in case", `{"fields":{"a":"1","A":"2"}}`, calendar{Fields: map[string]string{"a": "1", "A": "2"}}},
		{"the same key in two objects", `{"reminders":[{"to":"a"},{"to":"b"}]}`, calendar{Reminders: []reminder{{To: "a"}, {To: "b"}}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got calendar
			if err := strictjson.Decode([]byte(tc.body), &got); err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("decoded %+v, want %+v", got, tc.want)
			}
		})
	}
}

func TestDecodeRefusesWhatTheDocsDoNotSay(t *testing.T) {
	deep := `{"raw":` + strings.Repeat("[", 10000) + strings.Repeat("]", 10000) + `}`
	for _, tc := range []struct {
		name, body, want string
	}{
		{"nothing", "", "The body is empty"},
		{"only spaces", " \n\t", "The body is empty"},
		{"null", "null", "The body must be an object, not null"},
		{"an array for an object", "[]", "The body must be an object, not an array"},
		{"a key twice", `{"name":"http://169.254.169.254/","name":"https://hooks.example/x"}`, "The body has the key \"name\" twice"},
		{"a key twice, once escaped", `{"name":"a","n\u0061me":"b"}`, "The body has the key \"name\" twice"},
		{"a key twice in an item", `{"reminders":[{"to":"a","to":"b"}]}`, "reminders.0 has the key \"to\" twice"},
		{"a key twice in a map", `{"fields":{"a":"1","a":"2"}}`, "fields has the key \"a\" twice"},
		{"a key twice in any value", `{"extra":{"a":[{"b":1,"b":2}]}}`, "extra.a.0 has the key \"b\" twice"},
		{"a key twice in a raw value", `{"raw":{"b":1,"b":2}}`, "raw has the key \"b\" twice"},
		{"a key in another case", `{"NAME":"x"}`, "The body has the key \"NAME\", which is not a field: keys are matched as written, and the field is \"name\""},
		{"a key in another case in an item", `{"reminders":[{"TO":"x"}]}`, "reminders.0 has the key \"TO\", which is not a field: keys are matched as written, and the field is \"to\""},
		{"a key in another case in a self-decoding value", `{"nested":{"To":"x"}}`, "nested has the key \"To\", which is not a field: keys are matched as written, and the field is \"to\""},
		{"an unknown key", `{"colour":"red"}`, "The body has the key \"colour\", which is not a field"},
		{"a field json ignores", `{"Hidden":"x"}`, "The body has the key \"Hidden\", which is not a field"},
		{"null for a self-decoding value that takes none", `{"span":null}`, "span is not valid: a span is a string such as 2h or a number of minutes"},
		{"a number for a string", `{"reminders":[{"to":5}]}`, "reminders.0.to must be a string, not a number"},
		{"a string for a boolean", `{"active":"yes"}`, "active must be true or false, not a string"},
		{"a boolean for a number", `{"duration":true}`, "duration must be a whole number, not true"},
		{"a string for an array", `{"staff":"mia"}`, "staff must be an array, not a string"},
		{"an object for an item of a list", `{"staff":[{}]}`, "staff.0 must be a string, not an object"},
		{"a fraction for a whole number", `{"duration":1.5}`, "duration must be a whole number, not 1.5"},
		{"a whole number out of range", `{"duration":40000}`, "duration must be a whole number from -32768 to 32767"},
		{"a negative count", `{"price":-1}`, "price must be a whole number from 0 to 255"},
		{"a number out of range", `{"ratio":1e100}`, "ratio must be a number within range"},
		{"too many items", `{"pair":[1,2,3]}`, "pair must be an array of 2 items"},
		{"too few items", `{"pair":[1]}`, "pair must be an array of 2 items"},
		{"a number no float holds in any value", `{"extra":{"big":[1e400]}}`, "extra.big.0 must be a number within range"},
		{"a time that is a number", `{"expires":5}`, "expires must be a time such as 2026-12-01T00:00:00Z, not a number"},
		{"a time that is no time", `{"expires":"tomorrow"}`, "expires must be a time such as 2026-12-01T00:00:00Z"},
		{"bytes that are not base64", `{"photo":"!"}`, "photo must be a string of base64"},
		{"a self-decoding value's own words", `{"span":true}`, "span is not valid: a span is a string such as 2h or a number of minutes"},
		{"a self-decoding value's path below the field's", `{"nested":{"to":1}}`, "nested.to must be a string, not a number"},
		{"not JSON", `{"name":}`, "The body is not JSON: invalid character '}' at start of value (at byte 8)"},
		{"cut short", `{"name":"x"`, "The body ends before its JSON value does"},
		{"two values", `{} {}`, "The body is not JSON: invalid character '{' after top-level value (at byte 3)"},
		{"a value after the object", `{}x`, "The body is not JSON: invalid character 'x' after top-level value (at byte 2)"},
		{"nested too deep", deep, "The body is not JSON: exceeded max depth (at byte 10006)"},
		{"a key twice, then text that is not: the first told", "{\"name\":\"x\",\"name\":\"\xff\"}", "The body has the key \"name\" twice"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := calendar{Name: "before"}
			err := strictjson.Decode([]byte(tc.body), &got)
			var se *strictjson.ShapeError
			if !errors.As(err, &se) || err.Error() != tc.want {
				t.Fatalf("%v, want a ShapeError %q", err, tc.want)
			}
			if got.Name != "before" {
				t.Errorf("a refused body filled in %+v", got)
			}
			for _, goWords := range []string{"Go ", "struct", "unmarshal", "calendar", "int16", "float32", "strictjson"} {
				if strings.Contains(err.Error(), goWords) {
					t.Errorf("%q speaks of Go (%q)", err, goWords)
				}
			}
		})
	}
}

func TestDecodeNamesEachStringThatIsNotText(t *testing.T) {
	for _, tc := range []struct {
		name, body string
		fields     []string
	}{
		{"a byte that is not UTF-8", "{\"name\":\"caf\xe9\"}", []string{"name"}},
		{"an encoded surrogate", "{\"name\":\"\xed\xa0\x80\"}", []string{"name"}},
		{"a high surrogate alone", `{"name":"\ud800"}`, []string{"name"}},
		{"a high surrogate at the end", `{"name":"ab\uD800"}`, []string{"name"}},
		{"a low surrogate alone", `{"name":"\udc00x"}`, []string{"name"}},
		{"a high surrogate before a letter", `{"name":"\ud800\u0041"}`, []string{"name"}},
		{"two high surrogates", `{"name":"\ud800\ud800"}`, []string{"name"}},
		{"a high surrogate before another escape", `{"name":"\ud800\n"}`, []string{"name"}},
		{"in a list", `{"staff":["mia","\udfff"]}`, []string{"staff.1"}},
		{"in an item", `{"reminders":[{"to":"\ud800"}]}`, []string{"reminders.0.to"}},
		{"a map's key: the map", "{\"fields\":{\"\xff\":\"x\"}}", []string{"fields"}},
		{"in any value", `{"extra":{"a":["\ud800"]}}`, []string{"extra.a.0"}},
		{"in a self-decoding value", `{"nested":{"to":"\ud800"}}`, []string{"nested.to"}},
		{"in several fields: the first", "{\"name\":\"\xff\",\"staff\":[\"\\udc00\"],\"note\":\"\\ud800\"}", []string{"name"}},
		{"text that is not, then a key twice: the first told", "{\"name\":\"\xff\",\"name\":\"x\"}", []string{"name"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := calendar{Name: "before"}
			err := strictjson.Decode([]byte(tc.body), &got)
			var te *strictjson.TextError
			if !errors.As(err, &te) || !slices.Equal(te.Fields, tc.fields) {
				t.Fatalf("%v, want a TextError naming %v", err, tc.fields)
			}
			if got.Name != "before" {
				t.Errorf("a refused body filled in %+v", got)
			}
		})
	}
}

func TestDecodePromotesEmbeddedFieldsAsEncodingJSON(t *testing.T) {
	type inner struct {
		A string `json:"a"`
		B string
		C string
	}
	type twin struct {
		C string
	}
	type outer struct {
		inner
		twin        // C and C at one depth: encoding/json drops both
		B    string // shallower than inner's B: it wins
	}
	for _, tc := range []struct {
		body   string
		accept bool
	}{
		{`{"B":"x"}`, true},
		{`{"a":"x"}`, true},
		{`{"C":"x"}`, false},
	} {
		t.Run(tc.body, func(t *testing.T) {
			var mine, theirs outer
			err := strictjson.Decode([]byte(tc.body), &mine)
			dec := json.NewDecoder(strings.NewReader(tc.body))
			dec.DisallowUnknownFields()
			theirErr := dec.Decode(&theirs)
			if (err == nil) != tc.accept || (theirErr == nil) != tc.accept || !reflect.DeepEqual(mine, theirs) {
				t.Errorf("%v (encoding/json: %v): %+v, %+v", err, theirErr, mine, theirs)
			}
		})
	}
}

// A Go type the library cannot read into is a fault of ours, but its
// words are Go's: the client is told no more than that.
func TestDecodeTellsATypeOfOursWithoutGoWords(t *testing.T) {
	var unreadable struct {
		C chan int `json:"c"`
	}
	if err := strictjson.Decode([]byte(`{"c":1}`), &unreadable); err == nil || err.Error() != "c is not of the documented shape" {
		t.Errorf("%v", err)
	}
}

func TestDecodeTakesOtherTopLevelValues(t *testing.T) {
	var list []int
	if err := strictjson.Decode([]byte(`[1,2]`), &list); err != nil || !slices.Equal(list, []int{1, 2}) {
		t.Errorf("a list: %v %v", list, err)
	}
	var m map[string]int
	if err := strictjson.Decode([]byte(`null`), &m); err == nil || err.Error() != "The body must be an object, not null" {
		t.Errorf("a null map: %v", err)
	}
	var v any
	if err := strictjson.Decode([]byte(`null`), &v); err == nil || err.Error() != "The body may not be null" {
		t.Errorf("null as anything: %v", err)
	}
	if err := strictjson.Decode([]byte(fmt.Sprintf(`{"a":%q}`, strings.Repeat("x", 1<<16))), &v); err != nil {
		t.Errorf("a long string: %v", err)
	}
}
