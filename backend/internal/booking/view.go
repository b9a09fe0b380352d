package booking

import (
	"net/url"
	"time"

	"slotwise/backend/internal/notify"
)

// View is a booking as the booker sees it (ui/src/features/booking/types.ts
// BookingView): the API answer, the manage pages' data and the e-mails' data.
type View struct {
	ID                 string       `json:"id"`
	Status             string       `json:"status"`
	Start              time.Time    `json:"start"`
	End                time.Time    `json:"end"`
	TimeZone           string       `json:"timeZone"`
	PreviousStart      *time.Time   `json:"previousStart"`
	CancellationReason string       `json:"cancellationReason"`
	Calendar           ViewCalendar `json:"calendar"`
	Staff              ViewStaff    `json:"staff"`
	Location           string       `json:"location"`
	Contact            ViewContact  `json:"contact"`
	LocationName       string       `json:"locationName"`
	ManageURL          string       `json:"manageUrl"`
	RescheduleURL      string       `json:"rescheduleUrl"`
	CancelURL          string       `json:"cancelUrl"`
	ICSURL             string       `json:"icsUrl"`
	GoogleURL          string       `json:"googleUrl"`
	OutlookURL         string       `json:"outlookUrl"`
	CanChange          bool         `json:"canChange"`
}

// ViewCalendar, ViewStaff and ViewContact are the parts of a View.
type (
	ViewCalendar struct {
		Slug            string `json:"slug"`
		Name            string `json:"name"`
		DurationMinutes int    `json:"durationMinutes"`
	}
	ViewStaff struct {
		ID   int64  `json:"id"`
		Name string `json:"name"`
	}
	ViewContact struct {
		FirstName string `json:"firstName"`
		LastName  string `json:"lastName"`
		Email     string `json:"email"`
	}
)

// NewView builds the booker's view. prefix is the language prefix of links
// ("" or "/de"); token the manage secret (links need it).
func NewView(b *Booking, token, prefix string, now time.Time) View {
	zone, err := loadZone(b.TimeZone)
	if err != nil {
		zone = time.UTC
	}
	id, tok := url.PathEscape(b.ID), url.QueryEscape(token)
	v := View{
		ID: b.ID, Status: b.Status, Start: b.Start.In(zone), End: b.End.In(zone), TimeZone: b.TimeZone,
		CancellationReason: b.CancellationReason,
		Calendar:           ViewCalendar{Slug: b.Calendar.Slug, Name: b.Calendar.Name, DurationMinutes: int(b.Calendar.Duration / time.Minute)},
		Staff:              ViewStaff{ID: b.Staff.ID, Name: b.Staff.Name},
		Location:           b.Contact.Location,
		Contact:            ViewContact{FirstName: b.Contact.FirstName, LastName: b.Contact.LastName, Email: b.Contact.Email},
		LocationName:       b.Calendar.Location.Name,
		ManageURL:          prefix + "/widget/booking/" + id + "?token=" + tok,
		RescheduleURL:      prefix + "/widget/bookings/" + url.PathEscape(b.Calendar.Slug) + "?reschedule=" + id + "&token=" + tok,
		CancelURL:          prefix + "/widget/booking/cancel-booking?id=" + id + "&token=" + tok,
		ICSURL:             "/api/bookings/" + id + "/ics?token=" + tok,
		CanChange:          b.CanChange(now),
	}
	if b.PreviousStart != nil {
		p := b.PreviousStart.In(zone)
		v.PreviousStart = &p
	}
	ev := Event(b, "")
	v.GoogleURL, v.OutlookURL = notify.GoogleCalendarURL(ev), notify.OutlookURL(ev)
	return v
}

// Event is the booking as a calendar event; manageURL goes in its
// description and URL when known.
func Event(b *Booking, manageURL string) notify.Event {
	status := "CONFIRMED"
	switch b.Status {
	case StatusRequested:
		status = "TENTATIVE"
	case StatusCancelled:
		status = "CANCELLED"
	}
	desc := b.Calendar.Description
	if manageURL != "" {
		desc += "\n\n" + manageURL
	}
	return notify.Event{
		UID: b.ID + "@slotwise", Sequence: b.Sequence, Start: b.Start, End: b.End, Stamp: time.Now(),
		Summary: b.Calendar.Name + " · " + b.Calendar.Location.Name, Description: desc,
		Location: b.Contact.Location, URL: manageURL,
		OrganizerName: b.Calendar.Location.Name, OrganizerEmail: organizerEmail(b),
		AttendeeName: b.Contact.FirstName + " " + b.Contact.LastName, AttendeeEmail: b.Contact.Email,
		Status: status,
	}
}

func organizerEmail(b *Booking) string {
	if b.Calendar.Location.Email != "" {
		return b.Calendar.Location.Email
	}
	return b.Staff.Email
}
