package web_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
)

func TestPayloadsCarryOnlyTheirLayoutsMessages(t *testing.T) {
	f := newFixture(t, sharedRenderer(t))
	tests := []struct {
		path    string
		has     []string
		lacks   []string
		maxSize int
	}{
		{"/widget/bookings/demo-consultation", []string{"booking.submit", "cookies.acceptAll", "error.home"}, []string{"email.footer", "home.title"}, 220},
		{"/de/widget/booking/cancel-booking?id=x", []string{"cookies.acceptAll"}, []string{"email.footer", "booking.submit"}, 100},
		{"/about", []string{"site.name", "cookies.acceptAll"}, []string{"email.footer", "booking.submit"}, 60},
		{"/no/such/page/at/all", []string{"cookies.acceptAll"}, []string{"email.footer", "booking.submit", "site.name"}, 30},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			rec := f.do(http.MethodGet, "/api/page-data?path="+tt.path, nil)
			var p struct {
				Layout   string
				Messages map[string]string
			}
			if err := json.Unmarshal(rec.Body.Bytes(), &p); err != nil {
				t.Fatalf("%d %s", rec.Code, rec.Body)
			}
			for _, id := range tt.has {
				if p.Messages[id] == "" {
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
			if strings.HasPrefix(tt.path, "/de/") && p.Messages["cookies.acceptAll"] == "Accept all" {
				t.Errorf("German page with English messages")
			}
		})
	}
}
