package notify

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/jackc/pgx/v5"

	"slotwise/locales"
)

// Mailer is the part every domain's mail consumer shares (booking's,
// forms'): the domain decodes its event and loads what the mails tell;
// the mails are rendered here in V8, outside any transaction (Render), and
// queued by the commit Queue returns, in the transaction that marks the
// event delivered, so each is written once, if and only if its change
// committed.
type Mailer struct {
	Renderer Renderer
	BaseURL  string // public origin of the links in mails
	// Origin, when set, is the origin of the links in a business's mails
	// (its primary host); BaseURL stands for a business without one.
	Origin   func(ctx context.Context) string
	From     string
	FromName string
	Logger   *slog.Logger
}

// Mail is one rendered mail waiting for its commit.
type Mail struct {
	Kind    string
	Message Message
}

// Data is the part of a mail's data every kind has: the reader's
// language, the links' origin and the business's colour (brand), as its
// pages wear it.
func (m *Mailer) Data(ctx context.Context, locale, brand string) EmailData {
	cat := locales.Get(locale)
	return EmailData{Locale: cat.Locale, Lang: cat.Lang, Messages: cat.Messages, BaseURL: m.Base(ctx), Brand: brand}
}

// Base is the origin of the links in the mails of the business ctx works
// for.
func (m *Mailer) Base(ctx context.Context) string {
	if m.Origin != nil {
		return m.Origin(ctx)
	}
	return m.BaseURL
}

// Render composes the subject, text and HTML of a mail of kind into msg,
// whose recipient, headers and attachments the domain has set.
func (m *Mailer) Render(ctx context.Context, kind string, data EmailData, msg Message) (Mail, error) {
	subject, text, html, err := Compose(ctx, m.Renderer, kind, data)
	if err != nil {
		return Mail{}, err
	}
	msg.Subject, msg.Text, msg.HTML = subject, text, html
	return Mail{Kind: kind, Message: msg}, nil
}

// Queue is the delivery's commit: first (the consumer's own writes, or
// nil), then every mail into the outbox.
func (m *Mailer) Queue(mails []Mail, first func(ctx context.Context, tx pgx.Tx) error) func(ctx context.Context, tx pgx.Tx) error {
	return func(ctx context.Context, tx pgx.Tx) error {
		if first != nil {
			if err := first(ctx, tx); err != nil {
				return err
			}
		}
		for _, mail := range mails {
			if err := Enqueue(ctx, tx, mail.Kind, m.From, m.FromName, mail.Message); err != nil {
				return fmt.Errorf("notify: unable to queue a %s mail: %w", mail.Kind, err)
			}
		}
		return nil
	}
}

// Log is the mailer's logger, or a silent one.
func (m *Mailer) Log() *slog.Logger {
	if m.Logger == nil {
		return slog.New(slog.DiscardHandler)
	}
	return m.Logger
}
