package booking

import (
	"time"

	"slotwise/backend/internal/notify"
)

// A named guest is mailed because the booker typed their address, so the
// guest's mail carries nothing else the booker typed: otherwise a booking
// would send any text to any address in the business's name. A guest
// reads the business's words only (its name, the service, the time, the
// person, a place the business offers, the price), never the booker's or
// other guests' names, answers, reasons, or a place the booker typed.

// ForGuest is x as a named guest reads it, in locale, and its calendar
// event.
func ForGuest(x *Booking, locale string, now time.Time) (View, notify.Event) {
	ev := Event(x, "", now)
	ev.Description = x.Calendar.Description
	ev.Location = businessPlace(x)
	ev.AttendeeName, ev.AttendeeEmail = "", ""
	v := WithoutLinks(NewView(x, "", locale, now))
	v.Contact = ViewContact{}
	v.Guests = []Guest{}
	v.Answers = nil
	v.CancellationReason = ""
	v.Location = ev.Location
	v.GoogleURL, v.OutlookURL = notify.GoogleCalendarURL(ev), notify.OutlookURL(ev)
	return v, ev
}

// businessPlace is where x happens when the business wrote it (one of the
// calendar's own ways to meet); "" when the booker typed it.
func businessPlace(x *Booking) string {
	for _, o := range x.Calendar.LocationOptions {
		if o.Kind != "booker" && o.Value == x.Contact.Location {
			return o.Value
		}
	}
	return ""
}
