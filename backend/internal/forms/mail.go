package forms

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"slotwise/backend/internal/events"
	"slotwise/backend/internal/notify"
	"slotwise/locales"
)

// Mailer is the consumer of form.submitted that tells the business: it
// renders a mail with every answer in V8, outside any transaction, and
// enqueues it in the transaction that marks the event delivered
// (notify.Mailer). The business reads it in its own language.
type Mailer struct {
	Service *Service
	notify.Mailer
}

// Name implements events.Consumer.
func (m *Mailer) Name() string { return "forms.mailer" }

// Types implements events.Consumer.
func (m *Mailer) Types() []string { return []string{EventSubmitted} }

// Handle implements events.Consumer.
func (m *Mailer) Handle(ctx context.Context, ev events.Event) (events.Commit, error) {
	var payload SubmittedEvent
	if err := ev.Decode(&payload); err != nil {
		return nil, err
	}
	s := m.Service
	r, err := s.store.responseByID(ctx, s.pool, payload.Response)
	if err != nil {
		return nil, err
	}
	form, err := s.store.formVersion(ctx, s.pool, r.FormID, r.Version)
	if err != nil {
		return nil, err
	}
	to := form.Definition.Notify
	if to == "" {
		to = form.Business.Email
	}
	if to == "" {
		m.Log().InfoContext(ctx, "a form was submitted; its business has no address to tell", slog.String("form", form.Slug), slog.String("response", r.ID))
		return m.Queue(nil, nil), nil
	}
	data := m.Data(ctx, form.Business.Locale, form.Business.BrandColor)
	data.Form = form.emailOf(r, locales.Get(form.Business.Locale))
	msg := notify.Message{To: to, ToName: form.Business.Name, Headers: map[string]string{"Auto-Submitted": "auto-generated"}}
	if email := replyTo(form, r); email != "" {
		msg.Headers["Reply-To"] = email
	}
	mail, err := m.Render(ctx, notify.KindFormSubmitted, data, msg)
	if err != nil {
		return nil, err // the delivery is tried again: the business gets the whole mail or none
	}
	return m.Queue([]notify.Mail{mail}, nil), nil
}

// emailOf is a response as the business reads it: each question the
// visitor answered, with the labels of the options they chose.
func (f *Form) emailOf(r *Response, cat *locales.Catalogue) *notify.FormEmail {
	d := &f.Definition
	t := func(x Text) string { return x.In(cat.Locale, d.Locale) }
	out := &notify.FormEmail{Title: t(d.Title), Business: f.Business.Name, Kind: f.Kind, Response: r.ID, TimeZone: f.Business.TimeZone, Page: r.Page}
	if r.SubmittedAt != nil {
		out.Submitted = r.SubmittedAt.Format(time.RFC3339)
	}
	for _, row := range d.Readable(r.Answers, cat.Locale, true) {
		out.Rows = append(out.Rows, notify.EmailRow{Label: row.Label, Value: row.Value})
	}
	for _, p := range utmParams {
		if v := r.Attribution[p]; v != "" {
			out.Rows = append(out.Rows, notify.EmailRow{Label: p, Value: v})
		}
	}
	if r.Score != nil {
		out.Score = fmt.Sprintf("%d / %d", r.Score.Points, r.Score.Max)
	}
	return out
}

// replyTo is the visitor's address, when the form asked for one, so the
// business can answer the mail.
func replyTo(f *Form, r *Response) string {
	for _, field := range f.Definition.Fields() {
		if field.Type == TypeEmail && len(r.Answers[field.ID]) > 0 {
			return r.Answers[field.ID][0]
		}
	}
	return ""
}
