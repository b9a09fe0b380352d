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
	Skipped     int
	SkippedUIDs []string
	// Cut repeating events repeat too often to be read to the end of the
	// window within the budget; their time after what was read is held busy.
	Cut     int
	CutUIDs []string
	// Overflow: the calendar has more busy intervals than are kept.
	Overflow bool
	// HeldFrom, when set, is where what could be read ended (a cut event,
	// or an overflow): from then to the window's end the time is held
	// busy rather than offered on a guess.
	HeldFrom time.Time
}

// named is how many UIDs a result names of each kind.
const named = 3

func (r *Result) skip(uid string) {
	r.Skipped++
	if len(r.SkippedUIDs) < named {
		r.SkippedUIDs = append(r.SkippedUIDs, uid)
	}
}

func (r *Result) cut(uid string) {
	r.Cut++
	if len(r.CutUIDs) < named {
		r.CutUIDs = append(r.CutUIDs, uid)
	}
}

func (r *Result) hold(from time.Time) {
	if r.HeldFrom.IsZero() || from.Before(r.HeldFrom) {
		r.HeldFrom = from
	}
}

// Add counts o's problems with r's (the calendars of one connection).
func (r *Result) Add(o Result) {
	for i := range o.Skipped {
		if i < len(o.SkippedUIDs) {
			r.skip(o.SkippedUIDs[i])
		} else {
			r.Skipped++
		}
	}
	for i := range o.Cut {
		if i < len(o.CutUIDs) {
			r.cut(o.CutUIDs[i])
		} else {
			r.Cut++
		}
	}
	if !o.HeldFrom.IsZero() {
		r.hold(o.HeldFrom)
	}
	r.Overflow = r.Overflow || o.Overflow
}

// Complete tells whether everything was read.
func (r Result) Complete() bool { return r.Skipped == 0 && r.Cut == 0 && r.HeldFrom.IsZero() }

// LeftOut says in plain words what the read left out, with times in loc;
// "" when it left out nothing.
func (r Result) LeftOut(loc *time.Location) string {
	var parts []string
	if r.Skipped > 0 {
		parts = append(parts, fmt.Sprintf("%s could not be read and %s nothing (%s)",
			plural(r.Skipped, "event", "events"), verb(r.Skipped, "blocks", "block"), labels(r.SkippedUIDs, r.Skipped)))
	}
	if r.Cut > 0 {
		parts = append(parts, fmt.Sprintf("%s %s too often to be read in full (%s)",
			plural(r.Cut, "repeating event", "repeating events"), verb(r.Cut, "repeats", "repeat"), labels(r.CutUIDs, r.Cut)))
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

// labels names events by their UIDs, made safe to show: text only, no
// control characters, 40 characters at most.
func labels(uids []string, n int) string {
	out := make([]string, 0, len(uids)+1)
	for _, uid := range uids {
		out = append(out, Label(uid))
	}
	if n > len(uids) {
		out = append(out, "…")
	}
	return strings.Join(out, ", ")
}

// Label shows a UID in a message or a log line: quoted, as text without
// control characters, cut at 40 characters.
func Label(uid string) string {
	if uid == "" {
		return "an event without a UID"
	}
	var b strings.Builder
	n := 0
	for _, r := range strings.ToValidUTF8(uid, "\uFFFD") {
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
	return `UID "` + b.String() + `"`
}
