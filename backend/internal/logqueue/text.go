package logqueue

import (
	"log/slog"
	"strconv"
	"time"
	"unicode"
	"unicode/utf8"
)

// appendText appends r as slog's TextHandler with no option but its level
// writes it, byte for byte, when every attribute is of a kind it writes
// alike (text, numbers, booleans, durations, times); ok is false when one
// is not (a group, any other value, an empty key), and TextHandler writes
// that line. Nearly every line is the request log's, of those kinds, and
// this takes it in a third of TextHandler's time: the server's two cores
// are shared by the requests and the log. The tests hold the two alike.
func appendText(b []byte, r slog.Record) ([]byte, bool) {
	simple := true
	r.Attrs(func(a slog.Attr) bool {
		simple = a.Key != "" && simpleKind(a.Value.Kind())
		return simple
	})
	if !simple {
		return b, false
	}
	if !r.Time.IsZero() {
		b = append(b, "time="...)
		b = appendMillis(b, r.Time)
		b = append(b, ' ')
	}
	b = append(b, "level="...)
	b = appendString(b, r.Level.String())
	b = append(b, " msg="...)
	b = appendString(b, r.Message)
	r.Attrs(func(a slog.Attr) bool {
		b = append(b, ' ')
		b = appendString(b, a.Key)
		b = append(b, '=')
		b = appendValue(b, a.Value)
		return true
	})
	return append(b, '\n'), true
}

func simpleKind(k slog.Kind) bool {
	switch k {
	case slog.KindString, slog.KindInt64, slog.KindUint64, slog.KindFloat64, slog.KindBool, slog.KindDuration, slog.KindTime:
		return true
	}
	return false
}

func appendValue(b []byte, v slog.Value) []byte {
	switch v.Kind() {
	case slog.KindString:
		return appendString(b, v.String())
	case slog.KindInt64:
		return strconv.AppendInt(b, v.Int64(), 10)
	case slog.KindUint64:
		return strconv.AppendUint(b, v.Uint64(), 10)
	case slog.KindFloat64:
		return strconv.AppendFloat(b, v.Float64(), 'g', -1, 64)
	case slog.KindBool:
		return strconv.AppendBool(b, v.Bool())
	case slog.KindDuration:
		return append(b, v.Duration().String()...)
	case slog.KindTime:
		return appendMillis(b, v.Time())
	}
	panic("logqueue: not a simple kind: " + v.Kind().String())
}

// appendMillis is RFC 3339 to the millisecond, always three digits, as
// slog writes times: cut, not rounded.
func appendMillis(b []byte, t time.Time) []byte {
	const prefix = len("2006-01-02T15:04:05.000")
	n := len(b)
	// RFC3339Nano drops trailing zeros: a tenth of a millisecond more
	// keeps four digits, and the fourth is then dropped.
	b = t.Truncate(time.Millisecond).Add(time.Millisecond/10).AppendFormat(b, time.RFC3339Nano)
	return append(b[:n+prefix], b[n+prefix+1:]...)
}

// appendString writes s bare, or quoted when slog's text would quote it:
// empty, or holding a space, '=', '"', a control character, invalid
// UTF-8, or a character that is not printable.
func appendString(b []byte, s string) []byte {
	if needsQuoting(s) {
		return strconv.AppendQuote(b, s)
	}
	return append(b, s...)
}

func needsQuoting(s string) bool {
	if s == "" {
		return true
	}
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if quotedASCII[c] {
				return true
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError || unicode.IsSpace(r) || !unicode.IsPrint(r) {
			return true
		}
		i += size
	}
	return false
}

// quotedASCII marks the ASCII bytes that make slog's text quote a string.
var quotedASCII = func() (quoted [utf8.RuneSelf]bool) {
	for c := range quoted {
		quoted[c] = c < 0x20 || c == ' ' || c == '=' || c == '"'
	}
	return quoted
}()
