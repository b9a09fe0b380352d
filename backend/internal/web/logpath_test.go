package web_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// Whoever reads the request log cannot open what the logged requests
// opened: secrets in paths are cut to a few characters, queries left out.
func TestTheRequestLogShowsNoSecretOfAPath(t *testing.T) {
	f := newFixture(t, sharedRenderer(t))
	const secret = "Zq3vK9LmXwP2rT8sKd4HjN6bYc1FgA7eU5oI0pQxRzS"
	tests := []struct{ name, target, logged string }{
		{"a staff feed", "/ical/staff/stf_" + secret + ".ics", "/ical/staff/stf_Zq3v…"},
		{"a dashboard's sign-in link", "/admin/sign-in/swl_" + secret[:26], "/admin/sign-in/swl_Zq3v…"},
		{"a preview", "/v2/preview/" + secret, "/v2/preview/Zq3v…"},
		{"a preview's post", "/v2/preview/" + secret + "/b/a-post", "/v2/preview/Zq3v…/b/a-post"},
		{"a one-time link in German", "/de/widget/otl/otl_" + secret, "/de/widget/otl/otl_Zq3v…"},
		{"a one-time link with a doubled slash", "/widget//otl/otl_" + secret, "/widget//otl/otl_Zq3v…"},
		{"a page's data", "/api/page-data?path=" + url.QueryEscape("/widget/otl/otl_"+secret), "path=/api/page-data "},
		{"a manage link", "/widget/booking/bk_x?token=" + secret, "path=/widget/booking/bk_x "},
		{"a one-time link a business named", "/widget/otl/vip_anna", "path=/widget/otl/vip_… "},
		{"a long one a business named", "/widget/otl/vip_" + secret, "path=/widget/otl/vip_… "},
		{"a preview with an underscore early", "/v2/preview/ab_" + secret[:40], "path=/v2/preview/ab_Z… "},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := f.logs.Len()
			f.do(http.MethodGet, tt.target, nil)
			logged := f.logs.String()[before:]
			if strings.Contains(logged, secret[4:]) || strings.Contains(logged, secret[len(secret)-8:]) {
				t.Errorf("the log holds the secret:\n%s", logged)
			}
			if strings.Contains(logged, "vip_a") || strings.Contains(logged, "vip_Z") || strings.Contains(logged, "ab_Zq") {
				t.Errorf("the log holds more than four characters of a named secret:\n%s", logged)
			}
			if !strings.Contains(logged, tt.logged) {
				t.Errorf("the log does not show %q:\n%s", tt.logged, logged)
			}
		})
	}
}
