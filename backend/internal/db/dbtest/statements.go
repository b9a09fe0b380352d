package dbtest

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"slotwise/backend/internal/db"
)

// Statements records every statement a pool sends for one business (its
// context names one: db.WithBusiness), to prove each names its business in
// its own WHERE. Make the pool with New(t, s.Record).
type Statements struct {
	mu   sync.Mutex
	seen []statement
}

type statement struct {
	sql      string
	args     []any
	business int64
}

// Record is New's option that makes the pool's statements recorded.
func (s *Statements) Record(cfg *pgxpool.Config) { cfg.ConnConfig.Tracer = s }

func (s *Statements) add(ctx context.Context, sql string, args []any) {
	id, ok := db.BusinessOf(ctx)
	if !ok {
		return // work across businesses, or a test's own set-up
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.seen = append(s.seen, statement{sql: sql, args: slices.Clone(args), business: id})
}

// TraceQueryStart records a statement sent on its own.
func (s *Statements) TraceQueryStart(ctx context.Context, _ *pgx.Conn, data pgx.TraceQueryStartData) context.Context {
	s.add(ctx, data.SQL, data.Args)
	return ctx
}

// TraceQueryEnd is pgx.QueryTracer's.
func (s *Statements) TraceQueryEnd(context.Context, *pgx.Conn, pgx.TraceQueryEndData) {}

// TraceBatchStart is pgx.BatchTracer's.
func (s *Statements) TraceBatchStart(ctx context.Context, _ *pgx.Conn, _ pgx.TraceBatchStartData) context.Context {
	return ctx
}

// TraceBatchQuery records a statement sent in a batch (a Pool sends each
// statement outside a transaction behind the setting of its business).
func (s *Statements) TraceBatchQuery(ctx context.Context, _ *pgx.Conn, data pgx.TraceBatchQueryData) {
	s.add(ctx, data.SQL, data.Args)
}

// TraceBatchEnd is pgx.BatchTracer's.
func (s *Statements) TraceBatchEnd(context.Context, *pgx.Conn, pgx.TraceBatchEndData) {}

// tableNamed finds the tables a statement reads or changes.
var tableNamed = regexp.MustCompile(`(?i)\b(?:FROM|JOIN|UPDATE)\s+([a-z_]+)\b`)

// businessNamed finds a statement's naming of its business: the business
// column (or a business's own id) equal to a parameter.
var businessNamed = regexp.MustCompile(`(?i)(?:\blocation_id|\bl\.id)\s*=\s*\$(\d+)\b`)

// Check fails t for every recorded statement that reads, changes or
// deletes a business table's rows without naming, as a parameter bound to
// the business its context is for, whose rows they are; it returns how
// many statements it checked. A plain INSERT names its business through
// the column's default and is not checked.
func (s *Statements) Check(t testing.TB, pool *db.Pool) int {
	t.Helper()
	business := businessTables(t, pool)
	s.mu.Lock()
	defer s.mu.Unlock()
	checked, reported := 0, map[string]bool{}
	for _, st := range s.seen {
		sql := strings.TrimSpace(st.sql)
		if strings.HasPrefix(strings.ToUpper(sql), "INSERT") && !strings.Contains(strings.ToUpper(sql), "SELECT") {
			continue
		}
		var tables []string
		for _, m := range tableNamed.FindAllStringSubmatch(sql, -1) {
			if business[strings.ToLower(m[1])] {
				tables = append(tables, m[1])
			}
		}
		if len(tables) == 0 {
			continue
		}
		checked++
		if namesBusiness(sql, st.args, st.business) || reported[sql] {
			continue
		}
		reported[sql] = true
		t.Errorf("a statement of %s for business %d does not name it as a parameter:\n%s", strings.Join(tables, ", "), st.business, sql)
	}
	return checked
}

// namesBusiness tells whether sql compares the business column to a
// parameter that holds business.
func namesBusiness(sql string, args []any, business int64) bool {
	for _, m := range businessNamed.FindAllStringSubmatch(sql, -1) {
		n, _ := strconv.Atoi(m[1])
		if n < 1 || n > len(args) {
			continue
		}
		if fmt.Sprint(args[n-1]) == strconv.FormatInt(business, 10) {
			return true
		}
	}
	return false
}

// businessTables are the tables holding business rows: every table but
// the deployment's own (db.SharedTables).
func businessTables(t testing.TB, pool *db.Pool) map[string]bool {
	t.Helper()
	rows, err := pool.Query(context.Background(), `SELECT table_name FROM information_schema.columns
		WHERE table_schema = 'public' AND column_name = $1`, db.BusinessColumn)
	if err != nil {
		t.Fatal(err)
	}
	names, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]bool{}
	for _, name := range names {
		if _, shared := db.SharedTables[name]; !shared {
			out[name] = true
		}
	}
	return out
}
