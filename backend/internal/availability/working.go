package availability

import (
	"slices"
	"time"
)

// WorkingTime is s's working time on its staff-local dates from through
// to, by rule 1 (a date's override, or its weekday's hours), as instants
// in order; malformed ranges are left out, as Slots leaves them. It is
// what a change of hours is judged by before it is saved: which
// bookings the new hours would leave outside, and how many hours a week
// are worked.
func WorkingTime(s Staff, from, to Date) []Interval {
	zone := orUTC(s.Zone)
	c := converter{loc: zone}
	overrides := map[int64]Override{}
	for _, o := range s.Overrides {
		overrides[o.Date.days()] = o // the last one of a date wins
	}
	var out []Interval
	for day := from.days(); day <= to.days(); day++ {
		ranges := s.Weekly[weekdayOf(day)]
		if o, ok := overrides[day]; ok {
			ranges = o.Hours
			if o.Closed {
				ranges = nil
			}
		}
		for _, r := range parseRanges(ranges) {
			out = append(out, Interval{Start: c.at(day, r.from).UTC(), End: c.at(day, r.to).UTC()})
		}
	}
	slices.SortFunc(out, func(a, b Interval) int { return a.Start.Compare(b.Start) })
	return out
}

// Within reports whether [start, end) lies wholly inside one of the
// intervals.
func Within(start, end time.Time, in []Interval) bool {
	for _, iv := range in {
		if !start.Before(iv.Start) && !end.After(iv.End) {
			return true
		}
	}
	return false
}
