package icalbusy

import (
	"fmt"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
)

// Result is what calendars block, and what of them could not be read in
// full: nothing is left out silently.
type Result struct {
	Busy []Busy // merged, in order

	// Skipped events could not be read (no start, a date that is not one,
	// a rule that is not one, a UID that is not text): they block nothing.
	// The first few are named (Label).
	Skipped      int
	SkippedNames []string
	// Cut repeating events repeat too often to be read to the end of the
	// window within the budget; their time after what was read is held busy.
	Cut      int
	CutNames []string
	// Overflow: the calendar has more busy intervals than are kept.
	Overflow bool
	// HeldFrom, when set, is where what could be read ended (a cut event,
	// or an overflow): from then to the window's end the time is held
	// busy rather than offered on a guess.
	HeldFrom time.Time
}

// named is how many UIDs a result names of each kind.
const named = 3

func (r *Result) skip(uid string) { r.skipNamed(Label(uid)) }

// SkipObject counts a calendar object that could not be parsed at all,
// named by the last part of its address.
func (r *Result) SkipObject(href string) {
	name := href[strings.LastIndex(strings.TrimSuffix(href, "/"), "/")+1:]
	r.skipNamed("the object " + quoted(name))
}

func (r *Result) skipNamed(name string) {
	r.Skipped++
	if len(r.SkippedNames) < named {
		r.SkippedNames = append(r.SkippedNames, name)
	}
}

func (r *Result) cut(uid string) {
	r.Cut++
	if len(r.CutNames) < named {
		r.CutNames = append(r.CutNames, Label(uid))
	}
}

func (r *Result) hold(from time.Time) {
	if r.HeldFrom.IsZero() || from.Before(r.HeldFrom) {
		r.HeldFrom = from
	}
}

// Complete tells whether everything was read.
func (r Result) Complete() bool { return r.Skipped == 0 && r.Cut == 0 && r.HeldFrom.IsZero() }

// LeftOut says in plain words what the read left out, with times in loc;
// "" when it left out nothing.
func (r Result) LeftOut(loc *time.Location) string {
	var parts []string
	if r.Skipped > 0 {
		parts = append(parts, fmt.Sprintf("%s could not be read and %s nothing (%s)",
			plural(r.Skipped, "event", "events"), verb(r.Skipped, "blocks", "block"), names(r.SkippedNames, r.Skipped)))
	}
	if r.Cut > 0 {
		parts = append(parts, fmt.Sprintf("%s %s too often to be read in full (%s)",
			plural(r.Cut, "repeating event", "repeating events"), verb(r.Cut, "repeats", "repeat"), names(r.CutNames, r.Cut)))
	}
	if r.Overflow {
		parts = append(parts, fmt.Sprintf("the calendar has more than %d busy times", DefaultMaxIntervals))
	}
	if !r.HeldFrom.IsZero() {
		parts = append(parts, fmt.Sprintf("the time from %s on is held as busy", r.HeldFrom.In(loc).Format("2 Jan 2006 15:04 MST")))
	}
	if len(parts) == 0 {
		return ""
	}
	s := strings.Join(parts, "; ")
	return strings.ToUpper(s[:1]) + s[1:]
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

func verb(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// names lists the names given, and "…" for those not named.
func names(list []string, n int) string {
	if n > len(list) {
		list = append(list[:len(list):len(list)], "…")
	}
	return strings.Join(list, ", ")
}

// Label shows a UID in a message or a log line: quoted, as text without
// control characters, cut at 40 characters.
func Label(uid string) string {
	if uid == "" {
		return "an event without a UID"
	}
	return "UID " + quoted(uid)
}

// quoted is text from a calendar made safe to show: valid UTF-8, no
// control characters, 40 characters at most, in quotes.
func quoted(s string) string {
	var b strings.Builder
	n := 0
	for _, r := range strings.ToValidUTF8(s, "\uFFFD") {
		if n == 40 {
			b.WriteRune('…')
			break
		}
		if unicode.IsControl(r) || r == utf8.RuneError {
			r = '\uFFFD'
		}
		b.WriteRune(r)
		n++
	}
	return `"` + b.String() + `"`
}
