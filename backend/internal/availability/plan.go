package availability

import (
	"cmp"
	"math"
	"slices"
	"time"
)

// maxSpan caps a query's length so instants fit in int64 nanoseconds
// counted from its first possible start.
const maxSpan = 250 * 365 * 24 * time.Hour

// plan is a query's rules with the bounds of rule 4 applied. Instants are
// nanoseconds after base, the earliest allowed start.
type plan struct {
	dur, step, before, after int64
	maxPerDay                int
	base                     time.Time
	baseSec, baseNsec        int64
	baseUnixNano             int64
	lo, hi                   int64 // lo <= start < hi
}

func newPlan(q *Query) (plan, bool) {
	r := q.Rules
	if r.Validate() != nil {
		return plan{}, false
	}
	p := plan{dur: int64(r.Duration), step: int64(r.Interval), before: int64(r.BufferBefore), after: int64(r.BufferAfter), maxPerDay: r.MaxPerDay}
	if p.step == 0 {
		p.step = p.dur
	}
	now := q.Now.Round(0)
	lo, hi := q.From.Round(0), q.To.Round(0)
	if t := now.Add(r.MinNotice); t.After(lo) {
		lo = t
	}
	if r.Window > 0 {
		if t := now.Add(r.Window); t.Before(hi) {
			hi = t
		}
	}
	if !lo.Before(hi) {
		return plan{}, false
	}
	p.base, p.baseSec, p.baseNsec, p.baseUnixNano = lo, lo.Unix(), int64(lo.Nanosecond()), unixNanos(lo)
	p.lo, p.hi = 0, int64(min(hi.Sub(lo), maxSpan))
	return p, true
}

// rel converts an instant to plan time, saturating far away.
func (p *plan) rel(t time.Time) int64 { return int64(t.Sub(p.base)) }

// relNano converts Unix nanoseconds to plan time, saturating far away.
func (p *plan) relNano(v int64) int64 { return addSat(v, -p.baseUnixNano) }

// unix converts Unix seconds near the query to plan time.
func (p *plan) unix(sec int64) int64 { return (sec-p.baseSec)*1e9 - p.baseNsec }

// time converts plan time back to an instant in UTC.
func (p *plan) time(v int64) time.Time { return p.base.Add(time.Duration(v)).UTC() }

func addSat(a, b int64) int64 {
	if s := a + b; (s > a) == (b > 0) {
		return s
	}
	if b > 0 {
		return math.MaxInt64
	}
	return math.MinInt64
}

// staffPlan is one staff member prepared for a query.
type staffPlan struct {
	id        int64
	zone      *time.Location
	conv      converter
	weekly    [7][]clockRange
	overrides map[int64][]clockRange // by day number; empty: closed
	counts    map[Date]int
	busyStart []int64 // relevant, non-empty busy intervals by start
	maxEnd    []int64 // maxEnd[i]: latest end among the first i+1
}

func newStaffPlan(s *Staff, pl *plan) staffPlan {
	zone := orUTC(s.Zone)
	sp := staffPlan{id: s.ID, zone: zone, conv: converter{loc: zone}, counts: s.DayCounts}
	for wd, ranges := range s.Weekly {
		if wd >= time.Sunday && wd <= time.Saturday {
			sp.weekly[wd] = parseRanges(ranges)
		}
	}
	if len(s.Overrides) > 0 {
		sp.overrides = make(map[int64][]clockRange, len(s.Overrides))
		for _, o := range s.Overrides {
			var rs []clockRange
			if !o.Closed {
				rs = parseRanges(o.Hours)
			}
			sp.overrides[o.Date.days()] = rs
		}
	}
	// Only bookings that can overlap Blocked(start) for a start in [lo, hi)
	// matter.
	from, to := addSat(pl.lo, -pl.before), addSat(addSat(pl.hi, pl.dur), pl.after)
	type span struct{ start, end int64 }
	busy := make([]span, 0, len(s.Busy)+len(s.Events))
	keep := func(bs, be int64) {
		if bs < be && bs < to && be > from {
			busy = append(busy, span{bs, be})
		}
	}
	for _, b := range s.Busy {
		keep(pl.rel(b.Start), pl.rel(b.End))
	}
	for _, e := range s.Events {
		keep(pl.relNano(e.Start), pl.relNano(e.End))
	}
	byStart := func(a, b span) int { return cmp.Compare(a.start, b.start) }
	if !slices.IsSortedFunc(busy, byStart) {
		slices.SortFunc(busy, byStart)
	}
	sp.busyStart = make([]int64, len(busy))
	sp.maxEnd = make([]int64, len(busy))
	end := int64(math.MinInt64)
	for i, b := range busy {
		end = max(end, b.end)
		sp.busyStart[i], sp.maxEnd[i] = b.start, end
	}
	return sp
}

func parseRanges(in []LocalRange) []clockRange {
	out := make([]clockRange, 0, len(in))
	for _, r := range in {
		if c, err := r.minutes(); err == nil {
			out = append(out, c)
		}
	}
	return out
}

// hours returns the working ranges of a date (rule 1).
func (sp *staffPlan) hours(days int64) []clockRange {
	if rs, ok := sp.overrides[days]; ok {
		return rs
	}
	return sp.weekly[weekdayOf(days)]
}

// startsIn appends the member's free starts in [lo, hi), ascending; with
// first set it stops at the first date that has any and returns only the
// earliest.
func (sp *staffPlan) startsIn(pl *plan, lo, hi int64, first bool, out []int64) []int64 {
	if lo >= hi {
		return out
	}
	// A date's working ranges lie between its first instant and the next
	// date's, so one date of margin on each side covers every start.
	d0 := DateOf(pl.time(lo), sp.zone).days() - 1
	d1 := DateOf(pl.time(hi), sp.zone).days() + 1
	for d := d0; d <= d1; d++ {
		ranges := sp.hours(d)
		if len(ranges) == 0 {
			continue
		}
		if pl.maxPerDay > 0 && sp.counts != nil && sp.counts[dateFromDays(d)] >= pl.maxPerDay {
			continue
		}
		base := len(out)
		for _, r := range ranges {
			rs := pl.unix(sp.conv.instant(d*86400 + r.from*60))
			re := pl.unix(sp.conv.instant(d*86400 + r.to*60))
			out = sp.rangeStarts(pl, rs, re, lo, hi, out)
		}
		if len(ranges) > 1 {
			day := out[base:]
			if !slices.IsSorted(day) {
				slices.Sort(day)
			}
			out = out[:base+len(slices.Compact(day))]
		}
		if first && len(out) > base {
			return out[:base+1] // the date's starts are sorted
		}
	}
	return out
}

// rangeStarts appends the free starts of the working range [rs, re) that
// lie in [lo, hi) (rules 2 and 3).
func (sp *staffPlan) rangeStarts(pl *plan, rs, re, lo, hi int64, out []int64) []int64 {
	last := addSat(re, -pl.dur) // latest start that still ends inside the range
	if last < rs || last < lo || rs >= hi {
		return out
	}
	s := rs
	if lo > rs {
		k := (lo - rs) / pl.step
		if (lo-rs)%pl.step != 0 {
			k++
		}
		s = addSat(rs, k*pl.step)
	}
	for ; s <= last && s < hi; s += pl.step {
		if sp.free(pl, s) {
			out = append(out, s)
		}
		if s > math.MaxInt64-pl.step {
			break
		}
	}
	return out
}

// free tells whether Blocked(s) overlaps none of the busy intervals.
func (sp *staffPlan) free(pl *plan, s int64) bool {
	bs, be := addSat(s, -pl.before), addSat(addSat(s, pl.dur), pl.after)
	// i: how many busy intervals start before be.
	i, j := 0, len(sp.busyStart)
	for i < j {
		h := int(uint(i+j) >> 1)
		if sp.busyStart[h] < be {
			i = h + 1
		} else {
			j = h
		}
	}
	return i == 0 || sp.maxEnd[i-1] <= bs
}
