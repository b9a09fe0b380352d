package clock_test

import (
	"testing"
	"time"

	"slotwise/backend/internal/clock"
)

func TestParseShiftReadsYearsAndDurations(t *testing.T) {
	at := time.Date(2028, 2, 29, 12, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		in   string
		want time.Time
		bad  bool
	}{
		{"", at, false},
		{"1y", time.Date(2029, 3, 1, 12, 0, 0, 0, time.UTC), false},
		{"10y", time.Date(2038, 2, 28, 12, 0, 0, 0, time.UTC).AddDate(0, 0, 1), false},
		{"-2y", time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC), false},
		{"36h", at.Add(36 * time.Hour), false},
		{"a year", time.Time{}, true},
		{"1000y", time.Time{}, true},
	} {
		t.Run(tc.in, func(t *testing.T) {
			s, err := clock.ParseShift(tc.in)
			if (err != nil) != tc.bad {
				t.Fatalf("error %v, want one: %v", err, tc.bad)
			}
			if !tc.bad && !s.Apply(at).Equal(tc.want) {
				t.Errorf("%s from %s is %s, want %s", tc.in, at, s.Apply(at), tc.want)
			}
		})
	}
}

func TestStartingAtRunsOnFromItsStart(t *testing.T) {
	start := time.Date(2026, 12, 31, 23, 30, 0, 0, time.UTC)
	now := clock.StartingAt(start)
	if got := now(); got.Before(start) || got.Sub(start) > time.Minute {
		t.Errorf("a clock starting at %s reads %s", start, got)
	}
}

// A shift of a duration alone gives the time AddDate would (no monotonic
// reading, the same place), without its calendar arithmetic.
func TestAShiftWithoutYearsReadsAsAddDates(t *testing.T) {
	now := time.Now()
	for _, in := range []string{"", "36h", "-90m"} {
		s, err := clock.ParseShift(in)
		if err != nil {
			t.Fatal(err)
		}
		d, _ := time.ParseDuration(in + "0s")
		if got, want := s.Apply(now), now.AddDate(0, 0, 0).Add(d); got != want {
			t.Errorf("%q: %v, want %v", in, got, want)
		}
	}
}
