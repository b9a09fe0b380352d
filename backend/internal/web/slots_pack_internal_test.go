package web

import (
	"reflect"
	"testing"
)

// A booking page's free times are packed to their times of day at the
// offset most of them share; what does not pack is left whole.
func TestABookingPagesFreeTimesArePackedToTheirTimesOfDay(t *testing.T) {
	next := "2027-01-04T09:00:00+01:00"
	for _, tt := range []struct {
		name   string
		slots  map[string][]string
		offset string
		want   map[string][]string
	}{
		{"a day at one offset", map[string][]string{"2026-12-01": {"2026-12-01T09:00:00+01:00", "2026-12-01T09:30:00+01:00"}},
			"+01:00", map[string][]string{"2026-12-01": {"09:00", "09:30"}}},
		{"the day the clocks go forward: the fewer are whole", map[string][]string{
			"2027-03-27": {"2027-03-27T10:00:00+01:00"},
			"2027-03-28": {"2027-03-28T01:30:00+01:00", "2027-03-28T03:30:00+02:00", "2027-03-28T04:00:00+02:00", "2027-03-28T04:30:00+02:00"}},
			"+02:00", map[string][]string{"2027-03-27": {"2027-03-27T10:00:00+01:00"}, "2027-03-28": {"2027-03-28T01:30:00+01:00", "03:30", "04:00", "04:30"}}},
		{"UTC", map[string][]string{"2026-12-01": {"2026-12-01T23:45:00Z"}}, "Z", map[string][]string{"2026-12-01": {"23:45"}}},
		{"seconds, or another day's start, left whole", map[string][]string{"2026-12-01": {"2026-12-01T09:00:30+01:00", "2026-12-02T00:15:00+01:00"}},
			"", map[string][]string{"2026-12-01": {"2026-12-01T09:00:30+01:00", "2026-12-02T00:15:00+01:00"}}},
		{"no free time", map[string][]string{"2026-12-02": {}}, "", map[string][]string{"2026-12-02": {}}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got := packSlots(SlotsResponse{TimeZone: "Europe/Berlin", Slots: tt.slots, Next: &next})
			if got.Suffix != ":00"+tt.offset || !reflect.DeepEqual(got.Slots, tt.want) || got.Next != &next || got.TimeZone != "Europe/Berlin" {
				t.Errorf("packed %q %v, want %q %v", got.Suffix, got.Slots, ":00"+tt.offset, tt.want)
			}
		})
	}
}
