package web_test

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// A part fetched as a chunk brings its texts from /api/messages.
func TestPartsFetchTheirMessages(t *testing.T) {
	f := newFixture(t, sharedRenderer(t))
	tests := []struct {
		query  string
		status int
		want   string
	}{
		{"part=booker-details&locale=de", 200, "Buchung bestätigen"},
		{"part=booker-details&locale=pt-BR", 200, "booking.submit"},
		{"part=booker-details&locale=xx", 200, "Confirm booking"},
		{"part=no-such-part&locale=de", 404, "not_found"},
		{"locale=de", 404, "not_found"},
	}
	for _, tt := range tests {
		rec := f.do(http.MethodGet, "/api/messages?"+tt.query, nil)
		if rec.Code != tt.status || !strings.Contains(rec.Body.String(), tt.want) {
			t.Errorf("%s = %d %.120s, want %d with %q", tt.query, rec.Code, rec.Body, tt.status, tt.want)
		}
	}
}

func TestPayloadsCarryOnlyTheirLayoutsMessages(t *testing.T) {
	f := newFixture(t, sharedRenderer(t))
	f.clock.Set(aFriday) // the dates below are written out
	tests := []struct {
		path    string
		has     []string
		lacks   []string
		maxSize int
	}{
		// The first screen's texts; the details step's come with its chunk,
		// or with the page when its URL is that step.
		{"/widget/bookings/demo-consultation", []string{"booking.times.title", "cookies.acceptAll", "error.home"}, []string{"email.footer", "home.description", "booking.submit"}, 90},
		{"/widget/bookings/demo-consultation?time=2026-11-23T09:00:00%2B01:00", []string{"booking.times.title", "booking.submit"}, []string{"email.footer", "home.description"}, 180},
		{"/widget/form/demo-contact", []string{"form.submit", "validation.required"}, []string{"booking.submit", "booking.cancel.submit"}, 64},
		{"/de/widget/booking/cancel-booking?id=x", []string{"cookies.acceptAll"}, []string{"email.footer", "booking.submit"}, 100},
		// The footer's headings and legal links, and the banner's privacy link;
		// the business's name is the payload's (siteName), not a message.
		{"/about", []string{"cookies.acceptAll", "site.legal.privacy"}, []string{"email.footer", "booking.submit", "site.name"}, 70},
		{"/no/such/page/at/all", []string{"cookies.acceptAll", "error.notFound.lead"}, []string{"email.footer", "booking.submit", "site.name"}, 70},
		{"/widget/no/such/page", []string{"cookies.acceptAll"}, []string{"email.footer", "booking.submit", "site.name"}, 30},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			rec := f.do(http.MethodGet, "/api/page-data?path="+tt.path, nil)
			var p struct {
				Layout   string
				Messages map[string]json.RawMessage
			}
			if err := json.Unmarshal(rec.Body.Bytes(), &p); err != nil {
				t.Fatalf("%d %s", rec.Code, rec.Body)
			}
			for _, id := range tt.has {
				if len(p.Messages[id]) == 0 {
					t.Errorf("%s page lacks %s", p.Layout, id)
				}
			}
			for _, id := range tt.lacks {
				if _, ok := p.Messages[id]; ok {
					t.Errorf("%s page carries %s", p.Layout, id)
				}
			}
			if len(p.Messages) > tt.maxSize {
				t.Errorf("%s page carries %d messages, want at most %d", p.Layout, len(p.Messages), tt.maxSize)
			}
			if strings.HasPrefix(tt.path, "/de/") && strings.Contains(string(p.Messages["cookies.acceptAll"]), "Accept all") {
				t.Errorf("German page with English messages")
			}
		})
	}
}

// Pages carry messages parsed, so the browser needs no ICU parser: a plural
// arrives as its parts, never as the text with braces, and a message that is
// only text arrives as that text.
func TestPayloadsCarryParsedMessages(t *testing.T) {
	f := newFixture(t, sharedRenderer(t))
	f.clock.Set(aFriday) // the dates below are written out
	rec := f.do(http.MethodGet, "/api/page-data?path="+url.QueryEscape("/de/widget/bookings/demo-consultation?time=2026-11-23T09:00:00+01:00"), nil)
	var p struct {
		Messages map[string]json.RawMessage
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &p); err != nil {
		t.Fatalf("%d: %v", rec.Code, err)
	}
	var submit string
	if err := json.Unmarshal(p.Messages["booking.submit"], &submit); err != nil || submit != "Buchung bestätigen" {
		t.Errorf("booking.submit = %s, want the German text", p.Messages["booking.submit"])
	}
	var seats []struct {
		Type    int            `json:"type"`
		Value   string         `json:"value"`
		Options map[string]any `json:"options"`
	}
	if err := json.Unmarshal(p.Messages["booking.seatsLeft"], &seats); err != nil || len(seats) != 1 || seats[0].Type != 6 || len(seats[0].Options) < 2 {
		t.Errorf("booking.seatsLeft = %s, want a parsed plural", p.Messages["booking.seatsLeft"])
	}
}
