package availability

import (
	"fmt"
	"math"
	"time"
)

// LocalRange is a wall-clock range within one day, "HH:MM"-"HH:MM"; To may
// be "24:00". From < To.
type LocalRange struct{ From, To string }

// Validate reports whether r is well formed: From in 00:00–23:59, To in
// 00:01–24:00, From before To.
func (r LocalRange) Validate() error {
	_, err := r.minutes()
	return err
}

// clockRange is a parsed LocalRange in minutes after midnight.
type clockRange struct{ from, to int64 }

func (r LocalRange) minutes() (clockRange, error) {
	from, okF := parseClock(r.From)
	to, okT := parseClock(r.To)
	if !okF || !okT || from >= to || from == 24*60 {
		return clockRange{}, fmt.Errorf("availability: bad hours %q-%q", r.From, r.To)
	}
	return clockRange{from: from, to: to}, nil
}

// parseClock reads a strict "HH:MM" in 00:00–24:00.
func parseClock(s string) (int64, bool) {
	if len(s) != 5 || s[2] != ':' {
		return 0, false
	}
	h, okH := digits(s[0:2])
	m, okM := digits(s[3:5])
	if !okH || !okM || m > 59 || h > 24 || (h == 24 && m != 0) {
		return 0, false
	}
	return int64(h*60 + m), true
}

// Instant converts the wall-clock time clock ("HH:MM", "24:00" allowed) on
// date d in zone to an instant, following the package's rules: a time in a
// spring-forward gap means the first instant after the gap, a time that
// occurs twice means its first occurrence, and "24:00" is the start of the
// next date.
func Instant(d Date, clock string, zone *time.Location) (time.Time, error) {
	m, ok := parseClock(clock)
	if !ok {
		return time.Time{}, fmt.Errorf("availability: bad time of day %q", clock)
	}
	c := converter{loc: orUTC(zone)}
	return c.at(d.days(), m).In(c.loc), nil
}

// DayRange returns the instants a booker's date range covers in zone: from
// the first instant of date from up to the first instant of date to+1. When
// midnight does not exist (a zone that springs forward at 00:00), a day
// starts at the first instant after the gap.
func DayRange(from, to Date, zone *time.Location) (time.Time, time.Time) {
	c := converter{loc: orUTC(zone)}
	start := c.at(from.days(), 0).In(c.loc)
	end := c.at(to.days()+1, 0).In(c.loc)
	return start, end
}

const (
	// searchSpan bounds the instants examined around a wall time: every zone
	// offset ever used is well within a day of UTC.
	searchSpan = 48 * 3600
	// uniqueMargin exceeds the largest difference between two offsets of
	// one zone (about 30 hours, from local mean time at the date line). A
	// wall time whose naive instant lies this far inside one zone period
	// has exactly one occurrence.
	uniqueMargin = 32 * 3600
)

// converter maps wall-clock times of one zone to instants. It remembers a
// stretch of wall time free of transitions, so most conversions are a
// subtraction.
type converter struct {
	loc    *time.Location
	cached bool
	lo, hi int64 // wall seconds [lo, hi) where the instant is wall-off
	off    int64
}

// at returns the instant of minute m (0–1440) of the date days after
// 1970-01-01, in UTC.
func (c *converter) at(days, m int64) time.Time {
	return time.Unix(c.instant(days*86400+m*60), 0).UTC()
}

// instant converts wall seconds (seconds since 1970-01-01 00:00 of the wall
// clock, as if it were UTC) to Unix seconds.
func (c *converter) instant(w int64) int64 {
	if c.cached && w >= c.lo && w < c.hi {
		return w - c.off
	}
	return c.slow(w)
}

// period is one stretch of constant offset; start and end are Unix seconds,
// math.MinInt64 and math.MaxInt64 when unbounded.
type period struct{ start, end, off int64 }

func periodAt(t time.Time) period {
	_, off := t.Zone()
	s, e := t.ZoneBounds()
	p := period{start: math.MinInt64, end: math.MaxInt64, off: int64(off)}
	if !s.IsZero() {
		p.start = s.Unix()
	}
	if !e.IsZero() {
		p.end = e.Unix()
	}
	return p
}

// slow lists the zone periods around w and applies the rules explicitly:
// the earliest instant whose wall clock reads w, or, when there is none,
// the transition that jumps over w.
func (c *converter) slow(w int64) int64 {
	var ps [16]period
	n := 0
	t := time.Unix(w-searchSpan, 0).In(c.loc)
	for n < len(ps) {
		p := periodAt(t)
		ps[n] = p
		n++
		if p.end == math.MaxInt64 || p.end > w+searchSpan {
			break
		}
		t = time.Unix(p.end, 0).In(c.loc)
	}
	best, at := int64(0), -1
	for i := 0; i < n; i++ {
		cand := w - ps[i].off
		if cand >= ps[i].start && cand < ps[i].end && (at < 0 || cand < best) {
			best, at = cand, i
		}
	}
	if at < 0 {
		for i := 0; i+1 < n; i++ {
			tr := ps[i].end
			if tr+ps[i].off <= w && w < tr+ps[i+1].off {
				best, at = tr, i+1
				break
			}
		}
	}
	if at < 0 {
		// Unreachable with consistent zone data; defer to the time package.
		u := time.Unix(w, 0).UTC()
		return time.Date(u.Year(), u.Month(), u.Day(), u.Hour(), u.Minute(), u.Second(), 0, c.loc).Unix()
	}
	c.remember(ps[at])
	return best
}

// remember caches the wall times whose only occurrence lies deep inside p.
func (c *converter) remember(p period) {
	c.cached, c.off = true, p.off
	c.lo, c.hi = math.MinInt64, math.MaxInt64
	if p.start != math.MinInt64 {
		c.lo = p.start + uniqueMargin + p.off
	}
	if p.end != math.MaxInt64 {
		c.hi = p.end - uniqueMargin + p.off
	}
}
