package web_test

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
)

// FuzzBookingBody: no body a client sends to a booking API (book,
// reschedule, cancel) makes it fail on its own side (a 5xx); it acts or
// it says what is wrong.
func FuzzBookingBody(f *testing.F) {
	f.Add(uint8(0), bookingBody(nextMonday10(), nil), "")
	f.Add(uint8(0), `{"calendar":"demo-consultation","start":"x","tz":"\u0000","contact":{"firstName":"\u001b[2J"}}`, "k-1")
	f.Add(uint8(0), `{"calendar":"demo-consultation"}{}`, "")
	f.Add(uint8(1), `{"token":"x","start":"2026-11-30T10:00:00+01:00","tz":"Europe/Berlin"}`, "")
	f.Add(uint8(2), `{"token":"x","reason":"\u0000"}`, "\xff")
	f.Add(uint8(2), `[]`, "")
	f.Add(uint8(1), "\xff\xfe", "")
	fx := newFixture(f, sharedRenderer(f))
	created := decodeJSON[bookingJSON](f, fx.send(http.MethodPost, "/api/bookings", bookingBody(nextMonday10(), nil), nil))
	targets := []string{"/api/bookings", "/api/bookings/" + created.ID + "/reschedule", "/api/bookings/" + created.ID + "/cancel"}
	f.Fuzz(func(t *testing.T, which uint8, body, key string) {
		header := map[string]string{}
		if key != "" && !strings.ContainsAny(key, "\r\n\x00") {
			header["Idempotency-Key"] = key
		}
		rec := fx.send(http.MethodPost, targets[int(which)%len(targets)], body, header)
		if rec.Code >= 500 {
			t.Fatalf("%d for %q: %s", rec.Code, body, rec.Body)
		}
	})
}

// FuzzPagePathAndQuery: no path or query makes a page or the slots API
// fail on the server's side.
func FuzzPagePathAndQuery(f *testing.F) {
	f.Add("/widget/bookings/demo-consultation", "month=2026-12&tz=America/New_York")
	f.Add("/widget/booking/bk_x", "token=%00")
	f.Add("/de/about", "x=\xff")
	f.Add("/api/booking/slots", "calendar=demo-consultation&from=2026-11-23&to=2026-11-23&tz=UTC&staff=-1")
	fx := newFixture(f, sharedRenderer(f))
	f.Fuzz(func(t *testing.T, path, query string) {
		// The URL as the server would parse it, whatever bytes the query holds.
		req := httptest.NewRequest(http.MethodGet, "/", nil)
		req.URL = &url.URL{Path: "/" + path, RawQuery: query}
		req.RequestURI = req.URL.RequestURI()
		rec := httptest.NewRecorder()
		fx.handler.ServeHTTP(rec, req)
		if rec.Code >= 500 {
			t.Fatalf("%d for %q: %.300s", rec.Code, req.RequestURI, rec.Body)
		}
	})
}
