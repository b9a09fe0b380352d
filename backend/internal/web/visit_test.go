package web_test

import (
	"html"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"
)

// hrefOf is the first link on a page whose address contains part.
func hrefOf(t *testing.T, body, part string) string {
	t.Helper()
	for _, m := range regexp.MustCompile(`href="([^"]+)"`).FindAllStringSubmatch(body, -1) {
		if u := html.UnescapeString(m[1]); strings.Contains(u, part) {
			return u
		}
	}
	t.Fatalf("no link with %q on the page", part)
	return ""
}

// A visit booked without JavaScript is moved and cancelled as one, from
// the links of its page.
func TestAVisitIsMovedAndCancelledAsOneWithoutJavaScript(t *testing.T) {
	f := newFixture(t, sharedRenderer(t))
	start := nextMonday10()
	visit := bookByForm(t, f, "/widget/service-menus/demo-salon?cart=salon-haircut,salon-manicure&step=time&", start)
	body := f.do(http.MethodGet, visit, nil).Body.String()

	move := hrefOf(t, body, "reschedule=")
	page := f.do(http.MethodGet, move, nil)
	if page.Code != http.StatusOK || !strings.Contains(page.Body.String(), "Haircut + Manicure") {
		t.Fatalf("the visit's reschedule page: %d, want both services named", page.Code)
	}
	later, _ := time.Parse(time.RFC3339, start)
	to := later.Add(24 * time.Hour).Format(time.RFC3339) // Tuesday, 10:00
	moved := f.post(move+"&time="+url.QueryEscape(to), url.Values{"start": {to}, "tz": {"Europe/Berlin"}, "idempotencyKey": {"move-1"}}, nil)
	if moved.Code != http.StatusSeeOther {
		t.Fatalf("the move: %d %s", moved.Code, moved.Body)
	}
	body = f.do(http.MethodGet, visit, nil).Body.String()
	if strings.Count(body, `data-status="rescheduled"`) != 1 || !strings.Contains(body, "10:45") {
		t.Errorf("after the move the visit's page is not one rescheduled visit with the manicure at 10:45")
	}

	cancel := hrefOf(t, body, "cancel-booking")
	page = f.do(http.MethodGet, cancel, nil)
	if !strings.Contains(page.Body.String(), "Every service of this visit will be cancelled") {
		t.Errorf("the visit's cancel page does not say the whole visit goes")
	}
	done := f.post(cancel, url.Values{"reason": {"Ill"}, "idempotencyKey": {"cancel-1"}}, nil)
	if done.Code != http.StatusSeeOther {
		t.Fatalf("the cancel: %d %s", done.Code, done.Body)
	}
	body = f.do(http.MethodGet, visit, nil).Body.String()
	if strings.Count(body, `data-status="cancelled"`) != 1 || regexp.MustCompile(`href="[^"]*reschedule=`).MatchString(body) {
		t.Errorf("after the cancel the visit is not one cancelled outcome without ways to change it")
	}
	var active int
	f.pool.QueryRow(t.Context(), `SELECT count(*) FROM bookings WHERE series_id LIKE 'vs_%' AND status <> 'cancelled'`).Scan(&active)
	if active != 0 {
		t.Errorf("%d services of the visit still hold their time", active)
	}
}

// The visit's times answer only its manage link's holder, and what a
// client sends wrong is a 4xx, never a 500.
func TestAVisitsTimesRefuseWhatIsNotItsLink(t *testing.T) {
	f := newFixture(t, sharedRenderer(t))
	visit := bookByForm(t, f, "/widget/service-menus/demo-salon?cart=salon-haircut,salon-manicure&step=time&", nextMonday10())
	u, _ := url.Parse(visit)
	id, token := strings.TrimPrefix(u.Path, "/widget/booking/"), u.Query().Get("token")
	month := "&from=" + nextMonday10()[:8] + "01&to=" + nextMonday10()[:8] + "28&tz=Europe%2FBerlin"
	tests := []struct {
		name, query string
		want        int
	}{
		{"the link's holder", "id=" + id + "&token=" + token + month, http.StatusOK},
		{"a wrong token", "id=" + id + "&token=guess" + month, http.StatusNotFound},
		{"no token", "id=" + id + month, http.StatusNotFound},
		// The server's guard refuses these before any handler reads them.
		{"a NUL in the id", "id=bk_%00x&token=" + token + month, http.StatusBadRequest},
		{"bad UTF-8 in the token", "id=" + id + "&token=%ff%fe" + month, http.StatusBadRequest},
		{"a huge id", "id=" + strings.Repeat("b", 10000) + "&token=" + token + month, http.StatusRequestURITooLong},
		{"a long id that is none", "id=bk_" + strings.Repeat("b", 300) + "&token=" + token + month, http.StatusNotFound},
		{"a range of a year", "id=" + id + "&token=" + token + "&from=2026-01-01&to=2026-12-31&tz=Europe%2FBerlin", http.StatusUnprocessableEntity},
		{"an unknown zone", "id=" + id + "&token=" + token + "&from=2026-01-01&to=2026-01-02&tz=Mars%2FOlympus", http.StatusUnprocessableEntity},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if rec := f.do(http.MethodGet, "/api/booking/visit-slots?"+tc.query, nil); rec.Code != tc.want {
				t.Errorf("status %d, want %d: %s", rec.Code, tc.want, rec.Body)
			}
		})
	}
}
