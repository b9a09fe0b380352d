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

	"slotwise/backend/internal/db"
)

// genericPlan is what PostgreSQL does running sql, a statement of the
// demo studio's, in the plan it makes once for any parameters: EXPLAIN
// ANALYZE of its prepared statement executed with args (ThisBusiness:
// the studio), as the server's role.
func genericPlan(t *testing.T, pool *db.Pool, sql string, args ...any) string {
	t.Helper()
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, pool.Config().ConnString())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	var business int64
	if err := conn.QueryRow(ctx, `SELECT id FROM locations WHERE slug = 'demo-studio'`).Scan(&business); err != nil {
		t.Fatal(err)
	}
	literals := make([]string, len(args))
	for i, a := range args {
		switch v := a.(type) {
		case int64:
			literals[i] = strconv.FormatInt(v, 10)
		case []int64:
			ids := make([]string, len(v))
			for j, id := range v {
				ids[j] = strconv.FormatInt(id, 10)
			}
			literals[i] = "'{" + strings.Join(ids, ",") + "}'"
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
	tx, err := conn.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback(ctx)
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

// rowsRemoved is how many rows a plan read and left (its filters' count).
func rowsRemoved(plan string) int {
	removed := 0
	for _, m := range rowsRemovedLine.FindAllStringSubmatch(plan, -1) {
		n, _ := strconv.Atoi(m[1])
		removed += n
	}
	return removed
}

var rowsRemovedLine = regexp.MustCompile(`Rows Removed by Filter: (\d+)`)
