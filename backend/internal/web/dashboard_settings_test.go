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

// The owner sets each calendar's reminders, typed as durations; what
// content's checks refuse comes back on the field that wrote it.
func TestTheOwnerSetsACalendarsRemindersInTheSettings(t *testing.T) {
	d := newDashboard(t)
	good := url.Values{"do": {"reminders"}, "calendar": {"demo-consultation"}, "booker": {"48h, 2h"}, "staff": {"1h"}, "followUp": {"3h"}}
	d.run(t, []pageCase{
		{"the page lists each calendar's", "owner", "", "GET", "/admin/settings", nil, 200, []string{`name="booker"`, `value="24h"`, "Save the reminders of"}, nil},
		{"the front desk's change", "desk", "", "POST", "/admin/settings", good, 404, nil, nil},
		{"a duration that does not read", "owner", "", "POST", "/admin/settings", cloneWith(good, "staff", "2 hours"), 422, []string{"such as 24h, 2h or 30m", `value="48h, 2h"`}, nil},
		{"past 90 days", "owner", "", "POST", "/admin/settings", cloneWith(good, "booker", "91d"), 422, []string{"from 1 minute to 90 days"}, nil},
		{"the same twice", "owner", "", "POST", "/admin/settings", cloneWith(good, "booker", "2h, 120m"), 422, []string{"each once"}, nil},
		{"two thank-yous", "owner", "", "POST", "/admin/settings", cloneWith(good, "followUp", "1h 2h"), 422, []string{"a single duration"}, nil},
		{"a calendar that is not", "owner", "", "POST", "/admin/settings", cloneWith(good, "calendar", "nope"), 422, nil, nil},
		{"the owner saves", "owner", "", "POST", "/admin/settings", good, 303, nil, nil},
		{"and sees them", "owner", "", "GET", "/admin/settings?done=reminders", nil, 200, []string{`value="48h, 2h"`, `value="3h"`, "Reminders saved"}, nil},
		{"none at all", "owner", "", "POST", "/admin/settings", url.Values{"do": {"reminders"}, "calendar": {"demo-massage"}}, 303, nil, nil},
	})
	var consultation, massage string
	var followUp *string
	ctx := db.WithEveryBusiness(context.Background())
	if err := d.pool.QueryRow(ctx, `SELECT reminders::text, follow_up->>'after' FROM calendars WHERE slug = 'demo-consultation'`).Scan(&consultation, &followUp); err != nil {
		t.Fatal(err)
	}
	if err := d.pool.QueryRow(ctx, `SELECT reminders::text FROM calendars WHERE slug = 'demo-massage'`).Scan(&massage); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(consultation, "2880") || !strings.Contains(consultation, "120") || !strings.Contains(consultation, "staff") || followUp == nil || massage != "[]" {
		t.Errorf("saved %s (follow-up %v), and %s", consultation, followUp, massage)
	}
}
