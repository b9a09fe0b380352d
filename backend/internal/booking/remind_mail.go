package booking

import (
	"context"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"slotwise/backend/internal/db"
	"slotwise/backend/internal/notify"
	"slotwise/backend/internal/route"
)

// The mails between booking and appointment: a reminder before it (to
// the booker, each guest with an address of their own, or the booking's
// people), a follow-up after it, and a staff member's agenda of a day.
// They are composed here, beside the booking's other mails, so they read
// the same; the reminders package decides when they are due and sends
// them once.

// Recipients of a reminder row.
const (
	RecipientBooker = "booker"
	guestPrefix     = "guest:"
	staffPrefix     = "staff:"
)

// StaffRecipient is the recipient of a staff member's reminder.
func StaffRecipient(id int64) string { return staffPrefix + strconv.FormatInt(id, 10) }

// Remind is one reminder's mail (nil when its recipient is no longer
// among the booking's: a guest taken off, a person no longer on it) and
// the write that makes its links open the booking (nil when it has
// none), for the transaction that queues it. group is what the mail tells
// of: the booking and those booked with it the same day (a visit's
// services), group[0] first.
func (m *Mailer) Remind(ctx context.Context, group []*Booking, recipient string, now time.Time) (*notify.Mail, func(context.Context, pgx.Tx) error) {
	b := group[0]
	brand := b.Calendar.Location.BrandColor
	data := func(locale string) notify.EmailData {
		d := m.Data(ctx, locale, brand)
		d.Reminder = &notify.ReminderEmail{BusinessTimeZone: businessZone(b)}
		return d
	}
	switch {
	case recipient == RecipientBooker:
		token := newToken()
		views, evs := make([]View, len(group)), make([]notify.Event, len(group))
		for i, x := range inLanguage(group, b.Locale) {
			views[i] = NewView(x, token, b.Locale, now)
			evs[i] = Event(x, m.Base(ctx)+views[i].ManageURL, now)
		}
		mail := m.renderWith(ctx, notify.KindReminder, data(b.Locale), views, b.Contact.Email, b.Contact.FirstName+" "+b.Contact.LastName, b.Staff.Name, evs, notify.MethodRequest)
		return &mail, func(ctx context.Context, tx pgx.Tx) error { return storeToken(ctx, tx, b.ID, token, purposeManage) }
	case strings.HasPrefix(recipient, guestPrefix):
		address := strings.TrimPrefix(recipient, guestPrefix)
		var mine []*Booking
		for _, x := range group {
			for _, g := range x.Guests {
				if strings.EqualFold(g.Email, address) {
					mine = append(mine, x)
					break
				}
			}
		}
		if len(mine) == 0 {
			return nil, nil
		}
		views, evs := make([]View, len(mine)), make([]notify.Event, len(mine))
		for i, x := range inLanguage(mine, b.Locale) {
			views[i], evs[i] = ForGuest(x, b.Locale, now)
		}
		mail := m.renderWith(ctx, notify.KindGuestReminder, data(b.Locale), views, address, "", mine[0].Staff.Name, evs, notify.MethodRequest)
		return &mail, nil
	case strings.HasPrefix(recipient, staffPrefix):
		id, _ := strconv.ParseInt(strings.TrimPrefix(recipient, staffPrefix), 10, 64)
		for _, mine := range byPerson(group) {
			if mine.person.ID != id {
				continue
			}
			locale := b.Calendar.Location.DefaultLocale
			views, evs := make([]View, len(mine.bookings)), make([]notify.Event, len(mine.bookings))
			for i, x := range mine.bookings {
				ev := Event(x, "", now)
				ev.Description = x.Calendar.Description
				views[i], evs[i] = WithoutLinks(NewView(x, "", locale, now)), ev
			}
			d := data(locale)
			if b.Calendar.Class() {
				who, err := m.Service.classPeople(ctx, b)
				if err != nil {
					m.Log().WarnContext(ctx, "unable to list a class's people; the reminder names one", "booking", b.ID, "err", err)
				} else {
					d.Reminder.Who = []string{who}
				}
			}
			mail := m.renderWith(ctx, notify.KindStaffReminder, d, views, mine.person.Email, mine.person.Name, mine.person.Name, evs, notify.MethodRequest)
			return &mail, nil
		}
	}
	return nil, nil
}

// FollowUp is the booker's thank-you after b, with a link to book again
// and, when the calendar names one, to a form of the business whose
// answers are tied to the booking (form is its slug, kind its route), and
// the write that stores the link's secret.
func (m *Mailer) FollowUp(ctx context.Context, b *Booking, formKind, formSlug string, now time.Time) (notify.Mail, func(context.Context, pgx.Tx) error) {
	d := m.Data(ctx, b.Locale, b.Calendar.Location.BrandColor)
	d.Reminder = &notify.ReminderEmail{BusinessTimeZone: businessZone(b)}
	var store func(context.Context, pgx.Tx) error
	if formSlug != "" {
		secret := newToken()
		if d.Reminder.FormURL = FollowUpFormURL(b.Locale, formKind, formSlug, secret); d.Reminder.FormURL != "" {
			store = func(ctx context.Context, tx pgx.Tx) error { return storeToken(ctx, tx, b.ID, secret, purposeFollowUp) }
		}
	}
	view := WithoutLinks(NewView(b.In(b.Locale), "", b.Locale, now))
	return m.renderWith(ctx, notify.KindFollowUp, d, []View{view}, b.Contact.Email, b.Contact.FirstName+" "+b.Contact.LastName, b.Staff.Name, nil, ""), store
}

// FollowUpFormURL is the form's address in the booker's language, with
// the follow-up's secret (?booking=), by which the form keeps its answers
// beside the booking; "" for a kind no route shows.
func FollowUpFormURL(locale, kind, slug, secret string) string {
	name := map[string]string{"form": "form", "survey": "survey", "quiz": "quiz"}[kind]
	if name == "" {
		return ""
	}
	return route.Default().Href(locale, name, "", map[string]string{"id": slug}, url.Values{"booking": {secret}})
}

// Agenda is a staff member's mail of their appointments of a day (day
// is its date in their zone), in the business's language.
func (m *Mailer) Agenda(ctx context.Context, person *Staff, day string, bookings []*Booking, now time.Time) notify.Mail {
	locale := bookings[0].Calendar.Location.DefaultLocale
	d := m.Data(ctx, locale, bookings[0].Calendar.Location.BrandColor)
	d.Reminder = &notify.ReminderEmail{Day: day, StaffTimeZone: person.TimeZone}
	views := make([]View, len(bookings))
	for i, x := range bookings {
		views[i] = WithoutLinks(NewView(x, "", locale, now))
		who := x.Contact.FirstName + " " + x.Contact.LastName
		if x.Calendar.Class() {
			if people, err := m.Service.classPeople(ctx, x); err == nil {
				who = people
			}
		}
		d.Reminder.Who = append(d.Reminder.Who, who)
	}
	return m.renderWith(ctx, notify.KindStaffAgenda, d, views, person.Email, person.Name, person.Name, nil, "")
}

// classPeople names who comes to b's class time: each seat's booker, with
// the guests they bring, and how many of the class's places are taken
// ("Ada Lovelace +1, Cleo Yogi · 3/8").
func (s *Service) classPeople(ctx context.Context, b *Booking) (string, error) {
	rows, err := s.pool.Query(ctx, `SELECT first_name || ' ' || last_name, seats FROM bookings
		WHERE calendar_id = $1 AND starts_at = $2 AND staff_id = $3 AND location_id = $4 AND holds_for IS NULL AND status IN `+remindedStates+`
		ORDER BY created_at, id`, b.Calendar.ID, b.Start, b.Staff.ID, db.ThisBusiness)
	if err != nil {
		return "", err
	}
	var names []string
	taken := 0
	for rows.Next() {
		var name string
		var seats int
		if err := rows.Scan(&name, &seats); err != nil {
			rows.Close()
			return "", err
		}
		if seats > 1 {
			name += " +" + strconv.Itoa(seats-1)
		}
		names, taken = append(names, name), taken+seats
	}
	if err := rows.Err(); err != nil {
		return "", err
	}
	return strings.Join(names, ", ") + " · " + strconv.Itoa(taken) + "/" + strconv.Itoa(b.Calendar.Seats), nil
}

// renderWith is render with data already made: a calendar file only when
// there are events to carry.
func (m *Mailer) renderWith(ctx context.Context, kind string, data notify.EmailData, views []View, to, toName, staffName string, evs []notify.Event, method string) notify.Mail {
	data.Booking, data.StaffName = views[0], staffName
	if len(views) > 1 {
		data.Also = views[1:]
	}
	msg := notify.Message{To: to, ToName: toName}
	if len(evs) > 0 {
		msg.Attachments = []notify.Attachment{notify.CalendarAttachment(evs[0], method, evs[1:]...)}
	}
	return m.renderMessage(ctx, kind, data, views, msg)
}

// businessZone is the business's zone, told beside the booker's when
// they differ.
func businessZone(b *Booking) string {
	if b.Calendar.Location.TimeZone == b.TimeZone {
		return ""
	}
	return b.Calendar.Location.TimeZone
}

// BookedThatDay is b with the active bookings made with it that start the
// same day in the booker's zone (a visit's services), in start order: what
// one reminder tells of. b alone when it was not booked with others.
func (s *Service) BookedThatDay(ctx context.Context, b *Booking) ([]*Booking, error) {
	if b.SeriesID == "" {
		return []*Booking{b}, nil
	}
	all, err := s.SeriesOf(ctx, b)
	if err != nil {
		return nil, err
	}
	zone, err := loadZone(b.TimeZone)
	if err != nil {
		zone = time.UTC
	}
	day := b.Start.In(zone).Format(time.DateOnly)
	var out []*Booking
	for _, x := range all {
		if x.Active() && x.Status != StatusPending && x.Status != StatusRequested && x.Start.In(zone).Format(time.DateOnly) == day {
			out = append(out, x)
		}
	}
	if len(out) == 0 {
		return []*Booking{b}, nil
	}
	return out, nil
}

// DayOf is the day of b's start in the booker's zone, as the key of the
// one reminder a day's bookings share.
func DayOf(b *Booking) string {
	zone, err := loadZone(b.TimeZone)
	if err != nil {
		zone = time.UTC
	}
	return b.Start.In(zone).Format(time.DateOnly)
}

// StaffDay is a staff member's active bookings starting in [from, to), in
// start order, each whole: what their agenda tells of.
func (s *Service) StaffDay(ctx context.Context, q db.Querier, staffID int64, from, to time.Time) ([]*Booking, error) {
	rows, err := q.Query(ctx, `SELECT DISTINCT ON (b.starts_at, coalesce(b.session, b.id)) b.id
		FROM bookings b JOIN calendars c ON c.id = b.calendar_id AND c.location_id = b.location_id
		WHERE b.location_id = $4 AND b.starts_at >= $2 AND b.starts_at < $3 AND b.status IN `+remindedStates+`
		  AND (b.staff_id = $1 OR c.staff_mode = 'collective' AND EXISTS (SELECT 1 FROM calendar_staff cs
		       WHERE cs.calendar_id = c.id AND cs.location_id = c.location_id AND cs.staff_id = $1))
		  AND b.holds_for IS NULL -- a collective booking's other people hold time with rows of their own
		ORDER BY b.starts_at, coalesce(b.session, b.id), b.id`, staffID, from, to, db.ThisBusiness)
	if err != nil {
		return nil, err
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return nil, err
	}
	out := make([]*Booking, 0, len(ids))
	for _, id := range ids {
		b, err := s.store.booking(ctx, q, id, "")
		if err != nil {
			return nil, err
		}
		out = append(out, b)
	}
	return out, nil
}
