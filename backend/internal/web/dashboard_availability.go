package web

import (
	"context"
	"errors"
	"net/url"
	"reflect"
	"time"

	"slotwise/backend/internal/availability"
	"slotwise/backend/internal/booking"
	"slotwise/backend/internal/content"
	"slotwise/backend/internal/web/pages"
)

// A person's availability: their weekly hours, their time off and other
// hours on some days, their calendar connections and their agenda mail.
// Hours and time off change in two steps: review, which shows the effect
// on the next weeks (the hours worked, the bookings left outside), then
// save. Every change replaces the person's staff item through the content
// service, the admin API's pipeline with its checks and its idempotency,
// so the public pages drop what they cached of the person at once.

// staffKind is content's kind of staff members.
var staffKind, _ = content.KindNamed("staff")

func (d dashboardFeature) availabilityPage(ctx context.Context, req *pages.Request, v *viewer) (*pages.Result, error) {
	people, err := v.staffMembers(ctx)
	if err != nil {
		return nil, err
	}
	slug := req.Match.Params["staff"]
	if slug == "" {
		if len(people) == 0 {
			return nil, pages.NotFound(req.FullPath)
		}
		slug = people[0].Slug
	}
	st, person, err := d.staffItem(ctx, v, slug)
	if err != nil {
		return nil, err
	}
	f, err := v.frame()
	if err != nil {
		return nil, err
	}
	data := AdminAvailabilityPageData{Frame: f, People: choicesOf(people), Staff: slug, Name: st.Name, TimeZone: st.TimeZone,
		Week: weekOf(st.Hours), TimeOff: timeOffOf(st.Overrides, today(d.svc.Now(), st.TimeZone)), Connections: []AdminConnection{},
		FormKey: req.FormKey(), Done: req.Query.Get("done")}
	switch data.Done {
	case "saved", "removed":
	default:
		data.Done = ""
	}
	if st.Agenda != nil {
		data.Agenda = AdminAgenda{At: st.Agenda.At, Day: st.Agenda.Day}
	}
	if data.Agenda.Day == "" {
		data.Agenda.Day = "today"
	}
	if err := d.preview(ctx, req, st, person, &data); err != nil {
		return nil, err
	}
	if d.deps.Calendars != nil {
		conns, err := d.deps.Calendars.List(ctx, slug)
		if err != nil {
			return nil, err
		}
		for _, c := range conns {
			data.Connections = append(data.Connections, connectionOf(c))
		}
	}
	return &pages.Result{Title: req.T("admin.availability.title"), Data: data, Parts: screenTexts("availability")}, nil
}

// preview fills in the effect of the change the query proposes (the
// review step): nothing when it proposes none, or one that does not read.
func (d dashboardFeature) preview(ctx context.Context, req *pages.Request, st *content.Staff, person *booking.Person, data *AdminAvailabilityPageData) error {
	q := req.Query
	next := *st
	var proposed AdminProposal
	var through availability.Date
	switch q.Get("preview") {
	case "hours":
		week, errs := weekFrom(q)
		if len(errs) > 0 {
			return nil
		}
		next.Hours = week
		data.Week = weekOf(week)
		proposed = AdminProposal{Kind: "hours"}
	case "off":
		off, errs := timeOffFrom(q, today(d.svc.Now(), st.TimeZone))
		if len(errs) > 0 {
			return nil
		}
		next.Overrides = off.apply(st.Overrides)
		through = off.to
		proposed = AdminProposal{Kind: "off", From: off.from.String(), To: off.to.String(), Hours: joinSpans(off.hours)}
	default:
		return nil
	}
	eff, err := d.svc.HoursEffect(ctx, bookingStaff(person.ID, st), bookingStaff(person.ID, &next), through)
	if err != nil {
		return err
	}
	proposed.Weeks = make([]AdminWeekHours, len(eff.Weeks))
	for i, w := range eff.Weeks {
		proposed.Weeks[i] = AdminWeekHours{From: w.From.String(), Before: int(w.Before / time.Minute), After: int(w.After / time.Minute)}
	}
	proposed.Outside = make([]AdminBookingRow, len(eff.Outside))
	for i, r := range eff.Outside {
		proposed.Outside[i] = rowOf(r)
	}
	proposed.More = eff.More
	data.Proposal = &proposed
	return nil
}

// changeAvailability reviews or saves new hours or time off, removes time
// off, or sets the agenda mail.
func (d dashboardFeature) changeAvailability(ctx context.Context, req *pages.Request, form url.Values, v *viewer) (string, error) {
	slug := req.Match.Params["staff"]
	if slug == "" {
		people, err := v.staffMembers(ctx)
		if err != nil || len(people) == 0 {
			return "", booking.ErrPersonNotFound
		}
		slug = people[0].Slug
	}
	st, _, err := d.staffItem(ctx, v, slug)
	if err != nil {
		return "", err
	}
	here := func(q url.Values) string {
		return adminHref(req, "adminAvailability", "", map[string]string{"staff": slug}, q)
	}
	day := today(d.svc.Now(), st.TimeZone)
	next := *st
	done := "saved"
	switch do := form.Get("do"); do {
	case "reviewHours", "saveHours":
		week, errs := weekFrom(form)
		if len(errs) > 0 {
			return "", &booking.ValidationError{Fields: errs}
		}
		// What is saved is what was reviewed: hours changed since the
		// review, or never reviewed, are reviewed first.
		reviewed, _ := weekFrom(req.Query)
		if do == "reviewHours" || req.Query.Get("preview") != "hours" || !reflect.DeepEqual(reviewed, week) {
			q := url.Values{"preview": {"hours"}}
			for _, w := range weekOf(week) {
				q.Set(w.Day, w.Hours)
			}
			return here(q), nil
		}
		next.Hours = week
	case "reviewOff", "saveOff":
		off, errs := timeOffFrom(form, day)
		if len(errs) > 0 {
			return "", &booking.ValidationError{Fields: errs}
		}
		reviewed, _ := timeOffFrom(req.Query, day)
		if do == "reviewOff" || req.Query.Get("preview") != "off" || !reflect.DeepEqual(reviewed, off) {
			return here(url.Values{"preview": {"off"}, "from": {off.from.String()}, "to": {off.to.String()}, "hours": {joinSpans(off.hours)}}), nil
		}
		next.Overrides = off.apply(st.Overrides)
	case "removeOff":
		from, errF := availability.ParseDate(form.Get("from"))
		to, errT := availability.ParseDate(form.Get("to"))
		if errF != nil || errT != nil {
			return "", &booking.ValidationError{Fields: map[string]string{"from": "admin.off.date"}}
		}
		next.Overrides = withoutDays(st.Overrides, from, to)
		done = "removed"
	case "agenda":
		agenda, errs := agendaFrom(form)
		if len(errs) > 0 {
			return "", &booking.ValidationError{Fields: errs}
		}
		next.Agenda = agenda
	default:
		return "", &booking.ValidationError{Fields: map[string]string{"do": "admin.bookings.unknownChange"}}
	}
	if err := d.putItem(ctx, staffKind, slug, next, form, "availability:"+slug); err != nil {
		var ps content.Problems
		if errors.As(err, &ps) { // what the form checks should already have said
			return "", &booking.ValidationError{Fields: map[string]string{"do": "admin.availability.refused"}}
		}
		return "", err
	}
	return here(url.Values{"done": {done}}), nil
}

// staffItem is the staff member of slug, when the viewer may reach them,
// as content keeps them (the whole item a change replaces) and as
// bookings know them.
func (d dashboardFeature) staffItem(ctx context.Context, v *viewer, slug string) (*content.Staff, *booking.Person, error) {
	if d.deps.Content == nil || d.deps.Pool == nil {
		return nil, nil, booking.ErrPersonNotFound
	}
	person, err := v.staffMember(ctx, slug)
	if err != nil {
		return nil, nil, err
	}
	it, err := content.Get(ctx, d.deps.Pool, staffKind, slug)
	if errors.Is(err, content.ErrNotFound) {
		return nil, nil, booking.ErrPersonNotFound
	}
	if err != nil {
		return nil, nil, err
	}
	return it.(*content.Staff), person, nil
}

// today is the date it is now in zone (UTC for one that does not load).
func today(now time.Time, zone string) availability.Date {
	return availability.DateOf(now, zoneOf(zone))
}

// bookingStaff is a staff item as the booking service computes with it.
func bookingStaff(id int64, st *content.Staff) *booking.Staff {
	out := &booking.Staff{ID: id, Slug: st.Slug, Name: st.Name, Email: st.Email, TimeZone: st.TimeZone, Weekly: map[int][][2]string{}}
	for i, day := range weekdaysOf(&st.Hours) {
		out.Weekly[i] = pairs(*day)
	}
	for _, o := range st.Overrides {
		out.Overrides = append(out.Overrides, booking.Override{Day: o.Day, Closed: o.Closed, Hours: pairs(o.Hours)})
	}
	return out
}

func pairs(spans []string) [][2]string {
	out := make([][2]string, 0, len(spans))
	for _, s := range spans {
		if len(s) == 11 {
			out = append(out, [2]string{s[:5], s[6:]})
		}
	}
	return out
}

func connectionOf(c calsyncConnection) AdminConnection {
	out := AdminConnection{Kind: c.Kind, Host: hostOf(c.URL), State: c.Status.State, Error: c.Status.Error, LeftOut: c.Status.LeftOut, Calendars: []string{}}
	if c.Status.LastSync != nil {
		out.LastSync = c.Status.LastSync.UTC().Format(time.RFC3339)
	}
	for _, cal := range c.Calendars {
		if cal.Check {
			out.Calendars = append(out.Calendars, cal.Name)
		}
	}
	return out
}

func hostOf(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return ""
	}
	return u.Host
}
