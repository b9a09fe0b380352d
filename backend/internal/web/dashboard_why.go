package web

import (
	"context"
	"errors"
	"strings"
	"time"

	"slotwise/backend/internal/availability"
	"slotwise/backend/internal/booking"
	"slotwise/backend/internal/web/pages"
)

// "Why is this time not free?": a calendar, a person (or anyone) and a
// time, asked in the address (a GET form: the answer can be shared and
// reloaded), answered with every reason a booker cannot take it. A staff
// member asks only of themselves; a booking in the way is named only to
// who may open it.

func (d dashboardFeature) whyPage(ctx context.Context, req *pages.Request, v *viewer) (*pages.Result, error) {
	f, err := v.frame()
	if err != nil {
		return nil, err
	}
	calendars, _, err := v.choices(ctx)
	if err != nil {
		return nil, err
	}
	staff, err := v.staffMembers(ctx)
	if err != nil {
		return nil, err
	}
	zone := zoneOf(f.Business.TimeZone)
	q := req.Query
	data := AdminWhyPageData{Frame: f, Calendars: choicesOf(calendars), Staff: choicesOf(staff), Errors: map[string]string{},
		Calendar: q.Get("calendar"), Person: q.Get("staff"), Date: q.Get("date"), Time: q.Get("time")}
	if v.ownOnly() != 0 && len(staff) > 0 {
		data.Person = staff[0].Slug // a staff member asks of themselves
	}
	if data.Date == "" {
		data.Date = availability.DateOf(d.svc.Now(), zone).String()
	}
	res := &pages.Result{Title: req.T("admin.why.title"), Data: &data, Parts: screenTexts("why")}
	if data.Calendar == "" || data.Time == "" {
		return res, nil // the question, not yet asked
	}
	day, errDate := availability.ParseDate(strings.TrimSpace(data.Date))
	minutes, okTime := minutesOf(data.Time)
	if errDate != nil {
		data.Errors["date"] = req.T("admin.off.date")
	}
	if !okTime || minutes >= 24*60 {
		data.Errors["time"] = req.T("admin.agenda.time")
	}
	var staffID int64
	if data.Person != "" {
		p, err := v.staffMember(ctx, data.Person)
		if err != nil {
			return nil, err
		}
		staffID = p.ID
	}
	if len(data.Errors) > 0 {
		return res, nil
	}
	start, err := availability.Instant(day, clockOf(minutes), zone)
	if err != nil {
		return nil, err
	}
	ans, err := d.svc.WhyNotFree(ctx, data.Calendar, staffID, start)
	var invalid *booking.ValidationError
	switch {
	case errors.Is(err, booking.ErrCalendarNotFound):
		data.Errors["calendar"] = req.T("admin.why.noCalendar")
		return res, nil
	case errors.As(err, &invalid):
		data.Errors["staff"] = req.T("admin.why.notOnCalendar")
		return res, nil
	case err != nil:
		return nil, err
	}
	data.Answer = d.whyAnswerOf(ctx, v, ans)
	return res, nil
}

func (d dashboardFeature) whyAnswerOf(ctx context.Context, v *viewer, ans *booking.WhyAnswer) *AdminWhyAnswer {
	step := ans.Calendar.Interval
	if step == 0 {
		step = ans.Calendar.Duration
	}
	out := &AdminWhyAnswer{Free: ans.Free, Start: ans.Start.UTC().Format(time.RFC3339), Calendar: ans.Calendar.Name,
		Step: int(step / time.Minute), Reasons: []AdminWhyReason{}, People: []AdminWhyPerson{}}
	for _, r := range ans.Reasons {
		out.Reasons = append(out.Reasons, d.whyReasonOf(ctx, v, r))
	}
	for _, p := range ans.People {
		wp := AdminWhyPerson{Name: p.Staff.Name, Free: p.Free, Reasons: []AdminWhyReason{}}
		for _, r := range p.Reasons {
			wp.Reasons = append(wp.Reasons, d.whyReasonOf(ctx, v, r))
		}
		out.People = append(out.People, wp)
	}
	return out
}

func (d dashboardFeature) whyReasonOf(ctx context.Context, v *viewer, r booking.WhyReason) AdminWhyReason {
	out := AdminWhyReason{Code: r.Code, Calendar: r.Calendar, Limit: r.Limit}
	if !r.At.IsZero() {
		out.At = r.At.UTC().Format(time.RFC3339)
	}
	if r.Code == booking.WhyHours {
		spans := make([]string, len(r.Hours))
		for i, h := range r.Hours {
			spans[i] = h[0] + "-" + h[1]
		}
		out.Hours = joinSpans(spans)
	}
	if r.Event != nil {
		out.From, out.To = r.Event.Start.UTC().Format(time.RFC3339), r.Event.End.UTC().Format(time.RFC3339)
	}
	if b := r.Booking; b != nil {
		out.From, out.To = b.Start.UTC().Format(time.RFC3339), b.End.UTC().Format(time.RFC3339)
		if v.mayOpen(ctx, b.ID) { // named only to who may open it
			out.Booking, out.Name, out.Calendar = b.ID, b.Name, b.Calendar
		}
	}
	return out
}
