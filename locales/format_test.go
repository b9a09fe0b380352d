package locales

import (
	"regexp"
	"strings"
	"testing"
)

func TestFormatFillsICUMessagesAsFormatjsDoes(t *testing.T) {
	const places = "{max, plural, one {# place} other {# places}}"
	tests := []struct {
		name, lang, msg string
		args            map[string]string
		want            string
	}{
		{"a simple argument", "en-US", "Hello {name}!", map[string]string{"name": "Ada"}, "Hello Ada!"},
		{"one", "en-US", places, map[string]string{"max": "1"}, "1 place"},
		{"other", "en-US", places, map[string]string{"max": "4"}, "4 places"},
		{"an exact match first", "en-US", "{n, plural, =0 {none} one {# one} other {# more}}", map[string]string{"n": "0"}, "none"},
		{"French zero is one", "fr", "{n, plural, one {# place} other {# places}}", map[string]string{"n": "0"}, "0 place"},
		{"Polish few", "pl", "{n, plural, one {# miejsce} few {# miejsca} many {# miejsc} other {# miejsca}}", map[string]string{"n": "22"}, "22 miejsca"},
		{"Polish many", "pl", "{n, plural, one {# miejsce} few {# miejsca} many {# miejsc} other {# miejsca}}", map[string]string{"n": "5"}, "5 miejsc"},
		{"Brazilian zero is one", "pt-BR", "{n, plural, one {# lugar} other {# lugares}}", map[string]string{"n": "0"}, "0 lugar"},
		{"a large number grouped", "en-US", "{n, plural, one {# post} other {# posts}}", map[string]string{"n": "1200"}, "1,200 posts"},
		{"grouped as German groups", "de", "{n, plural, one {# Beitrag} other {# Beiträge}}", map[string]string{"n": "1200"}, "1.200 Beiträge"},
		{"an offset", "en-US", "{n, plural, offset:1 =0 {nobody} one {you} other {you and # others}}", map[string]string{"n": "3"}, "you and 2 others"},
		{"an ordinal", "en-US", "{n, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}", map[string]string{"n": "23"}, "23rd"},
		{"a select", "en-US", "{kind, select, quiz {the quiz} other {the form}}", map[string]string{"kind": "quiz"}, "the quiz"},
		{"a select's other", "en-US", "{kind, select, quiz {the quiz} other {the form}}", map[string]string{"kind": "survey"}, "the form"},
		{"a plural inside a select", "en-US", "{kind, select, seat {{n, plural, one {# seat} other {# seats}}} other {{n} things}}", map[string]string{"kind": "seat", "n": "2"}, "2 seats"},
		{"text around", "en-US", "{date}, " + places + ".", map[string]string{"date": "Monday", "max": "2"}, "Monday, 2 places."},
		{"# outside a plural", "en-US", "Item #{n}", map[string]string{"n": "3"}, "Item #3"},
		{"apostrophes in words", "fr", "l'adresse de {name}", map[string]string{"name": "Ada"}, "l'adresse de Ada"},
		{"a quoted brace", "en-US", "'{'literal'}' {n}", map[string]string{"n": "1"}, "{literal} 1"},
		{"two apostrophes", "en-US", "it''s {n}", map[string]string{"n": "1"}, "it's 1"},
		{"a missing argument shows", "en-US", "Hello {name}", nil, "Hello {name}"},
		{"a number argument", "en-US", "{n, number} left", map[string]string{"n": "7"}, "7 left"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := FormatMessage(tt.lang, tt.msg, tt.args); got != tt.want {
				t.Errorf("FormatMessage(%q) = %q, want %q", tt.msg, got, tt.want)
			}
		})
	}
}

// argumentName finds the names a message's arguments go by.
var argumentName = regexp.MustCompile(`\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*[,}]`)

// Every message of every language, given its arguments, leaves formatted:
// no ICU syntax reaches a visitor from the server (API errors among them).
func TestEveryMessageFormatsWithoutICUSyntaxLeft(t *testing.T) {
	if err := Load(); err != nil {
		t.Fatal(err)
	}
	for _, locale := range append([]string{Fallback}, Prefixes...) {
		cat := Get(locale)
		for id, msg := range cat.Messages {
			if !strings.Contains(msg, "{") {
				continue
			}
			for _, n := range []string{"0", "1", "2", "5", "22"} {
				args := map[string]string{}
				for _, m := range argumentName.FindAllStringSubmatch(msg, -1) {
					args[m[1]] = n
				}
				if got := cat.Format(id, args); strings.ContainsAny(got, "{}") {
					t.Errorf("%s %s with %s: %q", locale, id, n, got)
				}
			}
		}
	}
}
