package availability

import (
	"errors"
	"math"
	"time"
)

// Override replaces one date's weekly hours (Closed: no hours). When several
// overrides name the same date, the last one wins.
type Override struct {
	Date   Date
	Closed bool
	Hours  []LocalRange
}

// Interval is the half-open span [Start, End). An empty one blocks nothing.
type Interval struct{ Start, End time.Time }

// Span is the half-open span [Start, End) in Unix nanoseconds. A person's
// own calendars may hold 20,000 busy times in a month: as Spans they are
// a third of their size as Intervals and hold no pointer (time.Time's
// location), so the garbage collector never reads them.
type Span struct{ Start, End int64 }

// SpanOf is iv as a Span; an instant outside the years 1678 to 2262, which
// Unix nanoseconds cannot hold, is taken as the nearest one they can.
func SpanOf(iv Interval) Span { return Span{unixNanos(iv.Start), unixNanos(iv.End)} }

var (
	firstNano = time.Unix(0, math.MinInt64)
	lastNano  = time.Unix(0, math.MaxInt64)
)

func unixNanos(t time.Time) int64 {
	switch {
	case t.Before(firstNano):
		return math.MinInt64
	case t.After(lastNano):
		return math.MaxInt64
	}
	return t.UnixNano()
}

// Staff is one bookable person.
type Staff struct {
	ID        int64
	Zone      *time.Location
	Weekly    map[time.Weekday][]LocalRange // several intervals a day allowed
	Overrides []Override
	Busy      []Interval   // blocked time of active bookings, already widened by their buffers; any order
	Events    []Span       // busy times of the person's own calendars; any order, only read
	DayCounts map[Date]int // active bookings per staff-local date, for the daily limit
}

// Rules are a calendar's booking rules.
type Rules struct {
	Duration     time.Duration // appointment length, > 0
	Interval     time.Duration // slot step; 0 means Duration
	BufferBefore time.Duration
	BufferAfter  time.Duration
	MinNotice    time.Duration // a slot must start at or after Now+MinNotice
	Window       time.Duration // a slot must start before Now+Window; 0 means no limit
	MaxPerDay    int           // per staff per staff-local day; 0 means no limit
}

// Validate reports rules Slots cannot work with: a non-positive Duration or
// a negative anything else.
func (r Rules) Validate() error {
	switch {
	case r.Duration <= 0:
		return errors.New("availability: duration must be positive")
	case r.Interval < 0:
		return errors.New("availability: interval must not be negative")
	case r.BufferBefore < 0 || r.BufferAfter < 0:
		return errors.New("availability: buffers must not be negative")
	case r.MinNotice < 0:
		return errors.New("availability: minimum notice must not be negative")
	case r.Window < 0:
		return errors.New("availability: window must not be negative")
	case r.MaxPerDay < 0:
		return errors.New("availability: daily limit must not be negative")
	}
	return nil
}

// Query asks for the free starts of some staff in [From, To). A query covers
// at most 250 years from its first allowed start.
type Query struct {
	Rules
	Staff    []Staff
	From, To time.Time // instants: slots with From <= start < To
	Now      time.Time
}

// Slot is one start instant, in UTC, and who is free then, in ascending ID
// order.
type Slot struct {
	Start    time.Time
	StaffIDs []int64
}

// Blocked is what a booking starting at start blocks:
// [start-BufferBefore, start+Duration+BufferAfter).
func Blocked(start time.Time, r Rules) Interval {
	return Interval{Start: start.Add(-r.BufferBefore), End: start.Add(r.Duration).Add(r.BufferAfter)}
}

// Slots returns the union of the staff's free starts, sorted, one Slot per
// distinct start instant. Invalid rules (see Rules.Validate) give none.
func Slots(q Query) []Slot {
	pl, ok := newPlan(&q)
	if !ok {
		return nil
	}
	runs := make([][]int64, len(q.Staff))
	ids := make([]int64, len(q.Staff))
	for i := range q.Staff {
		sp := newStaffPlan(&q.Staff[i], &pl)
		runs[i], ids[i] = sp.startsIn(&pl, pl.lo, pl.hi, false, nil), sp.id
	}
	return pl.union(runs, ids)
}

// First returns the earliest slot of the query, with every staff member
// free at that instant. It stops at the first date that has one, so a far
// To costs little when a slot is near.
func First(q Query) (Slot, bool) {
	pl, ok := newPlan(&q)
	if !ok {
		return Slot{}, false
	}
	plans := make([]staffPlan, len(q.Staff))
	best, found := int64(0), false
	var buf []int64
	for i := range q.Staff {
		plans[i] = newStaffPlan(&q.Staff[i], &pl)
		hi := pl.hi
		if found {
			hi = best // only an earlier start can improve
		}
		if buf = plans[i].startsIn(&pl, pl.lo, hi, true, buf[:0]); len(buf) > 0 {
			best, found = buf[0], true
		}
	}
	if !found {
		return Slot{}, false
	}
	var ids []int64
	for i := range plans {
		if buf = plans[i].startsIn(&pl, best, best+1, false, buf[:0]); len(buf) > 0 {
			ids = append(ids, plans[i].id)
		}
	}
	runs := make([][]int64, len(ids))
	for i := range runs {
		runs[i] = []int64{best}
	}
	return pl.union(runs, ids)[0], true
}
