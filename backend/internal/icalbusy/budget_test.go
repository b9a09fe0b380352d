package icalbusy

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// many is n events made by each(i), in one calendar.
func many(n int, each func(i int) []string) string {
	var lines []string
	for i := range n {
		lines = append(lines, each(i)...)
	}
	return cal(lines...)
}

func read(t *testing.T, ics string, opt Options) Result {
	t.Helper()
	res, err := Read(strings.NewReader(ics), 32<<20, opt)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// twoYears is the longest window a sync reads (a booking window of 730 days).
func twoYears() Options {
	return Options{From: utc("2026-11-30 00:00"), To: utc("2028-12-01 00:00"), Zone: berlin}
}

func TestARuleRepeatingEveryMinuteIsOneInterval(t *testing.T) {
	ics := cal(vevent("UID:m", "DTSTART:20270301T000000Z", "DURATION:PT1M", "RRULE:FREQ=MINUTELY;UNTIL=20270401T000000Z")...)
	res := read(t, ics, Options{From: utc("2027-03-01 00:00"), To: utc("2027-04-02 00:00")})
	if got := spans(res.Busy); fmt.Sprint(got) != "[2027-03-01 00:00–00:01]" || !res.Complete() {
		t.Errorf("busy %v (left out: %q), want one interval to 1 April", got, res.LeftOut(time.UTC))
	}
	if !res.Busy[0].End.Equal(utc("2027-04-01 00:01")) {
		t.Errorf("ends %v", res.Busy[0].End)
	}
	// Within working hours: a handful of rows, one a day.
	ics = cal(vevent("UID:w", "DTSTART:20270301T090000Z", "DURATION:PT1H", "RRULE:FREQ=MINUTELY;BYHOUR=9,10,11,12,13,14,15,16")...)
	res = read(t, ics, Options{From: utc("2027-03-01 00:00"), To: utc("2027-03-08 00:00")})
	if len(res.Busy) != 7 || !res.Complete() {
		t.Errorf("%d intervals for a week of working hours, want 7: %v", len(res.Busy), spans(res.Busy))
	}
}

// The first reproduction: 1,000 events every minute (a 170 KB
// feed) read within the budget, merged into one interval, the time past
// what was read held busy, and the read says so.
func TestAThousandMinutelyEventsCostTheBudgetAndHoldTheirTime(t *testing.T) {
	ics := many(1000, func(i int) []string {
		return vevent(fmt.Sprintf("UID:flood-%d", i), "DTSTART:20261201T000000Z", "DURATION:PT1H", "RRULE:FREQ=MINUTELY")
	})
	opt := twoYears()
	opt.Budget = &Budget{Steps: DefaultSteps, PerEvent: DefaultStepsPerEvent}
	res := read(t, ics, opt)
	if got := spans(res.Busy); fmt.Sprint(got) != "[2026-12-01 00:00–00:00]" || !res.Busy[0].End.Equal(opt.To) {
		t.Errorf("busy %v, want all from 1 December to the window's end", got)
	}
	if res.Cut != 1000 || res.HeldFrom.IsZero() || res.HeldFrom.After(utc("2026-12-03 00:00")) {
		t.Errorf("cut %d, held from %v", res.Cut, res.HeldFrom)
	}
	if opt.Budget.Steps > 0 || opt.Budget.Steps < -100_000 {
		t.Errorf("steps left %d: the budget is what the read costs", opt.Budget.Steps)
	}
	want := `1000 repeating events repeat too often to be read in full (UID "flood-0", UID "flood-1", UID "flood-2", …); the time from`
	if got := res.LeftOut(berlin); !strings.HasPrefix(got, want) || !strings.HasSuffix(got, "on is held as busy") {
		t.Errorf("left out: %q", got)
	}
}

// The second reproduction: rules that never match, in events and
// in time zones, cost a few steps a day of the window each.
func TestRulesThatNeverMatchCostTheirWindowOnly(t *testing.T) {
	for _, tc := range []struct {
		name  string
		years int // the span the rules are read over: a zone's reaches 2 years before the window and 1 after
		ics   string
	}{
		{"events", 2, many(200, func(i int) []string {
			return vevent(fmt.Sprintf("UID:never-%d", i), "DTSTART:20261201T000000Z", "DURATION:PT1H", "RRULE:FREQ=SECONDLY;BYMONTH=2;BYMONTHDAY=30")
		})},
		{"daily", 2, many(200, func(i int) []string {
			return vevent(fmt.Sprintf("UID:never-%d", i), "DTSTART:20261201T000000Z", "DURATION:PT1H", "RRULE:FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30")
		})},
		{"an interval that never reaches its hour", 2, many(200, func(i int) []string {
			return vevent(fmt.Sprintf("UID:spin-%d", i), "DTSTART:20261201T000000Z", "DURATION:PT1H", "RRULE:FREQ=HOURLY;INTERVAL=24;BYHOUR=5")
		})},
		{"time zones", 5, many(200, func(i int) []string {
			id := fmt.Sprintf("Zone %d", i)
			return join([]string{"BEGIN:VTIMEZONE", "TZID:" + id,
				"BEGIN:STANDARD", "DTSTART:19700101T000000", "RRULE:FREQ=SECONDLY;BYMONTH=2;BYMONTHDAY=30",
				"TZOFFSETFROM:+0200", "TZOFFSETTO:+0100", "END:STANDARD", "END:VTIMEZONE"},
				vevent(fmt.Sprintf("UID:z-%d", i), "DTSTART;TZID="+id+":20270301T090000", "DURATION:PT1H"))
		})},
	} {
		t.Run(tc.name, func(t *testing.T) {
			opt := twoYears()
			opt.Budget = &Budget{Steps: DefaultSteps, PerEvent: DefaultStepsPerEvent}
			res := read(t, tc.ics, opt)
			if used := DefaultSteps - opt.Budget.Steps; used > 200*2*370*tc.years {
				t.Errorf("used %d steps", used)
			}
			if !res.Complete() {
				t.Errorf("left out: %s", res.LeftOut(berlin))
			}
		})
	}
}

// Costly events cannot take the others' share: a weekly meeting listed
// after a thousand floods is read as far as they let it be.
func TestACostlyEventLeavesTheOthersTheirShare(t *testing.T) {
	floods := many(1000, func(i int) []string {
		return vevent(fmt.Sprintf("UID:flood-%d", i), "DTSTART:20270601T000000Z", "DURATION:PT1S", "RRULE:FREQ=SECONDLY")
	})
	weekly := strings.Join(vevent("UID:weekly", "DTSTART:20261201T090000Z", "DURATION:PT1H", "RRULE:FREQ=WEEKLY;BYDAY=MO"), "\r\n")
	ics := strings.Replace(floods, "END:VCALENDAR", weekly+"\r\nEND:VCALENDAR", 1)
	opt := twoYears()
	opt.Budget = &Budget{Steps: DefaultSteps, PerEvent: DefaultStepsPerEvent}
	res := read(t, ics, opt)
	mondays := 0
	for _, b := range res.Busy {
		if b.UID == "weekly" {
			mondays++
		}
	}
	// The floods hold from 1 June; the 26 Mondays before are the weekly's own.
	if mondays != 26 || res.Cut != 1000 {
		t.Errorf("%d Mondays kept, %d cut", mondays, res.Cut)
	}
	if res.HeldFrom.Before(utc("2027-06-01 00:00")) || res.HeldFrom.After(utc("2027-06-02 00:00")) {
		t.Errorf("held from %v", res.HeldFrom)
	}
}

func TestMoreIntervalsThanKeptHoldTheRest(t *testing.T) {
	ics := many(30, func(i int) []string {
		day := fmt.Sprintf("202703%02dT090000Z", i+1)
		return vevent(fmt.Sprintf("UID:e%d", i), "DTSTART:"+day, "DURATION:PT1H")
	})
	opt := Options{From: utc("2027-03-01 00:00"), To: utc("2027-04-01 00:00"), MaxIntervals: 10}
	res := read(t, ics, opt)
	if len(res.Busy) != 11 || !res.Overflow || !res.HeldFrom.Equal(utc("2027-03-11 09:00")) {
		t.Fatalf("%d intervals, overflow %v, held from %v", len(res.Busy), res.Overflow, res.HeldFrom)
	}
	if last := res.Busy[10]; !last.Start.Equal(res.HeldFrom) || !last.End.Equal(opt.To) {
		t.Errorf("the held interval %v", last)
	}
	want := "The calendar has more than 10000 busy times; the time from 11 Mar 2027 09:00 UTC on is held as busy"
	if got := res.LeftOut(time.UTC); got != want {
		t.Errorf("left out:\n got %q\nwant %q", got, want)
	}
}

// The third reproduction: a UID that is not text (a NUL, bad
// UTF-8) is that event's problem, not the calendar's.
func TestAnEventWhoseUIDIsNotTextIsSkippedAndNamed(t *testing.T) {
	ics := cal(join(
		vevent("UID:nul\x00here", "DTSTART:20270301T090000Z", "DURATION:PT1H"),
		vevent("UID:bad\xffutf8", "DTSTART:20270301T100000Z", "DURATION:PT1H"),
		vevent("UID:"+strings.Repeat("x", 2000), "DTSTART:20270301T110000Z", "DURATION:PT1H"),
		vevent("UID:good", "DTSTART:20270301T120000Z", "DURATION:PT1H"))...)
	res := read(t, ics, Options{From: utc("2027-03-01 00:00"), To: utc("2027-03-02 00:00")})
	if got := spans(res.Busy); fmt.Sprint(got) != "[2027-03-01 12:00–13:00]" || res.Skipped != 3 {
		t.Errorf("busy %v, skipped %d", got, res.Skipped)
	}
	want := `3 events could not be read and block nothing (UID "nul�here", UID "bad�utf8", UID "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…")`
	if got := res.LeftOut(time.UTC); got != want {
		t.Errorf("left out:\n got %q\nwant %q", got, want)
	}
}

func TestASpentTimeCutsTheRepeatingEvents(t *testing.T) {
	ics := cal(join(
		vevent("UID:daily", "DTSTART:20270301T090000Z", "DURATION:PT1H", "RRULE:FREQ=DAILY"),
		vevent("UID:once", "DTSTART:20270302T120000Z", "DURATION:PT1H"))...)
	opt := Options{From: utc("2027-03-01 00:00"), To: utc("2027-03-05 00:00"),
		Budget: &Budget{Steps: DefaultSteps, PerEvent: DefaultStepsPerEvent, Time: time.Nanosecond}}
	res := read(t, ics, opt)
	if res.Cut != 1 || !res.HeldFrom.Equal(opt.From) {
		t.Errorf("cut %d, held from %v", res.Cut, res.HeldFrom)
	}
	if got := spans(res.Busy); fmt.Sprint(got) != "[2027-03-01 00:00–00:00]" {
		t.Errorf("busy %v: all held", got)
	}
}
