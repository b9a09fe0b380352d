package booking

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"slotwise/backend/internal/db"
	"slotwise/backend/internal/notify"
	"slotwise/locales"
)

// MailNotifier writes the booker's and the staff member's e-mails, each
// with its calendar file, into the outbox of the booking's transaction. The
// booker reads theirs in the language they booked in; the staff member in
// the business's language.
type MailNotifier struct {
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
}

var staffKinds = map[string]string{
	EventBooked:      notify.KindStaffBooked,
	EventRescheduled: notify.KindStaffRescheduled,
	EventCancelled:   notify.KindStaffCancelled,
}

// Notify implements Notifier.
func (m *MailNotifier) Notify(ctx context.Context, tx db.Querier, event string, b *Booking, token string) error {
	kind := bookerKinds[event]
	if event == EventBooked && b.Status == StatusRequested {
		kind = notify.KindRequested
	}
	method := notify.MethodRequest
	if event == EventCancelled {
		method = notify.MethodCancel
	}
	now := time.Now()
	booker := NewView(b, token, LinkPrefix(b.Locale), now)
	ev := Event(b, m.BaseURL+booker.ManageURL)
	if err := m.send(ctx, tx, kind, b.Locale, booker, b.Contact.Email, b.Contact.FirstName+" "+b.Contact.LastName, b.Staff.Name, ev, method); err != nil {
		return err
	}
	// The staff member's copy carries no manage links: they are the booker's secret.
	staff := NewView(b, "", LinkPrefix(b.Calendar.Location.DefaultLocale), now)
	staff.ManageURL, staff.RescheduleURL, staff.CancelURL, staff.ICSURL = "", "", "", ""
	ev.URL, ev.Description = "", b.Calendar.Description
	return m.send(ctx, tx, staffKinds[event], b.Calendar.Location.DefaultLocale, staff, b.Staff.Email, b.Staff.Name, b.Staff.Name, ev, method)
}

func (m *MailNotifier) send(ctx context.Context, tx db.Querier, kind, locale string, view View, to, toName, staffName string, ev notify.Event, method string) error {
	cat := locales.Get(locale)
	subject, text, html, err := notify.Compose(ctx, m.Renderer, kind, notify.EmailData{
		Locale: cat.Locale, Lang: cat.Lang, Messages: cat.Messages, Booking: view, BaseURL: m.BaseURL, StaffName: staffName,
	})
	if err != nil {
		// The booking matters more than the prose around it: a render that
		// fails (an overloaded or broken renderer) still sends a plain mail
		// with the facts and the calendar file, and the booking stands.
		if m.Logger != nil {
			m.Logger.ErrorContext(ctx, "unable to render a mail; sending the plain one", slog.String("kind", kind), slog.Any("err", err))
		}
		subject, text, html = plainSubject(view), plainText(view, m.BaseURL), ""
	}
	msg := notify.Message{
		To: to, ToName: toName, Subject: subject, Text: text, HTML: html,
		Attachments: []notify.Attachment{notify.CalendarAttachment(ev, method)},
	}
	if err := notify.Enqueue(ctx, tx, kind, m.From, m.FromName, msg); err != nil {
		return fmt.Errorf("booking: unable to queue %s mail: %w", kind, err)
	}
	return nil
}

// LinkPrefix is the path prefix of links in a locale: none for en-US.
func LinkPrefix(locale string) string {
	if locale == "" || locale == locales.Fallback {
		return ""
	}
	return "/" + locale
}

// plainSubject and plainText are the language-neutral mail of last resort.
func plainSubject(v View) string {
	return fmt.Sprintf("%s: %s, %s", v.LocationName, v.Calendar.Name, v.Start.Format("2006-01-02 15:04 MST"))
}

func plainText(v View, baseURL string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s\n%s\n%s – %s (%s)\n%s\nStatus: %s\n", v.LocationName, v.Calendar.Name,
		v.Start.Format("2006-01-02 15:04"), v.End.Format("15:04"), v.TimeZone, v.Staff.Name, v.Status)
	if v.ManageURL != "" {
		fmt.Fprintf(&b, "\n%s%s\n", baseURL, v.ManageURL)
	}
	return b.String()
}
