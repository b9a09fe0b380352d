package db_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/golang-migrate/migrate/v4"
	"github.com/golang-migrate/migrate/v4/source/iofs"
	"github.com/jackc/pgx/v5"

	"slotwise/backend/internal/db"
	"slotwise/backend/internal/db/dbtest"
	"slotwise/migrations"
)

// A one-off task is done once: recorded, it stays done, and recording it
// again is harmless.
func TestAnUpkeepTaskIsDoneOnce(t *testing.T) {
	pool := dbtest.New(t)
	ctx := testContext(t)
	for i, want := range []bool{false, true, true} {
		done, err := db.UpkeepDone(ctx, pool, "a task")
		if err != nil || done != want {
			t.Fatalf("round %d: done = %v, %v; want %v", i, done, err, want)
		}
		if err := db.MarkUpkeepDone(ctx, pool, "a task"); err != nil {
			t.Fatal(err)
		}
	}
}

// Reminders and agendas are planned as bookings and people are made, so a
// database without bookings never needs the plan of leftovers; one with
// bookings from before the upkeep table (an upgrade) is planned once.
func TestThePlanOfLeftoversIsDueOnlyWhereBookingsCameBeforeIt(t *testing.T) {
	ctx := testContext(t)
	t.Run("a new database", func(t *testing.T) {
		if done, err := db.UpkeepDone(ctx, dbtest.New(t), "plan leftovers"); err != nil || !done {
			t.Errorf("done = %v, %v; want done", done, err)
		}
	})
	t.Run("an upgrade with bookings", func(t *testing.T) {
		url := dbtest.EmptyURL(t)
		src, err := iofs.New(migrations.FS, ".")
		if err != nil {
			t.Fatal(err)
		}
		m, err := migrate.NewWithSourceInstance("iofs", src, "pgx5"+strings.TrimPrefix(url, "postgres"))
		if err != nil {
			t.Fatal(err)
		}
		defer m.Close()
		if err := m.Migrate(54); err != nil {
			t.Fatal(err)
		}
		oneBooking(ctx, t, url)
		if err := m.Up(); err != nil {
			t.Fatal(err)
		}
		conn, err := pgx.Connect(ctx, url)
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close(context.Background())
		var done bool
		if err := conn.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM upkeep WHERE task = 'plan leftovers')`).Scan(&done); err != nil || done {
			t.Errorf("done = %v, %v; want due", done, err)
		}
	})
}

// oneBooking writes a business with one booking, as a server before the
// upkeep table did (the migrations' owner, past the policies).
func oneBooking(ctx context.Context, t *testing.T, url string) {
	t.Helper()
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(context.Background())
	_, err = conn.Exec(ctx, `
		WITH l AS (INSERT INTO locations (slug, name, time_zone) VALUES ('old', 'Old', 'UTC') RETURNING id),
		c AS (INSERT INTO calendars (location_id, slug, name, duration_minutes) SELECT id, 'cut', 'Cut', 30 FROM l RETURNING id, location_id),
		s AS (INSERT INTO staff (location_id, slug, name, email, time_zone) SELECT id, 'ann', 'Ann', 'ann@example.com', 'UTC' FROM l RETURNING id)
		INSERT INTO bookings (id, location_id, calendar_id, staff_id, status, starts_at, ends_at, blocked, booker_time_zone, locale, first_name, last_name, email)
		SELECT 'bk_old', c.location_id, c.id, s.id, 'scheduled', now() + interval '1 day', now() + interval '1 day 30 minutes',
		       tstzrange(now() + interval '1 day', now() + interval '1 day 30 minutes'), 'UTC', 'en', 'Ada', 'L', 'ada@example.com' FROM c, s`)
	if err != nil {
		t.Fatal(errors.Join(errors.New("writing a booking"), err))
	}
}
