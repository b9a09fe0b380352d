package reminders_test

import (
	"net/http/httptest"
	"strings"
	"testing"

	"slotwise/backend/internal/content"
	"slotwise/backend/internal/metrics"
)

func TestMetricsTellWhatIsDueHowLateAndWhatWasDone(t *testing.T) {
	f := newFixture(t, utc("2027-03-26 10:00"))
	setReminders(t, f, "demo-consultation", []content.Reminder{{Before: "24h", To: "booker"}}, nil)
	mustBook(t, f, "demo-consultation", mondayAfterChange)
	m := metrics.New(f.pool, quiet, f.clock.Now)
	scrape := func() string {
		rec := httptest.NewRecorder()
		m.Handler().ServeHTTP(rec, httptest.NewRequest("GET", "/metrics", nil))
		return rec.Body.String()
	}
	f.clock.Set(utc("2027-03-28 07:10")) // ten minutes late, on the server's clock
	for _, want := range []string{"slotwise_reminders_due 1", "slotwise_reminders_lag_seconds 600"} {
		if body := scrape(); !strings.Contains(body, want) {
			t.Errorf("before sending, the metrics lack %s", want)
		}
	}
	w := f.worker()
	w.Observe = m.Reminder
	if _, err := w.SendDue(t.Context()); err != nil {
		t.Fatal(err)
	}
	body := scrape()
	for _, want := range []string{"slotwise_reminders_due 0", "slotwise_reminders_lag_seconds 0",
		`slotwise_reminders_total{kind="reminder",outcome="sent",reason=""} 1`} {
		if !strings.Contains(body, want) {
			t.Errorf("after sending, the metrics lack %s:\n%s", want, body)
		}
	}
}
