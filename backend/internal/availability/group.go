package availability

import (
	"slices"
	"time"
)

// Day is one of the booker's dates and its slots.
type Day struct {
	Date  Date
	Slots []Slot
}

// GroupByDay groups slots by their date in the booker's zone (UTC when nil),
// in date order, leaving out dates without slots. The days share the slots'
// backing array when slots is sorted by Start, as Slots returns it.
func GroupByDay(slots []Slot, zone *time.Location) []Day {
	if len(slots) == 0 {
		return nil
	}
	zone = orUTC(zone)
	if !slices.IsSortedFunc(slots, bySlotStart) {
		slots = slices.Clone(slots)
		slices.SortStableFunc(slots, bySlotStart)
	}
	dates := make([]Date, len(slots))
	monotone := true
	for i, s := range slots {
		dates[i] = DateOf(s.Start, zone)
		if i > 0 && dates[i].Compare(dates[i-1]) < 0 {
			monotone = false // a zone that once turned its clocks back across midnight
		}
	}
	if !monotone {
		idx := make([]int, len(slots))
		for i := range idx {
			idx[i] = i
		}
		slices.SortStableFunc(idx, func(a, b int) int { return dates[a].Compare(dates[b]) })
		sorted := make([]Slot, len(slots))
		sortedDates := make([]Date, len(slots))
		for i, k := range idx {
			sorted[i], sortedDates[i] = slots[k], dates[k]
		}
		slots, dates = sorted, sortedDates
	}
	var days []Day
	for i := 0; i < len(slots); {
		j := i + 1
		for j < len(slots) && dates[j] == dates[i] {
			j++
		}
		days = append(days, Day{Date: dates[i], Slots: slots[i:j:j]})
		i = j
	}
	return days
}

func bySlotStart(a, b Slot) int { return a.Start.Compare(b.Start) }
