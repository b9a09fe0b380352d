package availability

import (
	"math/rand/v2"
	"testing"
	"time"
)

// BenchmarkMonthOfSlotsTenStaff2000Bookings is a busy calendar's month view:
// ten staff in three zones, weekday hours with a lunch break, 30-minute
// slots and 2000 bookings spread over the month (which includes the
// European spring-forward night).
func BenchmarkMonthOfSlotsTenStaff2000Bookings(b *testing.B) {
	zones := []*time.Location{zone(b, "Europe/Berlin"), zone(b, "Europe/London"), zone(b, "Asia/Kolkata")}
	weekdays := map[time.Weekday][]LocalRange{}
	for wd := time.Monday; wd <= time.Friday; wd++ {
		weekdays[wd] = hours("09:00-12:30", "13:30-17:00")
	}
	from, to := DayRange(date(b, "2026-03-01"), date(b, "2026-03-31"), zones[0])
	rng := rand.New(rand.NewPCG(7, 7))
	staff := make([]Staff, 10)
	for i := range staff {
		staff[i] = Staff{ID: int64(i + 1), Zone: zones[i%len(zones)], Weekly: weekdays, DayCounts: map[Date]int{}}
	}
	for k := 0; k < 2000; k++ {
		st := &staff[rng.IntN(len(staff))]
		s := from.Add(time.Duration(rng.Int64N(int64(to.Sub(from)/time.Minute))) * time.Minute)
		st.Busy = append(st.Busy, Interval{Start: s, End: s.Add(time.Duration(15+rng.IntN(60)) * time.Minute)})
		st.DayCounts[DateOf(s, st.Zone)]++
	}
	q := Query{
		Rules: Rules{Duration: 30 * time.Minute, BufferAfter: 5 * time.Minute},
		Staff: staff, From: from, To: to, Now: from.Add(-time.Hour),
	}
	if n := len(Slots(q)); n < 100 {
		b.Fatalf("only %d slots", n)
	}
	b.ReportAllocs()
	for b.Loop() {
		Slots(q)
	}
}

// BenchmarkFirstSlotAMonthAhead is "next available" over a year's window
// when the first free day is four weeks away.
func BenchmarkFirstSlotAMonthAhead(b *testing.B) {
	berlin := zone(b, "Europe/Berlin")
	now := instant(b, "2026-03-02T08:00:00Z")
	var closed []Override
	for d := DateOf(now, berlin).AddDays(-1); d.Compare(date(b, "2026-03-30")) < 0; d = d.AddDays(1) {
		closed = append(closed, Override{Date: d, Closed: true})
	}
	staff := make([]Staff, 5)
	for i := range staff {
		staff[i] = Staff{ID: int64(i + 1), Zone: berlin, Weekly: everyDay("09:00-17:00"), Overrides: closed}
	}
	q := Query{Rules: Rules{Duration: time.Hour}, Staff: staff, From: now, To: now.AddDate(1, 0, 0), Now: now}
	if _, ok := First(q); !ok {
		b.Fatal("no slot")
	}
	b.ReportAllocs()
	for b.Loop() {
		First(q)
	}
}
