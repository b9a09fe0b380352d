package locales

import (
	"strconv"
	"strings"

	"golang.org/x/text/feature/plural"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
	"golang.org/x/text/number"
)

// Format fills an ICU message with args, as formatjs does in the browser
// and in V8, for text the server writes itself (API errors, loaders' page
// titles): {name}; {name, plural, …} and {name, selectordinal, …} with
// =N, the language's categories and # for the number; {name, select, …};
// {name, number}, {name, date}, {name, time} as given. An apostrophe
// quotes a brace ('{') and two make one. An argument not given stays as
// it is written, so a missing one shows rather than vanishes.
func (c *Catalogue) Format(id string, args map[string]string) string {
	msg, ok := c.Messages[id]
	if !ok {
		return id
	}
	return FormatMessage(c.Lang, msg, args)
}

// FormatMessage is Format of a message's text in the language lang (BCP 47).
func FormatMessage(lang, msg string, args map[string]string) string {
	if !strings.ContainsAny(msg, "{'") {
		return msg
	}
	f := formatter{tag: language.Make(lang), args: args}
	return f.format(msg, "")
}

type formatter struct {
	tag  language.Tag
	args map[string]string
}

// format writes msg; pound is what # stands for inside a plural's branch.
func (f formatter) format(msg, pound string) string {
	var b strings.Builder
	for i := 0; i < len(msg); i++ {
		switch c := msg[i]; {
		case c == '\'':
			n := f.quote(&b, msg[i:], pound != "")
			i += n - 1
		case c == '{':
			end := closing(msg, i)
			if end < 0 {
				b.WriteString(msg[i:]) // not ICU after all: as written
				return b.String()
			}
			b.WriteString(f.argument(msg[i+1:end], msg[i:end+1]))
			i = end
		case c == '#' && pound != "":
			b.WriteString(pound)
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// quote writes what an apostrophe at the start of s means and returns how
// many bytes it took: two apostrophes are one; before a brace (or # in a
// plural) it quotes up to the next lone apostrophe; else it is itself.
func (f formatter) quote(b *strings.Builder, s string, inPlural bool) int {
	if len(s) > 1 && s[1] == '\'' {
		b.WriteByte('\'')
		return 2
	}
	if len(s) < 2 || !(s[1] == '{' || s[1] == '}' || inPlural && s[1] == '#') {
		b.WriteByte('\'')
		return 1
	}
	for i := 1; i < len(s); i++ {
		if s[i] != '\'' {
			b.WriteByte(s[i])
			continue
		}
		if i+1 < len(s) && s[i+1] == '\'' {
			b.WriteByte('\'')
			i++
			continue
		}
		return i + 1
	}
	return len(s)
}

// closing is the index of the brace that closes the one at open, skipping
// nested braces and quoted text; -1 without one.
func closing(msg string, open int) int {
	depth := 0
	for i := open; i < len(msg); i++ {
		switch msg[i] {
		case '\'':
			if i+1 < len(msg) && (msg[i+1] == '{' || msg[i+1] == '}') {
				if j := strings.IndexByte(msg[i+1:], '\''); j >= 0 {
					i += j + 1
				}
			}
		case '{':
			depth++
		case '}':
			depth--
			if depth == 0 {
				return i
			}
		}
	}
	return -1
}

// argument formats the inside of one {…}; written is the whole, kept when
// its argument is missing.
func (f formatter) argument(inner, written string) string {
	name, rest, _ := strings.Cut(inner, ",")
	name = strings.TrimSpace(name)
	kind, style, _ := strings.Cut(rest, ",")
	kind = strings.TrimSpace(kind)
	value, ok := f.args[name]
	if !ok {
		return written
	}
	switch kind {
	case "plural", "selectordinal":
		return f.plural(value, kind == "selectordinal", style)
	case "select":
		branches := parseBranches(style)
		if msg, ok := branches[value]; ok {
			return f.format(msg, "")
		}
		return f.format(branches["other"], "")
	}
	return value
}

// plural picks a plural's branch for value: =N first, then the category
// the language gives the number (less the offset).
func (f formatter) plural(value string, ordinal bool, style string) string {
	style = strings.TrimSpace(style)
	offset := 0.0
	if rest, ok := strings.CutPrefix(style, "offset:"); ok {
		n, after, _ := strings.Cut(strings.TrimLeft(rest, " "), " ")
		offset, _ = strconv.ParseFloat(n, 64)
		style = after
	}
	branches := parseBranches(style)
	n, err := strconv.ParseFloat(value, 64)
	if err != nil {
		return f.format(branches["other"], value)
	}
	// # is the number less the offset, written as the language writes numbers.
	pound := message.NewPrinter(f.tag).Sprint(number.Decimal(n - offset))
	for key, msg := range branches {
		if exact, ok := strings.CutPrefix(key, "="); ok {
			if e, err := strconv.ParseFloat(exact, 64); err == nil && e == n {
				return f.format(msg, pound)
			}
		}
	}
	rules := plural.Cardinal
	if ordinal {
		rules = plural.Ordinal
	}
	i, v, w, fr, t := operands(strconv.FormatFloat(n-offset, 'f', -1, 64))
	if msg, ok := branches[category(rules.MatchPlural(f.tag, i, v, w, fr, t))]; ok {
		return f.format(msg, pound)
	}
	return f.format(branches["other"], pound)
}

// operands are CLDR's i, v, w, f and t of a decimal number written in s.
func operands(s string) (i, v, w, f, t int) {
	s = strings.TrimPrefix(s, "-")
	whole, frac, _ := strings.Cut(s, ".")
	i, _ = strconv.Atoi(whole)
	trimmed := strings.TrimRight(frac, "0")
	v, w = len(frac), len(trimmed)
	f, _ = strconv.Atoi("0" + frac)
	t, _ = strconv.Atoi("0" + trimmed)
	return i, v, w, f, t
}

func category(form plural.Form) string {
	switch form {
	case plural.Zero:
		return "zero"
	case plural.One:
		return "one"
	case plural.Two:
		return "two"
	case plural.Few:
		return "few"
	case plural.Many:
		return "many"
	}
	return "other"
}

// parseBranches reads "key {message} key {message} …".
func parseBranches(s string) map[string]string {
	out := map[string]string{}
	for {
		s = strings.TrimSpace(s)
		open := strings.IndexByte(s, '{')
		if open < 0 {
			return out
		}
		end := closing(s, open)
		if end < 0 {
			return out
		}
		out[strings.TrimSpace(s[:open])] = s[open+1 : end]
		s = s[end+1:]
	}
}
