package web_test

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"slotwise/backend/internal/db"
)

// Hostile and odd input gets a clear 4xx and never reaches PostgreSQL or V8
// as something they refuse (which would be a 500), on the default business
// and on a second one with the same slugs, on its own host.
func TestHostileInputGetsAClearRefusal(t *testing.T) {
	f := newFixture(t, sharedRenderer(t))
	var studio int64
	if err := f.pool.QueryRow(context.Background(), `SELECT id FROM locations WHERE is_default`).Scan(&studio); err != nil {
		t.Fatal(err)
	}
	second := addSecondStudio(t, f)
	for _, business := range []struct {
		name   string
		id     int64
		header map[string]string
	}{
		{"the default business", studio, nil},
		{"a second business", second, map[string]string{"Host": hostB}},
	} {
		t.Run(business.name, func(t *testing.T) { hostileInput(t, f, business.id, business.header) })
	}
	if problems := problemLines(f.logs.String()); strings.Contains(problems, "ERROR") {
		t.Errorf("the server logged errors:\n%s", problems)
	}
}

func hostileInput(t *testing.T, f *fixture, business int64, header map[string]string) {
	created := decodeJSON[bookingJSON](t, f.send(http.MethodPost, "/api/bookings", bookingBody(nextMonday10(), nil), header))
	var owner int64
	if err := f.pool.QueryRow(db.WithEveryBusiness(context.Background()), `SELECT location_id FROM bookings WHERE id = $1`, created.ID).Scan(&owner); err != nil || owner != business {
		t.Fatalf("the booking is business %d's (%v), want %d's", owner, err, business)
	}
	token := tokenOf(t, created.ManageURL)
	tests := []struct {
		name, method, target, body string
		status                     int
		field                      string // the field named in a 422
	}{
		{"NUL in a first name", "POST", "/api/bookings", bookingBody(nextMonday10(), func(b map[string]any) { b["contact"].(map[string]any)["firstName"] = "Ada\x00" }), 422, "contact.firstName"},
		{"escape codes in a last name", "POST", "/api/bookings", bookingBody(nextMonday10(), func(b map[string]any) { b["contact"].(map[string]any)["lastName"] = "\x1b[31mRed" }), 422, "contact.lastName"},
		{"NUL in notes", "POST", "/api/bookings", bookingBody(nextMonday10(), func(b map[string]any) { b["contact"].(map[string]any)["notes"] = "a\x00b" }), 422, "contact.notes"},
		{"NUL in a calendar slug", "POST", "/api/bookings", bookingBody(nextMonday10(), func(b map[string]any) { b["calendar"] = "demo\x00" }), 404, ""},
		{"NUL in a cancel reason", "POST", "/api/bookings/" + created.ID + "/cancel", `{"token":"` + token + `","reason":"ill\u0000"}`, 422, "reason"},
		{"empty body", "POST", "/api/bookings", "", 400, ""},
		{"unknown field", "POST", "/api/bookings", `{"calendar":"demo-consultation","admin":true}`, 400, ""},
		{"two JSON values", "POST", "/api/bookings", bookingBody(nextMonday10(), nil) + `{}`, 400, ""},
		{"trailing garbage", "POST", "/api/bookings", bookingBody(nextMonday10(), nil) + `garbage`, 400, ""},
		{"a number where text belongs", "POST", "/api/bookings", `{"calendar":42}`, 400, ""},
		{"NUL in a booking id", "GET", "/api/bookings/bk%00x?token=" + token, "", 400, ""},
		{"invalid UTF-8 in a booking id", "GET", "/api/bookings/bk%ffx?token=" + token, "", 400, ""},
		{"NUL in a query", "GET", "/api/booking/slots?calendar=demo%00&from=2026-11-23&to=2026-11-23&tz=UTC", "", 400, ""},
		{"invalid UTF-8 in a query", "GET", "/api/booking/slots?calendar=%ff&from=2026-11-23&to=2026-11-23&tz=UTC", "", 400, ""},
		{"a broken query", "GET", "/api/booking/slots?calendar=%zz", "", 400, ""},
		{"a staff id that is not a number", "GET", "/api/booking/slots?calendar=demo-consultation&from=2026-11-23&to=2026-11-23&tz=UTC&staff=abc", "", 422, "staff"},
		{"NUL in a page path", "GET", "/widget/bookings/demo%00", "", 400, ""},
		{"invalid UTF-8 in a page query", "GET", "/widget/bookings/demo-consultation?tz=%ff", "", 400, ""},
		{"a path past the limit", "GET", "/" + strings.Repeat("a", 3000), "", 414, ""},
		{"sixteen thousand segments", "GET", strings.Repeat("/a", 16000), "", 414, ""},
		{"deep but short enough", "GET", strings.Repeat("/a", 900), "", 404, ""},
		{"page data of a NUL path", "GET", "/api/page-data?path=/widget/bookings/x%00", "", 400, ""},
		{"page data of a path with an escaped NUL", "GET", "/api/page-data?path=/widget/bookings/x%2500", "", 400, ""},
		{"page data of a path with escaped invalid UTF-8", "GET", "/api/page-data?path=/widget/bookings/x%25ff", "", 400, ""},
		{"page data of a path with a broken escape", "GET", "/api/page-data?path=/widget/bookings/x%25zz", "", 400, ""},
		{"page data of a page whose query has a NUL", "GET", "/api/page-data?path=" + url.QueryEscape("/widget/bookings/demo-consultation?month=%00"), "", 400, ""},
		{"page data of a page whose query is invalid UTF-8", "GET", "/api/page-data?path=" + url.QueryEscape("/widget/bookings/demo-consultation?tz=%ff"), "", 400, ""},
		{"page data of a page whose query does not parse", "GET", "/api/page-data?path=" + url.QueryEscape("/widget/bookings/demo-consultation?tz=%zz"), "", 400, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var rec = f.send(tt.method, tt.target, tt.body, header)
			if rec.Code != tt.status {
				t.Fatalf("status %d, want %d: %.300s", rec.Code, tt.status, rec.Body)
			}
			if tt.field != "" {
				if e := decodeJSON[apiErr](t, rec).Error; e.Fields[tt.field].ID == "" || e.Fields[tt.field].Message == "" {
					t.Errorf("no message for %s: %s", tt.field, rec.Body)
				}
			}
		})
	}
}
