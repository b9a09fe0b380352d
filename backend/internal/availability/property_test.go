package availability

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"
)

// propertyZones have quarter-hour offsets and transitions, which the
// quarter-hour oracle needs; between them they cover both hemispheres,
// 30- and 45-minute offsets, half-hour DST, midnight transitions and the
// date line.
var propertyZones = []string{
	"America/New_York", "Europe/Berlin", "Australia/Lord_Howe", "Pacific/Chatham",
	"Asia/Kolkata", "America/Santiago", "America/Havana", "Pacific/Kiritimati",
	"Australia/Adelaide", "America/Scoresbysund",
}

// TestSlotsObeyEveryRuleOnEveryDateOfTheYear builds random staff and rules
// for each zone, asks for a whole year, and compares the answer with a
// brute-force evaluation of rules 1–6 that converts wall times by scanning.
func TestSlotsObeyEveryRuleOnEveryDateOfTheYear(t *testing.T) {
	rng := rand.New(rand.NewPCG(2026, 11))
	oracles := map[string]*oracle{}
	for _, name := range propertyZones {
		oracles[name] = newOracle(zone(t, name))
	}
	// A fixed seed keeps failures reproducible; stopping early on a failure
	// changes later draws, so fix the first failure first.
	for round := range 3 {
		for i, name := range propertyZones {
			other := propertyZones[(i+1+rng.IntN(len(propertyZones)-1))%len(propertyZones)]
			t.Run(fmt.Sprintf("%d/%s+%s", round, name, other), func(t *testing.T) {
				propertyRound(t, rng, oracles, int64(100*round+i), name, other)
			})
		}
	}
}

func propertyRound(t *testing.T, rng *rand.Rand, oracles map[string]*oracle, id int64, name, other string) {
	loc := zone(t, name)
	r := randomRules(rng)
	from, to := DayRange(date(t, "2026-01-01"), date(t, "2026-12-31"), loc)
	now := from.Add(time.Duration(rng.IntN(72*60)-24*60) * time.Minute)
	staff := []Staff{
		randomStaff(t, rng, 2*id+1, loc, from),
		randomStaff(t, rng, 2*id, zone(t, other), from),
	}
	q := Query{Rules: r, Staff: staff, From: from, To: to, Now: now}
	got := Slots(q)
	want := bruteForce(t, q, []*oracle{oracles[name], oracles[other]})
	if len(want) < 50 {
		t.Fatalf("only %d expected slots: the random data is too sparse to test anything", len(want))
	}
	compareSlots(t, got, want)
	checkRules(t, q, got)

	first, ok := First(q)
	if !ok || !first.Start.Equal(want[0].Start) || !slices.Equal(first.StaffIDs, want[0].StaffIDs) {
		t.Fatalf("First = %v %v %v, want %v", first.Start, first.StaffIDs, ok, want[0])
	}
	// Sub-ranges see the same slots, cut at their bounds.
	for k := 0; k < 20; k++ {
		a := from.Add(time.Duration(rng.Int64N(int64(to.Sub(from)))))
		b := a.Add(time.Duration(rng.Int64N(int64(20 * 24 * time.Hour))))
		if b.After(to) {
			b = to
		}
		sub := q
		sub.From, sub.To = a, b
		var cut []Slot
		for _, s := range want {
			if !s.Start.Before(a) && s.Start.Before(b) {
				cut = append(cut, s)
			}
		}
		compareSlots(t, Slots(sub), cut)
		f, ok := First(sub)
		if ok != (len(cut) > 0) || ok && (!f.Start.Equal(cut[0].Start) || !slices.Equal(f.StaffIDs, cut[0].StaffIDs)) {
			t.Fatalf("First in [%v, %v) = %v %v %v, want %v", a, b, f.Start, f.StaffIDs, ok, cut[:min(1, len(cut))])
		}
	}
}

func randomRules(rng *rand.Rand) Rules {
	pick := func(ds ...time.Duration) time.Duration { return ds[rng.IntN(len(ds))] }
	return Rules{
		Duration:     pick(15*time.Minute, 30*time.Minute, 45*time.Minute, time.Hour, 90*time.Minute),
		Interval:     pick(0, 10*time.Minute, 15*time.Minute, 20*time.Minute, 30*time.Minute),
		BufferBefore: pick(0, 0, 5*time.Minute, 15*time.Minute),
		BufferAfter:  pick(0, 0, 10*time.Minute, 30*time.Minute),
		MinNotice:    pick(0, 2*time.Hour, 36*time.Hour),
		Window:       pick(0, 0, 200*24*time.Hour),
		MaxPerDay:    rng.IntN(4),
	}
}

// randomRanges returns up to three quarter-hour ranges, favouring starts in
// the small hours where transitions happen.
func randomRanges(rng *rand.Rand) []LocalRange {
	var out []LocalRange
	for n := rng.IntN(4); n > 0; n-- {
		a := rng.IntN(96)
		if rng.IntN(3) == 0 {
			a = rng.IntN(20) // 00:00–04:45
		}
		b := a + 1 + rng.IntN(96-a)
		out = append(out, LocalRange{From: clock(a * 15), To: clock(b * 15)})
	}
	return out
}

func clock(m int) string { return fmt.Sprintf("%02d:%02d", m/60, m%60) }

func randomStaff(t *testing.T, rng *rand.Rand, id int64, loc *time.Location, yearStart time.Time) Staff {
	st := Staff{ID: id, Zone: loc, Weekly: map[time.Weekday][]LocalRange{}, DayCounts: map[Date]int{}}
	for wd := time.Sunday; wd <= time.Saturday; wd++ {
		st.Weekly[wd] = randomRanges(rng)
	}
	st.Weekly[time.Weekday(rng.IntN(7))] = hours("00:00-24:00")
	first := DateOf(yearStart, loc)
	for k := 0; k < 60; k++ {
		d := first.AddDays(rng.IntN(370) - 2)
		st.Overrides = append(st.Overrides, Override{Date: d, Closed: rng.IntN(3) == 0, Hours: randomRanges(rng)})
	}
	for k := 0; k < 400; k++ {
		s := yearStart.Add(time.Duration(rng.IntN(370*24*12)-24*12) * 5 * time.Minute)
		st.Busy = append(st.Busy, Interval{Start: s, End: s.Add(time.Duration(rng.IntN(36)) * 5 * time.Minute)})
	}
	for k := 0; k < 80; k++ {
		st.DayCounts[first.AddDays(rng.IntN(366))] = rng.IntN(4)
	}
	return st
}

// bruteForce evaluates the rules directly: every date, every range, every
// step, every busy interval.
func bruteForce(t *testing.T, q Query, oracles []*oracle) []Slot {
	step := q.Interval
	if step == 0 {
		step = q.Duration
	}
	lo, hi := q.From, q.To
	if n := q.Now.Add(q.MinNotice); n.After(lo) {
		lo = n
	}
	if q.Window > 0 && q.Now.Add(q.Window).Before(hi) {
		hi = q.Now.Add(q.Window)
	}
	free := map[time.Time][]int64{}
	for i, st := range q.Staff {
		o := oracles[i]
		busy := indexBusy(st.Busy)
		for d := DateOf(q.From, st.Zone).AddDays(-1); d.Compare(DateOf(q.To, st.Zone).AddDays(1)) <= 0; d = d.AddDays(1) {
			if q.MaxPerDay > 0 && st.DayCounts[d] >= q.MaxPerDay {
				continue
			}
			ranges := st.Weekly[d.Weekday()]
			for _, ov := range st.Overrides {
				if ov.Date == d {
					ranges = ov.Hours
					if ov.Closed {
						ranges = nil
					}
				}
			}
			seen := map[time.Time]bool{}
			for _, r := range ranges {
				a, _ := parseClock(r.From)
				b, _ := parseClock(r.To)
				rs, re := o.at(d, a), o.at(d, b)
				for s := rs; !s.Add(q.Duration).After(re); s = s.Add(step) {
					if s.Before(lo) || !s.Before(hi) || seen[s] {
						continue
					}
					if DateOf(s, st.Zone) != d {
						t.Fatalf("a start of %s falls on %s", d, DateOf(s, st.Zone))
					}
					ok := !busy.overlaps(Blocked(s, q.Rules))
					if ok {
						seen[s] = true
						free[s] = append(free[s], st.ID)
					}
				}
			}
		}
	}
	out := make([]Slot, 0, len(free))
	for s, ids := range free {
		slices.Sort(ids)
		out = append(out, Slot{Start: s, StaffIDs: ids})
	}
	slices.SortFunc(out, bySlotStart)
	return out
}

func compareSlots(t *testing.T, got, want []Slot) {
	t.Helper()
	for i := 0; i < len(got) || i < len(want); i++ {
		if i >= len(got) || i >= len(want) || !got[i].Start.Equal(want[i].Start) || !slices.Equal(got[i].StaffIDs, want[i].StaffIDs) {
			g, w := "none", "none"
			if i < len(got) {
				g = fmt.Sprint(got[i].Start.UTC(), got[i].StaffIDs)
			}
			if i < len(want) {
				w = fmt.Sprint(want[i].Start.UTC(), want[i].StaffIDs)
			}
			t.Fatalf("slot %d of %d (want %d): got %s, want %s", i, len(got), len(want), g, w)
		}
	}
}

// checkRules restates rules 3–6 on the answer alone.
func checkRules(t *testing.T, q Query, got []Slot) {
	t.Helper()
	byID := map[int64]Staff{}
	busy := map[int64]busyIndex{}
	for _, st := range q.Staff {
		byID[st.ID] = st
		busy[st.ID] = indexBusy(st.Busy)
	}
	for i, s := range got {
		if i > 0 && !got[i-1].Start.Before(s.Start) {
			t.Fatalf("slots out of order at %d", i)
		}
		if s.Start.Before(q.From) || !s.Start.Before(q.To) || s.Start.Before(q.Now.Add(q.MinNotice)) ||
			(q.Window > 0 && !s.Start.Before(q.Now.Add(q.Window))) {
			t.Fatalf("slot %v breaks the time bounds", s.Start)
		}
		if len(s.StaffIDs) == 0 || !slices.IsSorted(s.StaffIDs) || len(slices.Compact(slices.Clone(s.StaffIDs))) != len(s.StaffIDs) {
			t.Fatalf("slot %v staff %v", s.Start, s.StaffIDs)
		}
		for _, id := range s.StaffIDs {
			st := byID[id]
			if q.MaxPerDay > 0 && st.DayCounts[DateOf(s.Start, st.Zone)] >= q.MaxPerDay {
				t.Fatalf("slot %v breaks the daily limit of %d", s.Start, id)
			}
			if busy[id].overlaps(Blocked(s.Start, q.Rules)) {
				t.Fatalf("slot %v of %d overlaps a busy interval", s.Start, id)
			}
		}
	}
}

// overlaps tells whether two half-open intervals share an instant; an empty
// interval shares none, as with empty ranges in the database.
func overlaps(a, b Interval) bool {
	return a.Start.Before(a.End) && b.Start.Before(b.End) && a.Start.Before(b.End) && b.Start.Before(a.End)
}

// busyIndex files busy intervals under every UTC day they touch, so the
// brute force can check only a few of them per slot.
type busyIndex map[int64][]Interval

func indexBusy(busy []Interval) busyIndex {
	idx := busyIndex{}
	for _, b := range busy {
		for d := b.Start.Unix() / 86400; d <= b.End.Unix()/86400; d++ {
			idx[d] = append(idx[d], b)
		}
	}
	return idx
}

func (idx busyIndex) overlaps(blk Interval) bool {
	for d := blk.Start.Unix() / 86400; d <= blk.End.Unix()/86400; d++ {
		for _, b := range idx[d] {
			if overlaps(b, blk) {
				return true
			}
		}
	}
	return false
}
