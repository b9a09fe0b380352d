package dbtest

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

func TestTemplateIsBuiltOnceByConcurrentProcesses(t *testing.T) {
	s, err := getServer()
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	const name = "slotwise_template_race_test"
	drop := func() {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		for _, q := range []string{
			"ALTER DATABASE " + name + " IS_TEMPLATE false",
			"DROP DATABASE " + name + " WITH (FORCE)",
		} {
			_, _ = s.admin.Exec(ctx, q)
		}
	}
	drop()
	t.Cleanup(drop)

	// Each goroutine uses its own session, as separate test processes would.
	const callers = 4
	var wg sync.WaitGroup
	built := make([]bool, callers)
	errs := make([]error, callers)
	for i := range callers {
		wg.Go(func() { built[i], errs[i] = ensureTemplate(ctx, s.adminURL, name) })
	}
	wg.Wait()
	builds := 0
	for i := range callers {
		if errs[i] != nil {
			t.Errorf("caller %d: %v", i, errs[i])
		}
		if built[i] {
			builds++
		}
	}
	if builds != 1 {
		t.Errorf("template built %d times, want 1", builds)
	}

	// Built and locked down: no connections allowed, clonable.
	var isTemplate, allowConn bool
	if err := s.admin.QueryRow(ctx, `SELECT datistemplate, datallowconn FROM pg_database WHERE datname = $1`, name).Scan(&isTemplate, &allowConn); err != nil {
		t.Fatal(err)
	}
	if !isTemplate || allowConn {
		t.Errorf("datistemplate=%v datallowconn=%v, want true, false", isTemplate, allowConn)
	}

	// A template built from other migrations is rebuilt.
	if _, err := s.admin.Exec(ctx, "COMMENT ON DATABASE "+name+" IS 'built from older migrations'"); err != nil {
		t.Fatal(err)
	}
	if again, err := ensureTemplate(ctx, s.adminURL, name); err != nil || !again {
		t.Errorf("stale template: built=%v err=%v, want a rebuild", again, err)
	}
	if again, err := ensureTemplate(ctx, s.adminURL, name); err != nil || again {
		t.Errorf("current template: built=%v err=%v, want no rebuild", again, err)
	}
}

func TestDatabaseNamesAreValidAndUnique(t *testing.T) {
	long := "TestSomething/with a very long subtest name that goes on and on and on ünïcode"
	a, b := databaseName(long), databaseName(long)
	if a == b {
		t.Errorf("two calls gave the same name %q", a)
	}
	for _, n := range []string{a, b, databaseName("T")} {
		if len(n) > 63 {
			t.Errorf("%q is longer than 63 bytes", n)
		}
		if pgx.Identifier([]string{n}).Sanitize() != `"`+n+`"` {
			t.Errorf("%q needs escaping", n)
		}
		for _, r := range n {
			if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '_') {
				t.Errorf("%q contains %q", n, r)
			}
		}
	}
}
