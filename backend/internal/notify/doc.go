// Package notify tells bookers and staff what happened to a booking:
// confirmation, request, reschedule and cancellation e-mails with an
// iCalendar invitation and add-to-calendar links.
//
// The text and HTML come from the server bundle's renderEmail (Compose), so
// dates, times and zone names read exactly as on the pages, in the
// booker's language. Mail is never sent from a request: it is written to
// the outbox table in the same transaction as the change it reports
// (Enqueue), so it goes out if and only if that change committed, and a
// Worker on any replica delivers it, retrying with backoff while the SMTP
// server is down.
//
// A booking service does, roughly:
//
//	subject, text, html, err := notify.Compose(ctx, renderer, notify.KindConfirmation, notify.EmailData{…})
//	…
//	err = db.InTx(ctx, pool, func(tx pgx.Tx) error {
//		// insert the booking, then:
//		return notify.Enqueue(ctx, tx, notify.KindConfirmation, smtp.From, smtp.FromName, notify.Message{
//			To: email, ToName: name, Subject: subject, Text: text, HTML: html,
//			Attachments: []notify.Attachment{notify.CalendarAttachment(ev, notify.MethodRequest)},
//		})
//	})
//
// and the server runs one worker per replica:
//
//	go (&notify.Worker{Pool: pool, Sender: sender, Logger: log}).Run(ctx)
//
// where sender is an *SMTPSender, or a FileSender writing .eml files when
// no SMTP server is configured.
package notify
