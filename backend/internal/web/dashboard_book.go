package web

import (
	"context"
	"errors"
	"net/url"
	"time"

	"slotwise/backend/internal/booking"
	"slotwise/backend/internal/web/pages"
)

// Booking for a client, from a free time of the calendar page: the
// service, the person and the time come in the address; the form asks
// who the client is. It books through the booking service's Book, as the
// client's own page does (the same rules, the same mails to the client,
// an idempotency key against a double submit), as the business: the
// terms stay the client's, and so do the service's questions the desk
// leaves unanswered (it answers what the client tells it); a service that
// asks for confirmation books confirmed, and one paid online at booking
// is paid at the appointment (the form says so, with the price).

// errNoSuchTime is an address whose time does not read: no page.
var errNoSuchTime = errors.New("web: no such time to book")

// newBooking is what the address asks to book, checked.
type newBooking struct {
	cal    *booking.Calendar
	person *booking.Person
	start  time.Time
}

func (d dashboardFeature) newBookingOf(ctx context.Context, v *viewer, q url.Values) (*newBooking, error) {
	cal, err := d.svc.Calendar(ctx, q.Get("calendar"))
	if err != nil {
		return nil, err
	}
	person, err := v.staffMember(ctx, q.Get("staff"))
	if err != nil {
		return nil, err
	}
	if cal.StaffByID(person.ID) == nil {
		return nil, booking.ErrPersonNotFound
	}
	start, err := time.Parse(time.RFC3339, q.Get("start"))
	if err != nil {
		return nil, errNoSuchTime
	}
	return &newBooking{cal: cal, person: person, start: start}, nil
}

func (d dashboardFeature) newBookingPage(ctx context.Context, req *pages.Request, v *viewer) (*pages.Result, error) {
	nb, err := d.newBookingOf(ctx, v, req.Query)
	if err != nil {
		return nil, err
	}
	f, err := v.frame()
	if err != nil {
		return nil, err
	}
	data := AdminNewBookingPageData{Frame: f, Calendar: nb.cal.Name, Staff: nb.person.Name, Start: nb.start.UTC().Format(time.RFC3339),
		End: nb.start.Add(nb.cal.Duration).UTC().Format(time.RFC3339), Phone: nb.cal.Fields.Phone, Notes: nb.cal.Fields.Notes,
		Places: []string{}, FormKey: req.FormKey(), PaidOnline: nb.cal.Payment == booking.PaymentOnline, Back: adminHref(req, "adminCalendar", "", nil, url.Values{
			"date": {nb.start.In(zoneOf(f.Business.TimeZone)).Format(time.DateOnly)}, "staff": {req.Query.Get("staff")}, "book": {nb.cal.Slug}})}
	data.Questions = questionsOf(nb.cal, req.Locale, d.svc.Now())
	if nb.cal.Payment != booking.PaymentNone {
		data.Price, _ = booking.Quote(nb.cal, 1)
		data.Currency = nb.cal.CurrencyCode()
	}
	for _, o := range nb.cal.LocationOptions {
		if o.Kind == "booker" {
			data.TypedPlace = true
		} else {
			data.Places = append(data.Places, o.Value)
		}
	}
	if data.TypedPlace || len(data.Places) > 1 {
		data.AskPlace = true
		// As the booking service judges it: one of several places, or
		// a place the service says it needs.
		data.PlaceRequired = nb.cal.Fields.Location == booking.FieldRequired || !data.TypedPlace
	}
	return &pages.Result{Title: req.T("admin.book.title"), Data: data, Parts: screenTexts("new-booking")}, nil
}

// bookForClient books what the address asks for the client the form names.
func (d dashboardFeature) bookForClient(ctx context.Context, req *pages.Request, form url.Values, v *viewer) (string, error) {
	nb, err := d.newBookingOf(ctx, v, req.Query)
	if err != nil {
		return "", err
	}
	f, err := v.frame()
	if err != nil {
		return "", err
	}
	locale := form.Get("locale")
	if locale == "" {
		locale = req.Locale
	}
	b, _, err := d.svc.Book(ctx, booking.BookCommand{
		Answers:  answersOf(form),
		Calendar: nb.cal.Slug, Start: nb.start.Format(time.RFC3339), TimeZone: f.Business.TimeZone, StaffID: nb.person.ID,
		Locale: locale, ForClient: true, IdempotencyKey: form.Get("idempotencyKey"),
		Contact: booking.Contact{FirstName: form.Get("contact.firstName"), LastName: form.Get("contact.lastName"), Email: form.Get("contact.email"),
			Phone: form.Get("contact.phone"), Location: form.Get("contact.location"), Notes: form.Get("contact.notes")},
	})
	if err != nil {
		return "", err
	}
	return adminHref(req, "adminBooking", "", map[string]string{"id": b.ID}, url.Values{"done": {"booked"}}), nil
}
