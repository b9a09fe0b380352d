package icalbusy

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"
)

var berlin, _ = time.LoadLocation("Europe/Berlin")

// cal wraps VEVENT lines (and any VTIMEZONE) in a VCALENDAR, CRLF-ended.
func cal(lines ...string) string {
	all := append([]string{"BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN"}, lines...)
	all = append(all, "END:VCALENDAR")
	return strings.Join(all, "\r\n") + "\r\n"
}

func vevent(props ...string) []string {
	return append(append([]string{"BEGIN:VEVENT", "DTSTAMP:20260101T000000Z"}, props...), "END:VEVENT")
}

func join(parts ...[]string) []string {
	var out []string
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}

func utc(s string) time.Time {
	t, err := time.Parse("2006-01-02 15:04", s)
	if err != nil {
		panic(err)
	}
	return t
}

// spans writes busy intervals as "start–end" in UTC, for readable diffs.
func spans(bs []Busy) []string {
	out := make([]string, len(bs))
	for i, b := range bs {
		out[i] = b.Start.UTC().Format("2006-01-02 15:04") + "–" + b.End.UTC().Format("15:04")
	}
	return out
}

func TestExpandBlocksTheRightInstants(t *testing.T) {
	weeklyNY := vevent("UID:weekly", "DTSTART;TZID=America/New_York:20270301T090000",
		"DTEND;TZID=America/New_York:20270301T100000", "RRULE:FREQ=WEEKLY;BYDAY=MO")
	customZone := []string{
		"BEGIN:VTIMEZONE", "TZID:Office Time",
		"BEGIN:STANDARD", "DTSTART:16011028T030000", "RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10",
		"TZOFFSETFROM:+0200", "TZOFFSETTO:+0100", "END:STANDARD",
		"BEGIN:DAYLIGHT", "DTSTART:16010325T020000", "RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3",
		"TZOFFSETFROM:+0100", "TZOFFSETTO:+0200", "END:DAYLIGHT",
		"END:VTIMEZONE",
	}
	for _, tc := range []struct {
		name     string
		ics      string
		from, to string
		want     []string
	}{
		{
			name: "a weekly 09:00 in New York stays 09:00 there across both 2027 changes",
			ics:  cal(weeklyNY...),
			from: "2027-03-07 00:00", to: "2027-04-06 00:00",
			want: []string{
				"2027-03-08 14:00–15:00", // EST
				"2027-03-15 13:00–14:00", // EDT from 14 March; Berlin still on CET
				"2027-03-22 13:00–14:00",
				"2027-03-29 13:00–14:00", // Berlin on CEST from 28 March
				"2027-04-05 13:00–14:00",
			},
		},
		{
			name: "and back in November, a week after Europe",
			ics:  cal(weeklyNY...),
			from: "2027-10-25 00:00", to: "2027-11-16 00:00",
			want: []string{"2027-10-25 13:00–14:00", "2027-11-01 13:00–14:00", "2027-11-08 14:00–15:00", "2027-11-15 14:00–15:00"},
		},
		{
			name: "an EXDATE removes its occurrence",
			ics: cal(vevent("UID:weekly", "DTSTART;TZID=America/New_York:20270301T090000",
				"DTEND;TZID=America/New_York:20270301T100000", "RRULE:FREQ=WEEKLY;BYDAY=MO",
				"EXDATE;TZID=America/New_York:20270315T090000,20270322T090000")...),
			from: "2027-03-07 00:00", to: "2027-03-30 00:00",
			want: []string{"2027-03-08 14:00–15:00", "2027-03-29 13:00–14:00"},
		},
		{
			name: "a moved occurrence blocks its new time and frees its old one",
			ics: cal(join(weeklyNY,
				vevent("UID:weekly", "RECURRENCE-ID;TZID=America/New_York:20270315T090000",
					"DTSTART;TZID=America/New_York:20270316T150000", "DTEND;TZID=America/New_York:20270316T160000"))...),
			from: "2027-03-14 00:00", to: "2027-03-23 00:00",
			want: []string{"2027-03-16 19:00–20:00", "2027-03-22 13:00–14:00"},
		},
		{
			name: "a cancelled occurrence frees its time",
			ics: cal(join(weeklyNY,
				vevent("UID:weekly", "RECURRENCE-ID:20270315T130000Z", "STATUS:CANCELLED",
					"DTSTART;TZID=America/New_York:20270315T090000", "DTEND;TZID=America/New_York:20270315T100000"))...),
			from: "2027-03-14 00:00", to: "2027-03-23 00:00",
			want: []string{"2027-03-22 13:00–14:00"},
		},
		{
			name: "an all-day event is the whole day in the person's zone",
			ics:  cal(vevent("UID:day-off", "DTSTART;VALUE=DATE:20270402", "DTEND;VALUE=DATE:20270403")...),
			from: "2027-04-01 00:00", to: "2027-04-05 00:00",
			want: []string{"2027-04-01 22:00–22:00"},
		},
		{
			name: "a multi-day all-day event across the spring change lasts to the last midnight",
			ics:  cal(vevent("UID:trip", "DTSTART;VALUE=DATE:20270327", "DTEND;VALUE=DATE:20270329")...),
			from: "2027-03-20 00:00", to: "2027-04-05 00:00",
			want: []string{"2027-03-26 23:00–22:00"},
		},
		{
			name: "a weekly all-day event with a date EXDATE",
			ics: cal(vevent("UID:fridays", "DTSTART;VALUE=DATE:20270305", "RRULE:FREQ=WEEKLY;COUNT=3",
				"EXDATE;VALUE=DATE:20270312")...),
			from: "2027-03-01 00:00", to: "2027-04-01 00:00",
			want: []string{"2027-03-04 23:00–23:00", "2027-03-18 23:00–23:00"},
		},
		{
			name: "free and cancelled events do not block",
			ics: cal(join(
				vevent("UID:free", "TRANSP:TRANSPARENT", "DTSTART:20270310T090000Z", "DTEND:20270310T100000Z"),
				vevent("UID:off", "STATUS:CANCELLED", "DTSTART:20270310T110000Z", "DTEND:20270310T120000Z"),
				vevent("UID:busy", "TRANSP:OPAQUE", "STATUS:CONFIRMED", "DTSTART:20270310T130000Z", "DTEND:20270310T140000Z"))...),
			from: "2027-03-10 00:00", to: "2027-03-11 00:00",
			want: []string{"2027-03-10 13:00–14:00"},
		},
		{
			name: "an invitation the person declined does not block; one they accepted does",
			ics: cal(join(
				vevent("UID:no", "DTSTART:20270310T090000Z", "DTEND:20270310T100000Z",
					"ATTENDEE;PARTSTAT=DECLINED:mailto:Anna@Example.com"),
				vevent("UID:yes", "DTSTART:20270310T110000Z", "DTEND:20270310T120000Z",
					"ATTENDEE;PARTSTAT=ACCEPTED:mailto:anna@example.com", "ATTENDEE;PARTSTAT=DECLINED:mailto:bob@example.com"))...),
			from: "2027-03-10 00:00", to: "2027-03-11 00:00",
			want: []string{"2027-03-10 11:00–12:00"},
		},
		{
			name: "our own bookings do not block themselves",
			ics: cal(join(
				vevent("UID:bk_123@slotwise", "DTSTART:20270310T090000Z", "DTEND:20270310T100000Z"),
				vevent("UID:dentist", "DTSTART:20270310T110000Z", "DTEND:20270310T120000Z"))...),
			from: "2027-03-10 00:00", to: "2027-03-11 00:00",
			want: []string{"2027-03-10 11:00–12:00"},
		},
		{
			name: "a zone defined only by the file's VTIMEZONE",
			ics: cal(join(customZone,
				vevent("UID:w", "DTSTART;TZID=Office Time:20270322T090000", "DURATION:PT1H", "RRULE:FREQ=WEEKLY;COUNT=2"))...),
			from: "2027-03-20 00:00", to: "2027-04-05 00:00",
			want: []string{"2027-03-22 08:00–09:00", "2027-03-29 07:00–08:00"},
		},
		{
			name: "an Outlook zone name without its VTIMEZONE",
			ics:  cal(vevent("UID:o", "DTSTART;TZID=Eastern Standard Time:20270705T090000", "DURATION:PT30M")...),
			from: "2027-07-01 00:00", to: "2027-07-10 00:00",
			want: []string{"2027-07-05 13:00–13:30"},
		},
		{
			name: "a floating time is the person's wall clock",
			ics:  cal(vevent("UID:f", "DTSTART:20270705T090000", "DTEND:20270705T093000")...),
			from: "2027-07-01 00:00", to: "2027-07-10 00:00",
			want: []string{"2027-07-05 07:00–07:30"},
		},
		{
			name: "UNTIL in UTC ends a wall-clock rule on its last day",
			ics: cal(vevent("UID:u", "DTSTART;TZID=America/New_York:20270301T090000", "DURATION:PT1H",
				"RRULE:FREQ=DAILY;UNTIL=20270303T140000Z")...),
			from: "2027-03-01 00:00", to: "2027-03-10 00:00",
			want: []string{"2027-03-01 14:00–15:00", "2027-03-02 14:00–15:00", "2027-03-03 14:00–15:00"},
		},
		{
			name: "RDATE adds occurrences",
			ics: cal(vevent("UID:r", "DTSTART:20270301T090000Z", "DTEND:20270301T100000Z",
				"RDATE:20270305T090000Z,20270307T090000Z")...),
			from: "2027-03-01 00:00", to: "2027-03-10 00:00",
			want: []string{"2027-03-01 09:00–10:00", "2027-03-05 09:00–10:00", "2027-03-07 09:00–10:00"},
		},
		{
			name: "an old daily rule reaches the window; events outside it are left out",
			ics: cal(join(
				vevent("UID:d", "DTSTART:20000101T080000Z", "DTEND:20000101T083000Z", "RRULE:FREQ=DAILY"),
				vevent("UID:past", "DTSTART:20260101T080000Z", "DTEND:20260101T090000Z"))...),
			from: "2027-03-01 00:00", to: "2027-03-03 00:00",
			want: []string{"2027-03-01 08:00–08:30", "2027-03-02 08:00–08:30"},
		},
		{
			name: "an event that ends when the window starts does not touch it",
			ics:  cal(vevent("UID:e", "DTSTART:20270301T080000Z", "DTEND:20270302T000000Z")...),
			from: "2027-03-02 00:00", to: "2027-03-03 00:00",
			want: []string{},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, err := Read(strings.NewReader(tc.ics), 1<<20, Options{
				From: utc(tc.from), To: utc(tc.to), Zone: berlin,
				Addresses: []string{"anna@example.com"},
				Own:       func(uid string) bool { return strings.HasSuffix(uid, "@slotwise") },
			})
			if err != nil {
				t.Fatal(err)
			}
			got := spans(sortBusy(res.Busy))
			if fmt.Sprint(got) != fmt.Sprint(tc.want) {
				t.Errorf("busy\n got %v\nwant %v", got, tc.want)
			}
			if res.Skipped != 0 {
				t.Errorf("skipped %d events", res.Skipped)
			}
		})
	}
}

func sortBusy(bs []Busy) []Busy {
	out := append([]Busy(nil), bs...)
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && out[j].Start.Before(out[j-1].Start); j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out
}

func TestExpandSkipsUnreadableEventsAndKeepsTheRest(t *testing.T) {
	ics := cal(join(
		vevent("UID:bad", "DTSTART:tomorrow", "DTEND:20270301T100000Z"),
		vevent("UID:bad-rule", "DTSTART:20270301T090000Z", "DURATION:PT1H", "RRULE:FREQ=FORTNIGHTLY"),
		vevent("UID:good", "DTSTART:20270301T090000Z", "DTEND:20270301T100000Z"))...)
	res, err := Read(strings.NewReader(ics), 1<<20, Options{From: utc("2027-03-01 00:00"), To: utc("2027-03-02 00:00")})
	if err != nil {
		t.Fatal(err)
	}
	if got := spans(res.Busy); fmt.Sprint(got) != "[2027-03-01 09:00–10:00]" || res.Skipped != 2 {
		t.Errorf("busy %v, skipped %d; want the good event and 2 skipped", got, res.Skipped)
	}
}

func TestReadRefusesWhatIsNotACalendar(t *testing.T) {
	deep := "BEGIN:VCALENDAR\r\n" + strings.Repeat("BEGIN:X\r\n", 50) + strings.Repeat("END:X\r\n", 50) + "END:VCALENDAR\r\n"
	for _, tc := range []struct {
		name string
		data string
		want error
	}{
		{"an HTML login page", "<!doctype html><html><body>Sign in</body></html>", ErrNotCalendar},
		{"nothing", "", ErrNotCalendar},
		{"a file cut short", "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:x\r\n", ErrNotCalendar},
		{"components nested without end", deep, ErrNotCalendar},
		{"over the limit", cal(vevent("UID:big", "DESCRIPTION:"+strings.Repeat("x", 3000))...), ErrTooLarge},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Read(strings.NewReader(tc.data), 2048, Options{})
			if !errors.Is(err, tc.want) {
				t.Errorf("err = %v, want %v", err, tc.want)
			}
		})
	}
}

// FuzzRead: whatever the file, the read stays within its budget, and
// what it keeps is merged, in order, inside the window.
func FuzzRead(f *testing.F) {
	f.Add(cal(vevent("UID:w", "DTSTART;TZID=America/New_York:20270301T090000", "DURATION:PT1H", "RRULE:FREQ=WEEKLY;COUNT=5", "EXDATE:20270308T140000Z")...))
	f.Add(cal("BEGIN:VTIMEZONE", "TZID:X", "BEGIN:STANDARD", "DTSTART:16010101T000000", "TZOFFSETFROM:+0100", "TZOFFSETTO:+0100", "END:STANDARD", "END:VTIMEZONE"))
	f.Add(cal(vevent("UID:m", "DTSTART:20270301T000000Z", "DURATION:PT1H", "RRULE:FREQ=MINUTELY")...))
	f.Add(cal(vevent("UID:n", "DTSTART:20270301T000000Z", "DURATION:PT1H", "RRULE:FREQ=HOURLY;INTERVAL=24;BYHOUR=5")...))
	f.Fuzz(func(t *testing.T, data string) {
		budget := &Budget{Steps: 50_000, PerEvent: 5_000}
		opt := Options{From: utc("2027-03-01 00:00"), To: utc("2027-03-08 00:00"), Zone: berlin, Budget: budget, MaxIntervals: 20}
		res, err := Read(strings.NewReader(data), 1<<16, opt)
		if err != nil {
			return
		}
		// A step may overrun by a period's days or a look at a day's times.
		if budget.Steps < -(366 + 86400) {
			t.Fatalf("the budget overran: %d", budget.Steps)
		}
		if len(res.Busy) > opt.MaxIntervals+1 {
			t.Fatalf("%d intervals kept, at most %d", len(res.Busy), opt.MaxIntervals+1)
		}
		for i, b := range res.Busy {
			if !b.End.After(b.Start) || !b.End.After(opt.From) || !b.Start.Before(opt.To) {
				t.Fatalf("an interval outside the window or empty: %v", b)
			}
			if i > 0 && !b.Start.After(res.Busy[i-1].End) {
				t.Fatalf("intervals not merged: %v then %v", res.Busy[i-1], b)
			}
		}
	})
}
