package web

import (
	"context"
	"errors"
	"net/url"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"slotwise/backend/internal/availability"
	"slotwise/backend/internal/booking"
	"slotwise/backend/internal/cursor"
	"slotwise/backend/internal/web/pages"
	"slotwise/locales"
)

// The dashboard's bookings: a list in four tabs (upcoming from the start
// of today, the requests waiting for an answer, the past newest first,
// and the cancelled), filtered and searched in the query, and each
// booking's own page. Changes run through the booking service's business
// commands, the same as the admin API's: the same rules, events and
// messages, and a double submit changes once (the form's key).

// adminTabs are the list's tabs, the first the dashboard's home.
var adminTabs = map[string]bool{"upcoming": true, "requests": true, "past": true, "cancelled": true}

// adminPageSize is how many bookings a page of the list shows.
const adminPageSize = 50

// tabQuery is what a tab and the request's filters ask of the list.
func tabQuery(tab string, f AdminFilters, zone *time.Location, now time.Time, cursor string) booking.ListQuery {
	q := booking.ListQuery{Calendar: f.Calendar, Staff: f.Staff, Search: f.Search, Cursor: cursor, Limit: adminPageSize}
	today := startOfDay(now, zone)
	switch tab {
	case "requests":
		q.Status, q.From = booking.StatusRequested, now
	case "past":
		q.Status, q.To, q.Newest = "scheduled,rescheduled", now, true
	case "cancelled":
		q.Status, q.Newest = booking.StatusCancelled, true
	default:
		q.Status, q.From = "scheduled,rescheduled,requested,pending", today
	}
	if day, err := time.ParseInLocation(time.DateOnly, f.From, zone); err == nil && day.After(q.From) {
		q.From = day
	}
	if day, err := time.ParseInLocation(time.DateOnly, f.To, zone); err == nil {
		if end := day.AddDate(0, 0, 1); q.To.IsZero() || end.Before(q.To) {
			q.To = end
		}
	}
	return q
}

// startOfDay is the first moment of t's day in zone.
func startOfDay(t time.Time, zone *time.Location) time.Time {
	day := availability.DateOf(t, zone)
	start, _ := availability.DayRange(day, day, zone)
	return start
}

// filtersOf reads the list's filters from the query, each within bounds.
func filtersOf(query url.Values) AdminFilters {
	get := func(name string, max int) string {
		v := query.Get(name)
		for len(v) > max { // a search too long is searched for its start
			_, size := utf8.DecodeLastRuneInString(v)
			v = v[:len(v)-size]
		}
		return v
	}
	return AdminFilters{Search: get("q", 200), Calendar: get("calendar", 100), Staff: get("staff", 100), From: get("from", 10), To: get("to", 10)}
}

func (d dashboardFeature) bookingsPage(ctx context.Context, req *pages.Request, v *viewer) (*pages.Result, error) {
	tab := req.Match.Params["tab"]
	if !adminTabs[tab] {
		tab = "upcoming"
	}
	f, err := v.frame()
	if err != nil {
		return nil, err
	}
	zone := zoneOf(f.Business.TimeZone)
	filters := filtersOf(req.Query)
	now := d.svc.Now()
	after := req.Query.Get("cursor")
	if _, _, err := cursor.Decode(after); err != nil {
		after = "" // a cursor this server did not write: the list from its start
	}
	q := tabQuery(tab, filters, zone, now, after)
	q.Brief = true // a row shows neither answers nor notes
	list, next, err := v.bookings(ctx, q)
	if err != nil {
		return nil, err
	}
	data := AdminBookingsPageData{Frame: f, Tab: tab, Filters: filters, Bookings: make([]AdminBookingRow, len(list)),
		Today: availability.DateOf(now, zone).String(), Now: startOfDay(now, zone).UTC().Format(time.RFC3339), FormKey: req.FormKey(), Done: doneOf(req.Query)}
	for i, r := range list {
		data.Bookings[i] = rowOf(r)
	}
	calendars, staff, err := v.choices(ctx)
	if err != nil {
		return nil, err
	}
	data.Calendars, data.Staff = choicesOf(calendars), []AdminChoice{}
	if v.ownOnly() == 0 {
		data.Staff = choicesOf(staff)
	}
	if next != "" {
		q := filters.query()
		q.Set("cursor", next)
		data.Next = adminHref(req, "adminBookings", "", req.Match.Params, q)
	}
	return &pages.Result{Title: req.T("admin.bookings.title", "business", f.Business.Name), Data: data}, nil
}

// query is the filters as a list's address says them, those set only.
func (f AdminFilters) query() url.Values {
	q := url.Values{}
	for name, v := range map[string]string{"q": f.Search, "calendar": f.Calendar, "staff": f.Staff, "from": f.From, "to": f.To} {
		if v != "" {
			q.Set(name, v)
		}
	}
	return q
}

// doneOf is what the last change did, as its redirect told.
func doneOf(query url.Values) string {
	switch done := query.Get("done"); done {
	case "confirmed", "declined", "cancelled", "marked", "noted", "moved", "booked", "refunded":
		return done
	}
	return ""
}

func choicesOf(list []booking.Choice) []AdminChoice {
	out := make([]AdminChoice, len(list))
	for i, c := range list {
		out[i] = AdminChoice{Slug: c.Slug, Name: c.Name}
	}
	return out
}

func rowOf(r booking.Record) AdminBookingRow {
	row := AdminBookingRow{ID: r.ID, Status: r.Status, Calendar: r.CalendarName, Staff: r.StaffName,
		Start: r.Start.UTC().Format(time.RFC3339), End: r.End.UTC().Format(time.RFC3339),
		Name: r.Customer.FirstName + " " + r.Customer.LastName, Email: r.Customer.Email, Phone: r.Customer.Phone, Seats: r.Seats}
	if r.Payment != nil {
		row.Payment = r.Payment.State
	}
	return row
}

// changeBookings confirms, declines or cancels the bookings ticked in the
// list (one, or several at once), each as its own command.
func (d dashboardFeature) changeBookings(ctx context.Context, req *pages.Request, form url.Values, v *viewer) (string, error) {
	ids := slices.Compact(slices.Sorted(slices.Values(form["id"])))
	if len(ids) == 0 || len(ids) > adminPageSize {
		return "", &booking.ValidationError{Fields: map[string]string{"id": "admin.bookings.noneChosen"}}
	}
	done, err := d.change(ctx, v, ids, form)
	if err != nil {
		return "", err
	}
	q := filtersOf(req.Query).query()
	q.Set("done", done)
	return adminHref(req, "adminBookings", "", req.Match.Params, q), nil
}

// changeBooking confirms, declines or cancels the booking of the page,
// marks whether its client came, or adds a note to it.
func (d dashboardFeature) changeBooking(ctx context.Context, req *pages.Request, form url.Values, v *viewer) (string, error) {
	id := req.Match.Params["id"]
	var done string
	var err error
	switch do, key := form.Get("do"), form.Get("idempotencyKey"); do {
	case booking.AttendanceAttended, booking.AttendanceNoShow:
		if _, err = v.booking(ctx, id); err == nil {
			err = d.svc.MarkAttendance(ctx, id, do, key)
		}
		done = "marked"
	case "note":
		if _, err = v.booking(ctx, id); err == nil {
			err = d.svc.AddNote(ctx, id, form.Get("note"), key)
		}
		done = "noted"
	case "refund":
		// Money given back is the owner's decision, as the payment
		// provider's account is.
		if err = v.ownerOnly(); err == nil {
			var b *booking.Booking
			if b, err = v.booking(ctx, id); err == nil {
				amount := int64(0) // all that is left
				if text := form.Get("amount"); strings.TrimSpace(text) != "" {
					currency := ""
					if p := b.Record().Payment; p != nil {
						currency = p.Currency
					}
					var ok bool
					if amount, ok = locales.MinorAmount(currency, text); !ok {
						err = &booking.ValidationError{Fields: map[string]string{"amount": "validation.refundAmount"}}
					}
				}
				if err == nil {
					_, err = d.svc.RefundAsBusiness(ctx, id, key, amount)
				}
			}
		}
		done = "refunded"
	case "rescheduleOutside":
		// An owner places it at any hour of a day: the person's hours give
		// way, nothing else does.
		var b *booking.Booking
		if err = v.ownerOnly(); err == nil {
			if b, err = v.movable(ctx, id); err == nil {
				var start time.Time
				if start, err = outsideStart(form, d.svc, ctx); err == nil {
					_, err = d.svc.RescheduleAsBusiness(ctx, booking.RescheduleCommand{ID: id, Start: start.Format(time.RFC3339), TimeZone: b.TimeZone,
						IdempotencyKey: key, OutsideHours: true})
				}
			}
		}
		done = "moved"
	case "reschedule":
		var b *booking.Booking
		if b, err = v.movable(ctx, id); err == nil {
			// The client's own zone stays theirs: their mails and page
			// keep telling times in it.
			_, err = d.svc.RescheduleAsBusiness(ctx, booking.RescheduleCommand{ID: id, Start: form.Get("start"), TimeZone: b.TimeZone, IdempotencyKey: key})
		}
		done = "moved"
	default:
		done, err = d.change(ctx, v, []string{id}, form)
	}
	if err != nil {
		return "", err
	}
	return adminHref(req, "adminBooking", "", map[string]string{"id": id}, url.Values{"done": {done}}), nil
}

// change does what the form says to each booking the viewer may reach.
func (d dashboardFeature) change(ctx context.Context, v *viewer, ids []string, form url.Values) (string, error) {
	do, reason, key := form.Get("do"), form.Get("reason"), form.Get("idempotencyKey")
	done := map[string]string{"confirm": "confirmed", "decline": "declined", "cancel": "cancelled"}[do]
	if done == "" {
		return "", &booking.ValidationError{Fields: map[string]string{"do": "admin.bookings.unknownChange"}}
	}
	// Every booking is one the viewer may change before any is changed: a
	// bulk change with one id out of reach changes nothing.
	for _, id := range ids {
		if _, err := v.booking(ctx, id); err != nil {
			return "", err
		}
	}
	for _, id := range ids {
		// One key for the page's form, one command for each booking.
		ikey := ""
		if key != "" {
			ikey = key + ":" + do + ":" + id
		}
		var err error
		switch do {
		case "cancel":
			_, err = d.svc.CancelAsBusiness(ctx, booking.CancelCommand{ID: id, Reason: reason, IdempotencyKey: ikey})
		default:
			_, err = d.svc.DecideAsBusiness(ctx, booking.DecideCommand{ID: id, Confirm: do == "confirm", Reason: reason, IdempotencyKey: ikey})
		}
		if err != nil {
			return "", err
		}
	}
	return done, nil
}

func (d dashboardFeature) bookingPage(ctx context.Context, req *pages.Request, v *viewer) (*pages.Result, error) {
	b, err := v.booking(ctx, req.Match.Params["id"])
	if err != nil {
		return nil, err
	}
	f, err := v.frame()
	if err != nil {
		return nil, err
	}
	r := b.Record()
	now := d.svc.Now()
	data := AdminBookingPageData{Frame: f, Booking: rowOf(r), TimeZone: b.TimeZone, Locale: b.Locale, Notes: b.Contact.Notes,
		Guests: []string{}, Answers: []AdminAnswer{}, CancelledBy: b.CancelledBy, Reason: b.CancellationReason,
		Created: b.CreatedAt.UTC().Format(time.RFC3339), FormKey: req.FormKey(), Done: doneOf(req.Query), Back: homeHref(req),
		CanDecide: b.Status == booking.StatusRequested && b.Start.After(now), CanCancel: b.CanChange(now),
		Attendance: b.Attendance, CanMark: (b.Status == booking.StatusScheduled || b.Status == booking.StatusRescheduled) && !b.Start.After(now), TeamNotes: []AdminNote{}}
	for _, g := range b.Guests {
		data.Guests = append(data.Guests, guestLine(g))
	}
	for _, a := range b.AnswerRows(req.Locale) {
		data.Answers = append(data.Answers, AdminAnswer{Label: a.Label, Value: a.Value})
	}
	if b.PreviousStart != nil {
		data.PreviousStart = b.PreviousStart.UTC().Format(time.RFC3339)
	}
	if p := r.Payment; p != nil {
		data.Money = &AdminMoney{State: p.State, Currency: p.Currency, Total: p.Total, Paid: p.Paid, Refunded: p.Refunded}
		if v.ownerOnly() == nil && p.State == booking.MoneyPaid && p.Paid > p.Refunded {
			data.Refundable = p.Paid - p.Refunded
		}
	}
	dossier, err := d.svc.Dossier(ctx, b.ID)
	if err != nil {
		return nil, err
	}
	data.Reminders = make([]AdminReminder, len(dossier.Reminders))
	for i, x := range dossier.Reminders {
		to, _, _ := strings.Cut(x.Recipient, ":")
		data.Reminders[i] = AdminReminder{Kind: x.Kind, Before: x.Before, To: to, Due: x.Due.UTC().Format(time.RFC3339), State: x.State, Reason: x.SkipReason}
		if x.Done != nil {
			data.Reminders[i].Done = x.Done.UTC().Format(time.RFC3339)
		}
	}
	if data.CanCancel {
		if data.Move, err = d.moveOf(ctx, b, req.Query.Get("date"), f.Business.TimeZone); err != nil {
			return nil, err
		}
	}
	for _, n := range dossier.Notes {
		kind, by := actorOf(n.Author)
		data.TeamNotes = append(data.TeamNotes, AdminNote{ByKind: kind, By: by, Body: n.Body, At: n.At.UTC().Format(time.RFC3339)})
	}
	data.History = make([]AdminChange, len(dossier.History))
	for i, c := range dossier.History {
		kind, by := actorOf(c.Actor)
		data.History[i] = AdminChange{Type: strings.TrimPrefix(c.Type, "booking."), ByKind: kind, By: by, Reason: c.Reason,
			Start: c.Start.UTC().Format(time.RFC3339), At: c.At.UTC().Format(time.RFC3339)}
	}
	return &pages.Result{Title: req.T("admin.booking.title", "name", data.Booking.Name), Data: data}, nil
}

func guestLine(g booking.Guest) string {
	if g.Email == "" {
		return g.Name
	}
	return g.Name + " <" + g.Email + ">"
}

// actorOf splits an actor (events.ActorOf) into who made a change: a
// person's address or a token's name, and which of the two; neither for
// the client, a provider or the server.
func actorOf(actor string) (kind, by string) {
	kind, by, _ = strings.Cut(actor, ":")
	if kind != "person" && kind != "token" {
		return "", ""
	}
	return kind, by
}

// moveOf is the free times of the day asked for (?date=, else the
// booking's own day), in the business's zone.
func (d dashboardFeature) moveOf(ctx context.Context, b *booking.Booking, date, zone string) (*AdminMove, error) {
	loc := zoneOf(zone)
	if _, err := time.Parse(time.DateOnly, date); err != nil {
		date = b.Start.In(loc).Format(time.DateOnly)
	}
	slots, err := d.svc.MoveSlots(ctx, b, date, zone)
	var invalid *booking.ValidationError
	if errors.As(err, &invalid) { // a day out of the booking window: no times
		return &AdminMove{Date: date, Times: []string{}}, nil
	}
	if err != nil {
		return nil, err
	}
	move := &AdminMove{Date: date, Times: []string{}}
	for _, day := range slots.Days {
		for _, s := range day.Slots {
			move.Times = append(move.Times, s.Start.In(loc).Format(time.RFC3339))
		}
	}
	return move, nil
}

// outsideStart is the day and time of day the owner's form names, in the
// business's zone.
func outsideStart(form url.Values, svc *booking.Service, ctx context.Context) (time.Time, error) {
	biz, err := svc.Business(ctx)
	if err != nil {
		return time.Time{}, err
	}
	day, errDay := availability.ParseDate(form.Get("date"))
	m, ok := minutesOf(form.Get("time"))
	if errDay != nil || !ok || m >= 24*60 {
		return time.Time{}, &booking.ValidationError{Fields: map[string]string{"time": "admin.agenda.time"}}
	}
	return availability.Instant(day, clockOf(m), zoneOf(biz.TimeZone))
}
