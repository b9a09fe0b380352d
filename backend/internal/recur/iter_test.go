package recur

import (
	"fmt"
	"testing"
	"time"
)

// Rules that never match cost a step or two per day of the window, never
// a walk to the year 9999, nor a loop that never ends (as rrule-go 1.8.2
// spins on FREQ=HOURLY;INTERVAL=24;BYHOUR=5).
func TestARuleThatNeverMatchesCostsItsWindowOnly(t *testing.T) {
	start := wall("20261201T0000")
	to := start.AddDate(2, 0, 0) // the longest window: two years
	days := int(to.Sub(start).Hours() / 24)
	for _, rule := range []string{
		"FREQ=SECONDLY;BYMONTH=2;BYMONTHDAY=30",
		"FREQ=MINUTELY;BYMONTH=4;BYMONTHDAY=31",
		"FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30",
		"FREQ=WEEKLY;BYMONTH=2;BYMONTHDAY=30",
		"FREQ=MONTHLY;BYMONTH=2;BYMONTHDAY=30",
		"FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30",
		"FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30;COUNT=5",
		"FREQ=HOURLY;INTERVAL=24;BYHOUR=5",          // the hours of the progression never reach 5
		"FREQ=MINUTELY;INTERVAL=60;BYMINUTE=30",     // nor minute 30
		"FREQ=SECONDLY;INTERVAL=2;BYSECOND=1,3,5,7", // nor an odd second
		"FREQ=SECONDLY;BYSETPOS=2",                  // a second holds one time
		"FREQ=DAILY;BYSECOND=60",                    // a leap second
	} {
		t.Run(rule, func(t *testing.T) {
			r, err := Parse(rule)
			if err != nil {
				t.Fatal(err)
			}
			it := r.Iter(start, start, to)
			budget := 1_000_000
			if at, ok := it.Next(&budget); ok || it.Cut() {
				t.Fatalf("an occurrence %v (cut: %v)", at, it.Cut())
			}
			// Two steps a day, and a look at the times of a day once.
			if used := 1_000_000 - budget; used > 2*days+6000 {
				t.Errorf("used %d steps for a window of %d days", used, days)
			}
		})
	}
}

// A rule without COUNT begins at the window, however old; one with COUNT
// must count from its DTSTART, day by day.
func TestARuleWithoutCountBeginsAtTheWindow(t *testing.T) {
	from := wall("20270301T0000")
	to := from.AddDate(0, 2, 0)
	for _, tc := range []struct {
		rule, start string
		maxSteps    int // to the first occurrence in the window
	}{
		{"FREQ=SECONDLY", "19700101T0000", 5},
		{"FREQ=MINUTELY;INTERVAL=7", "19700101T0000", 5},
		{"FREQ=HOURLY;BYHOUR=9,17", "19000101T0900", 30},
		{"FREQ=DAILY", "16010101T0900", 5},
		{"FREQ=WEEKLY;BYDAY=MO,FR", "16010101T0900", 20},
		{"FREQ=MONTHLY;BYDAY=1MO", "16010101T0900", 70},
		{"FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU", "16010325T0200", 70},
		{"FREQ=DAILY;COUNT=1000000", "20240101T0900", 2 * 1156},
	} {
		t.Run(tc.rule, func(t *testing.T) {
			r, err := Parse(tc.rule)
			if err != nil {
				t.Fatal(err)
			}
			it := r.Iter(wall(tc.start), from, to)
			budget := tc.maxSteps
			for {
				at, ok := it.Next(&budget)
				if !ok {
					t.Fatalf("no occurrence in the window within %d steps (cut: %v)", tc.maxSteps, it.Cut())
				}
				if !at.Before(from) {
					break
				}
				if r.Count == 0 && at.Before(from.AddDate(0, 0, -1)) {
					t.Fatalf("an occurrence long before the window: %v", at)
				}
			}
		})
	}
}

// A budget spent stops the iterator where it was: given more, it goes on
// and gives exactly what an iterator never stopped gives.
func TestAnIteratorResumesWhereItsBudgetRanOut(t *testing.T) {
	start := wall("20270301T0900")
	to := start.AddDate(0, 2, 0)
	for _, rule := range []string{
		"FREQ=MINUTELY;INTERVAL=17;BYHOUR=9,10",
		"FREQ=YEARLY;BYMONTH=3,4;BYDAY=MO,TH;BYHOUR=8,12;BYMINUTE=0,30",
		"FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=1,-1",
		"FREQ=SECONDLY;INTERVAL=7;BYSECOND=0;COUNT=50",
	} {
		t.Run(rule, func(t *testing.T) {
			r, _ := Parse(rule)
			whole := all(r.Iter(start, start, to), 1<<30)
			var pieces []time.Time
			it := r.Iter(start, start, to)
			for cuts := 0; ; cuts++ {
				budget := 7
				at, ok := it.Next(&budget)
				if ok {
					pieces = append(pieces, at)
					continue
				}
				if !it.Cut() {
					break
				}
				if cuts > 10_000_000 {
					t.Fatal("never done")
				}
			}
			if fmt.Sprint(pieces) != fmt.Sprint(whole) || len(whole) == 0 {
				t.Errorf("in pieces %d occurrences, whole %d", len(pieces), len(whole))
			}
		})
	}
}

func all(it *Iterator, budget int) []time.Time {
	var out []time.Time
	for {
		at, ok := it.Next(&budget)
		if !ok {
			return out
		}
		out = append(out, at)
	}
}

func TestParseRefusesWhatIsNotARule(t *testing.T) {
	for _, rule := range []string{
		"", "FREQ=FORTNIGHTLY", "BYDAY=MO", "FREQ=DAILY;INTERVAL=0", "FREQ=DAILY;INTERVAL=-1",
		"FREQ=DAILY;INTERVAL=99999999999", "FREQ=DAILY;COUNT=0", "FREQ=DAILY;FREQ=WEEKLY",
		"FREQ=MONTHLY;BYMONTHDAY=32", "FREQ=MONTHLY;BYMONTHDAY=0", "FREQ=YEARLY;BYMONTH=13",
		"FREQ=YEARLY;BYWEEKNO=54", "FREQ=DAILY;BYHOUR=24", "FREQ=DAILY;BYMINUTE=60", "FREQ=DAILY;BYSECOND=61",
		"FREQ=MONTHLY;BYDAY=0MO", "FREQ=MONTHLY;BYDAY=54MO", "FREQ=MONTHLY;BYDAY=XX", "FREQ=DAILY;WKST=XX",
		"FREQ=DAILY;UNTIL=tomorrow", "FREQ=DAILY;RSCALE=HEBREW", "FREQ=DAILY;SKIP=FORWARD", "FREQ=DAILY;COLOR=red",
		"FREQ=DAILY;BYHOUR", "FREQ=DAILY;BYSETPOS=0", "FREQ=DAILY;BYYEARDAY=367",
	} {
		if _, err := Parse(rule); err == nil {
			t.Errorf("%q read as a rule", rule)
		}
	}
	for _, rule := range []string{
		"FREQ=DAILY;X-NAME=1", "freq=weekly;byday=mo,+2tu", "FREQ=MONTHLY;RSCALE=GREGORIAN;SKIP=OMIT;BYMONTHDAY=-1", "FREQ=YEARLY;BYWEEKNO=-53",
	} {
		if _, err := Parse(rule); err != nil {
			t.Errorf("%q refused: %v", rule, err)
		}
	}
}

// FuzzIter: whatever the rule and however small the budget, occurrences
// come in order, inside [DTSTART, to], and the budget bounds the work.
func FuzzIter(f *testing.F) {
	f.Add("FREQ=SECONDLY;BYMONTH=2;BYMONTHDAY=30", int64(0), 50)
	f.Add("FREQ=HOURLY;INTERVAL=24;BYHOUR=5", int64(3600), 1000)
	f.Add("FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-2", int64(-86400*400), 300)
	f.Add("FREQ=YEARLY;BYWEEKNO=1,-1;BYDAY=MO;WKST=SU", int64(86400*3), 5000)
	f.Fuzz(func(t *testing.T, rule string, shift int64, budget int) {
		r, err := Parse(rule)
		if err != nil {
			return
		}
		start := wall("20270301T0900").Add(time.Duration(shift%(86400*365*30)) * time.Second)
		from, to := wall("20270301T0000"), wall("20270415T0000")
		budget = max(budget%100_000, 1)
		it := r.Iter(start, from, to)
		var last time.Time
		for spent := 0; spent < 200; spent++ {
			left := budget
			at, ok := it.Next(&left)
			// A period's days (366 at most) and the first look at a day's
			// times (86,400 at most) are not cut in the middle.
			if left < -(366 + 86400) {
				t.Fatalf("a step overran the budget by %d", -left)
			}
			if !ok {
				if !it.Cut() {
					return
				}
				continue
			}
			if at.Before(start) || at.After(to) || !at.After(last) {
				t.Fatalf("occurrence %v (after %v) outside [%v, %v] or out of order", at, last, start, to)
			}
			last = at
		}
	})
}

// BenchmarkIter expands rules over the longest window (two years), 100,000
// steps at most, and reports the steps each took: a step is tens of
// nanoseconds, so a budget of steps is a budget of time.
func BenchmarkIter(b *testing.B) {
	start := wall("20261201T0000")
	to := start.AddDate(2, 0, 0)
	for _, rule := range []string{"FREQ=DAILY", "FREQ=MINUTELY", "FREQ=SECONDLY;BYMONTH=2;BYMONTHDAY=30",
		"FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30", "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-2"} {
		r, _ := Parse(rule)
		b.Run(rule, func(b *testing.B) {
			steps := 0
			for b.Loop() {
				budget := 100_000
				it := r.Iter(start, start, to)
				for {
					if _, ok := it.Next(&budget); !ok {
						break
					}
				}
				steps += 100_000 - budget
			}
			b.ReportMetric(float64(steps)/float64(b.N), "steps/op")
		})
	}
}
