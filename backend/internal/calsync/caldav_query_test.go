package calsync

import (
	"testing"
	"time"
)

// The REPORT asks for whole objects: a bare calendar-data, which every
// server answers with the whole VCALENDAR. A comp request
// (<comp name="VCALENDAR"><allprop/><allcomp/></comp>) may be answered, as
// RFC 4791 allows, with events emptied of their properties.
func TestTheCalendarQueryAsksForWholeObjects(t *testing.T) {
	for _, tc := range []struct {
		name     string
		from, to time.Time
		want     string
	}{
		{"every event", time.Time{}, time.Time{}, `<?xml version="1.0" encoding="utf-8"?>` +
			`<c:calendar-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">` +
			`<d:prop><d:getetag/><c:calendar-data/></d:prop>` +
			`<c:filter><c:comp-filter name="VCALENDAR"><c:comp-filter name="VEVENT"/></c:comp-filter></c:filter>` +
			`</c:calendar-query>`},
		{"those touching a time", time.Date(2027, 3, 2, 9, 0, 0, 0, time.UTC), time.Date(2027, 3, 2, 9, 30, 0, 0, time.FixedZone("", 3600)),
			`<?xml version="1.0" encoding="utf-8"?>` +
				`<c:calendar-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">` +
				`<d:prop><d:getetag/><c:calendar-data/></d:prop>` +
				`<c:filter><c:comp-filter name="VCALENDAR"><c:comp-filter name="VEVENT">` +
				`<c:time-range start="20270302T090000Z" end="20270302T083000Z"/></c:comp-filter></c:comp-filter></c:filter>` +
				`</c:calendar-query>`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := calendarQuery(tc.from, tc.to); got != tc.want {
				t.Errorf("\n got %s\nwant %s", got, tc.want)
			}
		})
	}
}
