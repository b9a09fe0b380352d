package icalbusy

import (
	"strings"
	"time"
	"unicode/utf8"

	"github.com/emersion/go-ical"

	"slotwise/backend/internal/recur"
)

// Options say whose busy time is read and for which window.
type Options struct {
	From, To  time.Time      // the window: occurrences that touch it are kept
	Zone      *time.Location // the person's: all-day and floating times
	Addresses []string       // the person's e-mail addresses, for declined invitations
	Own       func(uid string) bool
	// Budget is the work the read may do, shared by the calendars of one
	// sync; nil: a default budget of its own.
	Budget *Budget
	// MaxIntervals bounds the merged busy intervals kept; 0: DefaultMaxIntervals.
	MaxIntervals int
}

// maxUID bounds a UID: a longer one is no event's (Outlook's are 200 bytes).
const maxUID = 1024

// Expand lists the busy intervals of one calendar's events in the window.
func Expand(cal *ical.Calendar, opt Options) Result {
	return ExpandAll([]*ical.Calendar{cal}, opt)
}

// ExpandAll lists the busy intervals of calendars (an ICS feed's, or the
// objects of a CalDAV calendar) in the window, merged, within the budget:
// events that cannot be read are skipped and named; each repeating event
// gets its share of the budget before any gets more, and the time after
// what the budget or the interval cap let through is held busy.
func ExpandAll(cals []*ical.Calendar, opt Options) Result {
	if opt.Zone == nil {
		opt.Zone = time.UTC
	}
	if opt.Budget == nil {
		opt.Budget = NewBudget()
	}
	if opt.MaxIntervals <= 0 {
		opt.MaxIntervals = DefaultMaxIntervals
	}
	opt.Budget.begin()
	defer opt.Budget.end()
	x := &expander{opt: opt, col: collector{max: opt.MaxIntervals}}
	var jobs []*job
	for _, cal := range cals {
		x.zones = newZones(cal, opt.Zone, opt.From, opt.To, opt.Budget)
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
			if !utf8.ValidString(uid) || strings.ContainsRune(uid, 0) || len(uid) > maxUID {
				x.res.skip(uid) // the database takes text only; the rest of the calendar still counts
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
			if j := x.master(m, uid, replaced); j != nil {
				jobs = append(jobs, j)
			}
		}
		for uid, list := range overrides {
			for _, o := range list {
				x.single(o, uid)
			}
		}
	}
	x.expand(jobs)
	return x.finish()
}

// expand runs the repeating events: first each with an equal share (so
// one costly event cannot starve the rest), then those not done with
// what is left, shared equally again.
func (x *expander) expand(jobs []*job) {
	b := x.opt.Budget
	if len(jobs) == 0 {
		return
	}
	share := min(b.PerEvent, max(b.Steps/(2*len(jobs)), 256))
	for _, j := range jobs {
		x.advance(j, share)
	}
	var left []*job
	for _, j := range jobs {
		if !j.done {
			left = append(left, j)
		}
	}
	for i, j := range left {
		x.advance(j, max(b.Steps/(len(left)-i), 1))
	}
	for _, j := range left {
		if !j.done {
			j.run.flush(&x.col)
			x.res.cut(j.uid)
			x.res.hold(maxTime(j.last, x.opt.From))
		}
	}
}

// advance lets a repeating event spend up to steps, a chunk at a time so
// the deadline is looked at.
func (x *expander) advance(j *job, steps int) {
	const chunk = 8192
	b := x.opt.Budget
	for steps > 0 && !j.done && !b.spent() {
		n := min(steps, chunk)
		steps -= n
		b.take(n, func(left *int) {
			for {
				wall, ok := j.it.Next(left)
				if !ok {
					j.done = !j.it.Cut()
					return
				}
				s, e := x.span(j.ev, wall)
				j.last = s
				if j.excluded[s.Unix()] || j.replaced[s.Unix()] || !e.After(x.opt.From) || !s.Before(x.opt.To) {
					continue
				}
				if !j.run.add(&x.col, Busy{UID: j.uid, Start: s, End: e}) {
					j.done = true // past what the collector keeps: held busy anyway
					return
				}
			}
		})
	}
	if j.done {
		j.run.flush(&x.col)
	}
}

// finish merges what was kept and holds busy the time after what could
// not be read.
func (x *expander) finish() Result {
	x.col.compact()
	if !x.col.cutoff.IsZero() {
		x.res.Overflow = true
		x.res.hold(x.col.cutoff)
	}
	busy := x.col.busy
	if !x.res.HeldFrom.IsZero() && x.res.HeldFrom.Before(x.opt.To) {
		busy = append(busy, Busy{Start: x.res.HeldFrom, End: x.opt.To})
	}
	x.res.Busy = Merge(busy)
	return x.res
}

// job is one repeating event being expanded.
type job struct {
	uid                string
	ev                 event
	it                 *recur.Iterator
	excluded, replaced map[int64]bool
	run                run
	last               time.Time // the start of the last occurrence read
	done               bool
}

type expander struct {
	opt   Options
	zones *zones // of the calendar at hand
	col   collector
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
		x.col.add(Busy{UID: uid, Start: s, End: e})
	}
}

// single adds a one-time event, or an override of one occurrence.
func (x *expander) single(c *ical.Component, uid string) {
	ev, ok := x.read(c)
	if !ok {
		x.res.skip(uid)
		return
	}
	if x.blocks(c) {
		s, e := x.span(ev, ev.start)
		x.keep(uid, s, e)
	}
}

// master adds a repeating event's RDATEs and returns the job of its rule
// (nil without one); a one-time event is added as it is.
func (x *expander) master(c *ical.Component, uid string, replaced map[int64]bool) *job {
	rule := c.Props.Get(ical.PropRecurrenceRule)
	rdates := c.Props.Values(ical.PropRecurrenceDates)
	if rule == nil && len(rdates) == 0 {
		if len(replaced) == 0 {
			x.single(c, uid)
		}
		return nil
	}
	ev, ok := x.read(c)
	if !ok {
		x.res.skip(uid)
		return nil
	}
	if !x.blocks(c) {
		return nil
	}
	j := &job{uid: uid, ev: ev, excluded: map[int64]bool{}, replaced: replaced}
	for _, p := range c.Props.Values(ical.PropExceptionDates) {
		for _, at := range x.instantsOf(&p, ev) {
			j.excluded[at.Unix()] = true
		}
	}
	add := func(wall time.Time) {
		if s, e := x.span(ev, wall); !j.excluded[s.Unix()] && !replaced[s.Unix()] {
			x.keep(uid, s, e)
		}
	}
	if rule == nil {
		add(ev.start)
	}
	for _, p := range rdates {
		for _, at := range x.wallsOf(&p, ev) {
			add(at)
		}
	}
	if rule == nil {
		return nil
	}
	r, err := recur.Parse(rule.Value)
	if err != nil {
		x.res.skip(uid)
		return nil
	}
	if r.UntilUTC && !ev.allDay {
		r.Until = ev.zone.wall(r.Until) // UNTIL in UTC, the rule on the wall clock
	}
	// Occurrences start on the wall clock: from the window's start less the
	// event's length, to a day after its end, whatever the zone.
	from := ev.zone.wall(x.opt.From).Add(-lookback(ev))
	j.it = r.Iter(ev.start, from, ev.zone.wall(x.opt.To).Add(24*time.Hour))
	return j
}

// lookback is how long before the window an occurrence may begin and
// still touch it: the event's length and a day, at most a century.
func lookback(ev event) time.Duration {
	const century = 100 * 366 * 24 * time.Hour
	if ev.days > 0 {
		return time.Duration(min(ev.days+1, 100*366)) * 24 * time.Hour
	}
	return min(ev.length, century) + 24*time.Hour
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
