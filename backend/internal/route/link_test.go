package route_test

import (
	"net/url"
	"testing"

	"slotwise/backend/internal/route"
)

func TestHrefBuildsLinksFromRouteNames(t *testing.T) {
	routes := route.Default()
	tests := []struct {
		locale, name, kind string
		params             map[string]string
		query              url.Values
		want               string
	}{
		{"en-US", "index", "", nil, nil, "/"},
		{"de", "index", "", nil, nil, "/de"},
		{"", "bookings", "", map[string]string{"slug": "demo-consultation"}, nil, "/widget/bookings/demo-consultation"},
		{"pt-br", "bookings", "", map[string]string{"slug": "a b/c"}, url.Values{"month": {"2026-12"}}, "/pt-br/widget/bookings/a%20b%2Fc?month=2026-12"},
		{"fr", "website", "page", map[string]string{"path": "about/team"}, nil, "/fr/about/team"},
		{"en-US", "bookingView", "ids", map[string]string{"ids": "bk_1"}, url.Values{"token": {"t&k"}}, "/widget/booking/bk_1?token=t%26k"},
		{"da", "cancelBooking", "", nil, url.Values{"id": {"bk_1"}, "token": {"x"}}, "/da/widget/booking/cancel-booking?id=bk_1&token=x"},
		{"xx", "form", "", map[string]string{"id": "contact"}, nil, "/widget/form/contact"},
	}
	for _, tt := range tests {
		if got := routes.Href(tt.locale, tt.name, tt.kind, tt.params, tt.query); got != tt.want {
			t.Errorf("Href(%s, %s, %v) = %s, want %s", tt.locale, tt.name, tt.params, got, tt.want)
		}
	}
}

func TestPathRefusesLinksThatWouldNotMatch(t *testing.T) {
	routes := route.Default()
	tests := []struct {
		name, kind string
		params     map[string]string
	}{
		{"nope", "", nil},
		{"bookings", "", nil},
		{"bookings", "nope", map[string]string{"slug": "x"}},
		{"bookingView", "ids", map[string]string{"ids": "bad id!"}},
		{"quizResult", "", map[string]string{"score": "lots"}},
	}
	for _, tt := range tests {
		if p, err := routes.Path(tt.name, tt.kind, tt.params); err == nil {
			t.Errorf("Path(%s, %s, %v) = %s, want an error", tt.name, tt.kind, tt.params, p)
		}
	}
}

func TestEveryBuiltLinkMatchesItsRoute(t *testing.T) {
	routes := route.Default()
	for _, name := range routes.Names() {
		for _, spec := range routes.Route(name).Paths {
			params := map[string]string{}
			for _, p := range []string{"provider", "service", "id", "ids", "slug", "oneTimeSlug", "servicemenu", "serviceMenuSlug", "serviceMenuId", "groupId", "groupSlug", "path", "categorySlug", "authorSlug", "tagSlug", "blogSlug", "productId", "collectionSlug"} {
				params[p] = "x1"
			}
			params["secret"], params["tab"] = "swl_X1", "requests"
			params["score"] = "42"
			params["orderId"] = "ord_x1x1x1x1x1x1x1x1"
			path, err := routes.Path(name, spec.Kind, params)
			if err != nil {
				t.Errorf("%s %s: %v", name, spec.Path, err)
				continue
			}
			if m, ok := routes.Match(path); !ok || m.Route.Name != name {
				t.Errorf("%s %s: built %s, which matches %v", name, spec.Path, path, m.Route)
			}
		}
	}
}
