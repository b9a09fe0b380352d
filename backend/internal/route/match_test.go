package route

import (
	"fmt"
	"maps"
	"strings"
	"testing"

	"slotwise/ui"
)

func TestMatchPicksTheMostSpecificRoute(t *testing.T) {
	table := MustParse(ui.RoutesJSON)
	tests := []struct {
		path   string
		route  string
		kind   string
		params map[string]string
	}{
		{"/", "index", "", map[string]string{}},
		{"/verifyPayment", "verifyPayment", "", map[string]string{}},
		{"/verify-payment-callback", "verifyPayment", "callback", map[string]string{}},
		{"/verifyPayment", "verifyPayment", "", map[string]string{}},
		{"/v2/preview/p1/verify-payment-callback", "verifyPayment", "preview", map[string]string{"id": "p1"}},
		{"/widget/appointment/anna/massage", "appointment", "provider", map[string]string{"provider": "anna", "service": "massage"}},
		{"/widget/appointment/service/massage", "appointment", "service", map[string]string{"service": "massage"}},
		{"/widget/appointment/service/massage/cancel", "appointmentCancel", "", map[string]string{"service": "massage"}},
		{"/widget/appointment/team-a", "appointment", "team", map[string]string{"provider": "team-a"}},
		{"/widget/group/g1", "appointment", "group", map[string]string{"groupId": "g1"}},
		{"/widget/groups/yoga", "appointment", "groups", map[string]string{"groupSlug": "yoga"}},
		{"/widget/booking/b1", "bookingView", "ids", map[string]string{"ids": "b1"}},
		{"/widget/booking/b1,b2,b3", "bookingView", "ids", map[string]string{"ids": "b1,b2,b3"}},
		{"/widget/booking", "bookingView", "none", map[string]string{}},
		{"/widget/booking/cancel-booking", "cancelBooking", "", map[string]string{}},
		{"/widget/cancel-booking", "cancelBooking", "", map[string]string{}},
		{"/widget/bookings/demo-consultation", "bookings", "", map[string]string{"slug": "demo-consultation"}},
		{"/widget/bookings/demo-consultation/", "bookings", "", map[string]string{"slug": "demo-consultation"}},
		{"/widget/bookingsdemo", "bookings", "catchAll", map[string]string{"slug": "demo"}},
		{"/widget/otl/abc123", "oneTimeLink", "", map[string]string{"oneTimeSlug": "abc123"}},
		{"/widget/otl", "oneTimeLink", "none", map[string]string{}},
		{"/widget/form/f1", "form", "", map[string]string{"id": "f1"}},
		{"/widget/quiz/q1", "quiz", "", map[string]string{"id": "q1"}},
		{"/widget/quiz-result/42", "quizResult", "", map[string]string{"score": "42"}},
		{"/widget/survey/s1", "survey", "", map[string]string{"id": "s1"}},
		{"/widget/service-menus/spa/massage", "serviceMenu", "service", map[string]string{"servicemenu": "spa", "service": "massage"}},
		{"/widget/service-menus/spa", "serviceMenu", "slug", map[string]string{"serviceMenuSlug": "spa"}},
		{"/widget/service-menu/7", "serviceMenu", "id", map[string]string{"serviceMenuId": "7"}},
		{"/about", "website", "page", map[string]string{"path": "about"}},
		{"/about/team", "website", "page", map[string]string{"path": "about/team"}},
		{"/news/b/hello/", "website", "post", map[string]string{"path": "news", "slug": "hello"}},
		{"/b/hello/", "website", "post", map[string]string{"slug": "hello"}},
		{"/news/c/tips", "website", "category", map[string]string{"path": "news", "categorySlug": "tips"}},
		{"/news/c/tips/b/hello", "website", "post", map[string]string{"path": "news", "categorySlug": "tips", "slug": "hello"}},
		{"/c/tips/", "website", "category", map[string]string{"categorySlug": "tips"}},
		{"/c/tips/b/hello", "website", "post", map[string]string{"categorySlug": "tips", "slug": "hello"}},
		{"/news/category/tips", "website", "category", map[string]string{"path": "news", "categorySlug": "tips"}},
		{"/news/author/ada", "website", "author", map[string]string{"path": "news", "authorSlug": "ada"}},
		{"/news/tag/go", "website", "tag", map[string]string{"path": "news", "tagSlug": "go"}},
		{"/post/hello/", "website", "post", map[string]string{"blogSlug": "hello"}},
		{"/shop/product/p9/", "website", "product", map[string]string{"path": "shop", "productId": "p9"}},
		{"/product/p9/", "website", "product", map[string]string{"productId": "p9"}},
		{"/shop/collections/summer", "website", "collection", map[string]string{"path": "shop", "collectionSlug": "summer"}},
		{"/collections/summer", "website", "collection", map[string]string{"collectionSlug": "summer"}},
		{"/v2/preview/p1", "preview", "page", map[string]string{"id": "p1"}},
		{"/v2/preview/p1/b/hello", "preview", "post", map[string]string{"id": "p1", "slug": "hello"}},
		{"/v2/preview/p1/c/tips/b/hello", "preview", "post", map[string]string{"id": "p1", "categorySlug": "tips", "slug": "hello"}},
		{"/v2/preview/p1/collections/summer", "preview", "collection", map[string]string{"id": "p1", "collectionSlug": "summer"}},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			m, ok := table.Match(tt.path)
			if !ok {
				t.Fatalf("Match(%q) found nothing", tt.path)
			}
			if m.Route.Name != tt.route || m.Kind != tt.kind || !maps.Equal(m.Params, tt.params) {
				t.Errorf("Match(%q) = %s/%s %v, want %s/%s %v", tt.path, m.Route.Name, m.Kind, m.Params, tt.route, tt.kind, tt.params)
			}
			if r, ok := table.RouteOf(tt.path); !ok || r != m.Route {
				t.Errorf("RouteOf(%q) = %v %v, want Match's %s", tt.path, r, ok, m.Route.Name)
			}
		})
	}
}

func TestMatchRejectsUnknownAndInvalidPaths(t *testing.T) {
	table := MustParse(ui.RoutesJSON)
	for _, path := range []string{
		"/widget",                         // reserved prefix, no widget route
		"/widget/unknown/thing",           // reserved prefix
		"/api/nothing",                    // reserved prefix
		"/widget/quiz-result/lots",        // score must be a number
		"/widget/booking/a,,b",            // empty id in the list
		"/About",                          // website paths are lower case
		"/widget/form/%ZZ",                // broken escape
		"/widget/form/a%2Fb",              // an encoded slash is not a segment
		"/widget/form/a%00b",              // control characters
		"/v2/preview",                     // preview needs an id
		"/widget/appointment/a/b/c/d/e/f", // too deep for any route
	} {
		if m, ok := table.Match(path); ok {
			t.Errorf("Match(%q) = %s, want no match", path, m.Route.Name)
		}
	}
}

// RouteOf names the route a path would be served by without its
// parameters' checks, so a path whose parameters fail them still names
// it, and one no pattern fits names none.
func TestRouteOfNamesTheRouteWithoutCheckingItsParameters(t *testing.T) {
	table := MustParse(ui.RoutesJSON)
	tests := []struct {
		path  string
		route string // "" for none
	}{
		{"/widget/quiz-result/lots", "quizResult"},
		{"/widget/booking/a,,b", "bookingView"},
		{"/widget/form/%ZZ", ""},
		{"/widget/form/a%2Fb", ""},
		{"/widget/form/a//b", ""},
		{"/widget/unknown/thing", ""},
		{"/" + strings.Repeat("a/", MaxSegments+1), ""},
	}
	for _, tt := range tests {
		r, ok := table.RouteOf(tt.path)
		got := ""
		if ok {
			got = r.Name
		}
		if got != tt.route {
			t.Errorf("RouteOf(%q) = %q, want %q", tt.path, got, tt.route)
		}
	}
}

func TestParseRejectsBrokenTables(t *testing.T) {
	for name, table := range map[string]string{
		"bad json":       `{`,
		"unknown layout": `{"routes":[{"name":"a","layout":"grid","paths":[]}]}`,
		"duplicate name": `{"routes":[{"name":"a","layout":"page","paths":[]},{"name":"a","layout":"page","paths":[]}]}`,
		"relative path":  `{"routes":[{"name":"a","layout":"page","paths":[{"path":"x"}]}]}`,
		"prefixed splat": `{"routes":[{"name":"a","layout":"page","paths":[{"path":"/x{y+}"}]}]}`,
		"bad validation": `{"routes":[{"name":"a","layout":"page","paths":[],"params":{"x":"("}}]}`,
		"unclosed param": `{"routes":[{"name":"a","layout":"page","paths":[{"path":"/{x}y"}]}]}`,
	} {
		if _, err := Parse([]byte(table)); err == nil {
			t.Errorf("%s: Parse succeeded, want an error", name)
		}
	}
}

func TestLongPathsAreRefusedBeforeAnyWork(t *testing.T) {
	table := Default()
	tests := []struct {
		name string
		path string
		ok   bool
	}{
		{"the deepest website page", "/" + strings.Repeat("a/", 9) + "b", true},
		{"one segment too many", "/" + strings.Repeat("a/", MaxSegments) + "b", false},
		{"sixteen thousand segments", strings.Repeat("/a", 16000), false},
		{"too many bytes", "/" + strings.Repeat("a", MaxPathBytes), false},
	}
	for _, tt := range tests {
		if _, ok := table.Match(tt.path); ok != tt.ok {
			t.Errorf("%s: ok = %v, want %v", tt.name, ok, tt.ok)
		}
	}
}

func TestAPatternTakesAtMostOneSplat(t *testing.T) {
	if _, err := Parse([]byte(`{"routes":[{"name":"x","layout":"page","paths":[{"path":"/{a+}/{b+}"}]}]}`)); err == nil {
		t.Error("a pattern with two {name+} parameters was accepted")
	}
}

// BenchmarkMatch shows matching grows with the path, not faster: compare
// the ns/op of 4 and 32 segments (about 8×, not 64×).
func BenchmarkMatch(b *testing.B) {
	table := Default()
	for _, n := range []int{4, 32} {
		path := strings.Repeat("/seg", n-1) + "/b/post"
		b.Run(fmt.Sprintf("segments=%d", n), func(b *testing.B) {
			for b.Loop() {
				table.Match(path)
			}
		})
	}
}

// Matching is on every page's path: the patterns that fail cost nothing
// kept (the table has dozens), and the winner's parameters are read once:
// the path's parts, and the parameters' map.
func TestMatchAllocatesOnlyForItsAnswer(t *testing.T) {
	table := MustParse(ui.RoutesJSON)
	tests := []struct {
		path string
		most float64
	}{
		{"/", 1},
		{"/blog/b/winter-skin/", 4},
		{"/widget/bookings/demo-consultation", 4},
	}
	for _, tt := range tests {
		if _, ok := table.Match(tt.path); !ok {
			t.Fatalf("%s did not match", tt.path)
		}
		if n := testing.AllocsPerRun(100, func() { table.Match(tt.path) }); n > tt.most {
			t.Errorf("matching %s allocated %.0f times, want at most %.0f", tt.path, n, tt.most)
		}
		if n := testing.AllocsPerRun(100, func() { table.RouteOf(tt.path) }); n > 0 {
			t.Errorf("the route of %s allocated %.0f times, want none", tt.path, n)
		}
	}
}

// The index by first segment picks what trying every pattern in table
// order picks, ties included, for the table's own shapes and paths near
// them.
func TestTheIndexPicksWhatTheWholeTablePicks(t *testing.T) {
	table := MustParse(ui.RoutesJSON)
	paths := []string{"/", "/b/x", "/c/x/b/y", "/blog/b/winter-skin/", "/widget/bookings/demo", "/widget/bookingsdemo",
		"/widget/bookings", "/widget/appointment/service/s/cancel", "/widget/appointment/a/b", "/widget", "/WIDGET/x",
		"/v2/preview/1", "/v2/preview/1/verify-payment-callback", "/v2/x", "/product/p", "/a/product/p", "/api/x",
		"/collections/c", "/x/collections/c", "/post/p", "/a/b/c/tag/t", "/verifyPayment", "/verifypayment", "/b", "/c"}
	for _, r := range table.Routes {
		for _, spec := range r.Paths {
			paths = append(paths, strings.NewReplacer("{", "", "}", "", "+", "").Replace(spec.Path))
		}
	}
	for _, path := range paths {
		var buf [MaxSegments + 2]string
		parts, ok := pathParts(path, buf[:0])
		if !ok {
			continue
		}
		var scores [2][MaxSegments + 2]int
		got, _ := table.best(parts, &scores)
		want, _ := table.bestOf(table.patterns, parts, &scores)
		if got != want {
			t.Errorf("%s: the index picks %v, the whole table %v", path, source(got), source(want))
		}
	}
}

func source(p *pattern) string {
	if p == nil {
		return "nothing"
	}
	return p.source
}

// BenchmarkRouteOf is what naming a page's route costs on every request:
// the website's home, a post and a booking page.
func BenchmarkRouteOf(b *testing.B) {
	table := Default()
	for _, path := range []string{"/", "/blog/b/winter-skin/", "/widget/bookings/demo-consultation"} {
		b.Run(strings.ReplaceAll(path, "/", "_"), func(b *testing.B) {
			for b.Loop() {
				table.RouteOf(path)
			}
		})
	}
}

func TestAReservedPrefixIsShortASCII(t *testing.T) {
	for _, prefix := range []string{"", "wïdget", strings.Repeat("a", 33)} {
		if _, err := Parse([]byte(`{"routes":[],"reservedPrefixes":["` + prefix + `"]}`)); err == nil {
			t.Errorf("the reserved prefix %q was accepted", prefix)
		}
	}
}
