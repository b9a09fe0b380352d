package reminders_test

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"

	"slotwise/backend/internal/booking"
	"slotwise/backend/internal/content"
)

// Monday 29 March 2027, the day after Europe's spring change: 09:00 in
// Berlin is 07:00 UTC. demo-consultation reminds the booker 24 hours and
// 2 hours before, the staff an hour before, and follows up 2 hours after
// its 30 minutes.
const mondayAfterChange = "2027-03-29T09:00:00+02:00"

func TestEveryChangeOfABookingPlansItsRemindersInTheSameTransaction(t *testing.T) {
	consultation := []string{
		"follow_up 120 booker 2027-03-29 09:30",
		"reminder 120 booker 2027-03-29 05:00",
		"reminder 1440 booker 2027-03-28 07:00", // 09:00 on Sunday, after the change: 24 hours exactly
		"reminder 60 staff:%d 2027-03-29 06:00",
	}
	tests := []struct {
		name string
		// act books (and changes) a booking at the fixture's clock and
		// returns it.
		act  func(t *testing.T, f *fixture) *booking.Booking
		want []string // %d: the booking's person
	}{
		{"booked: each reminder, to each recipient, and the follow-up", func(t *testing.T, f *fixture) *booking.Booking {
			return mustBook(t, f, "demo-consultation", mondayAfterChange)
		}, consultation},
		{"booked 2½ hours before: the reminders already past are not written", func(t *testing.T, f *fixture) *booking.Booking {
			f.clock.Set(utc("2027-03-29 04:30"))
			return mustBook(t, f, "demo-consultation", mondayAfterChange)
		}, []string{"follow_up 120 booker 2027-03-29 09:30", "reminder 120 booker 2027-03-29 05:00", "reminder 60 staff:%d 2027-03-29 06:00"}},
		{"rescheduled: the old reminders go, the new time's come", func(t *testing.T, f *fixture) *booking.Booking {
			b, token := mustBookToken(t, f, "demo-consultation", mondayAfterChange)
			moved, err := f.bookings.Reschedule(context.Background(), booking.RescheduleCommand{ID: b.ID, Token: token,
				Start: "2027-03-30T14:00:00+02:00", TimeZone: "Europe/Berlin"})
			if err != nil {
				t.Fatal(err)
			}
			return moved
		}, []string{"follow_up 120 booker 2027-03-30 14:30", "reminder 120 booker 2027-03-30 10:00",
			"reminder 1440 booker 2027-03-29 12:00", "reminder 60 staff:%d 2027-03-30 11:00"}},
		{"cancelled: none", func(t *testing.T, f *fixture) *booking.Booking {
			b, token := mustBookToken(t, f, "demo-consultation", mondayAfterChange)
			c, err := f.bookings.Cancel(context.Background(), booking.CancelCommand{ID: b.ID, Token: token})
			if err != nil {
				t.Fatal(err)
			}
			return c
		}, nil},
		{"a request: none before the business confirms", func(t *testing.T, f *fixture) *booking.Booking {
			return mustBook(t, f, "facial-treatment", mondayAfterChange)
		}, nil},
		{"a request confirmed: its reminders", func(t *testing.T, f *fixture) *booking.Booking {
			b := mustBook(t, f, "facial-treatment", mondayAfterChange)
			c, err := f.bookings.DecideAsBusiness(context.Background(), booking.DecideCommand{ID: b.ID, Confirm: true})
			if err != nil {
				t.Fatal(err)
			}
			return c
		}, []string{"reminder 1440 booker 2027-03-28 07:00"}},
		{"a request declined: none", func(t *testing.T, f *fixture) *booking.Booking {
			b := mustBook(t, f, "facial-treatment", mondayAfterChange)
			c, err := f.bookings.DecideAsBusiness(context.Background(), booking.DecideCommand{ID: b.ID, Confirm: false})
			if err != nil {
				t.Fatal(err)
			}
			return c
		}, nil},
		{"held for its payment: none", func(t *testing.T, f *fixture) *booking.Booking {
			return mustBook(t, f, "demo-paid", mondayAfterChange)
		}, nil},
		{"paid: its reminders", func(t *testing.T, f *fixture) *booking.Booking {
			b := mustBook(t, f, "demo-paid", mondayAfterChange)
			err := pgx.BeginFunc(context.Background(), f.pool, func(tx pgx.Tx) error {
				_, _, err := f.bookings.RecordPayment(context.Background(), tx, b.ID, b.Money.PayNow)
				return err
			})
			if err != nil {
				t.Fatal(err)
			}
			return b
		}, []string{"reminder 1440 booker 2027-03-28 07:00"}},
		{"the calendar's reminders changed: future rows follow", func(t *testing.T, f *fixture) *booking.Booking {
			b := mustBook(t, f, "demo-consultation", mondayAfterChange)
			setReminders(t, f, "demo-consultation", []content.Reminder{{Before: "2d", To: "booker"}}, nil)
			return b
		}, []string{"reminder 2880 booker 2027-03-27 07:00"}}, // Saturday 08:00 before the change: 48 hours exactly
		{"the calendar's reminders turned off: none", func(t *testing.T, f *fixture) *booking.Booking {
			b := mustBook(t, f, "demo-consultation", mondayAfterChange)
			setReminders(t, f, "demo-consultation", []content.Reminder{}, nil)
			return b
		}, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture(t, utc("2027-03-26 10:00"))
			b := tc.act(t, f)
			want := make([]string, len(tc.want))
			for i, w := range tc.want {
				want[i] = w
				if strings.Contains(w, "%d") {
					want[i] = fmt.Sprintf(w, b.Staff.ID)
				}
			}
			slices.Sort(want)
			if got := f.due(t, b.ID); !slices.Equal(got, want) {
				t.Errorf("due rows:\n got %q\nwant %q", got, want)
			}
		})
	}
}

func TestGuestsWithTheirOwnAddressAreRemindedAndEachPersonOfACollectiveBooking(t *testing.T) {
	f := newFixture(t, utc("2027-03-26 10:00"))
	ctx := context.Background()
	setReminders(t, f, "demo-yoga", []content.Reminder{{Before: "24h", To: "booker"}}, nil)
	b, _, err := f.bookings.Book(ctx, booking.BookCommand{Calendar: "demo-yoga", Start: mondayAfterChange, TimeZone: "Europe/Berlin",
		Contact: ada(), Guests: []booking.Guest{{Name: "Grace", Email: "grace@example.com"}, {Name: "Alan", Email: "Alan@Example.com"}}})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"reminder 1440 booker 2027-03-28 07:00", "reminder 1440 guest:alan@example.com 2027-03-28 07:00",
		"reminder 1440 guest:grace@example.com 2027-03-28 07:00"}
	if got := f.due(t, b.ID); !slices.Equal(got, want) {
		t.Errorf("a class seat with guests:\n got %q\nwant %q", got, want)
	}

	setReminders(t, f, "demo-duo", []content.Reminder{{Before: "1h", To: "staff"}}, nil)
	duo := mustBook(t, f, "demo-duo", "2027-03-29T13:00:00+02:00")
	if got := f.due(t, duo.ID); len(got) != 2 {
		t.Errorf("a collective booking reminds each of its people: %q", got)
	}
}

func mustBook(t *testing.T, f *fixture, calendar, start string) *booking.Booking {
	t.Helper()
	b, _ := mustBookToken(t, f, calendar, start)
	return b
}

func mustBookToken(t *testing.T, f *fixture, calendar, start string) (*booking.Booking, string) {
	t.Helper()
	b, token, err := f.bookings.Book(context.Background(), booking.BookCommand{Calendar: calendar, Start: start,
		TimeZone: "Europe/Berlin", Contact: ada(), AcceptTerms: true})
	if err != nil {
		t.Fatalf("booking %s at %s: %v", calendar, start, err)
	}
	return b, token
}

// setReminders changes a calendar's reminders and follow-up through the
// admin API's content service, on the fixture's clock.
func setReminders(t *testing.T, f *fixture, slug string, rs []content.Reminder, follow *content.FollowUp) {
	t.Helper()
	ctx := context.Background()
	site, err := content.Load(ctx, f.pool)
	if err != nil {
		t.Fatal(err)
	}
	var cal *content.Calendar
	for i := range site.Calendars {
		if site.Calendars[i].Slug == slug {
			cal = &site.Calendars[i]
		}
	}
	cal.Reminders, cal.FollowUp = rs, follow
	body, _ := json.Marshal(cal)
	kind, _ := content.KindNamed("calendars")
	svc := content.NewService(f.pool, nil, nil, nil)
	svc.SetClock(f.clock.Now)
	if _, err := svc.Put(ctx, content.Change{Kind: kind, Key: slug, Body: body}); err != nil {
		t.Fatal(err)
	}
}
