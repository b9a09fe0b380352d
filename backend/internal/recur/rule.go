// Package recur reads and expands the recurrence rules of iCalendar
// (RFC 5545 §3.3.10), within a window and a budget of work.
//
// A rule comes from whoever can send a person an invitation, so its
// expansion must cost what its window is worth whatever the rule says:
// the iterator never looks at a period after the window's end (a rule
// that can never match, such as the 30th of February, costs one step per
// day of the window, not a walk to the year 9999), skips the periods
// before the window's start when the rule has no COUNT, and counts every
// step against a budget the caller gives, so the caller can stop it and
// carry on later. Times are wall-clock times carried as UTC values:
// expansion happens on the clock of the event's zone, the caller converts.
package recur

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
)

// Freq is a rule's FREQ, from the shortest period to the longest.
type Freq int

// The frequencies.
const (
	Secondly Freq = iota
	Minutely
	Hourly
	Daily
	Weekly
	Monthly
	Yearly
)

var freqs = map[string]Freq{"SECONDLY": Secondly, "MINUTELY": Minutely, "HOURLY": Hourly,
	"DAILY": Daily, "WEEKLY": Weekly, "MONTHLY": Monthly, "YEARLY": Yearly}

// Weekday is a BYDAY entry: a day of the week, and which of them in the
// month or year (1 the first, -1 the last); 0 is every one.
type Weekday struct {
	N   int
	Day time.Weekday
}

// Rule is one RRULE.
type Rule struct {
	Freq     Freq
	Interval int
	Count    int // 0: no COUNT
	// Until is UNTIL's value as written (its fields; UTC when UntilUTC), zero without one.
	Until     time.Time
	UntilUTC  bool // written with "Z": an instant the caller moves to the event's wall clock
	UntilDate bool // a DATE: the whole day counts

	BySecond, ByMinute, ByHour []int
	ByDay                      []Weekday
	ByMonthDay, ByYearDay      []int
	ByWeekNo, ByMonth          []int
	BySetPos                   []int
	Wkst                       time.Weekday
}

// ErrRule is a rule that cannot be read.
var ErrRule = errors.New("recur: not a recurrence rule")

// Limits of what a rule may say: RFC 5545's ranges, and a bound on
// numbers that only an attacker writes.
const (
	maxInterval = 1_000_000
	maxCount    = 1_000_000_000
	maxList     = 400
)

var days = map[string]time.Weekday{"SU": time.Sunday, "MO": time.Monday, "TU": time.Tuesday,
	"WE": time.Wednesday, "TH": time.Thursday, "FR": time.Friday, "SA": time.Saturday}

// Parse reads an RRULE value ("FREQ=WEEKLY;BYDAY=MO,WE"). Parts of other
// calendar scales (RSCALE other than GREGORIAN) are refused; X- parts are
// ignored, as RFC 5545 asks.
func Parse(s string) (Rule, error) {
	r := Rule{Interval: 1, Wkst: time.Monday}
	if len(s) > 4096 {
		return r, fmt.Errorf("%w: longer than 4096 bytes", ErrRule)
	}
	seen := map[string]bool{}
	hasFreq := false
	for _, part := range strings.Split(strings.TrimSpace(s), ";") {
		if part == "" {
			continue
		}
		key, val, ok := strings.Cut(part, "=")
		key = strings.ToUpper(strings.TrimSpace(key))
		if !ok || key == "" {
			return r, fmt.Errorf("%w: %q has no value", ErrRule, part)
		}
		if seen[key] {
			return r, fmt.Errorf("%w: %s twice", ErrRule, key)
		}
		seen[key] = true
		val = strings.TrimSpace(val)
		var err error
		switch key {
		case "FREQ":
			r.Freq, hasFreq = freqs[strings.ToUpper(val)]
			if !hasFreq {
				return r, fmt.Errorf("%w: FREQ=%s", ErrRule, val)
			}
		case "INTERVAL":
			r.Interval, err = number(val, 1, maxInterval)
		case "COUNT":
			r.Count, err = number(val, 1, maxCount)
		case "UNTIL":
			err = r.parseUntil(val)
		case "BYSECOND":
			r.BySecond, err = numbers(val, 0, 60, false)
		case "BYMINUTE":
			r.ByMinute, err = numbers(val, 0, 59, false)
		case "BYHOUR":
			r.ByHour, err = numbers(val, 0, 23, false)
		case "BYMONTHDAY":
			r.ByMonthDay, err = numbers(val, 1, 31, true)
		case "BYYEARDAY":
			r.ByYearDay, err = numbers(val, 1, 366, true)
		case "BYWEEKNO":
			r.ByWeekNo, err = numbers(val, 1, 53, true)
		case "BYMONTH":
			r.ByMonth, err = numbers(val, 1, 12, false)
		case "BYSETPOS":
			r.BySetPos, err = numbers(val, 1, 366, true)
		case "BYDAY":
			r.ByDay, err = weekdays(val)
		case "WKST":
			var ok bool
			if r.Wkst, ok = days[strings.ToUpper(val)]; !ok {
				err = fmt.Errorf("%w: WKST=%s", ErrRule, val)
			}
		case "RSCALE":
			if !strings.EqualFold(val, "GREGORIAN") {
				err = fmt.Errorf("%w: the calendar scale %s", ErrRule, val)
			}
		case "SKIP":
			if !strings.EqualFold(val, "OMIT") {
				err = fmt.Errorf("%w: SKIP=%s", ErrRule, val)
			}
		default:
			if !strings.HasPrefix(key, "X-") {
				err = fmt.Errorf("%w: unknown part %s", ErrRule, key)
			}
		}
		if err != nil {
			return r, err
		}
	}
	if !hasFreq {
		return r, fmt.Errorf("%w: no FREQ", ErrRule)
	}
	return r, nil
}

func (r *Rule) parseUntil(v string) error {
	v = strings.ToUpper(v)
	r.UntilUTC = strings.HasSuffix(v, "Z")
	v = strings.TrimSuffix(v, "Z")
	var err error
	if len(v) == 8 {
		r.UntilDate = true
		r.Until, err = time.Parse("20060102", v)
	} else {
		r.Until, err = time.Parse("20060102T150405", v)
	}
	if err != nil {
		return fmt.Errorf("%w: UNTIL=%s", ErrRule, v)
	}
	return nil
}

func number(v string, lo, hi int) (int, error) {
	n, err := strconv.Atoi(v)
	if err != nil || n < lo || n > hi {
		return 0, fmt.Errorf("%w: %q is not a number from %d to %d", ErrRule, v, lo, hi)
	}
	return n, nil
}

// numbers reads a list; signed lists take -hi..-lo too. The list comes
// back sorted and without repeats.
func numbers(v string, lo, hi int, signed bool) ([]int, error) {
	parts := strings.Split(v, ",")
	if len(parts) > maxList {
		return nil, fmt.Errorf("%w: a list of more than %d", ErrRule, maxList)
	}
	out := make([]int, 0, len(parts))
	for _, p := range parts {
		n, err := strconv.Atoi(strings.TrimSpace(strings.TrimPrefix(p, "+")))
		a := n
		if signed && n < 0 {
			a = -n
		}
		if err != nil || a < lo || a > hi {
			return nil, fmt.Errorf("%w: %q is out of range", ErrRule, p)
		}
		out = append(out, n)
	}
	slices.Sort(out)
	return slices.Compact(out), nil
}

func weekdays(v string) ([]Weekday, error) {
	parts := strings.Split(v, ",")
	if len(parts) > maxList {
		return nil, fmt.Errorf("%w: a list of more than %d", ErrRule, maxList)
	}
	out := make([]Weekday, 0, len(parts))
	for _, p := range parts {
		p = strings.ToUpper(strings.TrimSpace(p))
		if len(p) < 2 {
			return nil, fmt.Errorf("%w: BYDAY %q", ErrRule, p)
		}
		day, ok := days[p[len(p)-2:]]
		if !ok {
			return nil, fmt.Errorf("%w: BYDAY %q", ErrRule, p)
		}
		n := 0
		if num := p[:len(p)-2]; num != "" {
			var err error
			if n, err = strconv.Atoi(strings.TrimPrefix(num, "+")); err != nil || n == 0 || n < -53 || n > 53 {
				return nil, fmt.Errorf("%w: BYDAY %q", ErrRule, p)
			}
		}
		w := Weekday{N: n, Day: day}
		if !slices.Contains(out, w) {
			out = append(out, w)
		}
	}
	return out, nil
}
