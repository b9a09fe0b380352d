package recur

import (
	"slices"
	"time"
)

// Iterator yields the occurrences of a rule in order, from DTSTART, in a
// window: none after the window's end, and, for a rule without COUNT,
// nothing of the periods wholly before its start is looked at.
type Iterator struct {
	c           compiled
	start, last int64 // seconds: DTSTART, and no occurrence after last
	count       int   // occurrences left when the rule has COUNT; -1 without
	done, cut   bool
	setup       int // steps the rule's compilation took, charged to the first Next

	k             int64 // periods of a day and longer: the next one's index
	t, base, step int64 // shorter periods: the next one's start on the rule's progression

	// The period at hand: the starts of its days (or of the short period
	// itself), BYSETPOS's picks among its occurrences, and the next of them.
	origins []int64
	picks   []int
	i, n    int
}

// Iter expands the rule for the event starting at start (its DTSTART on
// its wall clock), for occurrences that start from from to to (wall
// clock too); the caller widens from by the event's length to keep the
// occurrences that began before the window and last into it.
func (r *Rule) Iter(start, from, to time.Time) *Iterator {
	it := &Iterator{c: compile(r, start), start: secondsOf(start), last: secondsOf(to), count: -1}
	if !r.Until.IsZero() {
		until := secondsOf(r.Until)
		if r.UntilDate {
			until += secondsPerDay - 1
		}
		it.last = min(it.last, until)
	}
	if r.Count > 0 {
		it.count = r.Count
	}
	if y := start.Year(); y < 1 || y > 9999 || it.c.empty || it.last < it.start {
		it.done = true
		return it
	}
	// COUNT counts from DTSTART; without it, periods before the window hold nothing we keep.
	at := it.start
	if r.Count == 0 {
		at = max(secondsOf(from), it.start)
	}
	it.seek(at)
	if it.c.freq < Daily {
		var reachable bool
		reachable, it.setup = it.c.reachable(it.base, it.step)
		it.done = !reachable
	}
	return it
}

// Cut tells whether the last Next stopped because the budget ran out: the
// rule may have more, and Next goes on with more budget.
func (it *Iterator) Cut() bool { return it.cut }

// Next returns the next occurrence. Each step of work takes one from
// *budget; when it is spent, Next returns false and Cut tells so.
func (it *Iterator) Next(budget *int) (time.Time, bool) {
	it.cut = false
	*budget -= it.setup
	it.setup = 0
	for !it.done {
		if *budget <= 0 {
			it.cut = true
			return time.Time{}, false
		}
		if it.i < it.n {
			*budget--
			at := it.occurrence()
			if at < it.start {
				continue
			}
			if at > it.last {
				it.done = true
				break
			}
			if it.count > 0 {
				if it.count--; it.count == 0 {
					it.done = true
				}
			}
			return timeOf(at), true
		}
		if it.c.freq >= Daily {
			it.period(budget)
		} else {
			it.shortPeriod(budget)
		}
	}
	return time.Time{}, false
}

// occurrence is the period's next occurrence, in seconds.
func (it *Iterator) occurrence() int64 {
	j := it.i
	if it.picks != nil {
		j = it.picks[it.i]
	}
	it.i++
	per := it.c.times()
	return it.origins[j/per] + it.c.timeAt(j%per)
}

// open makes the period whose day (or short period) starts are origins
// the one at hand.
func (it *Iterator) open() {
	it.i, it.n, it.picks = 0, len(it.origins)*it.c.times(), nil
	if len(it.c.setPos) > 0 && it.n > 0 {
		it.picks = it.c.positions(it.n)
		it.n = len(it.picks)
	}
}

// seek places the iterator at the period holding sec, a time at or after DTSTART.
func (it *Iterator) seek(sec int64) {
	c := &it.c
	startDay := floorDiv(it.start, secondsPerDay)
	day := floorDiv(sec, secondsPerDay)
	switch c.freq {
	case Daily:
		it.k = floorDiv(day-startDay, c.interval)
	case Weekly:
		it.k = floorDiv(day-c.weekStart(startDay), 7*c.interval)
	case Monthly:
		y0, m0, _ := civil(startDay)
		y, m, _ := civil(day)
		it.k = floorDiv(int64(y*12+m-(y0*12+m0)), c.interval)
	case Yearly:
		y0, _, _ := civil(startDay)
		y, _, _ := civil(day)
		it.k = floorDiv(int64(y-y0), c.interval)
	default:
		unit := c.unit()
		it.base = it.start - floorMod(it.start, unit)
		it.step = unit * c.interval
		it.t = it.base + floorDiv(sec-it.base, it.step)*it.step
	}
}

// period opens period k (a day, a week, a month or a year) and moves to
// the next; past the window it ends the iteration.
func (it *Iterator) period(budget *int) {
	c := &it.c
	first, span := c.periodDays(floorDiv(it.start, secondsPerDay), it.k)
	it.k++
	if first > floorDiv(it.last, secondsPerDay) || first > maxDay {
		it.done = true
		return
	}
	it.origins = it.origins[:0]
	for d := first; d < first+span; d++ {
		if c.freq == Yearly && c.hasMonths {
			if y, m, _ := civil(d); !c.months[m] {
				d = dayOf(y, m, monthLen(y, m)) // a year's other months cost no step
				continue
			}
		}
		*budget--
		if c.dayOK(d) {
			it.origins = append(it.origins, d*secondsPerDay)
		}
	}
	it.open()
}

// maxDay is 9999-12-31: no period begins after it.
var maxDay = dayOf(9999, 12, 31)

// shortPeriod finds the next hour, minute or second of the rule's
// progression that its BYxxx limits let through and opens it.
func (it *Iterator) shortPeriod(budget *int) {
	c := &it.c
	for *budget > 0 {
		if it.t > it.last || it.t > (maxDay+1)*secondsPerDay {
			it.done = true
			return
		}
		ahead, ok := c.allowedFrom(it.t, it.last, budget)
		if ahead != it.t {
			// Every time before ahead is refused: go on from the first of
			// the progression at or after it.
			it.t = it.base + ceilDiv(ahead-it.base, it.step)*it.step
			if !ok && *budget > 0 {
				it.done = true
				return
			}
			continue
		}
		it.origins = append(it.origins[:0], it.t)
		it.t += it.step
		it.open()
		return
	}
}

// compiled is a rule ready to expand: its lists as masks, its defaults
// (from DTSTART) filled in.
type compiled struct {
	freq     Freq
	interval int64
	wkst     time.Weekday
	empty    bool // nothing can match (a list left empty)

	months                                   [13]bool
	hasMonths, monthsOnly                    bool
	monthDays, negMonthDays                  [32]bool
	hasMonthDays                             bool
	yearDays, negYearDays                    [367]bool
	hasYearDays                              bool
	weekNos, negWeekNos                      [54]bool
	hasWeekNos                               bool
	plainDays                                [7]bool
	hasPlainDays                             bool
	nthDays, negNthDays                      [7][54]bool
	hasNth, nthInYear                        bool
	hours, minutes, seconds                  []int // the times of a period, expanded
	limitHours, limitMinutes                 [60]bool
	hasLimitH, hasLimitM                     bool
	limitSeconds                             [61]bool
	hasLimitS                                bool
	sortedLimitH, sortedLimitM, sortedLimitS []int
	setPos                                   []int
}

func compile(r *Rule, start time.Time) compiled {
	c := compiled{freq: r.Freq, interval: int64(max(r.Interval, 1)), wkst: r.Wkst, setPos: r.BySetPos}
	_, m0, d0 := start.Date()
	noDays := len(r.ByWeekNo) == 0 && len(r.ByYearDay) == 0 && len(r.ByMonthDay) == 0 && len(r.ByDay) == 0
	months, monthDays, byDay := r.ByMonth, r.ByMonthDay, r.ByDay
	if noDays {
		switch r.Freq {
		case Yearly:
			if len(months) == 0 {
				months = []int{int(m0)}
			}
			monthDays = []int{d0}
		case Monthly:
			monthDays = []int{d0}
		case Weekly:
			byDay = []Weekday{{Day: start.Weekday()}}
		}
	}
	for _, m := range months {
		c.months[m], c.hasMonths = true, true
	}
	c.monthsOnly = c.hasMonths
	for _, d := range monthDays {
		if d > 0 {
			c.monthDays[d] = true
		} else {
			c.negMonthDays[-d] = true
		}
		c.hasMonthDays = true
	}
	for _, d := range r.ByYearDay {
		if d > 0 {
			c.yearDays[d] = true
		} else {
			c.negYearDays[-d] = true
		}
		c.hasYearDays = true
	}
	for _, w := range r.ByWeekNo {
		if w > 0 {
			c.weekNos[w] = true
		} else {
			c.negWeekNos[-w] = true
		}
		c.hasWeekNos = true
	}
	// An ordinal counts in a month or a year; with a shorter period it
	// means every such day, as RFC 5545 leaves it.
	ordinals := r.Freq == Monthly || r.Freq == Yearly
	c.nthInYear = r.Freq == Yearly && len(r.ByMonth) == 0
	for _, w := range byDay {
		switch {
		case w.N == 0 || !ordinals:
			c.plainDays[w.Day], c.hasPlainDays = true, true
		case w.N > 0:
			c.nthDays[w.Day][w.N], c.hasNth = true, true
		default:
			c.negNthDays[w.Day][-w.N], c.hasNth = true, true
		}
	}
	h0, mi0, s0 := start.Clock()
	c.hours = expandOrLimit(r.ByHour, h0, r.Freq > Hourly, &c.sortedLimitH)
	c.minutes = expandOrLimit(r.ByMinute, mi0, r.Freq > Minutely, &c.sortedLimitM)
	seconds := slices.DeleteFunc(slices.Clone(r.BySecond), func(s int) bool { return s == 60 }) // no leap seconds on a wall clock
	if len(r.BySecond) > 0 && len(seconds) == 0 {
		c.empty = true
	}
	c.seconds = expandOrLimit(seconds, s0, r.Freq > Secondly, &c.sortedLimitS)
	for _, h := range c.sortedLimitH {
		c.limitHours[h], c.hasLimitH = true, true
	}
	for _, m := range c.sortedLimitM {
		c.limitMinutes[m], c.hasLimitM = true, true
	}
	for _, s := range c.sortedLimitS {
		c.limitSeconds[s], c.hasLimitS = true, true
	}
	// A short period holds the same number of times each time: BYSETPOS
	// that picks none of them picks none ever (FREQ=SECONDLY;BYSETPOS=2).
	if r.Freq < Daily && len(c.setPos) > 0 && len(c.positions(c.times())) == 0 {
		c.empty = true
	}
	return c
}

// expandOrLimit: a BYxxx of a unit shorter than the period expands it
// (default: DTSTART's); of the period's own unit or longer it limits it.
func expandOrLimit(list []int, dtstart int, expands bool, limit *[]int) []int {
	if expands {
		if len(list) == 0 {
			return []int{dtstart}
		}
		return list
	}
	*limit = list
	return []int{0}
}

func (c *compiled) unit() int64 {
	switch c.freq {
	case Hourly:
		return 3600
	case Minutely:
		return 60
	}
	return 1
}

// times is how many occurrences one day (or one short period) of the
// rule holds; timeAt is the i-th of them, in seconds from its start.
func (c *compiled) times() int { return len(c.hours) * len(c.minutes) * len(c.seconds) }

func (c *compiled) timeAt(i int) int64 {
	ns, nm := len(c.seconds), len(c.minutes)
	return int64(c.hours[i/(nm*ns)]*3600 + c.minutes[i/ns%nm]*60 + c.seconds[i%ns])
}

// positions are BYSETPOS's picks among n occurrences, in order.
func (c *compiled) positions(n int) []int {
	out := make([]int, 0, len(c.setPos))
	for _, p := range c.setPos {
		i := p - 1
		if p < 0 {
			i = n + p
		}
		if i >= 0 && i < n {
			out = append(out, i)
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

func (c *compiled) weekStart(day int64) int64 {
	return day - int64((int(weekday(day))-int(c.wkst)+7)%7)
}

// periodDays is the first day and the length of period k.
func (c *compiled) periodDays(startDay, k int64) (int64, int64) {
	switch c.freq {
	case Daily:
		return startDay + k*c.interval, 1
	case Weekly:
		return c.weekStart(startDay) + k*7*c.interval, 7
	case Monthly:
		y0, m0, _ := civil(startDay)
		mi := int64(y0*12+m0-1) + k*c.interval
		if mi/12 > 9999 {
			return maxDay + 1, 0
		}
		y, m := int(mi/12), int(mi%12)+1
		return dayOf(y, m, 1), int64(monthLen(y, m))
	}
	y0, _, _ := civil(startDay)
	y := int64(y0) + k*c.interval
	if y > 9999 {
		return maxDay + 1, 0
	}
	return dayOf(int(y), 1, 1), int64(yearLen(int(y)))
}

// dayOK tells whether a day passes the rule's BYxxx parts of days.
func (c *compiled) dayOK(day int64) bool {
	y, m, d := civil(day)
	if c.hasMonths && !c.months[m] {
		return false
	}
	if c.hasWeekNos {
		n, neg := weekNo(day, y, c.wkst)
		if !c.weekNos[n] && !c.negWeekNos[-neg] {
			return false
		}
	}
	yd, yl := 0, 0
	if c.hasYearDays || c.nthInYear && c.hasNth {
		yd, yl = int(day-dayOf(y, 1, 1))+1, yearLen(y)
	}
	if c.hasYearDays && !c.yearDays[yd] && !c.negYearDays[yl-yd+1] {
		return false
	}
	ml := monthLen(y, m)
	if c.hasMonthDays && !c.monthDays[d] && !c.negMonthDays[ml-d+1] {
		return false
	}
	if !c.hasPlainDays && !c.hasNth {
		return true
	}
	wd := weekday(day)
	if c.hasPlainDays && c.plainDays[wd] {
		return true
	}
	if !c.hasNth {
		return false
	}
	if c.nthInYear {
		return c.nthDays[wd][(yd-1)/7+1] || c.negNthDays[wd][(yl-yd)/7+1]
	}
	return c.nthDays[wd][(d-1)/7+1] || c.negNthDays[wd][(ml-d)/7+1]
}

// reachable tells whether a rule of short periods can ever pass its own
// limits: its progression (base + k·step) reaches only the times of day
// congruent to base modulo gcd(step, a day), and FREQ=HOURLY;INTERVAL=24
// from midnight never reaches BYHOUR=5. It also says how many times of
// day it looked at.
func (c *compiled) reachable(base, step int64) (bool, int) {
	g := gcd(step, secondsPerDay)
	r := floorMod(base, g)
	looks := 0
	ok := func(x int64) bool {
		looks++
		h, m, s := x/3600, x/60%60, x%60
		return (!c.hasLimitH || c.limitHours[h]) && (!c.hasLimitM || c.limitMinutes[m]) && (!c.hasLimitS || c.limitSeconds[s])
	}
	// Walk the reachable times of day, or the allowed ones, whichever are fewer.
	hours, minutes, seconds := allOr(c.sortedLimitH, c.hasLimitH, 24), allOr(c.sortedLimitM, c.hasLimitM, 60), allOr(c.sortedLimitS, c.hasLimitS, 60)
	if c.freq >= Hourly {
		minutes, seconds = []int{int(r / 60 % 60)}, []int{int(r % 60)}
	} else if c.freq == Minutely {
		seconds = []int{int(r % 60)}
	}
	if int64(len(hours)*len(minutes)*len(seconds)) < secondsPerDay/g {
		for _, h := range hours {
			for _, m := range minutes {
				for _, s := range seconds {
					looks++
					if x := int64(h*3600 + m*60 + s); floorMod(x, g) == r {
						return true, looks
					}
				}
			}
		}
		return false, looks
	}
	for x := r; x < secondsPerDay; x += g {
		if ok(x) {
			return true, looks
		}
	}
	return false, looks
}

func allOr(list []int, limited bool, n int) []int {
	if limited {
		return list
	}
	out := make([]int, n)
	for i := range out {
		out[i] = i
	}
	return out
}

func gcd(a, b int64) int64 {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// allowedFrom is the first second at or after t whose day and whose
// hour, minute and second the rule's limits let through; each look costs
// a step. Past last, or with the budget spent, it says false with how far
// it got: every second before that is refused.
func (c *compiled) allowedFrom(t, last int64, budget *int) (int64, bool) {
	for t <= last && *budget > 0 {
		*budget--
		day := floorDiv(t, secondsPerDay)
		midnight := day * secondsPerDay
		if !c.dayOK(day) {
			t = midnight + secondsPerDay
			continue
		}
		sod := int(t - midnight)
		h, m, s := sod/3600, sod/60%60, sod%60
		if c.hasLimitH && !c.limitHours[h] {
			t = midnight + nextIn(c.sortedLimitH, h, 24)*3600
			continue
		}
		if c.hasLimitM && !c.limitMinutes[m] {
			t = midnight + int64(h)*3600 + nextIn(c.sortedLimitM, m, 60)*60
			continue
		}
		if c.hasLimitS && !c.limitSeconds[s] {
			t = midnight + int64(h)*3600 + int64(m)*60 + nextIn(c.sortedLimitS, s, 60)
			continue
		}
		return t, true
	}
	return t, false
}

// nextIn is the first value of a sorted list above v, or wrap (the next
// unit up) when there is none.
func nextIn(list []int, v, wrap int) int64 {
	for _, x := range list {
		if x > v {
			return int64(x)
		}
	}
	return int64(wrap)
}
