package web

import (
	"context"
	"errors"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"slotwise/backend/internal/booking"
	"slotwise/backend/internal/content"
	"slotwise/backend/internal/web/pages"
)

// A calendar's reminders on the owner's settings: the mails before its
// appointments, to the client and to the person booked, and the thank-you
// after. Saved by replacing the calendar's content item, as the admin API
// does, so the reminders of bookings still to come follow at once.

// calendarKind is content's kind of calendars.
var calendarKind, _ = content.KindNamed("calendars")

// calendarReminders lists every calendar's reminders, by name.
func (d dashboardFeature) calendarReminders(ctx context.Context, req *pages.Request) ([]AdminCalendarReminders, error) {
	all, err := content.List(ctx, d.deps.Pool, calendarKind)
	if err != nil {
		return nil, err
	}
	cals, _ := all.([]content.Calendar)
	out := make([]AdminCalendarReminders, 0, len(cals))
	for _, c := range cals {
		r := AdminCalendarReminders{Slug: c.Slug, Name: c.Name, Booker: spansTo(c.Reminders, "booker"), Staff: spansTo(c.Reminders, "staff")}
		if c.FollowUp != nil {
			r.FollowUp = string(c.FollowUp.After)
		}
		out = append(out, r)
	}
	slices.SortFunc(out, func(a, b AdminCalendarReminders) int {
		return strings.Compare(strings.ToLower(a.Name), strings.ToLower(b.Name))
	})
	return out, nil
}

// spansTo writes the reminders to whom as a list: "24h, 2h".
func spansTo(rs []content.Reminder, to string) string {
	var out []string
	for _, r := range rs {
		if r.To == to {
			out = append(out, string(r.Before))
		}
	}
	return strings.Join(out, ", ")
}

// spanList reads "24h, 2h" (commas or spaces between) as durations.
func spanList(text string) []content.Span {
	var out []content.Span
	for _, f := range strings.FieldsFunc(strings.ToLower(text), func(r rune) bool { return r == ',' || r == ';' || r == ' ' }) {
		out = append(out, content.Span(f))
	}
	return out
}

// changeReminders saves a calendar's reminders as the form writes them.
func (d dashboardFeature) changeReminders(ctx context.Context, req *pages.Request, form url.Values) (string, error) {
	slug := form.Get("calendar")
	it, err := content.Get(ctx, d.deps.Pool, calendarKind, slug)
	if errors.Is(err, content.ErrNotFound) {
		return "", &booking.ValidationError{Fields: map[string]string{"calendar": "admin.bookings.unknownChange"}}
	}
	if err != nil {
		return "", err
	}
	next := *it.(*content.Calendar)
	fieldOf := []string{} // the form's field of each reminder, in order
	next.Reminders = []content.Reminder{}
	for _, to := range []string{"booker", "staff"} {
		for _, span := range spanList(form.Get(to)) {
			next.Reminders = append(next.Reminders, content.Reminder{Before: span, To: to})
			fieldOf = append(fieldOf, to)
		}
	}
	next.FollowUp = nil
	if after := spanList(form.Get("followUp")); len(after) > 0 {
		next.FollowUp = &content.FollowUp{After: after[0]}
		if len(after) > 1 {
			return "", &booking.ValidationError{Fields: map[string]string{"followUp": "admin.settings.reminders.oneFollowUp"}}
		}
		if was := it.(*content.Calendar).FollowUp; was != nil {
			next.FollowUp.Form = was.Form // the form it links to stays the files'
		}
	}
	if err := d.putItem(ctx, calendarKind, slug, next, form, "reminders:"+slug); err != nil {
		var ps content.Problems
		if !errors.As(err, &ps) {
			return "", err
		}
		// What content's checks refuse, on the field that wrote it: a
		// duration it cannot read, one out of range, the same one twice.
		fields := map[string]string{}
		for _, p := range ps {
			var i int
			switch {
			case strings.HasPrefix(p.Field, "followUp"):
				fields["followUp"] = "admin.settings.reminders.invalid"
			case p.Field == "reminders":
				fields["booker"] = "admin.settings.reminders.tooMany"
			case scanIndex(p.Field, "reminders.", &i) && i < len(fieldOf):
				fields[fieldOf[i]] = "admin.settings.reminders.invalid"
			}
		}
		if len(fields) == 0 {
			fields["do"] = "admin.availability.refused"
		}
		return "", &booking.ValidationError{Fields: fields}
	}
	return adminHref(req, "adminSettings", "", nil, url.Values{"done": {"reminders"}}) + "#reminders", nil
}

// scanIndex reads the number after prefix in a field's path
// ("reminders.2.before" → 2).
func scanIndex(field, prefix string, i *int) bool {
	rest, ok := strings.CutPrefix(field, prefix)
	if !ok {
		return false
	}
	n, _, _ := strings.Cut(rest, ".")
	v, err := strconv.Atoi(n)
	*i = v
	return err == nil
}
