// Package notify tells people what happened: the booker, staff and guests
// of a booking (confirmation, request, reschedule, cancellation, with an
// iCalendar invitation and add-to-calendar links) and the business of a
// submitted form.
//
// The text and HTML come from the server bundle's renderEmail (Compose), so
// dates, times and zone names read exactly as on the pages, in the
// reader's language. Mail is never sent from a request: a domain's mailer
// is an event consumer that renders after the change committed, outside
// any transaction, and writes the mail to the outbox table (Enqueue) in
// the transaction that marks its event delivered, so a mail exists if and
// only if its change committed, once per event. A Worker on any replica
// delivers it, retrying with backoff while the SMTP server is down.
//
// A mailer's Handle does, roughly:
//
//	subject, text, html, err := notify.Compose(ctx, renderer, notify.KindConfirmation, notify.EmailData{…})
//	…
//	return func(ctx context.Context, tx pgx.Tx) error { // the delivery's commit
//		return notify.Enqueue(ctx, tx, notify.KindConfirmation, from, fromName, notify.Message{
//			To: email, ToName: name, Subject: subject, Text: text, HTML: html,
//			Attachments: []notify.Attachment{notify.CalendarAttachment(ev, notify.MethodRequest)},
//		})
//	}, nil
//
// and the server runs one worker per replica:
//
//	go (&notify.Worker{Pool: pool, Sender: sender, Logger: log}).Run(ctx)
//
// where sender is an *SMTPSender, or a FileSender writing .eml files when
// no SMTP server is configured.
package notify
