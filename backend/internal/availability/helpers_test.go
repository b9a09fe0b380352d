package availability

import (
	"strings"
	"testing"
	"time"
	_ "time/tzdata" // zone data even where the system has none
)

func zone(t testing.TB, name string) *time.Location {
	t.Helper()
	loc, err := time.LoadLocation(name)
	if err != nil {
		t.Fatalf("load zone %s: %v", name, err)
	}
	return loc
}

func instant(t testing.TB, s string) time.Time {
	t.Helper()
	v, err := time.Parse(time.RFC3339, s)
	if err != nil {
		t.Fatalf("parse %q: %v", s, err)
	}
	return v
}

func date(t testing.TB, s string) Date {
	t.Helper()
	d, err := ParseDate(s)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// hours builds a LocalRange list from "HH:MM-HH:MM" strings.
func hours(spans ...string) []LocalRange {
	out := make([]LocalRange, len(spans))
	for i, s := range spans {
		from, to, _ := strings.Cut(s, "-")
		out[i] = LocalRange{From: from, To: to}
	}
	return out
}

// everyDay gives the same hours on all seven weekdays.
func everyDay(spans ...string) map[time.Weekday][]LocalRange {
	m := map[time.Weekday][]LocalRange{}
	for wd := time.Sunday; wd <= time.Saturday; wd++ {
		m[wd] = hours(spans...)
	}
	return m
}

// onlyOn gives hours on one date and no other.
func onlyOn(d Date, spans ...string) []Override {
	return []Override{{Date: d, Hours: hours(spans...)}}
}

// localStarts renders slot starts as RFC 3339 in zone, for readable diffs.
func localStarts(slots []Slot, loc *time.Location) []string {
	out := make([]string, len(slots))
	for i, s := range slots {
		out[i] = s.Start.In(loc).Format(time.RFC3339)
	}
	return out
}

// dayQuery asks for every slot of the staff-local date d.
func dayQuery(t testing.TB, loc *time.Location, d Date, r Rules, staff ...Staff) Query {
	t.Helper()
	from, to := DayRange(d.AddDays(-1), d.AddDays(1), loc)
	return Query{Rules: r, Staff: staff, From: from, To: to, Now: from.AddDate(-1, 0, 0)}
}

func equalStrings(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
