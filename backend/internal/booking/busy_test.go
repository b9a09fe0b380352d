package booking_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"testing"
	"time"

	"slotwise/backend/internal/booking"
	"slotwise/backend/internal/db"
	"slotwise/backend/internal/db/dbtest"
	"slotwise/backend/internal/demo"
)

// ownBusy stores an event of a person's own calendar, as a calendar
// connection's sync does.
func ownBusy(t *testing.T, pool *db.Pool, staff int64, from, to string) {
	t.Helper()
	ctx := context.Background()
	id := "cc_test_" + from
	if _, err := pool.Exec(ctx, `INSERT INTO calendar_connections (id, staff_id, kind, url) VALUES ($1, $2, 'ics', 'https://calendar.example/feed.ics')`, id, staff); err != nil {
		t.Fatal(err)
	}
	if _, err := pool.Exec(ctx, `INSERT INTO connection_calendars (connection_id, url) VALUES ($1, 'https://calendar.example/feed.ics')`, id); err != nil {
		t.Fatal(err)
	}
	if _, err := pool.Exec(ctx, `INSERT INTO staff_busy (staff_id, connection_id, calendar_url, uid, span)
		VALUES ($1, $2, 'https://calendar.example/feed.ics', 'dentist', tstzrange($3::timestamptz, $4::timestamptz))`, staff, id, from, to); err != nil {
		t.Fatal(err)
	}
}

func TestOwnCalendarEventsBlockTimeButAreNoBookings(t *testing.T) {
	svc, pool, _ := newService(t)
	ctx := context.Background()
	jonas, mia := staffID(t, pool, "jonas"), staffID(t, pool, "mia")
	// Jonas sees his dentist 10:00–11:00 on Monday; Mia is free.
	ownBusy(t, pool, jonas, "2026-11-23T10:00:00+01:00", "2026-11-23T11:00:00+01:00")

	starts := func(staff int64) map[string]bool {
		res, err := svc.Slots(ctx, booking.SlotsQuery{Calendar: "facial-treatment", From: "2026-11-23", To: "2026-11-23", TimeZone: "Europe/Berlin", StaffID: staff})
		if err != nil {
			t.Fatal(err)
		}
		out := map[string]bool{}
		for _, d := range res.Days {
			for _, s := range d.Slots {
				out[s.Start.In(res.Zone).Format("15:04")] = true
			}
		}
		return out
	}
	jonasFree := starts(jonas)
	// A facial lasts 60 minutes with 15 after: 09:00 would run into 10:00.
	for at, want := range map[string]bool{"09:00": false, "09:30": false, "10:30": false, "11:00": true, "11:15": true} {
		if jonasFree[at] != want {
			t.Errorf("Jonas at %s free = %v, want %v", at, jonasFree[at], want)
		}
	}
	if !starts(mia)["10:00"] {
		t.Errorf("Mia is not offered 10:00; only Jonas is busy")
	}
	if !starts(0)["10:00"] {
		t.Errorf("any available is not offered 10:00 while Mia is free")
	}

	// Booking Jonas by name into his dentist's hour: Staff busy.
	named := facial("2026-11-23T10:00:00+01:00")
	named.StaffID = jonas
	if _, _, err := svc.Book(ctx, named); !errors.Is(err, booking.ErrStaffBusy) {
		t.Errorf("Jonas at his dentist's: %v, want ErrStaffBusy", err)
	}
	// Any available at 10:00 goes to Mia.
	b, _, err := svc.Book(ctx, facial("2026-11-23T10:00:00+01:00"))
	if err != nil || b.Staff.ID != mia {
		t.Fatalf("any available at 10:00: %v (staff %v), want Mia", err, b)
	}
	// The dentist is not a booking: Jonas still takes his four facials that day.
	for _, at := range []string{"11:00", "12:15", "13:30", "14:45"} {
		c := facial("2026-11-23T" + at + ":00+01:00")
		c.StaffID = jonas
		if _, _, err := svc.Book(ctx, c); err != nil {
			t.Errorf("Jonas at %s: %v", at, err)
		}
	}
}

// BenchmarkMonthOfSlotsWithOwnBusyTimes asks a month of one person's
// slots while their own calendars hold n events that month, read from
// PostgreSQL as every slots query reads them: 2,000, and 20,000, the most
// a person's calendars keep (calsync.MaxBusyPerStaff), all in that month.
// Budgets (make bench): under 5 ms and under 50 ms.
func BenchmarkMonthOfSlotsWithOwnBusyTimes(b *testing.B) {
	for _, n := range []int{2000, 20000} {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			pool := dbtest.New(b)
			ctx := context.Background()
			if err := demo.Seed(ctx, pool); err != nil {
				b.Fatal(err)
			}
			svc := booking.NewService(pool, slog.New(slog.NewTextHandler(io.Discard, nil)), booking.Options{})
			svc.SetClock(func() time.Time { return friday })
			var jonas int64
			if err := pool.QueryRow(ctx, `SELECT id FROM staff WHERE slug = 'jonas'`).Scan(&jonas); err != nil {
				b.Fatal(err)
			}
			if _, err := pool.Exec(ctx, `INSERT INTO calendar_connections (id, staff_id, kind, url) VALUES ('cc_bench', $1, 'ics', 'https://x.example/f.ics')`, jonas); err != nil {
				b.Fatal(err)
			}
			if _, err := pool.Exec(ctx, `INSERT INTO connection_calendars (connection_id, url) VALUES ('cc_bench', 'https://x.example/f.ics')`); err != nil {
				b.Fatal(err)
			}
			// n events spread over the month from Monday 23 November.
			every := 30 * 24 * 60 / n
			if _, err := pool.Exec(ctx, `INSERT INTO staff_busy (staff_id, connection_id, calendar_url, uid, span)
				SELECT $1, 'cc_bench', 'https://x.example/f.ics', 'e' || k,
					tstzrange(timestamptz '2026-11-23 07:00Z' + k * $3 * interval '1 minute', timestamptz '2026-11-23 07:00Z' + (k * $3 + $3 - 1) * interval '1 minute')
				FROM generate_series(0, $2 - 1) k`, jonas, n, every); err != nil {
				b.Fatal(err)
			}
			q := booking.SlotsQuery{Calendar: "demo-consultation", From: "2026-11-23", To: "2026-12-22", TimeZone: "Europe/Berlin", StaffID: jonas}
			for b.Loop() {
				if _, err := svc.Slots(ctx, q); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// A person's busy times are read by their bookings' starts near the range
// asked, not through their whole history: row security keeps the range's
// overlap out of an index condition, and the plan PostgreSQL makes once
// for any parameters (a prepared statement's) must still take the starts.
func TestAPersonsBusyTimesReadOnlyTheBookingsNearTheRange(t *testing.T) {
	_, pool, _ := newService(t)
	jonas := staffID(t, pool, "jonas")
	pastBookings(t, pool, jonas, 3000)
	from, to := time.Date(2026, 11, 23, 0, 0, 0, 0, time.UTC), time.Date(2026, 11, 30, 0, 0, 0, 0, time.UTC)
	plan := genericPlan(t, pool, booking.BusySQL([]string{"$6", "$7"}, "$4", "$5"),
		from, to, db.ThisBusiness, from.Add(-48*time.Hour), to.Add(24*time.Hour), jonas, staffID(t, pool, "mia"))
	removed := rowsRemoved(plan)
	if !strings.Contains(plan, "Index Only Scan using bookings_staff_starts") || !strings.Contains(plan, "starts_at > $4") || removed > 100 {
		t.Errorf("the busy times are not read by their starts (%d rows read and left):\n%s", removed, plan)
	}
}

// pastBookings gives a person n bookings of a day each from 2019 on: a
// history that a read of a week of theirs must not go through.
func pastBookings(t *testing.T, pool *db.Pool, staff int64, n int) {
	t.Helper()
	dbtest.AsOwner(t, pool, fmt.Sprintf(`
		INSERT INTO bookings (id, calendar_id, staff_id, status, starts_at, ends_at, blocked, booker_time_zone, locale,
		                      first_name, last_name, email, location_id)
		SELECT 'bk_history' || g, c.id, %d, 'scheduled', t.at, t.at + interval '1 hour', tstzrange(t.at, t.at + interval '1 hour'),
		       'Europe/Berlin', 'en', 'Past', 'Client ' || g, 'past' || g || '@example.com', c.location_id
		FROM calendars c CROSS JOIN generate_series(1, %d) g
		CROSS JOIN LATERAL (SELECT timestamptz '2019-01-01 09:00+00' + make_interval(days => g) AS at) t
		WHERE c.slug = 'facial-treatment';
		ANALYZE bookings`, staff, n))
}
