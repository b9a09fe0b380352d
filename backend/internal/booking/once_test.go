package booking_test

import (
	"context"
	"io"
	"log/slog"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"slotwise/backend/internal/booking"
	"slotwise/backend/internal/db"
)

// calendarReads counts the statements that read a whole calendar.
type calendarReads struct{ n atomic.Int64 }

func (c *calendarReads) TraceQueryStart(ctx context.Context, _ *pgx.Conn, data pgx.TraceQueryStartData) context.Context {
	if strings.Contains(data.SQL, "FROM calendars c JOIN locations l") {
		c.n.Add(1)
	}
	return ctx
}

func (c *calendarReads) TraceQueryEnd(context.Context, *pgx.Conn, pgx.TraceQueryEndData) {}

// A booking from a page reads its calendar once: whom it would mail (for
// the caller's limits), the live check of staff's calendars and the
// placement itself all use that one reading, as the page named it (a
// provider's page: a calendar and a person by their slugs).
func TestABookingReadsItsCalendarOnce(t *testing.T) {
	_, pool, _ := newService(t)
	ctx := context.Background()
	reads := &calendarReads{}
	cfg := pool.Config().Copy()
	cfg.ConnConfig.Tracer = reads
	traced, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(traced.Close)
	var asked, admitted []string
	svc := booking.NewService(db.NewPool(traced), slog.New(slog.NewTextHandler(io.Discard, nil)), booking.Options{
		Clock: func() time.Time { return friday },
		LiveCheck: func(_ context.Context, staff []int64, _, _ time.Time) []int64 {
			asked = append(asked, "asked")
			return nil
		},
	})
	cmd := booking.BookCommand{Calendar: "demo-consultation", Provider: "mia", Start: "2026-11-23T10:00:00+01:00", TimeZone: "Europe/Berlin", Contact: ada(),
		Admit: func(_ context.Context, booker string, guests []string) error {
			admitted = append(append(admitted, booker), guests...)
			return nil
		}}
	b, _, err := svc.Book(ctx, cmd)
	if err != nil {
		t.Fatal(err)
	}
	if n := reads.n.Load(); n != 1 {
		t.Errorf("the calendar was read %d times, want once", n)
	}
	if b.Staff.Slug != "mia" || len(asked) != 1 || len(admitted) != 1 || admitted[0] != "ada@example.com" {
		t.Errorf("booked %s, live checks %v, admitted %v", b.Staff.Slug, asked, admitted)
	}
}
