package reminders_test

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"slotwise/backend/internal/db"
	"slotwise/backend/internal/db/dbtest"
	"slotwise/backend/internal/notify"
	"slotwise/backend/internal/reminders"
)

// dueTogether writes n bookings of demo-consultation half an hour apart
// from start, with their reminders all due at due: a morning after
// downtime, or a business that reminds everyone at once.
func dueTogether(tb testing.TB, f *fixture, n int, start, due time.Time) {
	tb.Helper()
	ctx := context.Background()
	_, err := f.pool.Exec(ctx, `
		INSERT INTO bookings (id, calendar_id, staff_id, status, starts_at, ends_at, blocked, booker_time_zone, locale,
			first_name, last_name, email, location)
		SELECT 'bk_bench' || lpad(i::text, 16, '0'), c.id, s.id, 'scheduled', t, t + interval '30 minutes',
			tstzrange(t, t + interval '30 minutes'), 'Europe/Berlin', 'en-US', 'Booker', i::text, 'booker' || i || '@example.com',
			'Lindenstraße 12, 10969 Berlin'
		FROM generate_series(0, $1 - 1) i
		CROSS JOIN LATERAL (SELECT $2::timestamptz + (i / 2) * interval '30 minutes' AS t) at
		JOIN calendars c ON c.slug = 'demo-consultation'
		JOIN staff s ON s.slug = CASE WHEN i % 2 = 0 THEN 'jonas' ELSE 'mia' END`, n, start)
	if err != nil {
		tb.Fatal(err)
	}
	if _, err := f.pool.Exec(ctx, `INSERT INTO reminders (kind, booking_id, offset_minutes, recipient, starts_at, due_at)
		SELECT 'reminder', id, 1440, 'booker', starts_at, $1 FROM bookings WHERE id LIKE 'bk_bench%'`, due); err != nil {
		tb.Fatal(err)
	}
}

// BenchmarkTenThousandDueReminders: 10,000 reminders fall due together;
// two replicas' workers put them all in the outbox (budget: 60 s).
func BenchmarkTenThousandDueReminders(b *testing.B) {
	const n = 10_000
	for range b.N {
		b.StopTimer()
		f := newFixture(b, utc("2027-03-26 10:00"))
		dueTogether(b, f, n, utc("2027-03-29 07:00"), utc("2027-03-28 07:00"))
		f.clock.Set(utc("2027-03-28 07:00"))
		b.StartTimer()
		began := time.Now() // real time: the budget is the wall clock
		var wg sync.WaitGroup
		for range 2 {
			w := f.worker()
			wg.Go(func() {
				if _, err := w.SendDue(context.Background()); err != nil {
					b.Error(err)
				}
			})
		}
		wg.Wait()
		took := time.Since(began) // real time: see above
		b.StopTimer()
		if got := len(f.mails(b, notify.KindReminder)); got != n {
			b.Fatalf("%d in the outbox, want %d", got, n)
		}
		b.ReportMetric(took.Seconds(), "s/10k")
	}
}

// countingTracer counts the statements a pool runs.
type countingTracer struct {
	mu    sync.Mutex
	sql   []string
	args  [][]any
	count int
}

func (c *countingTracer) TraceQueryStart(ctx context.Context, _ *pgx.Conn, d pgx.TraceQueryStartData) context.Context {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.count++
	c.sql, c.args = append(c.sql, d.SQL), append(c.args, d.Args)
	return ctx
}

func (c *countingTracer) TraceQueryEnd(context.Context, *pgx.Conn, pgx.TraceQueryEndData) {}

// A statement sent for a business goes in a batch behind the setting that
// names it (db.Pool), in the same round trip: the setting is not counted.
func (c *countingTracer) TraceBatchStart(ctx context.Context, _ *pgx.Conn, _ pgx.TraceBatchStartData) context.Context {
	return ctx
}

func (c *countingTracer) TraceBatchQuery(_ context.Context, _ *pgx.Conn, d pgx.TraceBatchQueryData) {
	if strings.Contains(d.SQL, "set_config('slotwise.business'") {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.count++
	c.sql, c.args = append(c.sql, d.SQL), append(c.args, d.Args)
}

func (c *countingTracer) TraceBatchEnd(context.Context, *pgx.Conn, pgx.TraceBatchEndData) {}

// idleRound is what one round of a worker costs with nothing due among
// many rows done and some due later: its statements, and the plan of the
// one it runs.
func idleRound(tb testing.TB) (int, string) {
	tb.Helper()
	f := newFixture(tb, utc("2027-03-26 10:00"))
	ctx := context.Background()
	dueTogether(tb, f, 20_000, utc("2027-03-29 07:00"), utc("2027-03-28 07:00"))
	if _, err := f.pool.Exec(ctx, `UPDATE reminders SET state = 'sent', done_at = now() WHERE booking_id < 'bk_bench0000000000015000';
		UPDATE reminders SET due_at = starts_at - interval '1 day' WHERE state = 'due'`); err != nil {
		tb.Fatal(err)
	}
	dbtest.AsOwner(tb, f.pool, `ANALYZE reminders`) // the owner's to do
	cfg, err := pgxpool.ParseConfig(f.pool.Config().ConnString())
	if err != nil {
		tb.Fatal(err)
	}
	db.WorkAsApp(cfg)
	tracer := &countingTracer{}
	cfg.ConnConfig.Tracer = tracer
	traced, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		tb.Fatal(err)
	}
	defer traced.Close()
	if err := traced.Ping(ctx); err != nil { // connected, and working as the server's role
		tb.Fatal(err)
	}
	tracer.count, tracer.sql, tracer.args = 0, nil, nil
	w := &reminders.Worker{Pool: db.NewPool(traced), Bookings: f.bookings, Mailer: f.mailer, Now: f.clock.Now, Logger: quiet}
	if n, err := w.SendDue(ctx); err != nil || n != 0 {
		tb.Fatalf("an idle round sent %d: %v", n, err)
	}
	if tracer.count != 1 {
		return tracer.count, ""
	}
	rows, err := f.pool.Query(ctx, "EXPLAIN "+tracer.sql[0], tracer.args[0]...)
	if err != nil {
		tb.Fatal(err)
	}
	lines, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		tb.Fatal(err)
	}
	return tracer.count, strings.Join(lines, "\n")
}

func TestAnIdleRoundIsOneIndexedQuery(t *testing.T) {
	n, plan := idleRound(t)
	if n != 1 {
		t.Fatalf("an idle round ran %d statements, want 1", n)
	}
	if !strings.Contains(plan, "reminders_due") || strings.Contains(plan, "Seq Scan on reminders") {
		t.Errorf("the idle round does not read the due rows' index:\n%s", plan)
	}
}

// BenchmarkIdleRound reports the statements of an idle round (budget: 1).
func BenchmarkIdleRound(b *testing.B) {
	for range b.N {
		n, _ := idleRound(b)
		b.ReportMetric(float64(n), "queries/round")
	}
}
