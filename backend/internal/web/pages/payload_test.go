package pages

import (
	"bytes"
	"encoding/json"
	"testing"
)

// A payload's bytes are json.Marshal's, whatever it carries: its messages
// are only written in rather than scanned again.
func TestAPayloadMarshalsAsJSONMarshalDoes(t *testing.T) {
	messages := json.RawMessage(`{"a.b":"One","c":[{"type":0,"value":"x \"messages\":null"}]}`)
	for _, tt := range []struct {
		name string
		p    Payload
	}{
		{"with messages", Payload{Route: "home", Params: map[string]string{"slug": "x"}, Messages: messages, Data: map[string]any{"messages": nil, "n": 1}}},
		{"without messages", Payload{Route: "home", Data: []string{`"messages":null`}}},
		{"a route's text that looks like the key", Payload{Route: `"messages":null`, Path: `/"messages":null`, Messages: messages}},
		{"empty messages, refused as json.Marshal refuses them", Payload{Route: "home", Messages: json.RawMessage{}}},
		{"messages that would end the script", Payload{Route: "home", Messages: json.RawMessage(`{"a":"</script><script>alert(1)</script>"}`)}},
		{"messages with a line separator", Payload{Route: "home", Messages: json.RawMessage("{\"a\":\"x\u2028y\"}")}},
		{"messages with a paragraph separator", Payload{Route: "home", Messages: json.RawMessage("{\"a\":\"x\u2029y\"}")}},
		{"messages with an ampersand", Payload{Route: "home", Messages: json.RawMessage(`{"a":"Q&A"}`)}},
		{"messages with a closing angle", Payload{Route: "home", Messages: json.RawMessage(`{"a":"1 > 0"}`)}},
		{"messages with typographic quotes and an ellipsis", Payload{Route: "home", Messages: json.RawMessage("{\"a\":\"\u201cWait\u2026\u201d\"}")}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			want, wantErr := json.Marshal(&tt.p)
			got, err := tt.p.marshal()
			if (err != nil) != (wantErr != nil) || !bytes.Equal(got, want) {
				t.Errorf("marshal = %s (%v)\nwant       %s (%v)", got, err, want, wantErr)
			}
		})
	}
}
