package booking

import (
	"net/url"
	"slices"
	"strings"
	"time"

	"slotwise/backend/internal/notify"
	"slotwise/backend/internal/route"
)

// View is a booking as the booker sees it (ui/src/features/booking/types.ts
// BookingView): the API answer, the manage pages' data and the e-mails' data.
type View struct {
	ID                 string       `json:"id"`
	Status             string       `json:"status" tstype:"BookingStatus"`
	Start              time.Time    `json:"start"`
	End                time.Time    `json:"end"`
	TimeZone           string       `json:"timeZone"`
	PreviousStart      *time.Time   `json:"previousStart" tstype:"string | null,required"`
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
	DecideURL          string       `json:"decideUrl,omitempty"` // the business's page to confirm or decline a request
	CanChange          bool         `json:"canChange"`
	Seats              int          `json:"seats"`  // the booker and their guests
	Guests             []Guest      `json:"guests"` // the guests the booker named
	CancelledBy        string       `json:"cancelledBy" tstype:"'' | 'booker' | 'business'"`
	ForGuest           bool         `json:"forGuest"` // the service is for guests[0], not the booker
	BookAgainURL       string       `json:"bookAgainUrl"`
	// Visit: one service of a visit, moved and cancelled with the rest;
	// CancelOneURL cancels it alone, where the business allows.
	Visit        bool   `json:"visit"`
	CancelOneURL string `json:"cancelOneUrl,omitempty"`
	// Answers are the booker's answers to the calendar's own questions.
	Answers []AnswerView `json:"answers,omitempty"`
	// Payment is what the booking costs and where its payment stands; nil
	// for a free booking.
	Payment *PaymentView `json:"payment,omitempty"`
}

// PaymentView is a booking's money as the booker sees it: amounts in the
// currency's minor unit.
type PaymentView struct {
	State             string     `json:"state" tstype:"'none' | 'on_site' | 'hold' | 'processing' | 'paid' | 'released' | 'refund_due' | 'refunded'"`
	Currency          string     `json:"currency"`
	Total             int64      `json:"total"`
	PayNow            int64      `json:"payNow"`
	Paid              int64      `json:"paid"`
	Refunded          int64      `json:"refunded"`
	HoldUntil         *time.Time `json:"holdUntil" tstype:"string | null,required"`
	RefundPolicy      string     `json:"refundPolicy" tstype:"'window' | 'business' | 'never'"`
	RefundWindowHours int        `json:"refundWindowHours"`
	Refundable        bool       `json:"refundable"` // cancelling now gives back what was paid
	RefundDue         int64      `json:"refundDue"`  // what is being given back now (refund_due): all that is left, or a part
}

// paymentView is b's money for the booker; nil when it costs nothing.
func paymentView(b *Booking, now time.Time) *PaymentView {
	m := b.Money
	if m.Total == 0 && m.Paid == 0 {
		return nil
	}
	v := &PaymentView{
		State: m.State, Currency: m.Currency, Total: m.Total, PayNow: m.PayNow, Paid: m.Paid, Refunded: m.Refunded,
		HoldUntil: m.HoldUntil, RefundPolicy: b.Calendar.RefundPolicy, RefundWindowHours: int(b.Calendar.RefundWindow / time.Hour),
		Refundable: m.State == MoneyPaid && m.Paid > m.Refunded && Refundable(b, now),
	}
	if m.State == MoneyRefundDue {
		v.RefundDue = m.RefundNow()
	}
	return v
}

// AnswerView is one question of a booking form and its answer, as read.
type AnswerView struct {
	Label string `json:"label"`
	Value string `json:"value"`
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

// NewView builds the booker's view with links in locale's language, each
// built from the route table; token is the manage secret (links need it).
func NewView(b *Booking, token, locale string, now time.Time) View {
	zone, err := loadZone(b.TimeZone)
	if err != nil {
		zone = time.UTC
	}
	routes := route.Default()
	told := b.In(locale) // the service's name and place in the reader's language where the business translated them
	v := View{
		ID: b.ID, Status: b.Status, Start: b.Start.In(zone), End: b.End.In(zone), TimeZone: b.TimeZone,
		CancellationReason: b.CancellationReason,
		Calendar:           ViewCalendar{Slug: b.Calendar.Slug, Name: told.Calendar.Name, DurationMinutes: int(b.Calendar.Duration / time.Minute)},
		Staff:              ViewStaff{ID: b.Staff.ID, Name: staffNames(b)},
		Location:           told.Contact.Location,
		Contact:            ViewContact{FirstName: b.Contact.FirstName, LastName: b.Contact.LastName, Email: b.Contact.Email},
		LocationName:       told.Calendar.Location.Name,
		ManageURL:          routes.Href(locale, "bookingView", "ids", map[string]string{"ids": b.ID}, url.Values{"token": {token}}),
		// The calendar opens on the day being moved from, in the booker's zone.
		RescheduleURL: routes.Href(locale, "bookings", "", map[string]string{"slug": b.Calendar.Slug},
			url.Values{"reschedule": {b.ID}, "token": {token}, "date": {b.Start.In(zone).Format(time.DateOnly)}}),
		CancelURL:    routes.Href(locale, "cancelBooking", "", nil, url.Values{"id": {b.ID}, "token": {token}}),
		ICSURL:       ICSPath(b.ID) + "?" + url.Values{"token": {token}}.Encode(),
		CanChange:    b.CanChange(now),
		Seats:        max(b.Seats, 1),
		Guests:       b.Guests,
		CancelledBy:  b.CancelledBy,
		ForGuest:     b.ForGuest,
		BookAgainURL: routes.Href(locale, "bookings", "", map[string]string{"slug": b.Calendar.Slug}, nil),
		Answers:      answerRows(b.Calendar, b.Answers, locale),
		Payment:      paymentView(b, now),
	}
	if v.Guests == nil {
		v.Guests = []Guest{}
	}
	if b.PreviousStart != nil {
		p := b.PreviousStart.In(zone)
		v.PreviousStart = &p
	}
	if b.InVisit() {
		v.Visit = true
		if b.Calendar.Location.CancelOneOfVisit {
			v.CancelOneURL = routes.Href(locale, "cancelBooking", "", nil, url.Values{"id": {b.ID}, "token": {token}, "only": {"1"}})
		}
	}
	ev := Event(b.In(locale), "", now)
	v.GoogleURL, v.OutlookURL = notify.GoogleCalendarURL(ev), notify.OutlookURL(ev)
	return v
}

// AsVisit gives the views of a visit's services (in time order) the
// visit's own calendar links: one event from the first start
// to the last end, naming every service, so Google or Outlook hold the
// visit as the booker will live it. The .ics link already answers with
// every service (ICSPath).
func AsVisit(views []View, group []*Booking, locale string, now time.Time) {
	if len(group) < 2 || !group[0].InVisit() {
		return
	}
	group = inLanguage(group, locale)
	if active := slices.DeleteFunc(slices.Clone(group), func(b *Booking) bool { return !b.Active() }); len(active) > 0 {
		group = active
	}
	ev := VisitEvent(group, "", now)
	google, outlook := notify.GoogleCalendarURL(ev), notify.OutlookURL(ev)
	for i := range views {
		views[i].GoogleURL, views[i].OutlookURL = google, outlook
	}
}

// VisitEvent is a visit as one calendar event: its services in order, from
// the first start to the last end.
func VisitEvent(group []*Booking, manageURL string, now time.Time) notify.Event {
	ev := Event(group[0], manageURL, now)
	names, lines := make([]string, 0, len(group)), make([]string, 0, len(group))
	seen := map[string]bool{}
	zone, err := loadZone(group[0].TimeZone)
	if err != nil {
		zone = time.UTC
	}
	for _, b := range group {
		if b.End.After(ev.End) {
			ev.End = b.End
		}
		if !seen[b.Calendar.Name] {
			seen[b.Calendar.Name] = true
			names = append(names, b.Calendar.Name)
		}
		line := b.Start.In(zone).Format("15:04") + " " + b.Calendar.Name
		if b.Staff != nil && b.Staff.Name != "" {
			line += " · " + staffNames(b)
		}
		lines = append(lines, line)
	}
	ev.UID = group[0].ID + "-visit@slotwise"
	ev.Summary = strings.Join(names, ", ") + " · " + group[0].Calendar.Location.Name
	ev.Description = strings.Join(lines, "\n")
	if manageURL != "" {
		ev.Description += "\n\n" + manageURL
	}
	return ev
}

// decideURL is the business's page for a request, opened by its decide secret.
func decideURL(b *Booking, secret, locale string) string {
	return route.Default().Href(locale, "bookingView", "ids", map[string]string{"ids": b.ID}, url.Values{"decide": {secret}})
}

// staffNames is who the booker meets: the person, or for a collective
// calendar everyone of it.
func staffNames(b *Booking) string {
	if !b.Calendar.Collective() || len(b.Calendar.Staff) < 2 {
		return b.Staff.Name
	}
	names := make([]string, len(b.Calendar.Staff))
	for i, s := range b.Calendar.Staff {
		names[i] = s.Name
	}
	return strings.Join(names, ", ")
}

// ICSPath is the API path of a booking's calendar file (an API route, not a
// page: the web router registers it from the same pattern).
func ICSPath(id string) string { return "/api/bookings/" + url.PathEscape(id) + "/ics" }

// Event is the booking as a calendar event; manageURL goes in its
// description and URL when known.
func Event(b *Booking, manageURL string, now time.Time) notify.Event {
	status := "CONFIRMED"
	switch b.Status {
	case StatusRequested:
		status = "TENTATIVE"
	case StatusCancelled:
		status = "CANCELLED"
	}
	desc := b.Calendar.Description
	if note := PaymentNote(b); note != "" {
		desc += "\n\n" + note
	}
	if manageURL != "" {
		desc += "\n\n" + manageURL
	}
	return notify.Event{
		UID: b.ID + "@slotwise", Sequence: b.Sequence, Start: b.Start, End: b.End, Stamp: now,
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
