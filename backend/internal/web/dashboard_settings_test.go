package web_test

import (
	"context"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"slotwise/backend/internal/db"
)

// The owner changes the business's details, through the content's
// pipeline; nobody else finds the page, and what does not read is
// refused by name.
func TestTheOwnerChangesTheBusinessInTheSettings(t *testing.T) {
	d := newDashboard(t)
	good := url.Values{"do": {"business"}, "name": {"Studio Lindenblatt"}, "brandColor": {"#B45309"}, "logoUrl": {""},
		"defaultLocale": {"de"}, "email": {"hello@example.com"}, "phone": {""}, "address": {"Lindenstraße 12\r\n10969 Berlin"}}
	d.run(t, []pageCase{
		{"signed out", "", "", "GET", "/admin/settings", nil, 303, nil, nil},
		{"the front desk", "desk", "", "GET", "/admin/settings", nil, 404, nil, nil},
		{"a staff member's change", "jonas", "", "POST", "/admin/settings", good, 404, nil, nil},
		{"the owner", "owner", "", "GET", "/admin/settings", nil, 200, []string{"Slotwise Demo Studio", "Europe/Berlin"}, nil},
		{"no name", "owner", "", "POST", "/admin/settings", cloneWith(good, "name", " "), 422, []string{"Give the business a name"}, nil},
		{"a colour that is not", "owner", "", "POST", "/admin/settings", cloneWith(good, "brandColor", "red"), 422, []string{"#0f766e"}, nil},
		{"an address that mails nobody", "owner", "", "POST", "/admin/settings", cloneWith(good, "email", "hello@"), 422, nil, nil},
		{"a language that is not", "owner", "", "POST", "/admin/settings", cloneWith(good, "defaultLocale", "xx"), 422, nil, nil},
		{"the owner saves", "owner", "", "POST", "/admin/settings", good, 303, nil, nil},
		{"another business's owner sees theirs", "betaOwner", hostB, "GET", "/admin/settings", nil, 200, []string{markerB}, []string{"Studio Lindenblatt"}},
	})
	var name, colour, locale, address string
	if err := d.pool.QueryRow(db.WithEveryBusiness(context.Background()), `SELECT name, brand_color, default_locale, address FROM locations WHERE slug = 'demo-studio'`).
		Scan(&name, &colour, &locale, &address); err != nil {
		t.Fatal(err)
	}
	if name != "Studio Lindenblatt" || colour != "#b45309" || locale != "de" || address != "Lindenstraße 12\n10969 Berlin" {
		t.Errorf("saved %q %q %q %q", name, colour, locale, address)
	}
	// German is now its first language, whose pages show the name's German
	// translation; the English page shows the name saved.
	if page := d.do(http.MethodGet, "/en/widget/bookings/demo-consultation", nil).Body.String(); !strings.Contains(page, "Studio Lindenblatt") || !strings.Contains(page, "#b45309") {
		i := strings.Index(page, "<title>")
		t.Errorf("the public booking page does not show the new name and colour: %s", page[i:i+200])
	}
}

// pageCase is one request of a scenario table: who sends it ("" signed
// out) on which host ("" the demo's), and what its answer must be, show
// and not show.
type pageCase struct {
	name, who, host, method, target string
	form                            url.Values
	want                            int
	shows, hides                    []string
}

// run sends each case as its person's browser would and checks it.
func (d *dashboard) run(t *testing.T, cases []pageCase) {
	t.Helper()
	for i, tt := range cases {
		t.Run(tt.name, func(t *testing.T) {
			header := d.browser(tt.who, tt.host)
			if tt.method == http.MethodPost {
				expect(t, d.post(tt.target, cloneWith(tt.form, "idempotencyKey", "case-"+strconv.Itoa(i)), header), tt.want, tt.shows, tt.hides)
				return
			}
			expect(t, d.do(http.MethodGet, tt.target, header), tt.want, tt.shows, tt.hides)
		})
	}
}
