package icalbusy

import (
	"strings"
	"time"

	"github.com/emersion/go-ical"
	"github.com/teambition/rrule-go"
)

// DefaultMaxOccurrences bounds the occurrences one event adds to a window.
const DefaultMaxOccurrences = 2000

// maxSteps bounds the iterations of one recurrence rule, counted from its
// first occurrence (a daily rule from 2000 takes under 10,000).
const maxSteps = 200_000

// Options say whose busy time is read and for which window.
type Options struct {
	From, To       time.Time      // the window: occurrences that touch it are kept
	Zone           *time.Location // the person's: all-day and floating times
	Addresses      []string       // the person's e-mail addresses, for declined invitations
	Own            func(uid string) bool
	MaxOccurrences int // per event; 0: DefaultMaxOccurrences
}

// Busy is one blocked interval, half-open, with the UID of its event.
type Busy struct {
	UID        string
	Start, End time.Time
}

// Result is what a calendar blocks, and how many events could not be read.
type Result struct {
	Busy    []Busy
	Skipped int
}

// Expand lists the busy intervals of one calendar's events in the window.
func Expand(cal *ical.Calendar, opt Options) Result {
	if opt.Zone == nil {
		opt.Zone = time.UTC
	}
	if opt.MaxOccurrences <= 0 {
		opt.MaxOccurrences = DefaultMaxOccurrences
	}
	x := expander{opt: opt, zones: newZones(cal, opt.Zone, opt.From, opt.To)}
	var masters []*ical.Component
	overrides := map[string][]*ical.Component{}
	for _, c := range cal.Children {
		if c.Name != ical.CompEvent {
			continue
		}
		uid, _ := c.Props.Text(ical.PropUID)
		if opt.Own != nil && uid != "" && opt.Own(uid) {
			continue
		}
		if c.Props.Get(ical.PropRecurrenceID) != nil && uid != "" {
			overrides[uid] = append(overrides[uid], c)
		} else {
			masters = append(masters, c)
		}
	}
	for _, m := range masters {
		uid, _ := m.Props.Text(ical.PropUID)
		replaced := map[int64]bool{}
		for _, o := range overrides[uid] {
			if at, ok := x.instantOf(o.Props.Get(ical.PropRecurrenceID)); ok {
				replaced[at.Unix()] = true
			}
		}
		x.master(m, uid, replaced)
	}
	for uid, list := range overrides {
		for _, o := range list {
			x.single(o, uid)
		}
	}
	return x.res
}

type expander struct {
	opt   Options
	zones *zones
	res   Result
}

// event is one VEVENT read: its start on its zone's wall clock, and how
// long it lasts.
type event struct {
	start  time.Time // wall clock
	zone   zone
	allDay bool
	length time.Duration // timed events: exact
	days   int           // all-day events: whole days
}

func (x *expander) read(c *ical.Component) (event, bool) {
	p := c.Props.Get(ical.PropDateTimeStart)
	if p == nil {
		return event{}, false
	}
	ev := event{}
	start, allDay, ok := wallOf(p)
	if !ok {
		return event{}, false
	}
	ev.start, ev.allDay = start, allDay
	if allDay {
		ev.zone = located{x.opt.Zone}
		ev.days = 1
		if end := c.Props.Get(ical.PropDateTimeEnd); end != nil {
			if e, _, ok := wallOf(end); ok {
				ev.days = int(e.Sub(start).Hours()+12) / 24
			}
		} else if d := c.Props.Get(ical.PropDuration); d != nil {
			if dur, err := d.Duration(); err == nil {
				ev.days = int(dur.Hours()+12) / 24
			}
		}
		return ev, ev.days > 0
	}
	ev.zone = x.zones.of(p)
	first := ev.zone.instant(start)
	if end := c.Props.Get(ical.PropDateTimeEnd); end != nil {
		e, ok := x.instantOf(end)
		if !ok {
			return event{}, false
		}
		ev.length = e.Sub(first)
	} else if d := c.Props.Get(ical.PropDuration); d != nil {
		dur, err := d.Duration()
		if err != nil {
			return event{}, false
		}
		ev.length = dur
	}
	// An event without length (DTSTART only) takes no time.
	return ev, ev.length > 0
}

// blocks tells whether an event takes the person's time.
func (x *expander) blocks(c *ical.Component) bool {
	if v, _ := c.Props.Text(ical.PropTransparency); strings.EqualFold(v, "TRANSPARENT") {
		return false
	}
	if v, _ := c.Props.Text(ical.PropStatus); strings.EqualFold(v, "CANCELLED") {
		return false
	}
	for _, a := range c.Props.Values(ical.PropAttendee) {
		if !strings.EqualFold(a.Params.Get(ical.ParamParticipationStatus), "DECLINED") {
			continue
		}
		addr := strings.TrimPrefix(strings.ToLower(strings.TrimSpace(a.Value)), "mailto:")
		for _, mine := range x.opt.Addresses {
			if strings.EqualFold(addr, mine) {
				return false
			}
		}
	}
	return true
}

// span is an occurrence's interval from its wall-clock start.
func (x *expander) span(ev event, wall time.Time) (time.Time, time.Time) {
	s := ev.zone.instant(wall)
	if ev.allDay {
		return s, ev.zone.instant(wall.AddDate(0, 0, ev.days))
	}
	return s, s.Add(ev.length)
}

func (x *expander) keep(uid string, s, e time.Time) {
	if e.After(x.opt.From) && s.Before(x.opt.To) && e.After(s) {
		x.res.Busy = append(x.res.Busy, Busy{UID: uid, Start: s, End: e})
	}
}

// single adds a one-time event, or an override of one occurrence.
func (x *expander) single(c *ical.Component, uid string) {
	ev, ok := x.read(c)
	if !ok {
		x.res.Skipped++
		return
	}
	if x.blocks(c) {
		s, e := x.span(ev, ev.start)
		x.keep(uid, s, e)
	}
}

// master adds every occurrence of an event that no override replaces.
func (x *expander) master(c *ical.Component, uid string, replaced map[int64]bool) {
	rule := c.Props.Get(ical.PropRecurrenceRule)
	rdates := c.Props.Values(ical.PropRecurrenceDates)
	if rule == nil && len(rdates) == 0 {
		if len(replaced) == 0 {
			x.single(c, uid)
		}
		return
	}
	ev, ok := x.read(c)
	if !ok {
		x.res.Skipped++
		return
	}
	if !x.blocks(c) {
		return
	}
	excluded := map[int64]bool{}
	for _, p := range c.Props.Values(ical.PropExceptionDates) {
		for _, at := range x.instantsOf(&p, ev) {
			excluded[at.Unix()] = true
		}
	}
	kept := 0
	add := func(wall time.Time) bool {
		s, e := x.span(ev, wall)
		if excluded[s.Unix()] || replaced[s.Unix()] {
			return true
		}
		if e.After(x.opt.From) && s.Before(x.opt.To) {
			if kept++; kept > x.opt.MaxOccurrences {
				return false
			}
			x.keep(uid, s, e)
		}
		return true
	}
	// The occurrences start on the wall clock; stop a day after the window,
	// whatever the zone.
	last := ev.zone.wall(x.opt.To).Add(24 * time.Hour)
	if rule != nil {
		opt, err := rrule.StrToROptionInLocation(rule.Value, time.UTC)
		if err != nil {
			x.res.Skipped++
			return
		}
		if !opt.Until.IsZero() && strings.Contains(strings.ToUpper(rule.Value), "Z") && !ev.allDay {
			opt.Until = ev.zone.wall(opt.Until) // UNTIL in UTC, the rule on the wall clock
		}
		opt.Dtstart = recentStart(ev.start, opt, ev.zone.wall(x.opt.From))
		r, err := rrule.NewRRule(*opt)
		if err != nil {
			x.res.Skipped++
			return
		}
		next := r.Iterator()
		for n := 0; n < maxSteps; n++ {
			wall, ok := next()
			if !ok || wall.After(last) || !add(wall) {
				break
			}
		}
	} else if !add(ev.start) {
		return
	}
	for _, p := range rdates {
		for _, at := range x.wallsOf(&p, ev) {
			if !add(at) {
				return
			}
		}
	}
}

// wallOf reads a DATE or DATE-TIME value as a wall-clock time.
func wallOf(p *ical.Prop) (time.Time, bool, bool) {
	v := strings.TrimSuffix(strings.TrimSpace(p.Value), "Z")
	if len(v) == 8 || strings.EqualFold(p.Params.Get(ical.ParamValue), "DATE") {
		t, err := time.ParseInLocation("20060102", v, time.UTC)
		return t, true, err == nil
	}
	t, err := time.ParseInLocation("20060102T150405", v, time.UTC)
	return t, false, err == nil
}

// instantOf reads a date-time property as an instant in its own zone; a
// date as midnight in the person's zone.
func (x *expander) instantOf(p *ical.Prop) (time.Time, bool) {
	if p == nil {
		return time.Time{}, false
	}
	w, allDay, ok := wallOf(p)
	if !ok {
		return time.Time{}, false
	}
	if allDay {
		return located{x.opt.Zone}.instant(w), true
	}
	return x.zones.of(p).instant(w), true
}

// instantsOf reads a list property (EXDATE may hold several values).
func (x *expander) instantsOf(p *ical.Prop, ev event) []time.Time {
	var out []time.Time
	for _, v := range strings.Split(p.Value, ",") {
		one := *p
		one.Value = v
		if at, ok := x.instantOf(&one); ok {
			out = append(out, at)
		}
	}
	return out
}

// wallsOf reads RDATE values (dates, date-times or periods) as wall-clock
// starts in the event's zone.
func (x *expander) wallsOf(p *ical.Prop, ev event) []time.Time {
	var out []time.Time
	for _, v := range strings.Split(p.Value, ",") {
		one := *p
		one.Value, _, _ = strings.Cut(v, "/") // a PERIOD's start; its own end is not kept
		at, ok := x.instantOf(&one)
		if !ok {
			continue
		}
		out = append(out, ev.zone.wall(at))
	}
	return out
}
