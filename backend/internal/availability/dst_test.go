package availability

import (
	"testing"
	"time"
)

type dstCase struct {
	name, zone, day, span string
	dur                   time.Duration
	want                  []string // RFC 3339 in the staff's zone
}

func runDSTCases(t *testing.T, tests []dstCase) {
	t.Helper()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			loc := zone(t, tt.zone)
			d := date(t, tt.day)
			st := Staff{ID: 1, Zone: loc, Overrides: onlyOn(d, tt.span)}
			got := localStarts(Slots(dayQuery(t, loc, d, Rules{Duration: tt.dur}, st)), loc)
			if !equalStrings(got, tt.want) {
				t.Fatalf("%s %s %s:\n got %v\nwant %v", tt.zone, tt.day, tt.span, got, tt.want)
			}
		})
	}
}

func TestSlotsSkipTheSpringForwardGap(t *testing.T) {
	runDSTCases(t, []dstCase{
		{"New York night is 3 hours", "America/New_York", "2026-03-08", "00:00-04:00", time.Hour, []string{
			"2026-03-08T00:00:00-05:00", "2026-03-08T01:00:00-05:00", "2026-03-08T03:00:00-04:00"}},
		{"New York half hours", "America/New_York", "2026-03-08", "00:00-04:00", 30 * time.Minute, []string{
			"2026-03-08T00:00:00-05:00", "2026-03-08T00:30:00-05:00", "2026-03-08T01:00:00-05:00",
			"2026-03-08T01:30:00-05:00", "2026-03-08T03:00:00-04:00", "2026-03-08T03:30:00-04:00"}},
		{"New York range starting in the gap", "America/New_York", "2026-03-08", "02:30-04:00", time.Hour, []string{
			"2026-03-08T03:00:00-04:00"}},
		{"New York steps across the gap in real time", "America/New_York", "2026-03-08", "01:30-03:30", 30 * time.Minute, []string{
			"2026-03-08T01:30:00-05:00", "2026-03-08T03:00:00-04:00"}},
		{"Berlin night is 3 hours", "Europe/Berlin", "2026-03-29", "00:00-04:00", time.Hour, []string{
			"2026-03-29T00:00:00+01:00", "2026-03-29T01:00:00+01:00", "2026-03-29T03:00:00+02:00"}},
		{"Berlin range inside the gap is empty", "Europe/Berlin", "2026-03-29", "02:00-03:00", 15 * time.Minute, []string{}},
		{"Adelaide night is 3 hours", "Australia/Adelaide", "2026-10-04", "00:00-04:00", time.Hour, []string{
			"2026-10-04T00:00:00+09:30", "2026-10-04T01:00:00+09:30", "2026-10-04T03:00:00+10:30"}},
		{"Chatham loses an hour at 02:45", "Pacific/Chatham", "2026-09-27", "02:00-05:00", time.Hour, []string{
			"2026-09-27T02:00:00+12:45", "2026-09-27T04:00:00+13:45"}},
		{"Lord Howe loses half an hour", "Australia/Lord_Howe", "2026-10-04", "00:00-04:00", 30 * time.Minute, []string{
			"2026-10-04T00:00:00+10:30", "2026-10-04T00:30:00+10:30", "2026-10-04T01:00:00+10:30", "2026-10-04T01:30:00+10:30",
			"2026-10-04T02:30:00+11:00", "2026-10-04T03:00:00+11:00", "2026-10-04T03:30:00+11:00"}},
		{"Havana day starts at 01:00", "America/Havana", "2026-03-08", "00:00-03:00", time.Hour, []string{
			"2026-03-08T01:00:00-04:00", "2026-03-08T02:00:00-04:00"}},
		{"Scoresbysund day ends at 23:00", "America/Scoresbysund", "2026-03-28", "21:00-24:00", time.Hour, []string{
			"2026-03-28T21:00:00-02:00", "2026-03-28T22:00:00-02:00"}},
	})
}

func TestSlotsRepeatTheFallBackHour(t *testing.T) {
	runDSTCases(t, []dstCase{
		{"New York night is 5 hours", "America/New_York", "2026-11-01", "00:00-04:00", time.Hour, []string{
			"2026-11-01T00:00:00-04:00", "2026-11-01T01:00:00-04:00", "2026-11-01T01:00:00-05:00",
			"2026-11-01T02:00:00-05:00", "2026-11-01T03:00:00-05:00"}},
		{"New York range from the first 01:30", "America/New_York", "2026-11-01", "01:30-02:30", 30 * time.Minute, []string{
			"2026-11-01T01:30:00-04:00", "2026-11-01T01:00:00-05:00", "2026-11-01T01:30:00-05:00", "2026-11-01T02:00:00-05:00"}},
		{"Berlin night is 5 hours", "Europe/Berlin", "2026-10-25", "00:00-04:00", time.Hour, []string{
			"2026-10-25T00:00:00+02:00", "2026-10-25T01:00:00+02:00", "2026-10-25T02:00:00+02:00",
			"2026-10-25T02:00:00+01:00", "2026-10-25T03:00:00+01:00"}},
		{"Berlin 02:00-03:00 is two hours", "Europe/Berlin", "2026-10-25", "02:00-03:00", time.Hour, []string{
			"2026-10-25T02:00:00+02:00", "2026-10-25T02:00:00+01:00"}},
		{"Adelaide night is 5 hours", "Australia/Adelaide", "2026-04-05", "00:00-04:00", time.Hour, []string{
			"2026-04-05T00:00:00+10:30", "2026-04-05T01:00:00+10:30", "2026-04-05T02:00:00+10:30",
			"2026-04-05T02:00:00+09:30", "2026-04-05T03:00:00+09:30"}},
		{"Chatham gains an hour at 03:45", "Pacific/Chatham", "2026-04-05", "02:00-05:00", time.Hour, []string{
			"2026-04-05T02:00:00+13:45", "2026-04-05T03:00:00+13:45", "2026-04-05T03:00:00+12:45", "2026-04-05T04:00:00+12:45"}},
		{"Lord Howe gains half an hour", "Australia/Lord_Howe", "2026-04-05", "00:00-04:00", time.Hour, []string{
			"2026-04-05T00:00:00+11:00", "2026-04-05T01:00:00+11:00", "2026-04-05T01:30:00+10:30", "2026-04-05T02:30:00+10:30"}},
		{"Santiago repeats the hour before midnight", "America/Santiago", "2026-04-04", "22:00-24:00", time.Hour, []string{
			"2026-04-04T22:00:00-03:00", "2026-04-04T23:00:00-03:00", "2026-04-04T23:00:00-04:00"}},
	})
}

func TestSlotsOfAWholeDayCountItsRealHours(t *testing.T) {
	tests := []struct {
		zone, day   string
		dur         time.Duration
		count       int
		first, last string
	}{
		{"America/New_York", "2026-03-08", time.Hour, 23, "2026-03-08T00:00:00-05:00", "2026-03-08T23:00:00-04:00"},
		{"America/New_York", "2026-11-01", time.Hour, 25, "2026-11-01T00:00:00-04:00", "2026-11-01T23:00:00-05:00"},
		{"America/New_York", "2026-06-15", time.Hour, 24, "2026-06-15T00:00:00-04:00", "2026-06-15T23:00:00-04:00"},
		{"Europe/Berlin", "2026-03-29", time.Hour, 23, "2026-03-29T00:00:00+01:00", "2026-03-29T23:00:00+02:00"},
		{"Europe/Berlin", "2026-10-25", time.Hour, 25, "2026-10-25T00:00:00+02:00", "2026-10-25T23:00:00+01:00"},
		{"Australia/Lord_Howe", "2026-04-05", 30 * time.Minute, 49, "2026-04-05T00:00:00+11:00", "2026-04-05T23:30:00+10:30"},
		{"Australia/Lord_Howe", "2026-10-04", 30 * time.Minute, 47, "2026-10-04T00:00:00+10:30", "2026-10-04T23:30:00+11:00"},
		{"Pacific/Chatham", "2026-09-27", 15 * time.Minute, 92, "2026-09-27T00:00:00+12:45", "2026-09-27T23:45:00+13:45"},
		{"America/Havana", "2026-03-08", time.Hour, 23, "2026-03-08T01:00:00-04:00", "2026-03-08T23:00:00-04:00"},
		{"America/Santiago", "2026-04-04", time.Hour, 25, "2026-04-04T00:00:00-03:00", "2026-04-04T23:00:00-04:00"},
	}
	for _, tt := range tests {
		t.Run(tt.zone+" "+tt.day, func(t *testing.T) {
			loc := zone(t, tt.zone)
			d := date(t, tt.day)
			st := Staff{ID: 1, Zone: loc, Overrides: onlyOn(d, "00:00-24:00")}
			got := localStarts(Slots(dayQuery(t, loc, d, Rules{Duration: tt.dur}, st)), loc)
			if len(got) != tt.count || got[0] != tt.first || got[len(got)-1] != tt.last {
				t.Fatalf("got %d slots %s … %s, want %d %s … %s", len(got), got[0], got[len(got)-1], tt.count, tt.first, tt.last)
			}
		})
	}
}

func TestSlotsInHalfAndQuarterHourZones(t *testing.T) {
	runDSTCases(t, []dstCase{
		{"Kolkata +05:30", "Asia/Kolkata", "2026-03-08", "09:00-12:00", time.Hour, []string{
			"2026-03-08T09:00:00+05:30", "2026-03-08T10:00:00+05:30", "2026-03-08T11:00:00+05:30"}},
		{"Adelaide +10:30 in summer", "Australia/Adelaide", "2026-01-12", "09:00-11:00", time.Hour, []string{
			"2026-01-12T09:00:00+10:30", "2026-01-12T10:00:00+10:30"}},
		{"Adelaide +09:30 in winter", "Australia/Adelaide", "2026-07-13", "09:00-11:00", time.Hour, []string{
			"2026-07-13T09:00:00+09:30", "2026-07-13T10:00:00+09:30"}},
		{"Chatham +12:45", "Pacific/Chatham", "2026-06-15", "09:00-11:00", 45 * time.Minute, []string{
			"2026-06-15T09:00:00+12:45", "2026-06-15T09:45:00+12:45"}},
		{"Chatham +13:45", "Pacific/Chatham", "2026-01-12", "09:00-11:00", time.Hour, []string{
			"2026-01-12T09:00:00+13:45", "2026-01-12T10:00:00+13:45"}},
		{"Lord Howe +10:30", "Australia/Lord_Howe", "2026-06-15", "09:00-11:00", time.Hour, []string{
			"2026-06-15T09:00:00+10:30", "2026-06-15T10:00:00+10:30"}},
	})
	// The same instants, seen in UTC.
	kolkata := zone(t, "Asia/Kolkata")
	d := date(t, "2026-03-08")
	got := Slots(dayQuery(t, kolkata, d, Rules{Duration: time.Hour}, Staff{ID: 1, Zone: kolkata, Overrides: onlyOn(d, "09:00-10:00")}))
	if len(got) != 1 || got[0].Start.UTC().Format(time.RFC3339) != "2026-03-08T03:30:00Z" {
		t.Fatalf("Kolkata 09:00 = %v, want 03:30Z", got)
	}
}
