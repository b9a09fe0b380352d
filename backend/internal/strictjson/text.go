package strictjson

import "unicode/utf8"

// isText tells whether a JSON string literal, quotes included and its
// syntax already checked, reads as text: its bytes valid UTF-8 and each
// \u escape of a surrogate half paired with the other half. encoding/json
// reads either fault as U+FFFD without a word, so it is told from the
// bytes as sent.
func isText(lit []byte) bool {
	end := len(lit) - 1 // the closing quote
	for i := 1; i < end; {
		switch c := lit[i]; {
		case c == '\\' && lit[i+1] == 'u':
			r := hex4(lit[i+2 : i+6])
			i += 6
			switch {
			case r < 0xd800 || r > 0xdfff: // not a surrogate half
			case r >= 0xdc00: // a low half without its high half
				return false
			case i+6 > end || lit[i] != '\\' || lit[i+1] != 'u':
				return false // a high half, and no escape after it
			default:
				if lo := hex4(lit[i+2 : i+6]); lo < 0xdc00 || lo > 0xdfff {
					return false
				}
				i += 6
			}
		case c == '\\':
			i += 2
		case c < utf8.RuneSelf:
			i++
		default:
			r, n := utf8.DecodeRune(lit[i:end])
			if r == utf8.RuneError && n == 1 {
				return false
			}
			i += n
		}
	}
	return true
}

// hex4 reads four hex digits the syntax check has already seen.
func hex4(b []byte) rune {
	var r rune
	for _, c := range b {
		switch {
		case c >= '0' && c <= '9':
			c -= '0'
		case c >= 'a' && c <= 'f':
			c -= 'a' - 10
		default:
			c -= 'A' - 10
		}
		r = r<<4 | rune(c)
	}
	return r
}
