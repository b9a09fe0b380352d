package layers

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"slotwise/backend/internal/srctest"
)

// owners are the packages that may write SQL naming a table: the one that
// owns it, and those with a reason. Any other package asks the owner for
// what it needs (booking.PersonBySlug, booking.HoldersOf…), so a column
// is added, and its meaning kept, in one place.
var owners = map[string][]string{
	// booking owns the people, their calendars and their bookings. content
	// writes and exports the definitions from a site's files; demo seeds
	// the demo's; make bench's deployment of many businesses books its
	// template business directly (backend/cmd/tenantbench).
	"staff":           {"booking", "content"},
	"calendars":       {"booking", "content", "demo", "backend/cmd/tenantbench"},
	"calendar_staff":  {"booking", "content", "backend/cmd/tenantbench"},
	"bookings":        {"booking", "content", "backend/cmd/tenantbench"},
	"booking_history": {"booking"},
	"booking_notes":   {"booking"},
	// shop owns carts and orders; a product's variants are written by
	// content from a site's files, read by sites for its pages, and their
	// stock moved by shop.
	"product_variants": {"shop", "content", "sites"},
	"carts":            {"shop"},
	"orders":           {"shop"},
	"order_items":      {"shop"},
	"order_history":    {"shop"},
	"order_numbers":    {"shop"},
	"order_tokens":     {"shop"},
	// people owns who signs in to the dashboard, and how.
	"people":             {"people"},
	"sign_in_links":      {"people"},
	"admin_sessions":     {"people"},
	"passkeys":           {"people"},
	"passkey_ceremonies": {"people"},
}

// sqlNaming finds a table named where SQL names one.
var sqlNaming = regexp.MustCompile(`(?i)\b(?:FROM|JOIN|UPDATE|INTO|TABLE)\s+([a-z_]+)\b`)

func TestTablesAreQueriedByTheirOwners(t *testing.T) {
	root := srctest.Root(t)
	base := filepath.Join(root, "backend")
	checked := 0
	err := filepath.WalkDir(base, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		rel, _ := filepath.Rel(root, filepath.Dir(path))
		pkg := short(filepath.ToSlash(rel))
		if parent, ok := helpers[pkg]; ok {
			pkg = parent
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		checked++
		for _, m := range sqlNaming.FindAllStringSubmatch(string(src), -1) {
			if may, owned := owners[m[1]]; owned && !slices.Contains(may, pkg) {
				t.Errorf("%s names table %s in SQL: ask its owner, %s (backend/internal/layers/tables_test.go)", path[len(root)+1:], m[1], may[0])
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if checked < 100 {
		t.Fatalf("read %d files; the walk missed the source", checked)
	}
}

func TestTheTableRuleSeesSQL(t *testing.T) {
	for _, tc := range []struct {
		src   string
		table string
	}{
		{"SELECT id FROM staff WHERE slug = $1", "staff"},
		{"x JOIN calendars c ON c.id = b.calendar_id", "calendars"},
		{"UPDATE bookings SET status = 'cancelled'", "bookings"},
		{"insert into calendar_staff (a) values (1)", "calendar_staff"},
	} {
		m := sqlNaming.FindStringSubmatch(tc.src)
		if m == nil || m[1] != tc.table {
			t.Errorf("%q: found %v, want table %s", tc.src, m, tc.table)
		}
	}
}
