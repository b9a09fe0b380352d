package web_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"slotwise/backend/internal/calsync"
)

func TestAdminConnectsAStaffMembersCalendar(t *testing.T) {
	af := newAdminFixture(t)
	feed := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/calendar")
		_, _ = w.Write([]byte("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//EN\r\nX-WR-CALNAME:Mia\r\n" +
			"BEGIN:VEVENT\r\nUID:a\r\nDTSTAMP:20260101T000000Z\r\nDTSTART:20261124T090000Z\r\nDTEND:20261124T100000Z\r\nEND:VEVENT\r\n" +
			"END:VCALENDAR\r\n"))
	}))
	defer feed.Close()

	rec := af.call(http.MethodPost, "/api/admin/calendar-connections", af.write,
		`{"staff":"mia","kind":"ics","url":"`+feed.URL+`/mia.ics"}`, nil)
	if rec.Code != http.StatusCreated {
		t.Fatalf("create: %d %s", rec.Code, rec.Body)
	}
	var conn calsync.Connection
	_ = json.Unmarshal(rec.Body.Bytes(), &conn)
	if conn.Status.State != "ok" || len(conn.Calendars) != 1 || conn.Calendars[0].Name != "Mia" || rec.Header().Get("Location") != "/api/admin/calendar-connections/"+conn.ID {
		t.Errorf("created %s (Location %q)", rec.Body, rec.Header().Get("Location"))
	}
	for _, tc := range []struct {
		name, method, target, token, body string
		status                            int
		words                             string
	}{
		{"the same address twice", "POST", "/api/admin/calendar-connections", af.write, `{"staff":"mia","kind":"ics","url":"` + feed.URL + `/mia.ics"}`, 409, "already_connected"},
		{"list by staff", "GET", "/api/admin/calendar-connections?staff=mia", af.read, "", 200, conn.ID},
		{"list of another", "GET", "/api/admin/calendar-connections?staff=jonas", af.read, "", 200, `"data":[]`},
		{"read one", "GET", "/api/admin/calendar-connections/" + conn.ID, af.read, "", 200, `"check":true`},
		{"a read token cannot change", "PATCH", "/api/admin/calendar-connections/" + conn.ID, af.read, `{"check":[]}`, 403, "insufficient_scope"},
		{"a subscription is read-only", "PATCH", "/api/admin/calendar-connections/" + conn.ID, af.write, `{"writeTo":"` + conn.Calendars[0].URL + `"}`, 422, "read-only"},
		{"an unknown calendar", "PATCH", "/api/admin/calendar-connections/" + conn.ID, af.write, `{"check":["https://elsewhere.example/"]}`, 422, "does not have"},
		{"a writeTo that is no url", "PATCH", "/api/admin/calendar-connections/" + conn.ID, af.write, `{"writeTo":5}`, 422, "writeTo"},
		{"stop checking", "PATCH", "/api/admin/calendar-connections/" + conn.ID, af.write, `{"check":[],"writeTo":null}`, 200, `"check":false`},
		{"sync now", "POST", "/api/admin/calendar-connections/" + conn.ID + "/sync", af.write, "", 200, `"state":"ok"`},
		{"an unknown kind", "POST", "/api/admin/calendar-connections", af.write, `{"staff":"mia","kind":"exchange","url":"https://x.example/"}`, 422, "caldav or ics"},
		{"an unknown field", "POST", "/api/admin/calendar-connections", af.write, `{"staff":"mia","kind":"ics","url":"https://x.example/","colour":"red"}`, 400, ""},
		{"a server that is not there", "POST", "/api/admin/calendar-connections", af.write, `{"staff":"mia","kind":"caldav","url":"http://127.0.0.1:1/dav/","username":"mia","password":"s3cret-app-pass"}`, 422, "calendar_unreachable"},
		{"bad UTF-8 in the staff's slug", "POST", "/api/admin/calendar-connections", af.write, "{\"staff\":\"mi\xffa\",\"kind\":\"ics\",\"url\":\"" + feed.URL + "/x.ics\"}", 422, "is not text"},
		{"an address of 3,000 bytes", "POST", "/api/admin/calendar-connections", af.write, `{"staff":"mia","kind":"ics","url":"https://x.example/` + strings.Repeat("a", 3000) + `"}`, 422, "at most 2048"},
		{"an unknown id", "GET", "/api/admin/calendar-connections/cc_nope", af.read, "", 404, "not_found"},
		{"delete", "DELETE", "/api/admin/calendar-connections/" + conn.ID, af.write, "", 204, ""},
		{"deleted", "GET", "/api/admin/calendar-connections/" + conn.ID, af.read, "", 404, "not_found"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rec := af.call(tc.method, tc.target, tc.token, tc.body, nil)
			if rec.Code != tc.status || !strings.Contains(rec.Body.String(), tc.words) {
				t.Errorf("%d %s, want %d with %q", rec.Code, rec.Body, tc.status, tc.words)
			}
			if strings.Contains(rec.Body.String(), "s3cret-app-pass") {
				t.Errorf("the answer carries the password: %s", rec.Body)
			}
		})
	}
}
