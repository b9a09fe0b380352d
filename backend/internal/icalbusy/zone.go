package icalbusy

import (
	"sort"
	"strings"
	"time"

	"github.com/emersion/go-ical"

	"slotwise/backend/internal/recur"
)

// zone turns wall-clock times of one iCalendar zone into instants and back.
// Wall times are carried as time.Time values in UTC whose fields are the
// wall clock: expansion happens on them, conversion happens last.
type zone interface {
	instant(wall time.Time) time.Time
	wall(at time.Time) time.Time
}

// located is an IANA zone (or UTC, or the person's zone for floating times).
type located struct{ loc *time.Location }

func (z located) instant(w time.Time) time.Time {
	return time.Date(w.Year(), w.Month(), w.Day(), w.Hour(), w.Minute(), w.Second(), 0, z.loc)
}

func (z located) wall(at time.Time) time.Time {
	l := at.In(z.loc)
	return time.Date(l.Year(), l.Month(), l.Day(), l.Hour(), l.Minute(), l.Second(), 0, time.UTC)
}

// defined is a zone known only by the file's own VTIMEZONE: its
// transitions, computed once for the years the window needs.
type defined struct {
	changes []transition // by instant
	first   int          // the offset before the first change, in seconds
}

type transition struct {
	at     time.Time
	offset int
}

func (z *defined) offsetAt(at time.Time) int {
	i := sort.Search(len(z.changes), func(i int) bool { return z.changes[i].at.After(at) })
	if i == 0 {
		return z.first
	}
	return z.changes[i-1].offset
}

func (z *defined) instant(w time.Time) time.Time {
	// The offset in force at the wall time read with the earlier offset; a
	// wall time in a gap lands after it, as time.Date does for IANA zones.
	guess := w.Add(-time.Duration(z.offsetAt(w.Add(-14*time.Hour))) * time.Second)
	return w.Add(-time.Duration(z.offsetAt(guess)) * time.Second).UTC()
}

func (z *defined) wall(at time.Time) time.Time {
	return at.Add(time.Duration(z.offsetAt(at)) * time.Second).UTC()
}

// zones resolves the TZIDs of one calendar file.
type zones struct {
	person *time.Location
	defs   map[string]*ical.Component // VTIMEZONE by TZID
	from   time.Time
	to     time.Time
	cache  map[string]zone
	budget *Budget // a VTIMEZONE's rules are rules too
}

func newZones(cal *ical.Calendar, person *time.Location, from, to time.Time, budget *Budget) *zones {
	z := &zones{person: person, defs: map[string]*ical.Component{}, from: from, to: to, cache: map[string]zone{}, budget: budget}
	for _, c := range cal.Children {
		if c.Name == ical.CompTimezone {
			if id, err := c.Props.Text(ical.PropTimezoneID); err == nil && id != "" {
				z.defs[id] = c
			}
		}
	}
	return z
}

// of is the zone of a date-time property: UTC for "Z" values, its TZID's
// zone, or the person's zone for floating times and unknown TZIDs.
func (z *zones) of(p *ical.Prop) zone {
	if strings.HasSuffix(p.Value, "Z") {
		return located{time.UTC}
	}
	id := p.Params.Get(ical.PropTimezoneID)
	if id == "" {
		return located{z.person}
	}
	if found, ok := z.cache[id]; ok {
		return found
	}
	found := z.resolve(id)
	z.cache[id] = found
	return found
}

func (z *zones) resolve(id string) zone {
	if loc, err := time.LoadLocation(id); err == nil && id != "Local" {
		return located{loc}
	}
	if def, ok := z.defs[id]; ok {
		if d := buildDefined(def, z.from, z.to, z.budget); d != nil {
			return d
		}
	}
	// Lightning and others prefix IANA names: "/mozilla.org/20050126_1/Europe/Berlin".
	if parts := strings.Split(strings.Trim(id, "/"), "/"); len(parts) >= 2 {
		if loc, err := time.LoadLocation(strings.Join(parts[len(parts)-2:], "/")); err == nil {
			return located{loc}
		}
	}
	if name, ok := windowsZones[id]; ok {
		if loc, err := time.LoadLocation(name); err == nil {
			return located{loc}
		}
	}
	return located{z.person}
}

// buildDefined lists the transitions of a VTIMEZONE from two years before
// the window to a year after it. Each STANDARD or DAYLIGHT part starts at
// DTSTART (wall time in its TZOFFSETFROM) and repeats by its RRULE and
// RDATEs; its rule takes from the read's budget like an event's.
func buildDefined(def *ical.Component, from, to time.Time, budget *Budget) *defined {
	d := &defined{}
	earliest := time.Time{}
	horizon := to.AddDate(1, 0, 0)
	for _, part := range def.Children {
		if part.Name != ical.CompTimezoneStandard && part.Name != ical.CompTimezoneDaylight {
			continue
		}
		fromOff, ok1 := utcOffset(part.Props.Get(ical.PropTimezoneOffsetFrom))
		toOff, ok2 := utcOffset(part.Props.Get(ical.PropTimezoneOffsetTo))
		start := part.Props.Get(ical.PropDateTimeStart)
		if !ok1 || !ok2 || start == nil {
			continue
		}
		wall, err := time.ParseInLocation("20060102T150405", start.Value, time.UTC)
		if err != nil {
			continue
		}
		onsets := []time.Time{wall}
		if rule := part.Props.Get(ical.PropRecurrenceRule); rule != nil {
			if r, err := recur.Parse(rule.Value); err == nil {
				onsets = onsets[:0]
				it := r.Iter(wall, from.AddDate(-2, 0, 0), horizon)
				budget.take(budget.PerEvent, func(left *int) {
					for {
						t, ok := it.Next(left)
						if !ok {
							return
						}
						// Before the window's year, only the latest onset matters.
						if t.After(from.AddDate(-1, 0, 0)) || len(onsets) == 0 {
							onsets = append(onsets, t)
						} else {
							onsets[len(onsets)-1] = t
						}
					}
				})
			}
		}
		for _, rd := range part.Props.Values(ical.PropRecurrenceDates) {
			if t, err := time.ParseInLocation("20060102T150405", rd.Value, time.UTC); err == nil {
				onsets = append(onsets, t)
			}
		}
		for _, w := range onsets {
			at := w.Add(-time.Duration(fromOff) * time.Second)
			d.changes = append(d.changes, transition{at: at, offset: toOff})
			if earliest.IsZero() || at.Before(earliest) {
				earliest, d.first = at, fromOff
			}
		}
	}
	if len(d.changes) == 0 {
		return nil
	}
	sort.Slice(d.changes, func(i, j int) bool { return d.changes[i].at.Before(d.changes[j].at) })
	return d
}

// utcOffset reads "+0100", "-0500" or "+053000" as seconds east of UTC.
func utcOffset(p *ical.Prop) (int, bool) {
	if p == nil {
		return 0, false
	}
	v := strings.TrimSpace(p.Value)
	if len(v) != 5 && len(v) != 7 || v[0] != '+' && v[0] != '-' {
		return 0, false
	}
	parts := []int{0, 0, 0}
	for i := 0; i < (len(v)-1)/2; i++ {
		a, b := v[1+2*i], v[2+2*i]
		if a < '0' || a > '9' || b < '0' || b > '9' {
			return 0, false
		}
		parts[i] = int(a-'0')*10 + int(b-'0')
	}
	n := parts[0]*3600 + parts[1]*60 + parts[2]
	if v[0] == '-' {
		n = -n
	}
	return n, true
}

// windowsZones names the IANA zone of the Windows zone names that Outlook
// and Exchange write as TZIDs, when the file carries no VTIMEZONE for them
// (CLDR's windowsZones, territory 001).
var windowsZones = map[string]string{
	"Dateline Standard Time":          "Etc/GMT+12",
	"Hawaiian Standard Time":          "Pacific/Honolulu",
	"Alaskan Standard Time":           "America/Anchorage",
	"Pacific Standard Time":           "America/Los_Angeles",
	"Mountain Standard Time":          "America/Denver",
	"US Mountain Standard Time":       "America/Phoenix",
	"Central Standard Time":           "America/Chicago",
	"Canada Central Standard Time":    "America/Regina",
	"Eastern Standard Time":           "America/New_York",
	"Atlantic Standard Time":          "America/Halifax",
	"Newfoundland Standard Time":      "America/St_Johns",
	"E. South America Standard Time":  "America/Sao_Paulo",
	"Argentina Standard Time":         "America/Buenos_Aires",
	"UTC":                             "UTC",
	"GMT Standard Time":               "Europe/London",
	"Greenwich Standard Time":         "Atlantic/Reykjavik",
	"W. Europe Standard Time":         "Europe/Berlin",
	"Central Europe Standard Time":    "Europe/Budapest",
	"Central European Standard Time":  "Europe/Warsaw",
	"Romance Standard Time":           "Europe/Paris",
	"E. Europe Standard Time":         "Europe/Chisinau",
	"FLE Standard Time":               "Europe/Kiev",
	"GTB Standard Time":               "Europe/Bucharest",
	"Russian Standard Time":           "Europe/Moscow",
	"Turkey Standard Time":            "Europe/Istanbul",
	"Israel Standard Time":            "Asia/Jerusalem",
	"South Africa Standard Time":      "Africa/Johannesburg",
	"Arabian Standard Time":           "Asia/Dubai",
	"India Standard Time":             "Asia/Calcutta",
	"China Standard Time":             "Asia/Shanghai",
	"Singapore Standard Time":         "Asia/Singapore",
	"Tokyo Standard Time":             "Asia/Tokyo",
	"Korea Standard Time":             "Asia/Seoul",
	"AUS Eastern Standard Time":       "Australia/Sydney",
	"E. Australia Standard Time":      "Australia/Brisbane",
	"W. Australia Standard Time":      "Australia/Perth",
	"New Zealand Standard Time":       "Pacific/Auckland",
	"Mexico Standard Time":            "America/Mexico_City",
	"Central Standard Time (Mexico)":  "America/Mexico_City",
	"SA Pacific Standard Time":        "America/Bogota",
	"Pacific SA Standard Time":        "America/Santiago",
	"W. Central Africa Standard Time": "Africa/Lagos",
	"Egypt Standard Time":             "Africa/Cairo",
}
