package availability

import (
	"testing"
	"time"
)

func TestGroupByDayPutsSlotsOnTheBookersDatesAcrossTheDateLine(t *testing.T) {
	kiritimati, pagoPago := zone(t, "Pacific/Kiritimati"), zone(t, "Pacific/Pago_Pago")
	// Staff work Wednesdays only; for the booker 25 hours behind, that is
	// Tuesday.
	staff := Staff{ID: 1, Zone: kiritimati, Weekly: map[time.Weekday][]LocalRange{time.Wednesday: hours("09:00-12:00")}}
	from, to := DayRange(date(t, "2026-06-08"), date(t, "2026-06-11"), pagoPago)
	slots := Slots(Query{Rules: Rules{Duration: time.Hour}, Staff: []Staff{staff}, From: from, To: to})
	days := GroupByDay(slots, pagoPago)
	if len(days) != 1 || days[0].Date.String() != "2026-06-09" {
		t.Fatalf("days = %v, want only 2026-06-09", days)
	}
	if days[0].Date.Weekday() != time.Tuesday {
		t.Errorf("booker's day is %v, want Tuesday", days[0].Date.Weekday())
	}
	want := []string{"2026-06-09T08:00:00-11:00", "2026-06-09T09:00:00-11:00", "2026-06-09T10:00:00-11:00"}
	if got := localStarts(days[0].Slots, pagoPago); !equalStrings(got, want) {
		t.Fatalf("slots = %v, want %v", got, want)
	}
	if got := GroupByDay(slots, kiritimati); len(got) != 1 || got[0].Date.String() != "2026-06-10" {
		t.Fatalf("in the staff's zone the day is %v, want 2026-06-10", got)
	}
}

func TestGroupByDayKeepsDateOrder(t *testing.T) {
	at := func(s string) Slot { return Slot{Start: instant(t, s), StaffIDs: []int64{1}} }
	berlin := zone(t, "Europe/Berlin")
	tests := []struct {
		name  string
		slots []Slot
		zone  *time.Location
		want  []string // date:count
	}{
		{"empty", nil, berlin, nil},
		{"midnight belongs to the new day", []Slot{at("2026-06-14T21:00:00Z"), at("2026-06-14T22:00:00Z"), at("2026-06-15T21:59:00Z")}, berlin,
			[]string{"2026-06-14:1", "2026-06-15:2"}},
		{"unsorted input is sorted", []Slot{at("2026-06-16T10:00:00Z"), at("2026-06-14T10:00:00Z"), at("2026-06-16T09:00:00Z")}, time.UTC,
			[]string{"2026-06-14:1", "2026-06-16:2"}},
		{"nil zone is UTC", []Slot{at("2026-06-14T23:30:00Z")}, nil, []string{"2026-06-14:1"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, d := range GroupByDay(tt.slots, tt.zone) {
				got = append(got, d.Date.String()+":"+string(rune('0'+len(d.Slots))))
				for i := 1; i < len(d.Slots); i++ {
					if d.Slots[i].Start.Before(d.Slots[i-1].Start) {
						t.Fatalf("day %s is not in order", d.Date)
					}
				}
			}
			if !equalStrings(got, tt.want) {
				t.Fatalf("days = %v, want %v", got, tt.want)
			}
		})
	}
}

func TestGroupByDayMergesADateTheClockReturnedTo(t *testing.T) {
	// St. John's turned its clocks back at 00:01 until 2011, so 2010-11-07
	// began, then 2010-11-06 came back for an hour.
	stJohns := zone(t, "America/St_Johns")
	var slots []Slot
	for u := instant(t, "2010-11-07T02:00:00Z"); u.Before(instant(t, "2010-11-07T04:30:00Z")); u = u.Add(15 * time.Minute) {
		slots = append(slots, Slot{Start: u})
	}
	days := GroupByDay(slots, stJohns)
	if len(days) != 2 || days[0].Date.String() != "2010-11-06" || days[1].Date.String() != "2010-11-07" {
		t.Fatalf("days = %v", days)
	}
	if len(days[0].Slots)+len(days[1].Slots) != len(slots) {
		t.Fatalf("lost slots")
	}
	for _, d := range days {
		for _, s := range d.Slots {
			if DateOf(s.Start, stJohns) != d.Date {
				t.Fatalf("%v grouped under %s", s.Start.In(stJohns), d.Date)
			}
		}
	}
}
