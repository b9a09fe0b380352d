package icalbusy

import (
	"slices"
	"time"
)

// Busy is one blocked interval, half-open, with the UID of its event.
type Busy struct {
	UID        string
	Start, End time.Time
}

// Merge sorts busy intervals and joins those that overlap or touch, so a
// rule that repeats every minute for an hour is one interval, not sixty.
// A joined interval keeps the UID of its earliest part (the smaller UID
// when two begin together), so the same calendar merges the same way.
func Merge(bs []Busy) []Busy {
	if len(bs) == 0 {
		return bs
	}
	slices.SortFunc(bs, func(a, b Busy) int {
		if c := a.Start.Compare(b.Start); c != 0 {
			return c
		}
		if a.UID < b.UID {
			return -1
		}
		if a.UID > b.UID {
			return 1
		}
		return b.End.Compare(a.End)
	})
	out := bs[:1]
	for _, b := range bs[1:] {
		last := &out[len(out)-1]
		if !b.Start.After(last.End) {
			if b.End.After(last.End) {
				last.End = b.End
			}
			continue
		}
		out = append(out, b)
	}
	return out
}

// collector keeps the busy intervals of one read, merged, at most max of
// them: past max it keeps the earliest and remembers where it stopped
// (cutoff), from which the time is held busy.
type collector struct {
	busy   []Busy
	max    int
	cutoff time.Time
}

// add keeps b, unless it begins after what the collector can keep.
func (c *collector) add(b Busy) bool {
	if c.past(b.Start) {
		return false
	}
	c.busy = append(c.busy, b)
	if len(c.busy) >= 2*c.max+64 {
		c.compact()
	}
	return true
}

// past tells whether a time is at or after the cutoff.
func (c *collector) past(t time.Time) bool { return !c.cutoff.IsZero() && !t.Before(c.cutoff) }

func (c *collector) compact() {
	c.busy = Merge(c.busy)
	if len(c.busy) > c.max {
		c.cutoff = c.busy[c.max].Start
		c.busy = c.busy[:c.max]
	}
}

// run joins an event's occurrences as they come, in order, before they
// reach the collector.
type run struct {
	open bool
	b    Busy
}

func (r *run) add(c *collector, b Busy) bool {
	if r.open && !b.Start.After(r.b.End) && !b.End.Before(r.b.Start) {
		r.b.Start = minTime(r.b.Start, b.Start)
		r.b.End = maxTime(r.b.End, b.End)
		return !c.past(b.Start)
	}
	r.flush(c)
	if c.past(b.Start) {
		return false
	}
	r.open, r.b = true, b
	return true
}

func (r *run) flush(c *collector) {
	if r.open {
		c.add(r.b)
		r.open = false
	}
}

func minTime(a, b time.Time) time.Time {
	if a.Before(b) {
		return a
	}
	return b
}

func maxTime(a, b time.Time) time.Time {
	if a.After(b) {
		return a
	}
	return b
}
