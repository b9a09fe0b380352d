package availability

import (
	"testing"
	"time"
)

func TestWorkingTimeFollowsTheWeekTheOverridesAndTheClockChange(t *testing.T) {
	ny, _ := time.LoadLocation("America/New_York")
	s := Staff{Zone: ny,
		Weekly: map[time.Weekday][]LocalRange{time.Saturday: {{"09:00", "12:00"}}, time.Sunday: {{"00:00", "04:00"}, {"bad", "x"}}},
		Overrides: []Override{
			{Date: Date{2026, time.November, 7}, Closed: true},
			{Date: Date{2026, time.November, 14}, Hours: []LocalRange{{"10:00", "11:00"}}},
		}}
	tests := []struct {
		name     string
		from, to Date
		want     []time.Duration
	}{
		{"a closed override leaves the saturday out", Date{2026, time.November, 7}, Date{2026, time.November, 7}, nil},
		{"the fall-back night is five hours long", Date{2026, time.November, 1}, Date{2026, time.November, 1}, []time.Duration{5 * time.Hour}},
		{"other hours replace the week's", Date{2026, time.November, 14}, Date{2026, time.November, 14}, []time.Duration{time.Hour}},
		{"a week: saturday and sunday", Date{2026, time.November, 20}, Date{2026, time.November, 26}, []time.Duration{3 * time.Hour, 4 * time.Hour}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := WorkingTime(s, tt.from, tt.to)
			if len(got) != len(tt.want) {
				t.Fatalf("got %v, want lengths %v", got, tt.want)
			}
			for i, iv := range got {
				if iv.End.Sub(iv.Start) != tt.want[i] {
					t.Errorf("interval %d lasts %v, want %v", i, iv.End.Sub(iv.Start), tt.want[i])
				}
			}
		})
	}
}

func TestWithinNeedsOneWholeInterval(t *testing.T) {
	at := func(h int) time.Time { return time.Date(2026, 1, 5, h, 0, 0, 0, time.UTC) }
	in := []Interval{{at(9), at(12)}, {at(12), at(17)}}
	tests := []struct {
		name       string
		start, end time.Time
		want       bool
	}{
		{"inside the morning", at(9), at(10), true},
		{"to the morning's end", at(11), at(12), true},
		{"across two intervals", at(11), at(13), false},
		{"after the day", at(17), at(18), false},
	}
	for _, tt := range tests {
		if got := Within(tt.start, tt.end, in); got != tt.want {
			t.Errorf("%s: Within = %v, want %v", tt.name, got, tt.want)
		}
	}
}
