package availability

import (
	"testing"
	"time"
)

func TestParseDateAcceptsOnlyRealStrictDates(t *testing.T) {
	tests := []struct {
		in   string
		want Date
		ok   bool
	}{
		{"2026-03-08", Date{2026, time.March, 8}, true},
		{"2024-02-29", Date{2024, time.February, 29}, true},
		{"2000-02-29", Date{2000, time.February, 29}, true},
		{"2026-12-31", Date{2026, time.December, 31}, true},
		{"2026-02-29", Date{}, false},
		{"1900-02-29", Date{}, false},
		{"2026-04-31", Date{}, false},
		{"2026-13-01", Date{}, false},
		{"2026-00-10", Date{}, false},
		{"2026-01-00", Date{}, false},
		{"2026-1-01", Date{}, false},
		{"2026-01-1", Date{}, false},
		{"26-01-01", Date{}, false},
		{"2026/01/01", Date{}, false},
		{"2026-01-01T00:00", Date{}, false},
		{" 2026-01-01", Date{}, false},
		{"2026-+1-01", Date{}, false},
		{"", Date{}, false},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, err := ParseDate(tt.in)
			if (err == nil) != tt.ok {
				t.Fatalf("ParseDate(%q) error = %v, want ok=%v", tt.in, err, tt.ok)
			}
			if tt.ok && (got != tt.want || got.String() != tt.in) {
				t.Fatalf("ParseDate(%q) = %v (%s), want %v", tt.in, got, got, tt.want)
			}
		})
	}
}

func TestDateArithmeticMatchesTheTimePackage(t *testing.T) {
	start := time.Date(1899, time.December, 25, 12, 0, 0, 0, time.UTC)
	d0 := Date{1899, time.December, 25}
	for n := 0; n < 200*366; n += 7 {
		tm := start.AddDate(0, 0, n)
		want := Date{tm.Year(), tm.Month(), tm.Day()}
		got := d0.AddDays(n)
		if got != want {
			t.Fatalf("%v.AddDays(%d) = %v, want %v", d0, n, got, want)
		}
		if got.Weekday() != tm.Weekday() {
			t.Fatalf("%v.Weekday() = %v, want %v", got, got.Weekday(), tm.Weekday())
		}
		if back := got.AddDays(-n); back != d0 {
			t.Fatalf("%v.AddDays(%d) = %v, want %v", got, -n, back, d0)
		}
	}
}

func TestDateAddDaysCrossesMonthsYearsAndLeapDays(t *testing.T) {
	tests := []struct {
		from string
		n    int
		want string
	}{
		{"2026-01-31", 1, "2026-02-01"},
		{"2026-02-28", 1, "2026-03-01"},
		{"2024-02-28", 1, "2024-02-29"},
		{"2026-12-31", 1, "2027-01-01"},
		{"2026-03-01", -1, "2026-02-28"},
		{"2026-01-01", 365, "2027-01-01"},
		{"2026-06-15", 0, "2026-06-15"},
	}
	for _, tt := range tests {
		if got := date(t, tt.from).AddDays(tt.n).String(); got != tt.want {
			t.Errorf("%s + %d days = %s, want %s", tt.from, tt.n, got, tt.want)
		}
	}
	if got := (Date{2026, time.February, 30}).AddDays(0); got != (Date{2026, time.March, 2}) {
		t.Errorf("out-of-range day normalises to %v, want 2026-03-02", got)
	}
	if c := date(t, "2026-01-01").Compare(date(t, "2025-12-31")); c != 1 {
		t.Errorf("Compare = %d, want 1", c)
	}
}

func TestDateOfUsesTheZonesCalendar(t *testing.T) {
	at := instant(t, "2026-06-09T20:00:00Z")
	tests := []struct {
		zone *time.Location
		want string
	}{
		{nil, "2026-06-09"},
		{zone(t, "Pacific/Kiritimati"), "2026-06-10"},
		{zone(t, "Pacific/Pago_Pago"), "2026-06-09"},
		{zone(t, "Asia/Kolkata"), "2026-06-10"},
	}
	for _, tt := range tests {
		if got := DateOf(at, tt.zone).String(); got != tt.want {
			t.Errorf("DateOf(%v, %v) = %s, want %s", at, tt.zone, got, tt.want)
		}
	}
}
