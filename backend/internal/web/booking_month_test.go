package web_test

import (
	"net/http"
	"strings"
	"testing"
	"time"
)

func TestABookerWithNoMonthAskedOpensOnTheFirstMonthWithATime(t *testing.T) {
	f := newFixture(t, sharedRenderer(t))
	lastEvening := time.Date(2026, 11, 30, 21, 0, 0, 0, time.UTC) // 22:00 in Berlin: November has no time left
	midMonth := time.Date(2026, 11, 20, 9, 0, 0, 0, time.UTC)
	tests := []struct {
		name  string
		now   time.Time
		page  string
		month string
	}{
		{"a month with times left is shown", midMonth, "/widget/bookings/demo-consultation", "2026-11"},
		{"a month's last evening opens the next", lastEvening, "/widget/bookings/demo-consultation", "2026-12"},
		{"a cart's times too", lastEvening, "/widget/service-menus/demo-salon?cart=salon-haircut&step=time", "2026-12"},
		{"the month asked is the month shown", lastEvening, "/widget/bookings/demo-consultation?month=2026-11", "2026-11"},
		{"a date asked is its month", lastEvening, "/widget/bookings/demo-consultation?date=2026-11-30", "2026-11"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f.clock.Set(tt.now)
			rec := get(f.handler, tt.page)
			if rec.Code != http.StatusOK {
				t.Fatalf("%d", rec.Code)
			}
			if body := rec.Body.String(); !strings.Contains(body, `"month":"`+tt.month+`"`) {
				i := strings.Index(body, `"month":"`)
				t.Errorf("shows month %.18s, want %s", body[max(i, 0):], tt.month)
			}
		})
	}
}
