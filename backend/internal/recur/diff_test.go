package recur

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/teambition/rrule-go"
)

// The iterator agrees with rrule-go, a port of Python's dateutil, on
// random rules, wherever dateutil reads RFC 5545 as we do. Left out are
// the rules it reads otherwise (a value listed twice, BYDAY with and
// without ordinals mixed,
// weeks 52 and 53 of the year before, BYSETPOS in a week begun before
// DTSTART) and the rules it never returns from (a limit that an
// interval never reaches: FREQ=HOURLY;INTERVAL=24;BYHOUR=5).
func TestIterAgreesWithDateutilOnRandomRules(t *testing.T) {
	rng := rand.New(rand.NewPCG(2027, 3))
	n := 3000
	if testing.Short() {
		n = 300
	}
	compared := 0
	for i := range n {
		rule, start := randomRule(rng)
		to := start.AddDate(3, 0, 0)
		ours := first(t, rule, start, start, to, 40)
		if !settled(rule, ours, to) {
			continue
		}
		compared++
		if theirs := dateutil(rule, start, to, 40); fmt.Sprint(ours) != fmt.Sprint(theirs) {
			t.Fatalf("case %d: DTSTART %s RRULE:%s\n ours %v\ntheirs %v", i, start.Format("20060102T150405"), rule, ours, theirs)
		}
	}
	if compared < n/2 {
		t.Errorf("compared %d rules of %d", compared, n)
	}
	t.Logf("compared %d rules of %d", compared, n)
}

// settled tells whether dateutil will answer at once: when it has found
// what we found and stops at the next match, not walking to the year 9999
// for a match that never comes (a rule that ran out of its COUNT, or that
// found 40 times, or whose UNTIL came after two).
func settled(rule string, ours []string, to time.Time) bool {
	if len(ours) == 0 || ours[0] == "end" {
		return false
	}
	if ours[len(ours)-1] != "end" {
		return true
	}
	if _, count, ok := strings.Cut(rule, "COUNT="); ok {
		n, _ := strconv.Atoi(strings.Split(count, ";")[0])
		return n == len(ours)-1
	}
	// UNTIL before the window's end: dateutil stops at the first match
	// after it, soon for a rule that matched twice already.
	return strings.Contains(rule, "UNTIL=") && len(ours) > 2
}

func randomRule(rng *rand.Rand) (string, time.Time) {
	freq := []string{"SECONDLY", "MINUTELY", "HOURLY", "DAILY", "WEEKLY", "MONTHLY", "YEARLY"}[rng.IntN(7)]
	start := time.Date(2020+rng.IntN(10), time.Month(1+rng.IntN(12)), 1+rng.IntN(28), rng.IntN(24), rng.IntN(60), rng.IntN(60), 0, time.UTC)
	sub := freq == "SECONDLY" || freq == "MINUTELY" || freq == "HOURLY"
	parts := []string{"FREQ=" + freq}
	interval := 1
	if rng.IntN(2) == 0 {
		interval = 1 + rng.IntN(5)
		parts = append(parts, fmt.Sprintf("INTERVAL=%d", interval))
	}
	switch rng.IntN(3) {
	case 0:
		parts = append(parts, fmt.Sprintf("COUNT=%d", 1+rng.IntN(30)))
	case 1:
		parts = append(parts, "UNTIL="+start.Add(time.Duration(rng.IntN(400*24))*time.Hour).Format("20060102T150405")+"Z")
	}
	list := func(name string, lo, hi int, signed bool) {
		k := 1 + rng.IntN(4)
		var vs []string
		for range k {
			v := lo + rng.IntN(hi-lo+1)
			if signed && rng.IntN(3) == 0 {
				v = -v
			}
			if !slices.Contains(vs, fmt.Sprint(v)) { // rrule-go repeats a value listed twice
				vs = append(vs, fmt.Sprint(v))
			}
		}
		parts = append(parts, name+"="+strings.Join(vs, ","))
	}
	maybe := func() bool { return rng.IntN(4) == 0 }
	if maybe() {
		list("BYMONTH", 1, 12, false)
	}
	if maybe() {
		list("BYMONTHDAY", 1, 31, true)
	}
	if maybe() {
		list("BYYEARDAY", 1, 366, true)
	}
	if freq == "YEARLY" && maybe() {
		list("BYWEEKNO", 1, 49, false)
	}
	if maybe() {
		days := []string{"MO", "TU", "WE", "TH", "FR", "SA", "SU"}
		nth := (freq == "MONTHLY" || freq == "YEARLY") && rng.IntN(2) == 0
		var vs []string
		for range 1 + rng.IntN(3) {
			d := days[rng.IntN(7)]
			if nth {
				n := 1 + rng.IntN(4)
				if rng.IntN(2) == 0 {
					n = -n
				}
				d = fmt.Sprint(n) + d
			}
			if !slices.Contains(vs, d) {
				vs = append(vs, d)
			}
		}
		parts = append(parts, "BYDAY="+strings.Join(vs, ","))
	}
	// A limit of a short period only with INTERVAL=1, which reaches every value.
	if !sub || interval == 1 {
		if maybe() {
			list("BYHOUR", 0, 23, false)
		}
		if maybe() {
			list("BYMINUTE", 0, 59, false)
		}
		if freq != "SECONDLY" && maybe() {
			list("BYSECOND", 0, 59, false)
		}
	}
	if freq != "WEEKLY" && rng.IntN(5) == 0 {
		list("BYSETPOS", 1, 10, true)
	}
	if rng.IntN(4) == 0 {
		parts = append(parts, "WKST="+[]string{"MO", "SU", "WE"}[rng.IntN(3)])
	}
	return strings.Join(parts, ";"), start
}

// dateutil lists what rrule-go gives, as first does.
func dateutil(rule string, start, to time.Time, n int) []string {
	opt, err := rrule.StrToROption(rule)
	if err != nil {
		return []string{"error"}
	}
	opt.Dtstart = start
	r, err := rrule.NewRRule(*opt)
	if err != nil {
		return []string{"error"}
	}
	var out []string
	next := r.Iterator()
	for len(out) < n {
		at, ok := next()
		if !ok || at.After(to) {
			return append(out, "end")
		}
		out = append(out, at.Format("20060102T1504"))
	}
	return out
}
