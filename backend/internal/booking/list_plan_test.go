package booking_test

import (
	"context"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"slotwise/backend/internal/booking"
	"slotwise/backend/internal/db"
	"slotwise/backend/internal/db/dbtest"
)

// A person's list (the dashboard's calendar column, a staff member's own
// bookings) reads their bookings in the range asked, not their whole
// history, in the plan PostgreSQL makes once for any person and range.
func TestAPersonsListReadsTheBookingsOfItsRangeNotTheirHistory(t *testing.T) {
	svc, pool, _ := newService(t)
	jonas := staffID(t, pool, "jonas")
	pastBookings(t, pool, jonas, 3000)
	// Statistics as on a deployment of many businesses, each of a few
	// people: a business's person is expected to have a row or two,
	// whichever index is read, and the plan is chosen by a hair.
	dbtest.AsOwner(t, pool, `ALTER TABLE bookings ALTER COLUMN location_id SET (n_distinct = -0.05);
		ALTER TABLE bookings ALTER COLUMN staff_id SET (n_distinct = -0.15); ANALYZE bookings`)
	ctx := context.Background()
	var business int64
	if err := pool.QueryRow(ctx, `SELECT location_id FROM staff WHERE id = $1`, jonas).Scan(&business); err != nil {
		t.Fatal(err)
	}
	from := time.Date(2026, 11, 24, 0, 0, 0, 0, time.UTC)
	tests := []struct {
		name string
		q    booking.ListQuery
	}{
		{"a day of theirs", booking.ListQuery{StaffID: jonas, From: from, To: from.AddDate(0, 0, 1), Limit: 100, Brief: true,
			Status: "requested,scheduled,rescheduled,pending"}},
		{"what comes", booking.ListQuery{StaffID: jonas, From: from, Limit: 50, Status: "requested,scheduled,rescheduled,pending"}},
		{"by their slug", booking.ListQuery{Staff: "jonas", From: from, To: from.AddDate(0, 0, 7), Limit: 50}},
		{"their past", booking.ListQuery{StaffID: jonas, To: from, Newest: true, Limit: 50, Status: "scheduled,rescheduled"}},
		{"their requests", booking.ListQuery{StaffID: jonas, From: from, Limit: 50, Status: "requested"}},
		{"their cancelled", booking.ListQuery{StaffID: jonas, Newest: true, Limit: 50, Status: "cancelled"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := &pgx.Batch{}
			if err := svc.QueueList(ctx, b, tt.q, &booking.ListPage{}); err != nil || len(b.QueuedQueries) != 1 {
				t.Fatalf("queued %d reads: %v", len(b.QueuedQueries), err)
			}
			plan := genericPlan(t, pool, business, b.QueuedQueries[0].SQL, b.QueuedQueries[0].Arguments)
			removed := 0
			for _, m := range regexp.MustCompile(`Rows Removed by Filter: (\d+)`).FindAllStringSubmatch(plan, -1) {
				n, _ := strconv.Atoi(m[1])
				removed += n
			}
			if strings.Contains(plan, "bookings_no_overlap") || removed > 100 {
				t.Errorf("the list reads the person's history (%d rows read and left):\n%s", removed, plan)
			}
		})
	}
}

// genericPlan is what PostgreSQL does running sql, a statement of one
// business's, in the plan it makes once for any parameters: EXPLAIN
// ANALYZE of its prepared statement, executed with args (ThisBusiness
// the business's id) as the server's role.
func genericPlan(t *testing.T, pool *db.Pool, business int64, sql string, args []any) string {
	t.Helper()
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, pool.Config().ConnString())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	tx, err := conn.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback(ctx)
	literals := make([]string, len(args))
	for i, a := range args {
		switch v := a.(type) {
		case int64:
			literals[i] = strconv.FormatInt(v, 10)
		case []int64:
			literals[i] = "'{" + strings.Trim(strings.Join(strings.Fields(fmt.Sprint(v)), ","), "[]") + "}'"
		case time.Time:
			literals[i] = "'" + v.Format(time.RFC3339Nano) + "'"
		case string:
			literals[i] = "'" + strings.ReplaceAll(v, "'", "''") + "'"
		default:
			if a != db.ThisBusiness {
				t.Fatalf("no literal for argument %d (%T)", i+1, a)
			}
			literals[i] = strconv.FormatInt(business, 10)
		}
	}
	for _, s := range []string{
		"SET LOCAL role " + db.AppRole,
		fmt.Sprintf("SELECT set_config('slotwise.business', '%d', true)", business),
		"SET LOCAL plan_cache_mode = force_generic_plan",
		"PREPARE planned AS " + sql,
	} {
		if _, err := tx.Exec(ctx, s); err != nil {
			t.Fatalf("%s: %v", s, err)
		}
	}
	rows, err := tx.Query(ctx, "EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF) EXECUTE planned("+strings.Join(literals, ", ")+")")
	if err != nil {
		t.Fatal(err)
	}
	lines, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		t.Fatal(err)
	}
	return strings.Join(lines, "\n")
}
