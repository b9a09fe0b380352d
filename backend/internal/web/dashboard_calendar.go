package web

import (
	"context"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"slotwise/backend/internal/availability"
	"slotwise/backend/internal/booking"
	"slotwise/backend/internal/content"
	"slotwise/backend/internal/web/pages"
)

// The calendar: a day or a week of one person or of everyone the viewer
// may see, side by side, in the business's zone or another the address
// names; their hours, their bookings, the events of their own calendars
// (busy, by the calendar's name), and, with a service chosen, its free
// times, each a way to book it for a client. The question is the
// address (a GET form), so Back, reload and a shared link show the same.

// Bounds of one calendar page: the people shown side by side, and the
// bookings read of each.
const (
	calendarPeople   = 30
	calendarBookings = 500
)

func (d dashboardFeature) calendarPage(ctx context.Context, req *pages.Request, v *viewer) (*pages.Result, error) {
	f, err := v.frame()
	if err != nil {
		return nil, err
	}
	q := req.Query
	zone := zoneOf(f.Business.TimeZone)
	if tz := q.Get("tz"); tz != "" && !strings.EqualFold(tz, "local") { // Local is the server's: never a viewer's
		if loc, err := time.LoadLocation(tz); err == nil {
			zone = loc
		}
	}
	today := availability.DateOf(d.svc.Now(), zone)
	day, err := availability.ParseDate(q.Get("date"))
	if err != nil {
		day = today
	}
	view := q.Get("view")
	first, last := day, day
	if view == "week" {
		first = day.AddDays(-((int(day.Weekday()) + 6) % 7)) // the week from its Monday
		last = first.AddDays(6)
	} else {
		view = "day"
	}
	everyone, err := v.staffMembers(ctx)
	if err != nil {
		return nil, err
	}
	calendars, _, err := v.choices(ctx)
	if err != nil {
		return nil, err
	}
	data := AdminCalendarPageData{Frame: f, View: view, Date: day.String(), Today: today.String(), From: first.String(), To: last.String(),
		TimeZone: zone.String(), Staff: q.Get("staff"), Book: q.Get("book"), People: choicesOf(everyone), Calendars: choicesOf(calendars),
		Columns: []AdminCalendarColumn{}}
	shown := everyone
	if data.Staff != "" {
		shown = nil
		for _, p := range everyone {
			if p.Slug == data.Staff {
				shown = append(shown, p)
			}
		}
	}
	if len(shown) > calendarPeople {
		shown = shown[:calendarPeople]
	}
	from, to := availability.DayRange(first, last, zone)
	// Their hours, read once for every column.
	items := map[string]*content.Staff{}
	if d.deps.Content != nil && d.deps.Pool != nil {
		all, err := content.List(ctx, d.deps.Pool, staffKind)
		if err != nil {
			return nil, err
		}
		list, _ := all.([]content.Staff)
		for i := range list {
			items[list[i].Slug] = &list[i]
		}
	}
	// Every column's bookings and own events are read in one round trip.
	cols := make([]calendarColumn, len(shown))
	reads := &pgx.Batch{}
	for i, p := range shown {
		cols[i] = calendarColumn{person: p, query: calendarQuery(p.ID, from, to)}
		if err := v.queueBookings(ctx, reads, cols[i].query, &cols[i].booked); err != nil {
			return nil, err
		}
		d.svc.QueueBusyEvents(reads, p.ID, from, to, &cols[i].events)
	}
	if err := d.svc.SendReads(ctx, reads); err != nil {
		return nil, err
	}
	for _, c := range cols {
		col, err := d.column(ctx, v, c, items[c.person.Slug], from, to, first, last, zone, data.Book)
		if err != nil {
			return nil, err
		}
		data.Columns = append(data.Columns, col)
	}
	return &pages.Result{Title: req.T("admin.calendar.title"), Data: data, Parts: screenTexts("calendar")}, nil
}

// calendarColumn is what a column's person has in its range: their
// bookings' first page and their own events, read with the others'.
type calendarColumn struct {
	person booking.Choice
	query  booking.ListQuery
	booked booking.ListPage
	events []booking.BusyEvent
}

// calendarQuery lists a person's bookings that take their time over
// [from, to).
func calendarQuery(staffID int64, from, to time.Time) booking.ListQuery {
	return booking.ListQuery{StaffID: staffID, From: from, To: to, Limit: 100, Brief: true, // the viewer keeps a staff member to their own
		Status: strings.Join([]string{booking.StatusRequested, booking.StatusScheduled, booking.StatusRescheduled, booking.StatusPending}, ",")}
}

// column is one person's range: hours, bookings, own events, and the
// chosen service's free times when they take it.
func (d dashboardFeature) column(ctx context.Context, v *viewer, c calendarColumn, st *content.Staff, from, to time.Time, first, last availability.Date, zone *time.Location, book string) (AdminCalendarColumn, error) {
	person := c.person
	col := AdminCalendarColumn{Slug: person.Slug, Name: person.Name, Hours: []AdminSpan{}, Bookings: []AdminBookingRow{}, Busy: []AdminBusy{}, Free: []string{}}
	if st != nil {
		// The person's own dates around the range: their zone may differ.
		working, err := booking.WorkingTime(bookingStaff(person.ID, st), first.AddDays(-1), last.AddDays(1))
		if err != nil {
			return col, err
		}
		for _, iv := range working {
			if iv.End.After(from) && iv.Start.Before(to) {
				col.Hours = append(col.Hours, AdminSpan{Start: iv.Start.UTC().Format(time.RFC3339), End: iv.End.UTC().Format(time.RFC3339)})
			}
		}
	}
	q := c.query
	booked, err := pagesFrom(c.booked.Bookings, c.booked.Next, calendarBookings, func(cursor string) ([]booking.Record, string, error) {
		q.Cursor = cursor
		return v.bookings(ctx, q)
	})
	if err != nil {
		return col, err
	}
	for _, r := range booked {
		col.Bookings = append(col.Bookings, rowOf(r))
	}
	for _, e := range c.events {
		col.Busy = append(col.Busy, AdminBusy{Calendar: e.Calendar, Start: e.Start.UTC().Format(time.RFC3339), End: e.End.UTC().Format(time.RFC3339)})
	}
	if book != "" {
		res, err := d.svc.Slots(ctx, booking.SlotsQuery{Calendar: book, From: first.String(), To: last.String(), TimeZone: zone.String(), StaffID: person.ID})
		if err == nil {
			for _, day := range res.Days {
				for _, sl := range day.Slots {
					col.Free = append(col.Free, sl.Start.UTC().Format(time.RFC3339))
				}
			}
		} // a service the person does not take, or none of that slug: no free times
	}
	return col, nil
}
