package availability

import (
	"math/rand/v2"
	"slices"
	"testing"
	"time"
)

func TestInstantMapsWallClockTimesByTheDSTRules(t *testing.T) {
	tests := []struct {
		name, zone, date, clock, want string
	}{
		{"ordinary", "America/New_York", "2026-06-15", "09:00", "2026-06-15T13:00:00Z"},
		{"gap maps to the end of the gap", "America/New_York", "2026-03-08", "02:30", "2026-03-08T07:00:00Z"},
		{"gap start", "America/New_York", "2026-03-08", "02:00", "2026-03-08T07:00:00Z"},
		{"just before the gap", "America/New_York", "2026-03-08", "01:59", "2026-03-08T06:59:00Z"},
		{"gap end exists", "America/New_York", "2026-03-08", "03:00", "2026-03-08T07:00:00Z"},
		{"repeated hour takes the first occurrence", "America/New_York", "2026-11-01", "01:30", "2026-11-01T05:30:00Z"},
		{"after the repeated hour", "America/New_York", "2026-11-01", "02:00", "2026-11-01T07:00:00Z"},
		{"24:00 is the next midnight", "America/New_York", "2026-03-07", "24:00", "2026-03-08T05:00:00Z"},
		{"Berlin gap", "Europe/Berlin", "2026-03-29", "02:30", "2026-03-29T01:00:00Z"},
		{"Berlin repeat", "Europe/Berlin", "2026-10-25", "02:30", "2026-10-25T00:30:00Z"},
		{"Kolkata half hour", "Asia/Kolkata", "2026-03-08", "09:00", "2026-03-08T03:30:00Z"},
		{"Adelaide repeat", "Australia/Adelaide", "2026-04-05", "02:30", "2026-04-04T16:00:00Z"},
		{"Adelaide gap", "Australia/Adelaide", "2026-10-04", "02:30", "2026-10-03T16:30:00Z"},
		{"Chatham standard", "Pacific/Chatham", "2026-06-15", "09:00", "2026-06-14T20:15:00Z"},
		{"Chatham repeat", "Pacific/Chatham", "2026-04-05", "03:00", "2026-04-04T13:15:00Z"},
		{"Chatham gap", "Pacific/Chatham", "2026-09-27", "03:00", "2026-09-26T14:00:00Z"},
		{"Lord Howe half-hour repeat", "Australia/Lord_Howe", "2026-04-05", "01:45", "2026-04-04T14:45:00Z"},
		{"Lord Howe after the repeat", "Australia/Lord_Howe", "2026-04-05", "02:00", "2026-04-04T15:30:00Z"},
		{"Lord Howe half-hour gap", "Australia/Lord_Howe", "2026-10-04", "02:15", "2026-10-03T15:30:00Z"},
		{"Havana midnight gap", "America/Havana", "2026-03-08", "00:00", "2026-03-08T05:00:00Z"},
		{"Santiago midnight gap", "America/Santiago", "2026-09-06", "00:30", "2026-09-06T04:00:00Z"},
		{"Santiago repeat before midnight", "America/Santiago", "2026-04-04", "23:30", "2026-04-05T02:30:00Z"},
		{"Santiago midnight after the repeat", "America/Santiago", "2026-04-05", "00:00", "2026-04-05T04:00:00Z"},
		{"Scoresbysund gap at the end of the day", "America/Scoresbysund", "2026-03-28", "23:30", "2026-03-29T01:00:00Z"},
		{"Scoresbysund 24:00 after a gap", "America/Scoresbysund", "2026-03-28", "24:00", "2026-03-29T01:00:00Z"},
		{"Kiritimati", "Pacific/Kiritimati", "2026-06-10", "09:00", "2026-06-09T19:00:00Z"},
		{"Pago Pago", "Pacific/Pago_Pago", "2026-06-09", "08:00", "2026-06-09T19:00:00Z"},
		{"Samoa skipped 2011-12-30", "Pacific/Apia", "2011-12-30", "12:00", "2011-12-30T10:00:00Z"},
		{"UTC", "UTC", "2026-06-15", "24:00", "2026-06-16T00:00:00Z"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Instant(date(t, tt.date), tt.clock, zone(t, tt.zone))
			if err != nil {
				t.Fatal(err)
			}
			if want := instant(t, tt.want); !got.Equal(want) {
				t.Fatalf("Instant(%s %s %s) = %s, want %s", tt.date, tt.clock, tt.zone, got.UTC().Format(time.RFC3339), tt.want)
			}
		})
	}
	if _, err := Instant(date(t, "2026-01-01"), "7:00", nil); err == nil {
		t.Error("Instant accepted a malformed time of day")
	}
}

func TestLocalRangeValidateIsStrict(t *testing.T) {
	tests := []struct {
		r  LocalRange
		ok bool
	}{
		{LocalRange{"09:00", "17:00"}, true},
		{LocalRange{"00:00", "24:00"}, true},
		{LocalRange{"23:59", "24:00"}, true},
		{LocalRange{"09:00", "09:00"}, false},
		{LocalRange{"17:00", "09:00"}, false},
		{LocalRange{"24:00", "24:00"}, false},
		{LocalRange{"09:00", "24:01"}, false},
		{LocalRange{"09:60", "10:00"}, false},
		{LocalRange{"9:00", "10:00"}, false},
		{LocalRange{"09:00", "25:00"}, false},
		{LocalRange{"09.00", "10:00"}, false},
		{LocalRange{"", "10:00"}, false},
	}
	for _, tt := range tests {
		if err := tt.r.Validate(); (err == nil) != tt.ok {
			t.Errorf("%v.Validate() = %v, want ok=%v", tt.r, err, tt.ok)
		}
	}
}

func TestDayRangeStartsEachDateAtItsFirstInstant(t *testing.T) {
	tests := []struct {
		name, zone, from, to string
		wantStart, wantEnd   string
		hours                float64
	}{
		{"ordinary day", "Europe/Berlin", "2026-06-15", "2026-06-15", "2026-06-14T22:00:00Z", "2026-06-15T22:00:00Z", 24},
		{"spring forward", "America/New_York", "2026-03-08", "2026-03-08", "2026-03-08T05:00:00Z", "2026-03-09T04:00:00Z", 23},
		{"fall back", "America/New_York", "2026-11-01", "2026-11-01", "2026-11-01T04:00:00Z", "2026-11-02T05:00:00Z", 25},
		{"Havana has no midnight on 2026-03-08", "America/Havana", "2026-03-08", "2026-03-08", "2026-03-08T05:00:00Z", "2026-03-09T04:00:00Z", 23},
		{"Santiago has no midnight on 2026-09-06", "America/Santiago", "2026-09-06", "2026-09-06", "2026-09-06T04:00:00Z", "2026-09-07T03:00:00Z", 23},
		{"Beirut has no midnight on 2026-03-29", "Asia/Beirut", "2026-03-29", "2026-03-29", "2026-03-28T22:00:00Z", "2026-03-29T21:00:00Z", 23},
		{"Beirut had no midnight on 2020-03-29", "Asia/Beirut", "2020-03-29", "2020-03-29", "2020-03-28T22:00:00Z", "2020-03-29T21:00:00Z", 23},
		{"Santiago repeats the hour before midnight", "America/Santiago", "2026-04-04", "2026-04-04", "2026-04-04T03:00:00Z", "2026-04-05T04:00:00Z", 25},
		{"Scoresbysund skips the hour before midnight", "America/Scoresbysund", "2026-03-28", "2026-03-28", "2026-03-28T02:00:00Z", "2026-03-29T01:00:00Z", 23},
		{"Lord Howe shortens by half an hour", "Australia/Lord_Howe", "2026-10-04", "2026-10-04", "2026-10-03T13:30:00Z", "2026-10-04T13:00:00Z", 23.5},
		{"a week across a transition", "Europe/Berlin", "2026-03-26", "2026-04-01", "2026-03-25T23:00:00Z", "2026-04-01T22:00:00Z", 7*24 - 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			loc := zone(t, tt.zone)
			start, end := DayRange(date(t, tt.from), date(t, tt.to), loc)
			if !start.Equal(instant(t, tt.wantStart)) || !end.Equal(instant(t, tt.wantEnd)) {
				t.Fatalf("DayRange = [%s, %s), want [%s, %s)", start.UTC().Format(time.RFC3339), end.UTC().Format(time.RFC3339), tt.wantStart, tt.wantEnd)
			}
			if h := end.Sub(start).Hours(); h != tt.hours {
				t.Errorf("range lasts %v hours, want %v", h, tt.hours)
			}
			if got := DateOf(start, loc).String(); got != tt.from {
				t.Errorf("first instant falls on %s, want %s", got, tt.from)
			}
			if got := DateOf(start.Add(-time.Second), loc).String(); got != date(t, tt.from).AddDays(-1).String() {
				t.Errorf("the second before the start falls on %s, want the day before", got)
			}
			if got := DateOf(end.Add(-time.Second), loc).String(); got != tt.to {
				t.Errorf("last second falls on %s, want %s", got, tt.to)
			}
		})
	}
}

// TestInstantAgreesWithAScanOfEveryQuarterHour checks the conversion against
// an independent definition: the earliest instant whose wall clock reads the
// given time or later.
func TestInstantAgreesWithAScanOfEveryQuarterHour(t *testing.T) {
	for _, name := range []string{"America/New_York", "Europe/Berlin", "Australia/Lord_Howe", "Pacific/Chatham", "America/Santiago", "America/Havana", "America/Scoresbysund"} {
		loc := zone(t, name)
		o := newOracle(loc)
		c := converter{loc: loc}
		type wall struct {
			d Date
			m int64
		}
		var walls []wall
		for d := date(t, "2026-01-01"); d.Year == 2026; d = d.AddDays(1) {
			for m := int64(0); m <= 24*60; m += 15 {
				walls = append(walls, wall{d, m})
			}
		}
		// In order, then shuffled: the converter's memory must never leak
		// from one stretch of the year into another.
		shuffled := slices.Clone(walls)
		rand.New(rand.NewPCG(1, 2)).Shuffle(len(shuffled), func(i, j int) { shuffled[i], shuffled[j] = shuffled[j], shuffled[i] })
		for _, w := range append(walls, shuffled...) {
			want := o.at(w.d, w.m)
			if got := c.at(w.d.days(), w.m); !got.Equal(want) {
				t.Fatalf("%s %s +%dmin: got %s, want %s", name, w.d, w.m, got, want)
			}
		}
	}
}

// oracle converts wall times by scanning instants a quarter hour apart,
// which is exact for zones whose offsets and transitions are whole quarter
// hours (all of those used here, in the years tested).
type oracle struct {
	loc  *time.Location
	memo map[int64]time.Time
}

func newOracle(loc *time.Location) *oracle {
	return &oracle{loc: loc, memo: map[int64]time.Time{}}
}

func (o *oracle) at(d Date, minute int64) time.Time {
	w := time.Date(d.Year, d.Month, d.Day, 0, 0, 0, 0, time.UTC).Unix() + minute*60
	if t, ok := o.memo[w]; ok {
		return t
	}
	for u := w - 15*3600; u <= w+13*3600; u += 15 * 60 {
		_, off := time.Unix(u, 0).In(o.loc).Zone()
		if u+int64(off) >= w {
			t := time.Unix(u, 0).UTC()
			o.memo[w] = t
			return t
		}
	}
	panic("oracle: wall time out of reach")
}
