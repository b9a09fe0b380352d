package notify_test

import (
	"net/url"
	"testing"

	"slotwise/backend/internal/notify"
)

func TestCalendarLinksParseBack(t *testing.T) {
	ev := sampleEvent(t)
	ev.Summary = "Cut & colour: 50% off?"
	ev.Description = "Line one\nLine two with #hash and +plus"
	ev.Location = "Hauptstraße 5, 10115 Berlin"

	tests := []struct {
		name   string
		link   string
		prefix string
		want   map[string]string
	}{
		{
			name:   "google",
			link:   notify.GoogleCalendarURL(ev),
			prefix: "https://calendar.google.com/calendar/render",
			want: map[string]string{
				"action":   "TEMPLATE",
				"text":     ev.Summary,
				"dates":    "20261123T080000Z/20261123T090000Z",
				"details":  ev.Description,
				"location": ev.Location,
			},
		},
		{
			name:   "outlook",
			link:   notify.OutlookURL(ev),
			prefix: "https://outlook.live.com/calendar/0/deeplink/compose",
			want: map[string]string{
				"path":     "/calendar/action/compose",
				"rru":      "addevent",
				"subject":  ev.Summary,
				"startdt":  "2026-11-23T08:00:00Z",
				"enddt":    "2026-11-23T09:00:00Z",
				"body":     ev.Description,
				"location": ev.Location,
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			u, err := url.Parse(tt.link)
			if err != nil {
				t.Fatal(err)
			}
			if got := u.Scheme + "://" + u.Host + u.Path; got != tt.prefix {
				t.Errorf("link starts %s, want %s", got, tt.prefix)
			}
			q := u.Query()
			for k, want := range tt.want {
				if got := q.Get(k); got != want {
					t.Errorf("%s = %q, want %q", k, got, want)
				}
			}
			if len(q) != len(tt.want) {
				t.Errorf("query has %d parameters, want %d: %v", len(q), len(tt.want), q)
			}
		})
	}
}

func TestCalendarLinksLeaveOutEmptyFields(t *testing.T) {
	ev := sampleEvent(t)
	ev.Description, ev.Location = "", ""
	for _, link := range []string{notify.GoogleCalendarURL(ev), notify.OutlookURL(ev)} {
		u, _ := url.Parse(link)
		q := u.Query()
		for _, k := range []string{"details", "body", "location"} {
			if q.Has(k) {
				t.Errorf("%s: empty %s present", link, k)
			}
		}
	}
}
