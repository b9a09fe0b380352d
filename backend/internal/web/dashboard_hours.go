package web

import (
	"context"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"slotwise/backend/internal/availability"
	"slotwise/backend/internal/booking"
	"slotwise/backend/internal/calsync"
	"slotwise/backend/internal/content"
)

// The availability page's forms, read into a staff item's hours, time
// off and agenda: field by field, with what a person types ("9-17",
// "9:30–12, 13–17") read as the spans content keeps ("09:00-17:00").

type calsyncConnection = calsync.Connection

// dayNames are the week's days as content and the forms name them,
// Monday first (a working week reads so).
var dayNames = []string{"monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"}

// Bounds of what a form may say.
const (
	maxSpansADay   = 12
	maxSpansText   = 200
	maxTimeOffDays = 366
)

// weekdaysOf is w's days by time.Weekday (Sunday first).
func weekdaysOf(w *content.Week) [7]*[]string {
	return [7]*[]string{&w.Sunday, &w.Monday, &w.Tuesday, &w.Wednesday, &w.Thursday, &w.Friday, &w.Saturday}
}

// dayOf is w's day named name.
func dayOf(w *content.Week, name string) *[]string {
	return weekdaysOf(w)[(slices.Index(dayNames, name)+1)%7]
}

// weekOf is w as the form shows it, Monday first.
func weekOf(w content.Week) []AdminDayHours {
	out := make([]AdminDayHours, len(dayNames))
	for i, name := range dayNames {
		out[i] = AdminDayHours{Day: name, Hours: joinSpans(*dayOf(&w, name))}
	}
	return out
}

// weekFrom reads a week from the form's days; errs names each day that
// does not read.
func weekFrom(form url.Values) (content.Week, map[string]string) {
	var w content.Week
	errs := map[string]string{}
	for _, name := range dayNames {
		spans, msg := parseSpans(form.Get(name))
		if msg != "" {
			errs[name] = msg
			continue
		}
		*dayOf(&w, name) = spans
	}
	return w, errs
}

func joinSpans(spans []string) string {
	out := make([]string, len(spans))
	for i, s := range spans {
		out[i] = strings.Replace(s, "-", "–", 1)
	}
	return strings.Join(out, ", ")
}

// parseSpans reads a day's hours: spans separated by commas, each two
// times of day ("9", "9:30", "09.30", "24:00") joined by a hyphen or a
// dash, in order and apart. Empty is a day off.
func parseSpans(text string) ([]string, string) {
	text = strings.TrimSpace(text)
	if text == "" {
		return nil, ""
	}
	if len(text) > maxSpansText {
		return nil, "admin.hours.invalid"
	}
	text = strings.NewReplacer("–", "-", "—", "-", "−", "-", ";", ",", "\n", ",").Replace(text)
	parts := strings.Split(text, ",")
	if len(parts) > maxSpansADay {
		return nil, "admin.hours.invalid"
	}
	type span struct{ from, to int }
	var spans []span
	for _, p := range parts {
		if p = strings.TrimSpace(p); p == "" {
			continue
		}
		ends := strings.Split(p, "-")
		if len(ends) != 2 {
			return nil, "admin.hours.invalid"
		}
		from, okF := minutesOf(ends[0])
		to, okT := minutesOf(ends[1])
		if !okF || !okT || from == 24*60 {
			return nil, "admin.hours.invalid"
		}
		if from >= to {
			return nil, "admin.hours.order"
		}
		spans = append(spans, span{from, to})
	}
	slices.SortFunc(spans, func(a, b span) int { return a.from - b.from })
	out := make([]string, len(spans))
	for i, s := range spans {
		if i > 0 && s.from < spans[i-1].to {
			return nil, "admin.hours.overlap"
		}
		out[i] = clockOf(s.from) + "-" + clockOf(s.to)
	}
	return out, ""
}

// minutesOf reads a time of day as a person types it: "9", "09",
// "9:30", "9.30"; 24:00 is the day's end.
func minutesOf(s string) (int, bool) {
	s = strings.TrimSpace(s)
	h, m, found := strings.Cut(strings.Replace(s, ".", ":", 1), ":")
	if len(h) < 1 || len(h) > 2 || (found && len(m) != 2) {
		return 0, false
	}
	hours, err := strconv.Atoi(h)
	if err != nil || hours < 0 || hours > 24 {
		return 0, false
	}
	minutes := 0
	if found {
		if minutes, err = strconv.Atoi(m); err != nil || minutes < 0 || minutes > 59 {
			return 0, false
		}
	}
	if hours == 24 && minutes != 0 {
		return 0, false
	}
	return hours*60 + minutes, true
}

func clockOf(m int) string {
	return twoDigits(m/60) + ":" + twoDigits(m%60)
}

func twoDigits(n int) string {
	if n < 10 {
		return "0" + strconv.Itoa(n)
	}
	return strconv.Itoa(n)
}

// timeOff is days off (no hours) or days of other hours, from through to.
type timeOff struct {
	from, to availability.Date
	hours    []string
}

// timeOffFrom reads the time-off form: a first day (today or later), a
// last day (the first when left empty), at most a year apart, and the
// hours worked on them ("" none).
func timeOffFrom(form url.Values, today availability.Date) (timeOff, map[string]string) {
	var off timeOff
	errs := map[string]string{}
	from, err := availability.ParseDate(strings.TrimSpace(form.Get("from")))
	switch {
	case err != nil:
		errs["from"] = "admin.off.date"
	case from.Compare(today) < 0:
		errs["from"] = "admin.off.past"
	}
	to := from
	if text := strings.TrimSpace(form.Get("to")); text != "" {
		if to, err = availability.ParseDate(text); err != nil {
			errs["to"] = "admin.off.date"
		}
	}
	if len(errs) == 0 {
		switch {
		case to.Compare(from) < 0:
			errs["to"] = "admin.off.order"
		case to.Compare(from.AddDays(maxTimeOffDays-1)) > 0:
			errs["to"] = "admin.off.tooLong"
		}
	}
	hours, msg := parseSpans(form.Get("hours"))
	if msg != "" {
		errs["hours"] = msg
	}
	off.from, off.to, off.hours = from, to, hours
	return off, errs
}

// apply is overrides with off's days in place of any they had.
func (off timeOff) apply(overrides []content.Override) []content.Override {
	out := withoutDays(overrides, off.from, off.to)
	for d := off.from; d.Compare(off.to) <= 0; d = d.AddDays(1) {
		out = append(out, content.Override{Day: d.String(), Closed: len(off.hours) == 0, Hours: off.hours})
	}
	slices.SortFunc(out, func(a, b content.Override) int { return strings.Compare(a.Day, b.Day) })
	return out
}

// withoutDays is overrides without those of from through to.
func withoutDays(overrides []content.Override, from, to availability.Date) []content.Override {
	out := make([]content.Override, 0, len(overrides))
	for _, o := range overrides {
		if o.Day >= from.String() && o.Day <= to.String() {
			continue
		}
		out = append(out, o)
	}
	return out
}

// timeOffOf is the overrides from today on, as ranges of consecutive
// days with the same hours.
func timeOffOf(overrides []content.Override, today availability.Date) []AdminTimeOff {
	sorted := slices.Clone(overrides)
	slices.SortFunc(sorted, func(a, b content.Override) int { return strings.Compare(a.Day, b.Day) })
	out := []AdminTimeOff{}
	var last availability.Date
	for _, o := range sorted {
		d, err := availability.ParseDate(o.Day)
		if err != nil || d.Compare(today) < 0 {
			continue
		}
		hours := ""
		if !o.Closed {
			hours = joinSpans(o.Hours)
		}
		if n := len(out); n > 0 && out[n-1].Hours == hours && last.AddDays(1) == d {
			out[n-1].To = o.Day
		} else {
			out = append(out, AdminTimeOff{From: o.Day, To: o.Day, Hours: hours})
		}
		last = d
	}
	return out
}

// agendaFrom reads the agenda form: a time of day, or none (no mail).
func agendaFrom(form url.Values) (*content.Agenda, map[string]string) {
	at := strings.TrimSpace(form.Get("at"))
	if at == "" {
		return nil, nil
	}
	m, ok := minutesOf(at)
	if !ok || m >= 24*60 {
		return nil, map[string]string{"at": "admin.agenda.time"}
	}
	day := form.Get("day")
	if day != "tomorrow" {
		day = "today"
	}
	return &content.Agenda{At: clockOf(m), Day: day}, nil
}

// staffMembers are the staff members whose availability the viewer may
// see and change: an owner's and the front desk's, all of them; a staff
// member's, their own; anyone else's, nobody's.
func (v *viewer) staffMembers(ctx context.Context) ([]booking.Choice, error) {
	switch own := v.ownOnly(); {
	case own == 0:
		_, staff, err := v.choices(ctx)
		return staff, err
	case own > 0:
		p, err := v.svc.Person(ctx, own)
		if err != nil {
			return nil, err
		}
		return []booking.Choice{{ID: p.ID, Slug: p.Slug, Name: p.Name}}, nil
	}
	return nil, nil
}

// staffMember is the staff member of slug when the viewer may reach them;
// anyone else is not found.
func (v *viewer) staffMember(ctx context.Context, slug string) (*booking.Person, error) {
	p, err := v.svc.PersonBySlug(ctx, slug)
	if err != nil {
		return nil, err
	}
	if own := v.ownOnly(); own != 0 && p.ID != own {
		return nil, booking.ErrPersonNotFound
	}
	return p, nil
}
