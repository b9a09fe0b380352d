package db_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"

	"slotwise/backend/internal/db"
	"slotwise/backend/internal/db/dbtest"
)

// The schema is ready for many businesses and for Citus: every table either
// carries the business in its every key and reference, or is named shared
// with a reason.
func TestEveryTableIsABusinessTableOrNamedShared(t *testing.T) {
	pool := dbtest.New(t)
	ctx := testContext(t)
	col := db.BusinessColumn

	tables, err := pgx.CollectRows(query(t, pool, `
		SELECT table_name FROM information_schema.tables
		WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1`), pgx.RowTo[string])
	if err != nil {
		t.Fatal(err)
	}
	for name := range db.SharedTables {
		if !slices.Contains(tables, name) {
			t.Errorf("shared table %s does not exist: take it off db.SharedTables", name)
		}
	}

	type constraint struct {
		Table, Name, Kind, Def string
		Cols, RefCols          []string
		RefTable               string
	}
	constraints, err := pgx.CollectRows(query(t, pool, `
		SELECT c.conrelid::regclass::text, c.conname, c.contype::text, pg_get_constraintdef(c.oid),
		       ARRAY(SELECT attname FROM pg_attribute WHERE attrelid = c.conrelid AND attnum = ANY (c.conkey))::text[],
		       ARRAY(SELECT attname FROM pg_attribute WHERE attrelid = c.confrelid AND attnum = ANY (c.confkey))::text[],
		       coalesce(c.confrelid::regclass::text, '')
		FROM pg_constraint c WHERE c.connamespace = 'public'::regnamespace AND c.contype IN ('p', 'u', 'f', 'x')
		UNION ALL
		SELECT t.relname, i.relname, 'i', pg_get_indexdef(x.indexrelid),
		       ARRAY(SELECT attname FROM pg_attribute WHERE attrelid = x.indrelid AND attnum = ANY (x.indkey))::text[],
		       '{}', ''
		FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid
		WHERE t.relnamespace = 'public'::regnamespace AND x.indisunique
		  AND NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conindid = x.indexrelid)`), pgx.RowToStructByPos[constraint])
	if err != nil {
		t.Fatal(err)
	}
	byTable := map[string][]constraint{}
	for _, c := range constraints {
		byTable[c.Table] = append(byTable[c.Table], c)
	}

	for _, table := range tables {
		if _, shared := db.SharedTables[table]; shared {
			continue
		}
		var nullable string
		err := pool.QueryRow(ctx, `SELECT is_nullable FROM information_schema.columns
			WHERE table_schema = 'public' AND table_name = $1 AND column_name = $2`, table, col).Scan(&nullable)
		if err != nil {
			t.Errorf("%s has no %s: give it one, or name it in db.SharedTables with the reason", table, col)
			continue
		}
		if nullable != "NO" {
			t.Errorf("%s.%s may be NULL: a row of no business", table, col)
		}
		hasKey := false
		for _, c := range byTable[table] {
			switch c.Kind {
			case "p", "u", "x", "i":
				hasKey = hasKey || c.Kind == "p"
				// An exclusion's columns are in its definition, not always in conkey.
				if !slices.Contains(c.Cols, col) && !strings.Contains(c.Def, col+" WITH =") {
					t.Errorf("%s: %s holds across businesses: add %s to it (%s)", table, c.Name, col, c.Def)
				}
			case "f":
				if c.RefTable == "locations" && slices.Equal(c.Cols, []string{col}) {
					continue // the business itself
				}
				if _, shared := db.SharedTables[c.RefTable]; shared {
					t.Errorf("%s: %s points at shared table %s (%s)", table, c.Name, c.RefTable, c.Def)
					continue
				}
				if !slices.Contains(c.Cols, col) || !slices.Contains(c.RefCols, col) {
					t.Errorf("%s: %s may point at another business's row: reference (…, %s) (%s)", table, c.Name, col, c.Def)
				}
			}
		}
		if !hasKey {
			t.Errorf("%s has no primary key", table)
		}
	}
}

func query(t *testing.T, pool *db.Pool, sql string) pgx.Rows {
	t.Helper()
	rows, err := pool.Query(testContext(t), sql)
	if err != nil {
		t.Fatal(err)
	}
	return rows
}

// Every business table holds its rows to their business with the one
// policy, an equality with the business a plan can index and count on
// (migration 000035), and shows every row only to the role of the work
// across businesses; forced on its owner. No shared table has one.
func TestEveryBusinessTableHasTheBusinessPolicy(t *testing.T) {
	pool := dbtest.New(t)
	type table struct {
		Name          string
		Secure, Force bool
		Policies      []string
	}
	tables, err := pgx.CollectRows(query(t, pool, `
		SELECT c.relname, c.relrowsecurity, c.relforcerowsecurity,
		       coalesce(array_agg(p.policyname || ' ' || p.roles::text || ': ' || p.qual ORDER BY p.policyname)
		                FILTER (WHERE p.policyname IS NOT NULL), '{}')
		FROM pg_class c LEFT JOIN pg_policies p ON p.schemaname = 'public' AND p.tablename = c.relname
		WHERE c.relkind = 'r' AND c.relnamespace = 'public'::regnamespace
		GROUP BY c.relname, c.relrowsecurity, c.relforcerowsecurity ORDER BY 1`), pgx.RowToStructByPos[table])
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"business {public}: (location_id = ( SELECT slotwise_business_id() AS slotwise_business_id))",
		"every_business {" + db.EveryRole + "}: true",
	}
	for _, tb := range tables {
		_, shared := db.SharedTables[tb.Name]
		switch {
		case shared && (tb.Secure || len(tb.Policies) > 0):
			t.Errorf("shared table %s has row security", tb.Name)
		case !shared && (!tb.Secure || !tb.Force || !slices.Equal(tb.Policies, want)):
			t.Errorf("business table %s: row security %v, forced %v, policies %q; want %q", tb.Name, tb.Secure, tb.Force, tb.Policies, want)
		}
	}
}
