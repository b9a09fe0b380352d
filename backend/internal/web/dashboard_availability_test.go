package web_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"slotwise/backend/internal/db"
)

// Whose availability a role reaches: an owner's and the front desk's,
// everyone's; a staff member's, their own; nobody's of another business.
func TestAvailabilityIsReachedOnlyByWhoMayChangeIt(t *testing.T) {
	d := newDashboard(t)
	tests := []struct {
		name, who, host, method, target string
		form                            url.Values
		want                            int
		shows, hides                    []string
	}{
		{"signed out", "", "", "GET", "/admin/availability/mia", nil, 303, nil, []string{"Mia Weber"}},
		{"the owner, anyone's", "owner", "", "GET", "/admin/availability/mia", nil, 200, []string{"Mia Weber", "Jonas Becker", "09:00–17:00"}, nil},
		{"the front desk, anyone's", "desk", "", "GET", "/admin/availability/jonas", nil, 200, []string{"Jonas Becker"}, nil},
		{"a staff member, their own by default", "jonas", "", "GET", "/admin/availability", nil, 200, []string{"Jonas Becker"}, []string{"Mia Weber"}},
		{"a staff member, another's", "jonas", "", "GET", "/admin/availability/mia", nil, 404, nil, []string{"09:00–17:00"}},
		{"a staff member, another's data", "jonas", "", "GET", "/api/page-data?path=" + url.QueryEscape("/admin/availability/mia"), nil, 404, nil, []string{"Mia Weber"}},
		{"a staff member changing another's hours", "jonas", "", "POST", "/admin/availability/mia", url.Values{"do": {"agenda"}, "at": {""}}, 404, nil, nil},
		{"nobody of that slug", "owner", "", "GET", "/admin/availability/nobody", nil, 404, nil, nil},
		{"a slug that cannot be", "owner", "", "GET", "/admin/availability/MIA", nil, 404, nil, nil},
		{"another business's owner, on their own host", "betaOwner", hostB, "GET", "/admin/availability/mia", nil, 200, []string{markerB}, nil},
		{"another business's owner, their own mia's agenda", "betaOwner", hostB, "POST", "/admin/availability/mia", url.Values{"do": {"agenda"}, "at": {""}}, 303, nil, nil},
		{"a change the page does not make", "owner", "", "POST", "/admin/availability/mia", url.Values{"do": {"delete"}}, 422, nil, nil},
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			header := d.browser(tt.who, tt.host)
			var rec *httptest.ResponseRecorder
			if tt.method == "POST" {
				tt.form.Set("idempotencyKey", "key-"+strconv.Itoa(i))
				rec = d.post(tt.target, tt.form, header)
			} else {
				rec = d.do(tt.method, tt.target, header)
			}
			expect(t, rec, tt.want, tt.shows, tt.hides)
		})
	}
	if agenda := d.agendaOf("mia"); agenda == "" {
		t.Errorf("mia's agenda was taken away by a change nobody could make")
	}
}

// New hours are reviewed, with the bookings they leave outside, before
// they are saved; what is saved is what was reviewed; and the public
// booking page follows at once.
func TestNewHoursAreReviewedThenSavedAndTheBookingPageFollows(t *testing.T) {
	d := newDashboard(t)
	owner := map[string]string{"Cookie": d.cookies["owner"]}
	start, _ := time.Parse(time.RFC3339, nextMonday10())
	monday := start.In(berlin()).Format(time.DateOnly)
	week := url.Values{"monday": {"9-12"}, "tuesday": {"09:00-17:00"}, "wednesday": {"9:00 – 17:00"}, "thursday": {"9-17"}, "friday": {"9-13, 14-17"}}

	form := cloneWith(week, "do", "reviewHours", "idempotencyKey", "k1")
	rec := d.post("/admin/availability/mia", form, owner)
	if rec.Code != 303 || !strings.Contains(rec.Header().Get("Location"), "preview=hours") {
		t.Fatalf("review: %d %v %s", rec.Code, rec.Header(), rec.Body)
	}
	review := rec.Header().Get("Location")
	page := d.do(http.MethodGet, review, owner).Body.String()
	for _, want := range []string{"09:00–12:00", "09:00–13:00, 14:00–17:00", "grace@example.com", "1 booking falls"} {
		if !strings.Contains(page, want) {
			t.Errorf("the review does not show %q", want)
		}
	}
	if got := d.hoursOf("mia", 1); got != `[["09:00", "17:00"]]` {
		t.Errorf("a review changed the hours: %s", got)
	}

	// Hours typed after the review are reviewed, not saved.
	changed := cloneWith(week, "do", "saveHours", "idempotencyKey", "k2")
	changed.Set("monday", "8-12")
	if rec := d.post(review, changed, owner); rec.Code != 303 || !strings.Contains(rec.Header().Get("Location"), "preview=hours") {
		t.Fatalf("saving hours not reviewed: %d %v", rec.Code, rec.Header())
	}
	save := cloneWith(week, "do", "saveHours", "idempotencyKey", "k3")
	for range 2 { // a double submit saves once
		rec = d.post(review, save, owner)
		if rec.Code != 303 || rec.Header().Get("Location") != "/admin/availability/mia?done=saved" {
			t.Fatalf("save: %d %v %s", rec.Code, rec.Header(), rec.Body)
		}
	}
	if got := d.hoursOf("mia", 1); got != `[["09:00", "12:00"]]` {
		t.Errorf("saved, monday is %s", got)
	}
	if got := d.slotsOf("mia", monday); len(got) == 0 || got[len(got)-1] >= monday+"T11:10" {
		t.Errorf("monday's slots after the new hours: %v", got)
	}

	// A day off, reviewed then saved, takes the day off the booking page.
	rec = d.post("/admin/availability/mia", url.Values{"do": {"reviewOff"}, "from": {monday}, "idempotencyKey": {"k4"}}, owner)
	if rec.Code != 303 {
		t.Fatalf("review a day off: %d %s", rec.Code, rec.Body)
	}
	review = rec.Header().Get("Location")
	if page := d.do(http.MethodGet, review, owner).Body.String(); !strings.Contains(page, "grace@example.com") {
		t.Errorf("the day off's review does not show the booking on that day")
	}
	rec = d.post(review, url.Values{"do": {"saveOff"}, "from": {monday}, "to": {monday}, "idempotencyKey": {"k5"}}, owner)
	if rec.Code != 303 || rec.Header().Get("Location") != "/admin/availability/mia?done=saved" {
		t.Fatalf("save a day off: %d %v %s", rec.Code, rec.Header(), rec.Body)
	}
	if got := d.slotsOf("mia", monday); len(got) != 0 {
		t.Errorf("the day off still offers %v", got)
	}
	if s := d.status(d.miaBooking); s != "scheduled" {
		t.Errorf("the booking on the day off is %s: it stays booked", s)
	}
	rec = d.post("/admin/availability/mia", url.Values{"do": {"removeOff"}, "from": {monday}, "to": {monday}, "idempotencyKey": {"k6"}}, owner)
	if rec.Code != 303 || len(d.slotsOf("mia", monday)) == 0 {
		t.Errorf("removing the day off: %d, slots %v", rec.Code, d.slotsOf("mia", monday))
	}

	// The agenda mail: a time, or none.
	if rec := d.post("/admin/availability/mia", url.Values{"do": {"agenda"}, "at": {"6:45"}, "day": {"tomorrow"}, "idempotencyKey": {"k7"}}, owner); rec.Code != 303 {
		t.Fatalf("agenda: %d %s", rec.Code, rec.Body)
	}
	if got := d.agendaOf("mia"); got != `{"at": "06:45", "day": "tomorrow"}` {
		t.Errorf("agenda %s", got)
	}
	if rec := d.post("/admin/availability/mia", url.Values{"do": {"agenda"}, "at": {""}, "idempotencyKey": {"k8"}}, owner); rec.Code != 303 || d.agendaOf("mia") != "" {
		t.Errorf("no agenda: %d %q", rec.Code, d.agendaOf("mia"))
	}
}

// Every field that does not read is refused by name, in the person's
// language, and nothing changes.
func TestAvailabilityFormsRefuseWhatDoesNotRead(t *testing.T) {
	d := newDashboard(t)
	owner := map[string]string{"Cookie": d.cookies["owner"]}
	yesterday := time.Now().In(berlin()).AddDate(0, 0, -1).Format(time.DateOnly)
	tomorrow := time.Now().In(berlin()).AddDate(0, 0, 1).Format(time.DateOnly)
	later := time.Now().In(berlin()).AddDate(2, 0, 0).Format(time.DateOnly)
	tests := []struct {
		name  string
		form  url.Values
		field string
		shows string
	}{
		{"hours that are not", url.Values{"do": {"reviewHours"}, "monday": {"nine to five"}}, "monday", "Write hours as 09:00–17:00"},
		{"hours past midnight", url.Values{"do": {"reviewHours"}, "tuesday": {"22-25"}}, "tuesday", "Write hours as"},
		{"a span backwards", url.Values{"do": {"reviewHours"}, "wednesday": {"17-9"}}, "wednesday", "ends after it starts"},
		{"spans that overlap", url.Values{"do": {"reviewHours"}, "thursday": {"9-13, 12-17"}}, "thursday", "overlap"},
		{"endless spans", url.Values{"do": {"reviewHours"}, "friday": {strings.Repeat("9-10,", 100)}}, "friday", "Write hours as"},
		{"a day off in the past", url.Values{"do": {"reviewOff"}, "from": {yesterday}}, "from", "today or a later day"},
		{"no first day", url.Values{"do": {"saveOff"}}, "from", "Choose a date"},
		{"the last day first", url.Values{"do": {"reviewOff"}, "from": {tomorrow}, "to": {yesterday}}, "to", "comes before the first"},
		{"two years off", url.Values{"do": {"reviewOff"}, "from": {tomorrow}, "to": {later}}, "to", "At most a year"},
		{"other hours that are not", url.Values{"do": {"reviewOff"}, "from": {tomorrow}, "hours": {"all day"}}, "hours", "Write hours as"},
		{"an agenda at 25:00", url.Values{"do": {"agenda"}, "at": {"25:00"}}, "at", "07:30"},
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.form.Set("idempotencyKey", "key-"+strconv.Itoa(i))
			rec := d.post("/admin/availability/mia", tt.form, owner)
			if rec.Code != http.StatusUnprocessableEntity || !strings.Contains(rec.Body.String(), tt.shows) {
				t.Fatalf("%d, want 422 showing %q: %s", rec.Code, tt.shows, rec.Body)
			}
		})
	}
	// A NUL byte is refused before any page reads the form.
	if rec := d.post("/admin/availability/mia", url.Values{"do": {"saveHours"}, "monday": {"9\x00-17"}, "idempotencyKey": {"nul"}}, owner); rec.Code != http.StatusBadRequest {
		t.Errorf("a NUL byte: %d", rec.Code)
	}
	if got := d.hoursOf("mia", 1); got != `[["09:00", "17:00"]]` {
		t.Errorf("refused changes changed monday: %s", got)
	}
	de := map[string]string{"Cookie": d.cookies["owner"]}
	rec := d.post("/de/admin/availability/mia", url.Values{"do": {"reviewHours"}, "monday": {"x"}, "idempotencyKey": {"de"}}, de)
	if !strings.Contains(rec.Body.String(), "Schreiben Sie Zeiten als") {
		t.Errorf("the German refusal: %d %s", rec.Code, rec.Body)
	}
}

func cloneWith(v url.Values, kv ...string) url.Values {
	out := url.Values{}
	for k, vs := range v {
		out[k] = append([]string(nil), vs...)
	}
	for i := 0; i+1 < len(kv); i += 2 {
		out.Set(kv[i], kv[i+1])
	}
	return out
}

// hoursOf is a demo staff member's stored hours of a weekday (0 is
// Sunday), as JSON.
func (d *dashboard) hoursOf(slug string, day int) string {
	d.t.Helper()
	var hours string
	if err := d.pool.QueryRow(d.ctxOf(""), `SELECT coalesce(weekly_hours->$2, '[]')::text FROM staff WHERE slug = $1 AND location_id = $3`, slug, strconv.Itoa(day), db.ThisBusiness).Scan(&hours); err != nil {
		d.t.Fatal(err)
	}
	return hours
}

// agendaOf is a demo staff member's agenda setting as stored ("" none).
func (d *dashboard) agendaOf(slug string) string {
	d.t.Helper()
	var agenda *string
	if err := d.pool.QueryRow(d.ctxOf(""), `SELECT agenda::text FROM staff WHERE slug = $1 AND location_id = $2`, slug, db.ThisBusiness).Scan(&agenda); err != nil {
		d.t.Fatal(err)
	}
	if agenda == nil {
		return ""
	}
	return *agenda
}

// slotsOf is what the public booking API offers of a demo staff member
// for a massage on a date.
func (d *dashboard) slotsOf(slug, date string) []string {
	d.t.Helper()
	rec := d.do(http.MethodGet, "/api/booking/slots?calendar=demo-massage&tz=Europe/Berlin&from="+date+"&to="+date+"&staff="+strconv.FormatInt(d.staffID("", slug), 10), nil)
	var res struct{ Slots map[string][]string }
	if err := json.Unmarshal(rec.Body.Bytes(), &res); err != nil || rec.Code != 200 {
		d.t.Fatalf("slots: %d %s", rec.Code, rec.Body)
	}
	return res.Slots[date]
}
