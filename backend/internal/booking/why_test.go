package booking_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"slotwise/backend/internal/booking"
)

// Every reason a time is not free is named, and a free time has none;
// whether it is free is what the booking pages say.
func TestWhyNotFreeNamesEveryReason(t *testing.T) {
	svc, pool, _ := newService(t)
	ctx := context.Background()
	jonas := staffID(t, pool, "jonas")
	at := func(s string) time.Time {
		v, err := time.Parse(time.RFC3339, s)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	// Monday 23 November, Berlin: Jonas has Ada at 14:00 for half an
	// hour, Grace held for her payment at 11:00, and his dentist in his
	// own calendar at 15:00.
	booked, _, err := svc.Book(ctx, booking.BookCommand{Calendar: "demo-consultation", Start: "2026-11-23T14:00:00+01:00", TimeZone: "Europe/Berlin", StaffID: jonas, Contact: ada()})
	if err != nil {
		t.Fatal(err)
	}
	grace := ada()
	grace.FirstName, grace.Email = "Grace", "grace@example.com"
	held, _, err := svc.Book(ctx, booking.BookCommand{Calendar: "demo-consultation", Start: "2026-11-23T11:00:00+01:00", TimeZone: "Europe/Berlin", StaffID: jonas, Contact: grace})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := pool.Exec(ctx, `UPDATE bookings SET status = 'pending' WHERE id = $1`, held.ID); err != nil {
		t.Fatal(err)
	}
	ownBusy(t, pool, jonas, "2026-11-23T15:00:00+01:00", "2026-11-23T16:00:00+01:00")

	tests := []struct {
		name, calendar, start string
		staff                 int64
		free                  bool
		want                  []string // codes, the calendar's then the person's
		booking               string   // the booking the first person's first reason names
	}{
		{"a free time", "demo-consultation", "2026-11-23T10:00:00+01:00", jonas, true, nil, ""},
		{"free with someone", "demo-consultation", "2026-11-23T14:00:00+01:00", 0, true, []string{booking.WhyBooked}, booked.ID},
		{"begun", "demo-consultation", "2026-11-19T10:00:00+01:00", jonas, false, []string{booking.WhyPast}, ""},
		{"too soon", "demo-consultation", "2026-11-20T12:00:00+01:00", jonas, false, []string{booking.WhyNotice}, ""},
		{"too far", "demo-consultation", "2027-01-25T10:00:00+01:00", jonas, false, []string{booking.WhyWindow}, ""},
		{"a Saturday", "demo-consultation", "2026-11-21T10:00:00+01:00", jonas, false, []string{booking.WhyHours}, ""},
		{"the evening", "demo-consultation", "2026-11-23T18:00:00+01:00", jonas, false, []string{booking.WhyHours}, ""},
		{"between two starts", "demo-consultation", "2026-11-23T10:10:00+01:00", jonas, false, []string{booking.WhyNotAStart}, ""},
		{"booked", "demo-consultation", "2026-11-23T14:00:00+01:00", jonas, false, []string{booking.WhyBooked}, booked.ID},
		{"held for a payment", "demo-consultation", "2026-11-23T11:00:00+01:00", jonas, false, []string{booking.WhyHeld}, held.ID},
		{"overlapping a booking", "demo-paid", "2026-11-23T13:00:00+01:00", jonas, false, []string{booking.WhyBooked}, booked.ID},
		{"its buffer reaching a booking", "demo-paid", "2026-11-23T12:45:00+01:00", jonas, false, []string{booking.WhyBuffer}, booked.ID},
		{"the own calendar", "demo-consultation", "2026-11-23T15:30:00+01:00", jonas, false, []string{booking.WhyOwnCalendar}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ans, err := svc.WhyNotFree(ctx, tt.calendar, tt.staff, at(tt.start))
			if err != nil {
				t.Fatal(err)
			}
			if ans.Free != tt.free {
				t.Errorf("free = %v, want %v", ans.Free, tt.free)
			}
			var got []string
			for _, r := range ans.Reasons {
				got = append(got, r.Code)
			}
			var first *booking.WhyReason
			for _, p := range ans.People {
				for i, r := range p.Reasons {
					got = append(got, r.Code)
					if first == nil {
						first = &p.Reasons[i]
					}
				}
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("reasons %v, want %v", got, tt.want)
			}
			if tt.booking != "" && (first == nil || first.Booking == nil || first.Booking.ID != tt.booking) {
				t.Errorf("the reason names %+v, want booking %s", first, tt.booking)
			}
		})
	}

	// The day's limit, and the own calendar's event by its server's name.
	if _, err := pool.Exec(ctx, `UPDATE calendars SET max_per_staff_per_day = 2 WHERE slug = 'demo-consultation'`); err != nil {
		t.Fatal(err)
	}
	ans, err := svc.WhyNotFree(ctx, "demo-consultation", jonas, at("2026-11-23T09:00:00+01:00"))
	if err != nil {
		t.Fatal(err)
	}
	if ans.Free || len(ans.People[0].Reasons) != 1 || ans.People[0].Reasons[0].Code != booking.WhyDailyLimit || ans.People[0].Reasons[0].Limit != 2 {
		t.Errorf("with two bookings of two a day: %+v", ans.People[0])
	}
	ans, _ = svc.WhyNotFree(ctx, "demo-paid", jonas, at("2026-11-23T15:00:00+01:00"))
	if r := ans.People[0].Reasons; len(r) == 0 || r[len(r)-1].Calendar != "calendar.example" {
		t.Errorf("the own calendar's event: %+v", r)
	}
}
