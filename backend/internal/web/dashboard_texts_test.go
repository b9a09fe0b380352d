package web_test

import (
	"net/http"
	"net/url"
	"testing"
)

// A dashboard screen's page carries its own texts and no other screen's:
// the screens are one chunk of JavaScript, but a page of the calendar is
// not made to carry the settings' words (each page's bytes are compressed
// and parsed at every visit).
func TestEachDashboardScreenCarriesItsOwnTexts(t *testing.T) {
	d := newDashboard(t)
	tests := []struct {
		screen, path, part, own, other string
	}{
		{"calendar", "/admin/calendar", "admin-calendar", "admin.calendar.bookAt", "admin.why.check"},
		{"availability", "/admin/availability", "admin-availability", "admin.agenda.at", "admin.calendar.bookAt"},
		{"why not free", "/admin/why-not-free", "admin-why", "admin.why.check", "admin.agenda.at"},
		{"responses", "/admin/responses", "admin-responses", "admin.responses.allForms", "admin.why.check"},
		{"people", "/admin/people", "admin-people", "admin.people.invite", "admin.settings.address"},
		{"account", "/admin/account", "admin-account", "admin.account.add", "admin.people.invite"},
		{"settings", "/admin/settings", "admin-settings", "admin.settings.address", "admin.connections.addToken"},
		{"connections", "/admin/settings/connections", "admin-connections", "admin.connections.addToken", "admin.settings.address"},
	}
	for _, tt := range tests {
		t.Run(tt.screen, func(t *testing.T) {
			rec := d.do(http.MethodGet, "/api/page-data?path="+url.QueryEscape(tt.path), d.browser("owner", ""))
			expect(t, rec, http.StatusOK, []string{`"parts":["` + tt.part + `"]`, `"` + tt.own + `":`}, []string{`"` + tt.other + `":`})
		})
	}
}
