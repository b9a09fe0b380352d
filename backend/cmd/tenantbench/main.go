// Command tenantbench is make bench's deployment of many businesses.
//
//	tenantbench generate -db URL -businesses 10000 -bookings 200 -own 10000
//
// makes, in a database the demo was seeded into, the demo studio's
// bookings (-bookings of them, an hour apart over the coming weeks, on one
// person) and then as many copies of the studio as make -businesses in
// all: every row of every business table but its pictures, each copy with
// ids of its own (so one business's rows never share an index key with
// another's, as rows made by the server never do), named bench-N and
// answering on bN.bench.localhost, N being its number in the deployment.
// With -own, the demo studio itself then holds that many bookings (the
// dashboard's measure: a business with a long history, among many).
// It connects as a superuser (row security and session_replication_role
// ask for one), with triggers off (nothing of the
// copy is news to a running server), and VACUUMs and ANALYZEs at the
// end: a deployment that has run a while has, and autovacuum's first pass
// over two million new rows would otherwise run during the measurements.
//
//	tenantbench load -base URL -path P -first 3 -last 10000 -conns 20 -n 2000
//
// sends n GETs of path P, each to another business's host (all distinct
// while n is at most the businesses' count), and prints the latency. A
// {from} and {to} in P are today and four weeks on.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"slotwise/backend/internal/booking"
	"slotwise/backend/internal/db"
	"slotwise/backend/internal/loadtest"
)

func main() {
	if len(os.Args) < 2 || (os.Args[1] != "generate" && os.Args[1] != "load") {
		fmt.Fprintln(os.Stderr, "usage: tenantbench generate|load [flags]")
		os.Exit(2)
	}
	what := os.Args[1]
	os.Args = append(os.Args[:1], os.Args[2:]...)
	if what == "generate" {
		url := flag.String("db", "", "the database's URL, as its owner")
		total := flag.Int("businesses", 10000, "businesses in all, the demo's included")
		bookings := flag.Int("bookings", 200, "bookings of each business")
		own := flag.Int("own", 0, "bookings of the demo studio itself, made after the copies (0: -bookings)")
		flag.Parse()
		start := time.Now()
		if err := generate(context.Background(), *url, *total, *bookings, *own); err != nil {
			fmt.Fprintf(os.Stderr, "tenantbench: %v\n", err)
			os.Exit(1)
		}
		fmt.Printf("generated %d businesses with %d bookings each in %.0f s\n", *total, *bookings, time.Since(start).Seconds())
		return
	}
	c := loadtest.Flags(20, "concurrent clients", 2000, "requests, each to another business")
	path := flag.String("path", "/", "the path asked for; {from} and {to} are today and four weeks on")
	first := flag.Int("first", 3, "the first business's number")
	last := flag.Int("last", 10000, "the last business's number")
	label := flag.String("what", "requests", "what is measured")
	budget := flag.String("budget", "", "the budget, as printed")
	loadtest.Main("tenantbench", c, func() error { return load(c, *path, *first, *last, *label, *budget) })
}

// template is the business every copy is made of: the demo studio.
const template = "demo-studio"

// idStride sets each copy's ids apart: business N's are the template's
// plus N times it.
const idStride = 10_000_000

func generate(ctx context.Context, url string, total, bookings, own int) (err error) {
	pool, err := pgxpool.New(ctx, url)
	if err != nil {
		return err
	}
	defer pool.Close()
	var tmpl, have int64
	if err := pool.QueryRow(ctx, `SELECT id, (SELECT count(*) FROM locations) FROM locations WHERE slug = $1`, template).Scan(&tmpl, &have); err != nil {
		return fmt.Errorf("the demo is not seeded: %w", err)
	}
	if err := bookTemplate(ctx, pool, tmpl, bookings); err != nil {
		return err
	}
	// Every booking written here is planned (the template's, then copied
	// with its reminders): nothing is left for the server's first start.
	if err := db.MarkUpkeepDone(ctx, pool, booking.UpkeepPlans); err != nil {
		return err
	}
	first, last := have+1, int64(total)
	if own > bookings {
		// After the copies, which keep -bookings each.
		defer func() {
			if err == nil {
				err = bookTemplate(ctx, pool, tmpl, own)
			}
			if err == nil {
				_, err = pool.Exec(ctx, `VACUUM (ANALYZE) bookings`)
			}
		}()
	}
	if last < first {
		return nil
	}
	conn, err := pool.Acquire(ctx)
	if err != nil {
		return err
	}
	defer conn.Release()
	// Triggers off: no change notices, and the foreign keys, which the
	// copies keep by construction, are not checked row by row.
	if _, err := conn.Exec(ctx, `SET session_replication_role = replica`); err != nil {
		return err
	}
	if err := copyLocations(ctx, conn.Conn(), tmpl, first, last); err != nil {
		return err
	}
	tables, err := businessTables(ctx, conn.Conn())
	if err != nil {
		return err
	}
	for _, t := range tables {
		for from := first; from <= last; from += 1000 {
			to := min(from+999, last)
			if _, err := conn.Exec(ctx, t.copySQL(), tmpl, from, to); err != nil {
				return fmt.Errorf("copying %s: %w", t.name, err)
			}
		}
	}
	if _, err := conn.Exec(ctx, `INSERT INTO location_hosts (host, location_id, is_primary)
		SELECT 'b' || n || '.bench.localhost', n, true FROM generate_series($1::bigint, $2::bigint) n`, first, last); err != nil {
		return err
	}
	_, err = conn.Exec(ctx, `VACUUM (ANALYZE)`)
	return err
}

// bookTemplate books the template's first consultation's first person
// every hour from 9 to 17 (Berlin) of the coming days, and plans their
// reminders as the server would have.
func bookTemplate(ctx context.Context, pool *pgxpool.Pool, tmpl int64, n int) error {
	_, err := pool.Exec(ctx, `
		INSERT INTO bookings (id, calendar_id, staff_id, status, starts_at, ends_at, blocked, booker_time_zone, locale,
		                      first_name, last_name, email, location_id)
		SELECT 'bk_bench' || lpad(g::text, 5, '0'), c.id, s.staff_id, 'scheduled', t.at, t.at + make_interval(mins => c.duration_minutes),
		       tstzrange(t.at, t.at + make_interval(mins => c.duration_minutes)), 'Europe/Berlin', 'en',
		       'Bench', 'Booker ' || g, 'bench' || g || '@example.com', c.location_id
		FROM calendars c
		CROSS JOIN LATERAL (SELECT staff_id FROM calendar_staff WHERE calendar_id = c.id AND location_id = c.location_id ORDER BY staff_id LIMIT 1) s
		CROSS JOIN generate_series(0, $2 - 1) g
		CROSS JOIN LATERAL (SELECT (date_trunc('day', now() AT TIME ZONE 'Europe/Berlin') + make_interval(days => 1 + g / 8, hours => 9 + g % 8))
		                           AT TIME ZONE 'Europe/Berlin' AS at) t
		WHERE c.location_id = $1 AND c.slug = 'demo-consultation'
		ON CONFLICT DO NOTHING`, tmpl, n)
	if err != nil {
		return fmt.Errorf("booking the template: %w", err)
	}
	_, err = booking.PlanUnplanned(db.WithBusiness(ctx, tmpl), db.NewPool(pool), time.Now())
	return err
}

func copyLocations(ctx context.Context, conn *pgx.Conn, tmpl, first, last int64) error {
	cols, err := columns(ctx, conn, "locations")
	if err != nil {
		return err
	}
	var names, values []string
	for _, c := range cols {
		names = append(names, quote(c.name))
		switch c.name {
		case "id":
			values = append(values, "n")
		case "slug":
			values = append(values, "'bench-' || n")
		case "name":
			values = append(values, "'Bench Studio ' || n")
		case "is_default":
			values = append(values, "false")
		default:
			values = append(values, "l."+quote(c.name))
		}
	}
	_, err = conn.Exec(ctx, `INSERT INTO locations (`+strings.Join(names, ", ")+`) SELECT `+strings.Join(values, ", ")+`
		FROM locations l, generate_series($2::bigint, $3::bigint) n WHERE l.id = $1`, tmpl, first, last)
	if err != nil {
		return fmt.Errorf("copying the business: %w", err)
	}
	_, err = conn.Exec(ctx, `SELECT setval(pg_get_serial_sequence('locations', 'id'), (SELECT max(id) FROM locations))`)
	return err
}

type column struct{ name, typ string }

func columns(ctx context.Context, conn *pgx.Conn, table string) ([]column, error) {
	rows, err := conn.Query(ctx, `SELECT attname, format_type(atttypid, atttypmod) FROM pg_attribute
		WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped AND attgenerated = '' ORDER BY attnum`, table)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (column, error) {
		var c column
		return c, r.Scan(&c.name, &c.typ)
	})
}

// skipped are business tables a copy leaves out: pictures (megabytes a
// business, and nothing a measured page reads), the shared hostnames, the
// template's secrets (tokens, accounts, connections: a copy's would open
// the template's) and its pending work (mails, events, deliveries: a
// server would do each ten thousand times).
var skipped = map[string]bool{"media": true, "location_hosts": true, "locations": true,
	"api_tokens": true, "payment_accounts": true, "calendar_connections": true, "connection_calendars": true, "calendar_writes": true,
	"staff_feeds": true, "one_time_links": true, "previews": true, "booking_tokens": true, "webhook_endpoints": true,
	"webhook_deliveries": true, "webhook_attempts": true, "outbox": true, "events": true, "event_deliveries": true,
	"idempotency_keys": true, "payments": true, "payment_events": true, "form_responses": true}

type table struct {
	name string
	cols []column
	ids  map[string]bool // columns holding a row's id, its own or another's
}

// copySQL copies the template's rows ($1) to the businesses $2 to $3.
func (t table) copySQL() string {
	var names, values []string
	for _, c := range t.cols {
		names = append(names, quote(c.name))
		switch {
		case c.name == db.BusinessColumn:
			values = append(values, "n")
		case t.ids[c.name] && (c.typ == "bigint" || c.typ == "integer"):
			values = append(values, fmt.Sprintf("t.%s + n * %d", quote(c.name), idStride))
		case t.ids[c.name] && c.typ == "text":
			values = append(values, fmt.Sprintf("t.%s || '-' || n", quote(c.name)))
		default:
			values = append(values, "t."+quote(c.name))
		}
	}
	return `INSERT INTO ` + quote(t.name) + ` (` + strings.Join(names, ", ") + `) SELECT ` + strings.Join(values, ", ") +
		` FROM ` + quote(t.name) + ` t, generate_series($2::bigint, $3::bigint) n WHERE t.` + db.BusinessColumn + ` = $1`
}

// businessTables are the tables a copy fills, parents first, each with
// its id columns: its own id, and every column a foreign key points from
// at another row's id.
func businessTables(ctx context.Context, conn *pgx.Conn) ([]table, error) {
	rows, err := conn.Query(ctx, `SELECT c.relname FROM pg_class c JOIN pg_attribute a ON a.attrelid = c.oid
		WHERE c.relkind = 'r' AND c.relnamespace = 'public'::regnamespace AND a.attname = $1 AND NOT a.attisdropped ORDER BY c.relname`, db.BusinessColumn)
	if err != nil {
		return nil, err
	}
	names, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return nil, err
	}
	rows, err = conn.Query(ctx, `SELECT c.conrelid::regclass::text, ca.attname, c.confrelid::regclass::text, pa.attname
		FROM pg_constraint c
		CROSS JOIN LATERAL unnest(c.conkey, c.confkey) AS k(child, parent)
		JOIN pg_attribute ca ON ca.attrelid = c.conrelid AND ca.attnum = k.child
		JOIN pg_attribute pa ON pa.attrelid = c.confrelid AND pa.attnum = k.parent
		WHERE c.contype = 'f' AND c.connamespace = 'public'::regnamespace AND ca.attname <> $1`, db.BusinessColumn)
	if err != nil {
		return nil, err
	}
	type ref struct{ child, childCol, parent, parentCol string }
	refs, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (ref, error) {
		var x ref
		return x, r.Scan(&x.child, &x.childCol, &x.parent, &x.parentCol)
	})
	if err != nil {
		return nil, err
	}
	var out []table
	for _, name := range names {
		if skipped[name] {
			continue
		}
		cols, err := columns(ctx, conn, name)
		if err != nil {
			return nil, err
		}
		t := table{name: name, cols: cols, ids: map[string]bool{}}
		for _, c := range cols {
			if c.name == "id" {
				t.ids["id"] = true
			}
		}
		for _, r := range refs {
			if r.child == name && r.parentCol == "id" {
				t.ids[r.childCol] = true
			}
		}
		out = append(out, t)
	}
	return out, nil
}

func quote(name string) string { return pgx.Identifier{name}.Sanitize() }

func load(c *loadtest.Common, path string, first, last int, label, budget string) error {
	span := last - first + 1
	if span < 1 {
		return fmt.Errorf("-first %d is after -last %d", first, last)
	}
	if c.Warmup+c.N > span {
		return fmt.Errorf("%d requests and %d to warm up would ask some of the %d businesses twice", c.N, c.Warmup, span)
	}
	today := time.Now()
	path = strings.NewReplacer("{from}", today.Format(time.DateOnly), "{to}", today.AddDate(0, 0, 28).Format(time.DateOnly)).Replace(path)
	client := loadtest.Client(c.Conns)
	ask := func(i int) error {
		// A stride coprime with the span visits every business once
		// before any twice: the warm-up's businesses are not measured.
		n := first + (i*7919)%span
		req, _ := http.NewRequest(http.MethodGet, c.Base+path, nil)
		req.Host = fmt.Sprintf("b%d.bench.localhost", n)
		// As a browser asks: the page is compressed as it would be for one.
		req.Header.Set("Accept-Encoding", "gzip, deflate, br, zstd")
		res, err := client.Do(req)
		if err != nil {
			return err
		}
		// Read to the end, so the connection is kept for the next request.
		_, err = io.Copy(io.Discard, res.Body)
		res.Body.Close()
		if err != nil {
			return err
		}
		if res.StatusCode != http.StatusOK {
			return fmt.Errorf("%s on %s: %d", path, req.Host, res.StatusCode)
		}
		return nil
	}
	res, err := c.Measure(ask)
	if err != nil {
		return err
	}
	res.Print(label, budget)
	return nil
}
