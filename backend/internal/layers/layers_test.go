package layers

import (
	"go/build"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"slotwise/backend/internal/srctest"
)

const module = "slotwise/"

// rule is the order of imports, from the top layer down: a package may
// import a package of a lower layer, or of its own layer listed after it.
// The last layer imports nothing of ours. Names are paths below the
// module, without backend/internal/.
var rule = [][]string{
	{"backend/cmd/*"},
	{"web"},
	// The domain.
	{"demo", "admin", "webhooks", "calsync", "content", "shop", "payments", "reminders", "booking", "sites", "forms", "people"},
	// The pipeline and the pieces the domain shares.
	{"web/pages", "command", "events", "limits", "formkey", "seal", "fieldcheck", "notify", "cursor", "route", "metrics", "loadtest", "config", "wiretypes", "background", "certs", "hosts"},
	{"db"},
	// Pure, over the pure recurrence rules.
	{"icalbusy"},
	// Pure or embedded: nothing of ours.
	{"availability", "clock", "tracked", "ssr", "ui", "locales", "migrations", "payments/stripetest", "payments/razorpaytest", "payments/paypaltest", "srctest", "netguard", "recur", "strictjson", "logqueue"},
}

// helpers stand in their package's place (the key) and may import it.
var helpers = map[string]string{
	"content/contenttest": "content",
	"db/dbtest":           "db",
	"calsync/caldavtest":  "calsync",
}

type place struct{ layer, pos int }

func placeOf(name string) (place, bool) {
	if strings.HasPrefix(name, "backend/cmd/") {
		return place{0, 0}, true
	}
	for i, layer := range rule {
		if j := slices.Index(layer, name); j >= 0 {
			return place{i, j}, true
		}
	}
	return place{}, false
}

// allowed tells whether from may import to.
func allowed(from, to string) bool {
	if parent, ok := helpers[from]; ok {
		if to == parent {
			return true
		}
		from = parent
	}
	if parent, ok := helpers[to]; ok {
		to = parent
	}
	f, okF := placeOf(from)
	t, okT := placeOf(to)
	if !okF || !okT || f.layer == len(rule)-1 {
		return false
	}
	if f.layer == 0 {
		return true
	}
	return t.layer > f.layer || t.layer == f.layer && t.pos > f.pos
}

func TestTheRuleAllowsDownwardImportsOnly(t *testing.T) {
	for _, tc := range []struct {
		from, to string
		want     bool
	}{
		{"backend/cmd/slotwise", "web", true},
		{"web", "booking", true},
		{"booking", "web", false},
		{"demo", "content", true},
		{"content", "demo", false},
		{"content/contenttest", "content", true},
		{"content/contenttest", "demo", false},
		{"db/dbtest", "db", true},
		{"db", "booking", false},
		{"availability", "db", false},
		{"ssr", "locales", false},
		{"booking", "forms", true},
		{"forms", "booking", false},
		{"web", "web/pages", true},
		{"web/pages", "web", false},
		{"web/pages", "booking", false},
		{"web/pages", "route", true},
	} {
		if got := allowed(tc.from, tc.to); got != tc.want {
			t.Errorf("%s → %s allowed: %v, want %v", tc.from, tc.to, got, tc.want)
		}
	}
}

func TestImportsFollowTheLayers(t *testing.T) {
	root := srctest.Root(t)
	seen := 0
	for _, top := range []string{"backend", "ssr", "ui", "locales", "migrations"} {
		err := filepath.WalkDir(filepath.Join(root, top), func(dir string, d os.DirEntry, err error) error {
			if err != nil || !d.IsDir() {
				return err
			}
			if name := d.Name(); name == "testdata" || name == "node_modules" || strings.HasPrefix(name, ".") {
				return filepath.SkipDir
			}
			pkg, err := build.Default.ImportDir(dir, 0)
			if _, none := err.(*build.NoGoError); none {
				return nil
			} else if err != nil {
				return err
			}
			rel, _ := filepath.Rel(root, dir)
			from := short(filepath.ToSlash(rel))
			if from == "layers" {
				return nil // this package: a doc and its test
			}
			seen++
			if _, ok := placeOf(from); !ok && helpers[from] == "" {
				t.Errorf("%s has no place in the rule: add it to a layer", from)
				return nil
			}
			for _, imp := range pkg.Imports {
				if !strings.HasPrefix(imp, module) {
					continue
				}
				if to := short(strings.TrimPrefix(imp, module)); !allowed(from, to) {
					t.Errorf("%s imports %s: against the layers (backend/internal/layers)", from, to)
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if seen < 20 {
		t.Fatalf("found %d packages; the walk missed the source", seen)
	}
}

// short names a package as the rule does.
func short(path string) string { return strings.TrimPrefix(path, "backend/internal/") }
