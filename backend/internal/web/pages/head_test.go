package pages

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

func TestPayloadScriptCannotBeBrokenOutOf(t *testing.T) {
	hostile := "</script><script>alert(1)</script><!-- \u2028\u2029 </SCRIPT>"
	var buf bytes.Buffer
	data, err := json.Marshal(&Payload{Path: hostile, Data: map[string]string{"x": hostile}})
	if err != nil {
		t.Fatal(err)
	}
	writePayloadScript(&buf, data)
	out := buf.String()
	const open = `<script id="__SLOTWISE_DATA__" type="application/json">`
	inner := strings.TrimSuffix(strings.TrimPrefix(out, open), "</script>\n")
	for _, bad := range []string{"</script", "</SCRIPT", "<!--", "<script", "\u2028", "\u2029"} {
		if strings.Contains(inner, bad) {
			t.Errorf("payload script holds %q raw: %s", bad, inner)
		}
	}
	var back Payload
	if err := json.Unmarshal([]byte(inner), &back); err != nil || back.Path != hostile {
		t.Errorf("payload does not round-trip: %v %q", err, back.Path)
	}
}
