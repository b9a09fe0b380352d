package notify

import (
	"net/url"
	"strings"
)

// GoogleCalendarURL returns a link that opens Google Calendar's "new event"
// form filled in with ev (times in UTC, so the calendar shows them in the
// viewer's own zone).
func GoogleCalendarURL(ev Event) string {
	q := []queryParam{
		{"action", "TEMPLATE"},
		{"text", ev.Summary},
		{"dates", utcStamp(ev.Start) + "/" + utcStamp(ev.End)},
		{"details", ev.Description},
		{"location", ev.Location},
	}
	return "https://calendar.google.com/calendar/render?" + encodeQuery(q)
}

// OutlookURL returns a link that opens Outlook on the web's compose-event
// form filled in with ev.
func OutlookURL(ev Event) string {
	const iso = "2006-01-02T15:04:05Z"
	q := []queryParam{
		{"path", "/calendar/action/compose"},
		{"rru", "addevent"},
		{"subject", ev.Summary},
		{"startdt", ev.Start.UTC().Format(iso)},
		{"enddt", ev.End.UTC().Format(iso)},
		{"body", ev.Description},
		{"location", ev.Location},
	}
	return "https://outlook.live.com/calendar/0/deeplink/compose?" + encodeQuery(q)
}

type queryParam struct{ key, value string }

// encodeQuery keeps the parameters in the given order (url.Values sorts
// them) and leaves out empty optional ones.
func encodeQuery(params []queryParam) string {
	var b strings.Builder
	for _, p := range params {
		if p.value == "" {
			continue
		}
		if b.Len() > 0 {
			b.WriteByte('&')
		}
		b.WriteString(url.QueryEscape(p.key))
		b.WriteByte('=')
		b.WriteString(url.QueryEscape(p.value))
	}
	return b.String()
}
