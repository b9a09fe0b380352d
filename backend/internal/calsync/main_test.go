package calsync_test

import (
	"context"
	"crypto/rand"
	"io"
	"log/slog"
	"strconv"
	"testing"
	"time"

	"slotwise/backend/internal/booking"
	"slotwise/backend/internal/calsync"
	"slotwise/backend/internal/db"
	"slotwise/backend/internal/db/dbtest"
	"slotwise/backend/internal/demo"
	"slotwise/backend/internal/seal"
)

func TestMain(m *testing.M) { dbtest.Main(m) }

// monday is the server's fixed time in these tests: busy times are read
// from the day before to the end of the longest booking window.
var monday = time.Date(2027, 3, 1, 8, 0, 0, 0, time.UTC)

// testKeys seal the tests' passwords: one random key per run.
var testKeys = func() *seal.Keyring {
	key := make([]byte, 32)
	_, _ = rand.Read(key)
	keys, err := seal.NewKeyring(key)
	if err != nil {
		panic(err)
	}
	return keys
}()

// testOptions are the service's options in these tests: the local servers
// are private addresses.
func testOptions() calsync.Options {
	return calsync.Options{Keys: testKeys, AllowPrivate: true, Log: slog.New(slog.NewTextHandler(io.Discard, nil))}
}

func newService(t *testing.T) (*calsync.Service, *db.Pool) { return newServiceTB(t) }

// newServiceWith is a second service on the same database, with the
// test's options changed by change, on the same clock.
func newServiceWith(pool *db.Pool, change func(*calsync.Options)) *calsync.Service {
	opt := testOptions()
	change(&opt)
	svc := calsync.NewService(pool, opt)
	svc.SetClock(func() time.Time { return monday })
	return svc
}

func newServiceTB(t testing.TB) (*calsync.Service, *db.Pool) {
	t.Helper()
	pool := dbtest.NewFilled(t, "demo", demo.Seed)
	svc := calsync.NewService(pool, testOptions())
	svc.SetClock(func() time.Time { return monday })
	return svc, pool
}

// busyOf lists a person's stored busy times as "start–end" in UTC.
func busyOf(t *testing.T, pool *db.Pool, staff string) []string {
	t.Helper()
	rows, err := pool.Query(context.Background(), `SELECT to_char(lower(span) AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI') || '–' || to_char(upper(span) AT TIME ZONE 'UTC', 'HH24:MI')
		FROM staff_busy b JOIN staff s ON s.id = b.staff_id WHERE s.slug = $1 ORDER BY lower(span)`, staff)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for rows.Next() {
		var s string
		_ = rows.Scan(&s)
		out = append(out, s)
	}
	return out
}

func mustCalendar(t *testing.T, bookings *booking.Service, slug string) *booking.Calendar {
	t.Helper()
	cal, err := bookings.Calendar(context.Background(), slug)
	if err != nil {
		t.Fatal(err)
	}
	return cal
}

func staffOf(t *testing.T, bookings *booking.Service, calendar, slug string) int64 {
	t.Helper()
	for _, s := range mustCalendar(t, bookings, calendar).Staff {
		if s.Slug == slug {
			return s.ID
		}
	}
	t.Fatalf("%s does not work in %s", slug, calendar)
	return 0
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }
