package route_test

import (
	"strings"
	"testing"
	"unicode/utf8"

	"slotwise/backend/internal/route"
)

// FuzzMatch: any path either matches nothing or matches a route whose
// parameters are printable text, and a link built back from that match
// matches the same route.
func FuzzMatch(f *testing.F) {
	for _, seed := range []string{"/", "/widget/bookings/demo", "/a/b/c/b/post", "/v2/preview/x/c/y/b/z", "/widget/bookingsx", "/%00", "/%ff", "//", strings.Repeat("/a", 40)} {
		f.Add(seed)
	}
	table := route.Default()
	f.Fuzz(func(t *testing.T, path string) {
		m, ok := table.Match(path)
		if !ok {
			return
		}
		for k, v := range m.Params {
			if !utf8.ValidString(v) || strings.ContainsRune(v, 0) {
				t.Fatalf("param %s = %q is not text", k, v)
			}
		}
		built, err := table.Path(m.Route.Name, m.Kind, m.Params)
		if err != nil {
			return // a shape whose kind several paths share: not every match rebuilds
		}
		if back, ok := table.Match(built); !ok || back.Route.Name != m.Route.Name {
			t.Fatalf("%q matched %s, its link %q matches %v", path, m.Route.Name, built, back.Route)
		}
	})
}
