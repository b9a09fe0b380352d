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
	"slotwise/locales"
)

// Mailer is the consumer of booking events that tells the booker and the
// staff member what happened: it renders both mails in V8 outside any
// transaction and enqueues them, with a new manage secret for the booker's
// links, in the transaction that marks the event delivered. The booker
// reads theirs in the language they booked in; the staff member in the
// business's language, without manage links (they are the booker's secret).
type Mailer struct {
	Service  *Service
	Renderer notify.Renderer
	BaseURL  string // public origin of the links in mails
	From     string
	FromName string
	Logger   *slog.Logger
}

var bookerKinds = map[string]string{
	EventBooked:      notify.KindConfirmation,
	EventRescheduled: notify.KindRescheduled,
	EventCancelled:   notify.KindCancelled,
	EventConfirmed:   notify.KindConfirmation,
	EventDeclined:    notify.KindDeclined,
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
	return []string{EventBooked, EventRescheduled, EventCancelled, EventConfirmed, EventDeclined}
}

type queued struct {
	kind string
	msg  notify.Message
}

// Handle implements events.Consumer.
func (m *Mailer) Handle(ctx context.Context, ev events.Event) (events.Commit, error) {
	var payload BookingEvent
	if err := ev.Decode(&payload); err != nil {
		return nil, err
	}
	stored, err := m.Service.store.booking(ctx, m.Service.pool, payload.BookingID, "")
	if err != nil {
		return nil, err
	}
	b := payload.AsOf(stored)
	token, decide := newToken(), ""
	if ev.Type != EventCancelled && b.Status == StatusRequested {
		decide = newToken()
	}
	mails := m.compose(ctx, ev.Type, b, token, decide)
	return func(ctx context.Context, tx pgx.Tx) error {
		if err := storeToken(ctx, tx, b.ID, token, purposeManage); err != nil {
			return err
		}
		if decide != "" {
			if err := storeToken(ctx, tx, b.ID, decide, purposeDecide); err != nil {
				return err
			}
		}
		for _, q := range mails {
			if err := notify.Enqueue(ctx, tx, q.kind, m.From, m.FromName, q.msg); err != nil {
				return fmt.Errorf("booking: unable to queue %s mail: %w", q.kind, err)
			}
		}
		return nil
	}, nil
}

// compose renders the mails of one event: the booker's (with manage links
// opened by token), the staff member's (with the decide link of a request),
// and each named guest's once the booking holds.
func (m *Mailer) compose(ctx context.Context, event string, b *Booking, token, decide string) []queued {
	kind := bookerKinds[event]
	if event != EventCancelled && b.Status == StatusRequested {
		kind = notify.KindRequested
	}
	ending := event == EventCancelled || event == EventDeclined
	method := notify.MethodRequest
	if ending {
		method = notify.MethodCancel
	}
	now := time.Now()
	booker := NewView(b, token, b.Locale, now)
	ev := Event(b, m.BaseURL+booker.ManageURL)
	out := []queued{m.render(ctx, kind, b.Locale, booker, b.Contact.Email, b.Contact.FirstName+" "+b.Contact.LastName, b.Staff.Name, ev, method)}
	ev.URL, ev.Description = "", b.Calendar.Description
	if staffKind, ok := staffKinds[event]; ok {
		staff := WithoutLinks(NewView(b, "", b.Calendar.Location.DefaultLocale, now))
		if decide != "" {
			staff.DecideURL = decideURL(b, decide, b.Calendar.Location.DefaultLocale)
		}
		// Everyone who takes part hears of it: the person, or all of a collective calendar.
		people := []*Staff{b.Staff}
		if b.Calendar.Collective() {
			people = b.Calendar.Staff
		}
		for _, person := range people {
			out = append(out, m.render(ctx, staffKind, b.Calendar.Location.DefaultLocale, staff, person.Email, person.Name, person.Name, ev, method))
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
	guestView := WithoutLinks(NewView(b, "", b.Locale, now))
	for _, g := range b.Guests {
		out = append(out, m.render(ctx, guestKind, b.Locale, guestView, g.Email, g.Name, b.Staff.Name, ev, method))
	}
	return out
}

// WithoutLinks is a view for someone other than the booker: the manage
// links and the calendar file's link carry the booker's secret.
func WithoutLinks(v View) View {
	v.ManageURL, v.RescheduleURL, v.CancelURL, v.ICSURL = "", "", "", ""
	return v
}

func (m *Mailer) render(ctx context.Context, kind, locale string, view View, to, toName, staffName string, ev notify.Event, method string) queued {
	cat := locales.Get(locale)
	subject, text, html, err := notify.Compose(ctx, m.Renderer, kind, notify.EmailData{
		Locale: cat.Locale, Lang: cat.Lang, Messages: cat.Messages, Booking: view, BaseURL: m.BaseURL, StaffName: staffName,
	})
	if err != nil {
		// The booking matters more than the prose around it: a render that
		// fails (an overloaded or broken renderer) still sends a plain mail
		// with the facts and the calendar file.
		if m.Logger != nil {
			m.Logger.ErrorContext(ctx, "unable to render a mail; sending the plain one", slog.String("kind", kind), slog.Any("err", err))
		}
		subject, text, html = plainSubject(view), plainText(view, m.BaseURL), ""
	}
	return queued{kind: kind, msg: notify.Message{
		To: to, ToName: toName, Subject: subject, Text: text, HTML: html,
		Attachments: []notify.Attachment{notify.CalendarAttachment(ev, method)},
	}}
}

// plainSubject and plainText are the language-neutral mail of last resort.
func plainSubject(v View) string {
	return fmt.Sprintf("%s: %s, %s", v.LocationName, v.Calendar.Name, v.Start.Format("2006-01-02 15:04 MST"))
}

func plainText(v View, baseURL string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s\n%s\n%s – %s (%s)\n%s\nStatus: %s\n", v.LocationName, v.Calendar.Name,
		v.Start.Format("2006-01-02 15:04"), v.End.Format("15:04"), v.TimeZone, v.Staff.Name, v.Status)
	for _, link := range []string{v.ManageURL, v.DecideURL} {
		if link != "" {
			fmt.Fprintf(&b, "\n%s%s\n", baseURL, link)
		}
	}
	return b.String()
}
