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
	form := adaForm(start)
	form.Del("locationChoice")
	rec := f.post("/widget/service-menus/demo-salon?cart=salon-haircut,salon-manicure&step=time&time="+url.QueryEscape(start), form, nil)
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("cart by form: %d %s", rec.Code, rec.Body)
	}
	visit := rec.Header().Get("Location")
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
