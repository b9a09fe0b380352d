package booking

import (
	"unicode"
	"unicode/utf8"
)

// msgInvalidText: a field holds bytes that are not text (invalid UTF-8, NUL,
// control characters such as terminal escapes).
const msgInvalidText = "validation.invalidText"

// plausibleKey tells whether s could be a stored id or slug: text of at
// most 200 bytes. Anything else is looked up nowhere (PostgreSQL would
// refuse the bytes) and is simply not found.
func plausibleKey(s string) bool { return len(s) <= 200 && isText(s, false) }

// isText tells whether s is valid UTF-8 without control characters;
// multiline text may also hold line breaks and tabs. PostgreSQL refuses NUL
// and invalid UTF-8 outright, and escapes have no place in a name that a
// staff member reads in a terminal or a mail.
func isText(s string, multiline bool) bool {
	if !utf8.ValidString(s) {
		return false
	}
	for _, r := range s {
		if multiline && (r == '\n' || r == '\r' || r == '\t') {
			continue
		}
		if unicode.IsControl(r) || r == '\u2028' || r == '\u2029' || unicode.Is(unicode.Cf, r) && r != '\u200d' {
			return false
		}
	}
	return true
}
