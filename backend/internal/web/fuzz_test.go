package web_test

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"testing"
)

// FuzzBookingBody: no body a client sends makes the booking API fail on
// its own side (a 5xx); it books or it says what is wrong.
func FuzzBookingBody(f *testing.F) {
	f.Add(bookingBody(nextMonday10(), nil))
	f.Add(`{"calendar":"demo-consultation","start":"x","tz":"\u0000","contact":{"firstName":"\u001b[2J"}}`)
	f.Add(`{"calendar":"demo-consultation"}{}`)
	f.Add(`[]`)
	f.Add("\xff\xfe")
	fx := newFixture(f, sharedRenderer(f))
	f.Fuzz(func(t *testing.T, body string) {
		rec := fx.send(http.MethodPost, "/api/bookings", body, nil)
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
