package web_test

import (
	"cmp"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"slotwise/backend/internal/content"
)

// Every JSON body of the admin API is read as its document says, and no
// looser: a validating proxy in front reads the same request. A refused
// body changes nothing.
func TestAdminReadsEveryBodyAsDocumented(t *testing.T) {
	af := newAdminFixture(t)
	af.clock.Set(aFriday)
	start, _ := time.Parse(time.RFC3339, nextMonday10())
	booking := af.book("demo-consultation", start.Format(time.RFC3339), "ada@example.com")
	rec := af.call(http.MethodPost, "/api/admin/webhooks", af.write, `{"url":"https://hooks.example/kept","events":["booking.created"],"description":"kept"}`, nil)
	if rec.Code != http.StatusCreated {
		t.Fatalf("create a webhook: %d %s", rec.Code, rec.Body)
	}
	endpoint := decodeJSON[map[string]any](t, rec)["id"].(string)
	const (
		webhooks    = "/api/admin/webhooks"
		calendar    = "/api/admin/content/calendars/strict-check"
		connections = "/api/admin/calendar-connections"
	)
	cancel := "/api/admin/bookings/" + booking + "/cancel"
	refund := "/api/admin/bookings/" + booking + "/refund"
	events := `"events":["booking.created"]`
	calendarBody := `{"name":"Strict check","duration":15,"staff":["mia"]`

	for _, tc := range []struct {
		name, method, target, body string
		status                     int
		code                       string
		field                      string // for 422: the field named
		words                      string // in the message
	}{
		{"a webhook's url twice", "POST", webhooks, `{"url":"http://169.254.169.254/","url":"https://hooks.example/x",` + events + `}`,
			400, "bad_request", "", `The body has the key "url" twice`},
		{"a webhook's url in capitals", "POST", webhooks, `{"URL":"https://hooks.example/x",` + events + `}`,
			400, "bad_request", "", `The body has the key "URL", which is not a field: keys are matched as written, and the field is "url"`},
		{"a webhook of null", "POST", webhooks, `null`, 400, "bad_request", "", "The body must be an object, not null"},
		{"a webhook's description not UTF-8", "POST", webhooks, "{\"url\":\"https://hooks.example/x\"," + events + ",\"description\":\"caf\xe9\"}",
			422, "invalid", "description", ""},
		{"a webhook's description a lone surrogate", "POST", webhooks, `{"url":"https://hooks.example/x",` + events + `,"description":"\ud800"}`,
			422, "invalid", "description", ""},
		{"a webhook's url a lone surrogate", "POST", webhooks, `{"url":"https://hooks.example/\udc00",` + events + `}`, 422, "invalid", "url", ""},
		{"a webhook's events a string", "POST", webhooks, `{"url":"https://hooks.example/x","events":"booking.created"}`,
			400, "bad_request", "", "events must be an array, not a string"},
		{"a webhook over 64 KB", "POST", webhooks, `{"url":"https://hooks.example/x",` + events + `,"description":"` + strings.Repeat("a", 70<<10) + `"}`,
			413, "too_large", "", "at most 64 KB"},
		{"a webhook changed with a key twice", "PATCH", webhooks + "/" + endpoint, `{"enabled":false,"enabled":true}`, 400, "bad_request", "", `"enabled" twice`},
		{"a webhook changed to null", "PATCH", webhooks + "/" + endpoint, `null`, 400, "bad_request", "", "not null"},
		{"a webhook's description changed to a lone surrogate", "PATCH", webhooks + "/" + endpoint, `{"description":"\ud800x"}`, 422, "invalid", "description", ""},
		{"a reminder's whom a number", "PUT", calendar, calendarBody + `,"reminders":[{"before":"1h","to":5}]}`,
			400, "bad_request", "", "reminders.0.to must be a string, not a number"},
		{"a calendar's name twice", "PUT", calendar, calendarBody + `,"name":"Other"}`, 400, "bad_request", "", `"name" twice`},
		{"a calendar's duration in capitals", "PUT", calendar, `{"name":"Strict check","Duration":15}`, 400, "bad_request", "", `"Duration"`},
		{"a calendar of null", "PUT", calendar, `null`, 400, "bad_request", "", "not null"},
		{"a calendar's staff a lone surrogate", "PUT", calendar, `{"name":"Strict check","duration":15,"staff":["\ud800"]}`, 422, "invalid", "staff.0", ""},
		{"a calendar over 2 MB", "PUT", calendar, calendarBody + `,"description":"` + strings.Repeat("a", 2<<20) + `"}`, 413, "too_large", "", "at most 2 MB"},
		{"a connection's staff twice", "POST", connections, `{"staff":"mia","staff":"jonas","kind":"ics","url":"https://x.example/a.ics"}`,
			400, "bad_request", "", `"staff" twice`},
		{"a connection's url a lone surrogate", "POST", connections, `{"staff":"mia","kind":"ics","url":"https://x.example/\ud800"}`, 422, "invalid", "url", ""},
		{"a connection of null", "POST", connections, `null`, 400, "bad_request", "", "not null"},
		{"a cancel's reason twice", "POST", cancel, `{"reason":"a","reason":"b"}`, 400, "bad_request", "", `"reason" twice`},
		{"a cancel's reason in capitals", "POST", cancel, `{"Reason":"a"}`, 400, "bad_request", "", `"Reason"`},
		{"a cancel of null", "POST", cancel, `null`, 400, "bad_request", "", "not null"},
		{"a cancel's reason a lone surrogate", "POST", cancel, `{"reason":"\ud800"}`, 422, "invalid", "reason", ""},
		{"a cancel over 64 KB", "POST", cancel, `{"reason":"` + strings.Repeat("a", 70<<10) + `"}`, 413, "too_large", "", "at most 64 KB"},
		{"a refund's amount a string", "POST", refund, `{"amount":"all"}`, 400, "bad_request", "", "amount must be a whole number, not a string"},
		{"a refund's amount a fraction", "POST", refund, `{"amount":10.5}`, 400, "bad_request", "", "amount must be a whole number, not 10.5"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rec := af.call(tc.method, tc.target, af.write, tc.body, nil)
			e := decodeJSON[apiErr](t, rec).Error
			if rec.Code != tc.status || e.Code != tc.code || !strings.Contains(e.Message, tc.words) {
				t.Fatalf("%d %s, want %d %s saying %q", rec.Code, rec.Body, tc.status, tc.code, tc.words)
			}
			if _, named := e.Fields[tc.field]; tc.field != "" && (!named || len(e.Fields) != 1) {
				t.Errorf("fields %v, want %s alone", e.Fields, tc.field)
			}
			for _, goWords := range []string{"Go ", "struct", "unmarshal", "EndpointInput", "Calendar.", "int64"} {
				if strings.Contains(e.Message, goWords) {
					t.Errorf("the message speaks of Go (%q): %s", goWords, e.Message)
				}
			}
		})
	}

	// Nothing of it was kept.
	if list := decodeJSON[bookingPage](t, af.call(http.MethodGet, webhooks, af.read, "", nil)); len(list.Data) != 1 {
		t.Errorf("%d webhook endpoints, want the one made first", len(list.Data))
	}
	ep := decodeJSON[map[string]any](t, af.call(http.MethodGet, webhooks+"/"+endpoint, af.read, "", nil))
	if ep["enabled"] != true || ep["description"] != "kept" {
		t.Errorf("the endpoint changed: %v", ep)
	}
	if rec := af.call(http.MethodGet, calendar, af.read, "", nil); rec.Code != http.StatusNotFound {
		t.Errorf("the refused calendar: %d", rec.Code)
	}
	if list := decodeJSON[bookingPage](t, af.call(http.MethodGet, connections, af.read, "", nil)); len(list.Data) != 0 {
		t.Errorf("%d calendar connections, want none", len(list.Data))
	}
	if b := decodeJSON[map[string]any](t, af.call(http.MethodGet, "/api/admin/bookings/"+booking, af.read, "", nil)); b["status"] != "scheduled" {
		t.Errorf("the booking: %v", b["status"])
	}
}

// One size limit answers alike everywhere: the same status and code,
// whichever the body.
func TestAdminBodiesOverTheirSizeAnswerAlike(t *testing.T) {
	af := newAdminFixture(t)
	webhook := af.call(http.MethodPost, "/api/admin/webhooks", af.write,
		`{"url":"https://hooks.example/x","events":["booking.created"],"description":"`+strings.Repeat("a", 70<<10)+`"}`, nil)
	item := af.call(http.MethodPut, "/api/admin/content/tags/big", af.write, `{"name":"`+strings.Repeat("a", 3<<20)+`"}`, nil)
	w, c := decodeJSON[apiErr](t, webhook).Error, decodeJSON[apiErr](t, item).Error
	if webhook.Code != item.Code || webhook.Code != http.StatusRequestEntityTooLarge || w.Code != c.Code || w.Code != "too_large" {
		t.Errorf("a webhook: %d %+v; content: %d %+v", webhook.Code, w, item.Code, c)
	}
}

// The API takes back, unchanged, every item it gives: its own answers
// are of the documented shape, nulls of empty lists and all.
func TestAdminTakesBackEveryItemItGives(t *testing.T) {
	af := newAdminFixture(t)
	for _, k := range content.Kinds() {
		if k.Name() == "media" {
			continue // pictures are sent as themselves
		}
		list := decodeJSON[struct{ Data []map[string]json.RawMessage }](t,
			af.call(http.MethodGet, "/api/admin/content/"+k.Name()+"?limit=100", af.read, "", nil))
		for _, item := range list.Data {
			var key string
			for _, field := range []string{"key", "slug", "id", "path"} { // a translation names its own slug too
				if json.Unmarshal(item[field], &key) == nil {
					break
				}
			}
			key = strings.TrimPrefix(cmp.Or(key, "index"), "/")
			t.Run(k.Name()+"/"+key, func(t *testing.T) {
				target := "/api/admin/content/" + k.Name() + "/" + key
				got := af.call(http.MethodGet, target, af.read, "", nil)
				rec := af.call(http.MethodPut, target, af.write, got.Body.String(), nil)
				if rec.Code != http.StatusOK || rec.Header().Get("Slotwise-Outcome") != "unchanged" {
					t.Errorf("PUT back what GET gave: %d %s %s\n%s", rec.Code, rec.Header().Get("Slotwise-Outcome"), rec.Body, got.Body)
				}
			})
		}
	}
}
