package booking

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"slotwise/backend/internal/events"
	"slotwise/backend/internal/notify"
)

// Mailer is the consumer of booking events that tells the booker, the
// staff member and the guests what happened: it renders their mails in V8
// outside any transaction and enqueues them, with a new manage secret for
// the booker's links, in the transaction that marks the event delivered
// (notify.Mailer). The booker reads theirs in the language they booked in;
// the staff member in the business's language, without manage links (they
// are the booker's secret).
type Mailer struct {
	Service *Service
	notify.Mailer
}

var bookerKinds = map[string]string{
	EventBooked:      notify.KindConfirmation,
	EventRescheduled: notify.KindRescheduled,
	EventCancelled:   notify.KindCancelled,
	EventConfirmed:   notify.KindConfirmation,
	EventDeclined:    notify.KindDeclined,
	EventLatePaid:    notify.KindCancelled, // the hold had ended: the mail tells of the refund
}

// The staff member hears of what the booker did; a decision is theirs.
var staffKinds = map[string]string{
	EventBooked:      notify.KindStaffBooked,
	EventRescheduled: notify.KindStaffRescheduled,
	EventCancelled:   notify.KindStaffCancelled,
}

// Name implements events.Consumer.
func (m *Mailer) Name() string { return "booking.mailer" }

// Types implements events.Consumer.
func (m *Mailer) Types() []string {
	return []string{EventBooked, EventRescheduled, EventCancelled, EventConfirmed, EventDeclined, EventLatePaid, EventLinksRequested}
}

// Handle implements events.Consumer.
func (m *Mailer) Handle(ctx context.Context, ev events.Event) (events.Commit, error) {
	if ev.Type == EventLinksRequested {
		var req LinksRequest
		if err := ev.Decode(&req); err != nil {
			return nil, err
		}
		return m.links(ctx, req)
	}
	var payload BookingEvent
	if err := ev.Decode(&payload); err != nil {
		return nil, err
	}
	stored, err := m.Service.store.booking(ctx, m.Service.pool, payload.BookingID, "")
	if err != nil {
		return nil, err
	}
	b := payload.AsOf(stored)
	group, err := m.together(ctx, ev.Type, b, stored, payload.Together)
	if err != nil {
		return nil, err
	}
	if group == nil {
		// A later booking of a series or visit: its first booking's mails
		// tell of it.
		return m.Queue(nil, nil), nil
	}
	token, decide := newToken(), ""
	if ev.Type != EventCancelled && b.Status == StatusRequested {
		decide = newToken()
	}
	mails := m.compose(ctx, ev.Type, group, token, decide)
	return m.Queue(mails, func(ctx context.Context, tx pgx.Tx) error {
		if err := storeToken(ctx, tx, b.ID, token, purposeManage); err != nil {
			return err
		}
		if decide != "" {
			return storeToken(ctx, tx, b.ID, decide, purposeDecide)
		}
		return nil
	}), nil
}

// together is what one booked event's mails tell of: the booking, or for
// the first booking of a series or visit, it and the others booked with it
// (a series of twelve is one mail, not twelve); nil for those others. A
// request's times are decided one by one, so each keeps its own mail. A
// visit moved or cancelled whole is told the same way (changed).
func (m *Mailer) together(ctx context.Context, event string, b, stored *Booking, changed []string) ([]*Booking, error) {
	if len(changed) > 1 {
		return m.changedTogether(ctx, b, changed)
	}
	if event != EventBooked && event != EventLatePaid || b.SeriesID == "" || b.Status == StatusRequested {
		return []*Booking{b}, nil
	}
	all, err := m.Service.SeriesOf(ctx, stored)
	if err != nil {
		return nil, err
	}
	if len(all) > 0 && all[0].ID != b.ID {
		return nil, nil
	}
	if event == EventLatePaid {
		return []*Booking{b}, nil // one mail tells of the refund
	}
	group := []*Booking{b}
	for _, other := range all[1:] {
		if other.Status != StatusCancelled {
			group = append(group, other)
		}
	}
	return group, nil
}

// compose renders the mails of one event: the booker's (with manage links
// opened by token), each staff member's (with the decide link of a
// request), and each named guest's once the booking holds. group[0] is the
// event's booking; the rest were booked with it and are told in the same
// mails, each recipient hearing of the bookings that concern them.
func (m *Mailer) compose(ctx context.Context, event string, group []*Booking, token, decide string) []notify.Mail {
	b := group[0]
	kind := bookerKinds[event]
	if event != EventCancelled && b.Status == StatusRequested {
		kind = notify.KindRequested
	}
	ending := event == EventCancelled || event == EventDeclined || event == EventLatePaid
	method := notify.MethodRequest
	if ending {
		method = notify.MethodCancel
	}
	now := m.Service.Now()                  // "can change" is judged on the service's clock
	brand := b.Calendar.Location.BrandColor // every mail wears the business's colour, as its pages do
	bookerViews := make([]View, len(group))
	bookerEvents := make([]notify.Event, len(group))
	told := inLanguage(group, b.Locale) // the booker's and guests' language: the services' names in it
	for i, x := range told {
		bookerViews[i] = NewView(x, token, b.Locale, now)
		bookerEvents[i] = Event(x, m.Base(ctx)+bookerViews[i].ManageURL, now)
	}
	AsVisit(bookerViews, told, b.Locale, now)
	booker := m.renderWithNotice(ctx, kind, b.Locale, brand, bookerViews, b.Contact.Email, b.Contact.FirstName+" "+b.Contact.LastName, b.Staff.Name, bookerEvents, method,
		remindersAhead(b, kind, now))
	out := []notify.Mail{booker}
	if event == EventLatePaid || b.Money.State == MoneyReleased {
		// Nobody else heard of a booking that was never paid.
		return out
	}

	// Everyone else's copy has no booker's links.
	plain := func(x *Booking, locale string) (View, notify.Event) {
		ev := Event(x, "", now)
		ev.Description = x.Calendar.Description
		return WithoutLinks(NewView(x, "", locale, now)), ev
	}
	if staffKind, ok := staffKinds[event]; ok {
		locale := b.Calendar.Location.DefaultLocale
		for _, mine := range byPerson(group) {
			views, evs := make([]View, len(mine.bookings)), make([]notify.Event, len(mine.bookings))
			for i, x := range mine.bookings {
				views[i], evs[i] = plain(x, locale)
			}
			if decide != "" {
				views[0].DecideURL = decideURL(b, decide, locale)
			}
			out = append(out, m.renderWithNotice(ctx, staffKind, locale, brand, views, mine.person.Email, mine.person.Name, mine.person.Name, evs, method,
				remindersAhead(b, staffKind, now)))
		}
	}
	// Guests hear of a booking that holds, and of its end if they heard of it.
	guestKind := notify.KindGuestInvited
	switch {
	case event == EventDeclined || b.Status == StatusRequested:
		return out
	case ending:
		guestKind = notify.KindGuestCancelled
	}
	for _, theirs := range byGuest(told) {
		views, evs := make([]View, len(theirs.bookings)), make([]notify.Event, len(theirs.bookings))
		for i, x := range theirs.bookings {
			views[i], evs[i] = ForGuest(x, b.Locale, now)
		}
		// Not even the name the booker gave them: see ForGuest.
		out = append(out, m.render(ctx, guestKind, b.Locale, brand, views, theirs.guest.Email, "", theirs.bookings[0].Staff.Name, evs, method))
	}
	return out
}

type personsBookings struct {
	person   *Staff
	bookings []*Booking
}

// byPerson groups bookings by who takes part: the person, or everyone of a
// collective calendar; in the order people first appear.
func byPerson(group []*Booking) []personsBookings {
	var out []personsBookings
	at := map[int64]int{}
	for _, x := range group {
		people := []*Staff{x.Staff}
		if x.Calendar.Collective() {
			people = x.Calendar.Staff
		}
		for _, p := range people {
			i, ok := at[p.ID]
			if !ok {
				i = len(out)
				at[p.ID] = i
				out = append(out, personsBookings{person: p})
			}
			out[i].bookings = append(out[i].bookings, x)
		}
	}
	return out
}

type guestsBookings struct {
	guest    Guest
	bookings []*Booking
}

// byGuest groups bookings by the named guests who come to them.
func byGuest(group []*Booking) []guestsBookings {
	var out []guestsBookings
	at := map[string]int{}
	for _, x := range group {
		for _, g := range x.Guests {
			key := strings.ToLower(g.Email)
			i, ok := at[key]
			if !ok {
				i = len(out)
				at[key] = i
				out = append(out, guestsBookings{guest: g})
			}
			out[i].bookings = append(out[i].bookings, x)
		}
	}
	return out
}

// WithoutLinks is a view for someone other than the booker: the manage
// links and the calendar file's link carry the booker's secret.
func WithoutLinks(v View) View {
	v.ManageURL, v.RescheduleURL, v.CancelURL, v.ICSURL = "", "", "", ""
	return v
}

// render renders one mail of views[0] and the bookings made with it
// (views[1:]), with a calendar file of all of them, in the business's
// colour (brand).
func (m *Mailer) render(ctx context.Context, kind, locale, brand string, views []View, to, toName, staffName string, evs []notify.Event, method string) notify.Mail {
	return m.renderWithNotice(ctx, kind, locale, brand, views, to, toName, staffName, evs, method, nil)
}

// remindersAhead is what a booker's confirmation or reschedule (and the
// staff's mail of it) says of the booker's reminders to come: how long before the start each of the calendar's
// reminders to the booker goes, those whose time has not passed; nil for
// any other mail.
func remindersAhead(b *Booking, kind string, now time.Time) []int {
	told := kind == notify.KindConfirmation || kind == notify.KindRescheduled || kind == notify.KindStaffBooked || kind == notify.KindStaffRescheduled
	if !told || b.Status != StatusScheduled && b.Status != StatusRescheduled {
		return nil
	}
	var ahead []int
	for _, r := range b.Calendar.Reminders {
		if r.To == RecipientBooker && b.Start.Add(-time.Duration(r.Before)*time.Minute).After(now) {
			ahead = append(ahead, r.Before)
		}
	}
	return ahead
}

// renderWithNotice is render telling the booker which reminders will come
// (remindBefore, minutes before the start; none when empty).
func (m *Mailer) renderWithNotice(ctx context.Context, kind, locale, brand string, views []View, to, toName, staffName string, evs []notify.Event, method string, remindBefore []int) notify.Mail {
	data := m.Data(ctx, locale, brand)
	if len(remindBefore) > 0 {
		data.Reminder = &notify.ReminderEmail{RemindBefore: remindBefore}
	}
	data.Booking, data.StaffName = views[0], staffName
	if len(views) > 1 {
		data.Also = views[1:]
	}
	msg := notify.Message{To: to, ToName: toName,
		Attachments: []notify.Attachment{notify.CalendarAttachment(evs[0], method, evs[1:]...)}}
	return m.renderMessage(ctx, kind, data, views, msg)
}

// renderMessage renders data into msg, or the plain mail when rendering
// fails.
func (m *Mailer) renderMessage(ctx context.Context, kind string, data notify.EmailData, views []View, msg notify.Message) notify.Mail {
	mail, err := m.Render(ctx, kind, data, msg)
	if err != nil {
		// The booking matters more than the prose around it: a render that
		// fails (an overloaded or broken renderer) still sends a plain mail
		// with the facts and the calendar file.
		m.Log().ErrorContext(ctx, "unable to render a mail; sending the plain one", slog.String("kind", kind), slog.Any("err", err))
		msg.Subject, msg.Text = plainSubject(views[0]), plainText(views, m.Base(ctx))
		return notify.Mail{Kind: kind, Message: msg}
	}
	return mail
}

// plainSubject and plainText are the language-neutral mail of last resort.
func plainSubject(v View) string {
	return fmt.Sprintf("%s: %s, %s", v.LocationName, v.Calendar.Name, v.Start.Format("2006-01-02 15:04 MST"))
}

func plainText(views []View, baseURL string) string {
	var b strings.Builder
	for i, v := range views {
		if i > 0 {
			b.WriteString("\n")
		}
		fmt.Fprintf(&b, "%s\n%s\n%s – %s (%s)\n%s\nStatus: %s\n", v.LocationName, v.Calendar.Name,
			v.Start.Format("2006-01-02 15:04"), v.End.Format("15:04"), v.TimeZone, v.Staff.Name, v.Status)
	}
	for _, link := range []string{views[0].ManageURL, views[0].DecideURL} {
		if link != "" {
			fmt.Fprintf(&b, "\n%s%s\n", baseURL, link)
		}
	}
	return b.String()
}

// changedTogether is what the first of bookings changed in one command
// tells of: it and the others as they are now; nil for the others.
func (m *Mailer) changedTogether(ctx context.Context, b *Booking, changed []string) ([]*Booking, error) {
	if changed[0] != b.ID {
		return nil, nil
	}
	group := []*Booking{b}
	for _, id := range changed[1:] {
		other, err := m.Service.store.booking(ctx, m.Service.pool, id, "")
		if err != nil {
			return nil, err
		}
		group = append(group, other)
	}
	return group, nil
}
