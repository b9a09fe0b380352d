package availability

import (
	"math"
	"slices"
	"testing"
	"time"
)

// A Monday in June: no transition anywhere near.
const monday = "2026-06-15"

func TestSlotsFollowWeeklyHoursWithALunchBreak(t *testing.T) {
	berlin := zone(t, "Europe/Berlin")
	weekly := map[time.Weekday][]LocalRange{
		time.Monday: hours("09:00-12:00", "13:00-15:00"),
		time.Sunday: hours("10:00-11:00"),
	}
	tests := []struct {
		name string
		day  string
		want []string
	}{
		{"monday has two ranges", monday, []string{
			"2026-06-15T09:00:00+02:00", "2026-06-15T10:00:00+02:00", "2026-06-15T11:00:00+02:00",
			"2026-06-15T13:00:00+02:00", "2026-06-15T14:00:00+02:00",
		}},
		{"tuesday has no hours", "2026-06-16", nil},
		{"sunday has one", "2026-06-14", []string{"2026-06-14T10:00:00+02:00"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := date(t, tt.day)
			from, to := DayRange(d, d, berlin)
			q := Query{Rules: Rules{Duration: time.Hour}, From: from, To: to, Staff: []Staff{{ID: 1, Zone: berlin, Weekly: weekly}}}
			got := Slots(q)
			if s := localStarts(got, berlin); !equalStrings(s, tt.want) {
				t.Fatalf("starts = %v, want %v", s, tt.want)
			}
			for _, s := range got {
				if !slices.Equal(s.StaffIDs, []int64{1}) {
					t.Fatalf("slot %v staff = %v, want [1]", s.Start, s.StaffIDs)
				}
			}
		})
	}
}

func TestSlotsOverridesCloseADayOrReplaceItsHours(t *testing.T) {
	loc := zone(t, "America/New_York")
	d := date(t, monday)
	tests := []struct {
		name      string
		overrides []Override
		want      []string
	}{
		{"no override keeps weekly hours", nil, []string{"2026-06-15T09:00:00-04:00", "2026-06-15T10:00:00-04:00"}},
		{"closed", []Override{{Date: d, Closed: true, Hours: hours("09:00-17:00")}}, nil},
		{"empty hours close too", []Override{{Date: d}}, nil},
		{"other hours", []Override{{Date: d, Hours: hours("14:00-15:00", "18:00-19:30")}}, []string{"2026-06-15T14:00:00-04:00", "2026-06-15T18:00:00-04:00"}},
		{"another date leaves this one alone", []Override{{Date: d.AddDays(1), Closed: true}}, []string{"2026-06-15T09:00:00-04:00", "2026-06-15T10:00:00-04:00"}},
		{"the last override of a date wins", []Override{{Date: d, Closed: true}, {Date: d, Hours: hours("07:00-08:00")}}, []string{"2026-06-15T07:00:00-04:00"}},
		{"opens a day without weekly hours", []Override{{Date: d.AddDays(-1), Hours: hours("07:00-08:00")}}, []string{"2026-06-14T07:00:00-04:00", "2026-06-15T09:00:00-04:00", "2026-06-15T10:00:00-04:00"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st := Staff{ID: 1, Zone: loc, Weekly: map[time.Weekday][]LocalRange{time.Monday: hours("09:00-11:00")}, Overrides: tt.overrides}
			from, to := DayRange(d.AddDays(-1), d, loc)
			got := localStarts(Slots(Query{Rules: Rules{Duration: time.Hour}, From: from, To: to, Staff: []Staff{st}}), loc)
			if !equalStrings(got, tt.want) {
				t.Fatalf("starts = %v, want %v", got, tt.want)
			}
		})
	}
}

func TestSlotsStepByIntervalFromEachRangeStart(t *testing.T) {
	utc := time.UTC
	d := date(t, monday)
	tests := []struct {
		name   string
		rules  Rules
		ranges []string
		want   []string
	}{
		{"45 minutes every 15", Rules{Duration: 45 * time.Minute, Interval: 15 * time.Minute}, []string{"09:00-10:30"},
			[]string{"09:00", "09:15", "09:30", "09:45"}},
		{"interval zero means duration", Rules{Duration: 45 * time.Minute}, []string{"09:00-11:00"},
			[]string{"09:00", "09:45"}},
		{"interval longer than duration", Rules{Duration: 30 * time.Minute, Interval: time.Hour}, []string{"09:00-11:00"},
			[]string{"09:00", "10:00"}},
		{"each range has its own grid", Rules{Duration: 30 * time.Minute, Interval: 20 * time.Minute}, []string{"09:00-10:00", "10:10-11:00"},
			[]string{"09:00", "09:20", "10:10", "10:30"}},
		{"a range shorter than the appointment has none", Rules{Duration: time.Hour}, []string{"09:00-09:59", "12:00-13:00"},
			[]string{"12:00"}},
		{"ranges are not merged", Rules{Duration: time.Hour, Interval: 30 * time.Minute}, []string{"09:00-10:30", "10:30-12:00"},
			[]string{"09:00", "09:30", "10:30", "11:00"}},
		{"overlapping ranges give each start once", Rules{Duration: time.Hour, Interval: 30 * time.Minute}, []string{"10:00-12:00", "09:00-11:30"},
			[]string{"09:00", "09:30", "10:00", "10:30", "11:00"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st := Staff{ID: 1, Zone: utc, Overrides: onlyOn(d, tt.ranges...)}
			got := Slots(dayQuery(t, utc, d, tt.rules, st))
			var clocks []string
			for _, s := range got {
				clocks = append(clocks, s.Start.Format("15:04"))
			}
			if !equalStrings(clocks, tt.want) {
				t.Fatalf("starts = %v, want %v", clocks, tt.want)
			}
		})
	}
}

func TestSlotsBuffersBlockOverlappingButNotTouchingBookings(t *testing.T) {
	d := date(t, monday)
	at := func(clock string) time.Time { return instant(t, monday+"T"+clock+":00Z") }
	busy := func(from, to string) []Interval { return []Interval{{Start: at(from), End: at(to)}} }
	tests := []struct {
		name  string
		rules Rules
		busy  []Interval
		want  []string
	}{
		{"no bookings", Rules{Duration: time.Hour}, nil, []string{"09:00", "10:00", "11:00"}},
		{"touching on both sides is fine", Rules{Duration: time.Hour}, busy("10:00", "11:00"), []string{"09:00", "11:00"}},
		{"one minute of overlap is not", Rules{Duration: time.Hour}, busy("09:59", "11:00"), []string{"11:00"}},
		{"buffer after reaches the next booking", Rules{Duration: time.Hour, BufferAfter: 15 * time.Minute}, busy("11:00", "12:00"), []string{"09:00"}},
		{"buffer after touching is fine", Rules{Duration: 45 * time.Minute, Interval: time.Hour, BufferAfter: 15 * time.Minute}, busy("11:00", "12:00"), []string{"09:00", "10:00"}},
		{"buffer before reaches the previous booking", Rules{Duration: time.Hour, BufferBefore: 10 * time.Minute}, busy("08:00", "09:05"), []string{"10:00", "11:00"}},
		{"buffer before touching is fine", Rules{Duration: time.Hour, BufferBefore: 10 * time.Minute}, busy("08:00", "08:50"), []string{"09:00", "10:00", "11:00"}},
		{"an empty busy interval blocks nothing", Rules{Duration: time.Hour}, busy("10:30", "10:30"), []string{"09:00", "10:00", "11:00"}},
		{"a long booking hides a short one", Rules{Duration: time.Hour}, []Interval{
			{Start: at("08:00"), End: at("11:30")}, {Start: at("09:00"), End: at("09:10")},
		}, nil},
		{"unsorted bookings", Rules{Duration: time.Hour}, []Interval{
			{Start: at("11:00"), End: at("11:30")}, {Start: at("09:00"), End: at("09:10")},
		}, []string{"10:00"}},
	}
	for _, tt := range tests {
		// The same busy times block alike as bookings and as the events of
		// the person's own calendars.
		events := make([]Span, len(tt.busy))
		for i, b := range tt.busy {
			events[i] = SpanOf(b)
		}
		for _, st := range []Staff{
			{ID: 1, Zone: time.UTC, Overrides: onlyOn(d, "09:00-12:00"), Busy: tt.busy},
			{ID: 1, Zone: time.UTC, Overrides: onlyOn(d, "09:00-12:00"), Events: events},
		} {
			t.Run(tt.name, func(t *testing.T) {
				var clocks []string
				for _, s := range Slots(dayQuery(t, time.UTC, d, tt.rules, st)) {
					clocks = append(clocks, s.Start.Format("15:04"))
				}
				if !equalStrings(clocks, tt.want) {
					t.Fatalf("starts = %v, want %v (busy as events: %t)", clocks, tt.want, st.Events != nil)
				}
			})
		}
	}
}

func TestSpanOfSaturatesOutsideWhatNanosecondsHold(t *testing.T) {
	tests := []struct {
		name string
		at   time.Time
		want int64
	}{
		{"an ordinary instant", time.Date(2026, 11, 30, 9, 0, 0, 5, time.UTC), time.Date(2026, 11, 30, 9, 0, 0, 5, time.UTC).UnixNano()},
		{"before 1678", time.Date(1500, 1, 1, 0, 0, 0, 0, time.UTC), math.MinInt64},
		{"after 2262", time.Date(3000, 1, 1, 0, 0, 0, 0, time.UTC), math.MaxInt64},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := SpanOf(Interval{Start: tt.at, End: tt.at}); got.Start != tt.want || got.End != tt.want {
				t.Fatalf("SpanOf = %+v, want %d", got, tt.want)
			}
		})
	}
}

func TestAnEventReachingPastNanosecondsStillBlocks(t *testing.T) {
	d := date(t, monday)
	forever := SpanOf(Interval{Start: time.Date(1500, 1, 1, 0, 0, 0, 0, time.UTC), End: time.Date(3000, 1, 1, 0, 0, 0, 0, time.UTC)})
	st := Staff{ID: 1, Zone: time.UTC, Overrides: onlyOn(d, "09:00-12:00"), Events: []Span{forever}}
	if got := Slots(dayQuery(t, time.UTC, d, Rules{Duration: time.Hour}, st)); len(got) != 0 {
		t.Fatalf("slots = %v, want none", got)
	}
}

func TestBlockedWidensByBothBuffers(t *testing.T) {
	start := instant(t, "2026-06-15T09:00:00Z")
	got := Blocked(start, Rules{Duration: 45 * time.Minute, BufferBefore: 10 * time.Minute, BufferAfter: 5 * time.Minute})
	if !got.Start.Equal(instant(t, "2026-06-15T08:50:00Z")) || !got.End.Equal(instant(t, "2026-06-15T09:50:00Z")) {
		t.Fatalf("Blocked = %v", got)
	}
}

func TestSlotsRespectMinNoticeWindowAndQueryBounds(t *testing.T) {
	d := date(t, monday)
	at := func(clock string) time.Time { return instant(t, monday+"T"+clock+":00Z") }
	tests := []struct {
		name     string
		rules    Rules
		now      time.Time
		from, to time.Time
		want     []string
	}{
		{"all", Rules{Duration: time.Hour}, at("00:00"), at("00:00"), at("23:00"), []string{"09:00", "10:00", "11:00", "12:00"}},
		{"notice reaching a start exactly keeps it", Rules{Duration: time.Hour, MinNotice: 2 * time.Hour}, at("08:00"), at("00:00"), at("23:00"), []string{"10:00", "11:00", "12:00"}},
		{"notice a minute past a start drops it", Rules{Duration: time.Hour, MinNotice: 2 * time.Hour}, at("08:01"), at("00:00"), at("23:00"), []string{"11:00", "12:00"}},
		{"window excludes its end", Rules{Duration: time.Hour, Window: 3 * time.Hour}, at("08:00"), at("00:00"), at("23:00"), []string{"09:00", "10:00"}},
		{"notice and window together", Rules{Duration: time.Hour, MinNotice: 90 * time.Minute, Window: 4 * time.Hour}, at("08:00"), at("00:00"), at("23:00"), []string{"10:00", "11:00"}},
		{"from is inclusive, to exclusive", Rules{Duration: time.Hour}, at("00:00"), at("10:00"), at("12:00"), []string{"10:00", "11:00"}},
		{"from between starts keeps the grid", Rules{Duration: time.Hour}, at("00:00"), at("09:30"), at("23:00"), []string{"10:00", "11:00", "12:00"}},
		{"empty range", Rules{Duration: time.Hour}, at("00:00"), at("11:00"), at("11:00"), nil},
		{"a start before to may end after it", Rules{Duration: time.Hour}, at("00:00"), at("00:00"), at("09:01"), []string{"09:00"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st := Staff{ID: 1, Zone: time.UTC, Overrides: onlyOn(d, "09:00-13:00")}
			q := Query{Rules: tt.rules, Staff: []Staff{st}, From: tt.from, To: tt.to, Now: tt.now}
			var clocks []string
			for _, s := range Slots(q) {
				clocks = append(clocks, s.Start.Format("15:04"))
			}
			if !equalStrings(clocks, tt.want) {
				t.Fatalf("starts = %v, want %v", clocks, tt.want)
			}
		})
	}
}

func TestSlotsStopAtTheDailyLimitOfTheStaffLocalDate(t *testing.T) {
	kolkata := zone(t, "Asia/Kolkata")
	d := date(t, monday)
	tests := []struct {
		name   string
		max    int
		counts map[Date]int
		want   int
	}{
		{"no limit", 0, map[Date]int{d: 50}, 3},
		{"under the limit", 2, map[Date]int{d: 1}, 3},
		{"at the limit", 2, map[Date]int{d: 2}, 0},
		{"over the limit", 2, map[Date]int{d: 3}, 0},
		{"another date's count does not matter", 1, map[Date]int{d.AddDays(-1): 5, d.AddDays(1): 5}, 3},
		{"no counts", 1, nil, 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			// 00:00–03:00 in Kolkata is the previous UTC date: the limit
			// follows the staff's calendar, not UTC's.
			st := Staff{ID: 1, Zone: kolkata, Overrides: onlyOn(d, "00:00-03:00"), DayCounts: tt.counts}
			got := Slots(dayQuery(t, kolkata, d, Rules{Duration: time.Hour, MaxPerDay: tt.max}, st))
			if len(got) != tt.want {
				t.Fatalf("got %d slots, want %d", len(got), tt.want)
			}
			if len(got) > 0 && got[0].Start.UTC().Format(time.RFC3339) != "2026-06-14T18:30:00Z" {
				t.Fatalf("first slot %v", got[0].Start)
			}
		})
	}
}

func TestSlotsUnionStaffInDifferentZones(t *testing.T) {
	d := date(t, monday)
	berlin, london, kolkata := zone(t, "Europe/Berlin"), zone(t, "Europe/London"), zone(t, "Asia/Kolkata")
	staff := []Staff{
		{ID: 7, Zone: london, Overrides: onlyOn(d, "09:00-11:00")},  // 08:00Z–10:00Z
		{ID: 3, Zone: berlin, Overrides: onlyOn(d, "09:00-11:00")},  // 07:00Z–09:00Z
		{ID: 5, Zone: kolkata, Overrides: onlyOn(d, "13:00-14:30")}, // 07:30Z–09:00Z
		{ID: 9, Zone: london, Overrides: onlyOn(d, "09:00-11:00"), Busy: []Interval{{Start: instant(t, "2026-06-15T08:00:00Z"), End: instant(t, "2026-06-15T09:00:00Z")}}},
	}
	from, to := DayRange(d, d, time.UTC)
	got := Slots(Query{Rules: Rules{Duration: time.Hour, Interval: 30 * time.Minute}, Staff: staff, From: from, To: to})
	want := []struct {
		start string
		ids   []int64
	}{
		{"2026-06-15T07:00:00Z", []int64{3}},
		{"2026-06-15T07:30:00Z", []int64{3, 5}},
		{"2026-06-15T08:00:00Z", []int64{3, 5, 7}},
		{"2026-06-15T08:30:00Z", []int64{7}},
		{"2026-06-15T09:00:00Z", []int64{7, 9}},
	}
	if len(got) != len(want) {
		t.Fatalf("got %d slots %v, want %d", len(got), got, len(want))
	}
	for i, w := range want {
		if !got[i].Start.Equal(instant(t, w.start)) || !slices.Equal(got[i].StaffIDs, w.ids) {
			t.Errorf("slot %d = %v %v, want %s %v", i, got[i].Start.UTC(), got[i].StaffIDs, w.start, w.ids)
		}
	}
}

func TestSlotsGiveNothingForBadRulesAndSkipBadRanges(t *testing.T) {
	d := date(t, monday)
	st := Staff{ID: 1, Overrides: onlyOn(d, "09:00-10:00", "11:00-10:00", "25:00-26:00", "9:00-12:00")}
	for _, r := range []Rules{
		{}, {Duration: -time.Hour}, {Duration: time.Hour, Interval: -1}, {Duration: time.Hour, BufferAfter: -1},
		{Duration: time.Hour, MinNotice: -1}, {Duration: time.Hour, Window: -1}, {Duration: time.Hour, MaxPerDay: -1},
	} {
		if r.Validate() == nil {
			t.Errorf("%+v validated", r)
		}
		if got := Slots(dayQuery(t, time.UTC, d, r, st)); got != nil {
			t.Errorf("Slots with %+v = %v, want none", r, got)
		}
		if _, ok := First(dayQuery(t, time.UTC, d, r, st)); ok {
			t.Errorf("First with %+v found a slot", r)
		}
	}
	got := Slots(dayQuery(t, time.UTC, d, Rules{Duration: time.Hour}, st))
	if s := localStarts(got, time.UTC); !equalStrings(s, []string{"2026-06-15T09:00:00Z"}) {
		t.Fatalf("starts = %v, want only the valid range", s)
	}
}

func TestSlotsDoNotReorderTheCallersBusyIntervals(t *testing.T) {
	busy := []Interval{
		{Start: instant(t, "2026-06-15T11:00:00Z"), End: instant(t, "2026-06-15T12:00:00Z")},
		{Start: instant(t, "2026-06-15T09:00:00Z"), End: instant(t, "2026-06-15T10:00:00Z")},
	}
	before := slices.Clone(busy)
	st := Staff{ID: 1, Weekly: everyDay("08:00-18:00"), Busy: busy}
	Slots(dayQuery(t, time.UTC, date(t, monday), Rules{Duration: time.Hour}, st))
	if !slices.Equal(busy, before) {
		t.Fatal("Slots reordered Staff.Busy")
	}
}

func TestFirstFindsASlotWeeksAhead(t *testing.T) {
	berlin, tokyo := zone(t, "Europe/Berlin"), zone(t, "Asia/Tokyo")
	now := instant(t, "2026-03-02T08:00:00Z")
	closedUntil := func(loc *time.Location, open string) []Override {
		var o []Override
		for d := DateOf(now, loc).AddDays(-1); d.Compare(date(t, open)) < 0; d = d.AddDays(1) {
			o = append(o, Override{Date: d, Closed: true})
		}
		return o
	}
	staff := []Staff{
		{ID: 2, Zone: berlin, Weekly: everyDay("10:00-17:00"), Overrides: closedUntil(berlin, "2026-04-20")},
		{ID: 1, Zone: tokyo, Weekly: everyDay("16:00-18:00"), Overrides: closedUntil(tokyo, "2026-04-20")},
		{ID: 3, Zone: tokyo, Weekly: everyDay("17:00-18:00"), Overrides: closedUntil(tokyo, "2026-04-20")},
	}
	q := Query{Rules: Rules{Duration: time.Hour}, Staff: staff, From: now, To: now.AddDate(1, 0, 0), Now: now}
	got, ok := First(q)
	// 2026-04-20 16:00 JST is 07:00Z; 17:00 JST (08:00Z) is shared by 1 and 3,
	// but 07:00Z is earlier.
	if !ok || !got.Start.Equal(instant(t, "2026-04-20T07:00:00Z")) || !slices.Equal(got.StaffIDs, []int64{1}) {
		t.Fatalf("First = %v %v %v, want 2026-04-20T07:00Z [1]", got.Start.UTC(), got.StaffIDs, ok)
	}
	// Every member free at the first instant is listed.
	staff[2].Weekly = everyDay("16:00-17:00")
	got, ok = First(q)
	if !ok || !slices.Equal(got.StaffIDs, []int64{1, 3}) {
		t.Fatalf("First = %v %v %v, want [1 3]", got.Start.UTC(), got.StaffIDs, ok)
	}
	if all := Slots(q); len(all) == 0 || !all[0].Start.Equal(got.Start) || !slices.Equal(all[0].StaffIDs, got.StaffIDs) {
		t.Fatalf("First disagrees with Slots: %v", all[:1])
	}
}

func TestFirstReportsNoneWithinTo(t *testing.T) {
	now := instant(t, "2026-03-02T08:00:00Z")
	busyYear := []Interval{{Start: now.AddDate(0, 0, -1), End: now.AddDate(1, 0, 1)}}
	tests := []struct {
		name  string
		staff []Staff
		to    time.Time
		rules Rules
	}{
		{"no staff", nil, now.AddDate(1, 0, 0), Rules{Duration: time.Hour}},
		{"no hours", []Staff{{ID: 1}}, now.AddDate(1, 0, 0), Rules{Duration: time.Hour}},
		{"booked solid for a year", []Staff{{ID: 1, Weekly: everyDay("00:00-24:00"), Busy: busyYear}}, now.AddDate(1, 0, 0), Rules{Duration: time.Hour}},
		{"open only after to", []Staff{{ID: 1, Weekly: map[time.Weekday][]LocalRange{time.Sunday: hours("09:00-10:00")}}}, instant(t, "2026-03-08T09:00:00Z"), Rules{Duration: time.Hour}},
		{"open only after the window", []Staff{{ID: 1, Weekly: map[time.Weekday][]LocalRange{time.Sunday: hours("09:00-10:00")}}}, now.AddDate(1, 0, 0), Rules{Duration: time.Hour, Window: 6 * 24 * time.Hour}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			q := Query{Rules: tt.rules, Staff: tt.staff, From: now, To: tt.to, Now: now}
			if s, ok := First(q); ok {
				t.Fatalf("First found %v", s.Start)
			}
		})
	}
}

func TestSlotsSurviveExtremeDurationsAndInstants(t *testing.T) {
	d := date(t, monday)
	at := func(clock string) time.Time { return instant(t, monday+"T"+clock+":00Z") }
	huge := time.Duration(1<<63 - 1)
	st := Staff{ID: 1, Overrides: onlyOn(d, "09:00-12:00", "14:00-16:00")}
	tests := []struct {
		name     string
		rules    Rules
		busy     []Interval
		from, to time.Time
		now      time.Time
		want     []string
	}{
		{"endless interval gives one start per range", Rules{Duration: time.Hour, Interval: huge}, nil, at("00:00"), at("23:00"), time.Time{}, []string{"09:00", "14:00"}},
		{"endless interval after from", Rules{Duration: time.Hour, Interval: huge}, nil, at("09:30"), at("23:00"), time.Time{}, []string{"14:00"}},
		{"endless duration fits nowhere", Rules{Duration: huge}, nil, at("00:00"), at("23:00"), time.Time{}, nil},
		{"endless buffers without bookings", Rules{Duration: time.Hour, BufferBefore: huge, BufferAfter: huge}, nil, at("00:00"), at("23:00"), time.Time{}, []string{"09:00", "10:00", "11:00", "14:00", "15:00"}},
		{"endless buffers meet a far booking", Rules{Duration: time.Hour, BufferAfter: huge}, []Interval{{Start: at("00:00").AddDate(200, 0, 0), End: at("01:00").AddDate(200, 0, 0)}}, at("00:00"), at("23:00"), time.Time{}, nil},
		{"zero from, far to, window from now", Rules{Duration: time.Hour, Window: 48 * time.Hour}, nil, time.Time{}, time.Date(9999, 1, 1, 0, 0, 0, 0, time.UTC), at("10:30"), []string{"11:00", "14:00", "15:00"}},
		{"the whole calendar", Rules{Duration: time.Hour}, []Interval{{Start: time.Time{}, End: at("10:00")}}, time.Time{}, time.Date(9999, 1, 1, 0, 0, 0, 0, time.UTC), time.Date(1900, 1, 1, 0, 0, 0, 0, time.UTC), []string{"10:00", "11:00", "14:00", "15:00"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st := st
			st.Busy = tt.busy
			q := Query{Rules: tt.rules, Staff: []Staff{st}, From: tt.from, To: tt.to, Now: tt.now}
			var clocks []string
			for _, s := range Slots(q) {
				clocks = append(clocks, s.Start.Format("15:04"))
			}
			if !equalStrings(clocks, tt.want) {
				t.Fatalf("starts = %v, want %v", clocks, tt.want)
			}
			f, ok := First(q)
			if ok != (len(tt.want) > 0) || ok && f.Start.Format("15:04") != tt.want[0] {
				t.Fatalf("First = %v %v", f.Start, ok)
			}
		})
	}
}

func TestSlotsListEachStaffIDOnceEvenWhenRepeated(t *testing.T) {
	d := date(t, monday)
	staff := []Staff{
		{ID: 4, Overrides: onlyOn(d, "09:00-10:00")},
		{ID: 2, Overrides: onlyOn(d, "09:00-10:00")},
		{ID: 4, Overrides: onlyOn(d, "09:00-11:00")},
	}
	got := Slots(dayQuery(t, time.UTC, d, Rules{Duration: time.Hour}, staff...))
	if len(got) != 2 || !slices.Equal(got[0].StaffIDs, []int64{2, 4}) || !slices.Equal(got[1].StaffIDs, []int64{4}) {
		t.Fatalf("slots = %v", got)
	}
}
