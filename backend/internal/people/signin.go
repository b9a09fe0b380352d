package people

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/jackc/pgx/v5"

	"slotwise/backend/internal/db"
	"slotwise/backend/internal/events"
	"slotwise/backend/internal/fieldcheck"
	"slotwise/backend/internal/notify"
	"slotwise/backend/internal/route"
)

// Signing in by mail: the dashboard's sign-in page only records that an
// address asked (the same work whether or not the address is a person of
// the business, so neither the answer nor its time tells), and the mailer
// then sends a person a link that signs them in once, or sends nothing.

// EventSignInRequested is a request for a sign-in link by mail.
const EventSignInRequested = "people.sign_in_requested"

// SignInRequest is the payload of EventSignInRequested.
type SignInRequest struct {
	Email  string `json:"email"`
	Locale string `json:"locale"`
	// Invited is an owner's invitation of a person just added: its link
	// lives InvitationLinkLife, and its mail says who added them.
	Invited bool `json:"invited,omitempty"`
}

// EventPasskeyAdded is a passkey added to a person's sign-in: they are
// told by mail, so a passkey they did not add does not go unnoticed.
const EventPasskeyAdded = "people.passkey_added"

// PasskeyAdded is the payload of EventPasskeyAdded.
type PasskeyAdded struct {
	Email  string `json:"email"`
	Name   string `json:"name"` // the passkey's: the browser it was made in
	Locale string `json:"locale"`
}

// RequestSignIn records a request for a sign-in link for email, to be
// mailed in locale. A malformed address is ErrEmail.
func (s *Service) RequestSignIn(ctx context.Context, email, locale string) error {
	email = strings.TrimSpace(email)
	if fieldcheck.EmailProblem(email) != "" {
		return ErrEmail
	}
	if err := events.Emit(ctx, s.pool, EventSignInRequested, SignInRequest{Email: email, Locale: locale}); err != nil {
		return fmt.Errorf("people: unable to record a request to sign in: %w", err)
	}
	return nil
}

// Invite adds email as a person of the business with role (staffID: a
// staff member's row) and mails them a link that signs them in once,
// within InvitationLinkLife: both in one transaction, so a person added
// is always invited. The dashboard asks it only of a session signed in
// within RecentLife (a sensitive change); the admin API of a token that
// writes.
func (s *Service) Invite(ctx context.Context, email, role string, staffID int64, locale string) (*Person, error) {
	var p *Person
	err := db.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		var err error
		if p, err = s.add(ctx, tx, email, role, staffID); err != nil {
			return err
		}
		return events.Emit(ctx, tx, EventSignInRequested, SignInRequest{Email: p.Email, Locale: locale, Invited: true})
	})
	return p, err
}

// LinkPath is where a sign-in link's secret opens, on the business's site.
func LinkPath(secret string) string {
	return route.Default().Href("", "adminLink", "", map[string]string{"secret": secret}, nil)
}

// Business is what a sign-in mail says of the business it signs in to.
type Business struct {
	Name, Locale, Brand string
}

// Mailer is the consumer of EventSignInRequested: it renders the mail in
// V8 outside any transaction, and stores the link in the transaction
// that queues the mail and marks the event delivered, so a link exists
// exactly when its mail is on its way.
type Mailer struct {
	Service *Service
	// Business names the business ctx works for (booking.Service.Business).
	Business func(ctx context.Context) (Business, error)
	notify.Mailer
}

// Name implements events.Consumer.
func (m *Mailer) Name() string { return "people.mailer" }

// Types implements events.Consumer.
func (m *Mailer) Types() []string { return []string{EventSignInRequested} }

// Handle implements events.Consumer.
func (m *Mailer) Handle(ctx context.Context, ev events.Event) (events.Commit, error) {
	var req SignInRequest
	if err := ev.Decode(&req); err != nil {
		return nil, err
	}
	p, b, locale, err := m.addressee(ctx, req.Email, req.Locale)
	if err != nil {
		return nil, err
	}
	if p == nil {
		return m.Queue(nil, nil), nil // nobody to sign in: nothing is sent, and nothing said
	}
	secret := newSecret(LinkPrefix)
	life := MailedLinkLife
	if req.Invited {
		life = InvitationLinkLife
	}
	data := m.Data(ctx, locale, b.Brand)
	data.SignIn = &notify.SignInEmail{Business: b.Name, Email: p.Email, Link: LinkPath(secret), Minutes: int(life.Minutes()), Invited: req.Invited}
	mail, err := m.Render(ctx, notify.KindSignIn, data, toPerson(p))
	if err != nil {
		return nil, err
	}
	expires := m.Service.now().Add(life)
	return m.Queue([]notify.Mail{mail}, func(ctx context.Context, tx pgx.Tx) error {
		_, err := tx.Exec(ctx, `INSERT INTO sign_in_links (location_id, hash, person_id, expires_at)
			SELECT location_id, $2, id, $3 FROM people WHERE id = $4 AND location_id = $1`,
			db.ThisBusiness, hash(secret), expires, p.ID)
		if err != nil {
			return fmt.Errorf("people: unable to keep a mailed sign-in link: %w", err)
		}
		return nil // a person removed meanwhile: the mail's link opens nothing
	}), nil
}

// addressee is the person of email a mail goes to (nil when none is,
// or no longer), the business it is from, and the language it is in:
// locale, else the business's.
func (m *Mailer) addressee(ctx context.Context, email, locale string) (*Person, Business, string, error) {
	p, err := m.Service.ByEmail(ctx, email)
	if errors.Is(err, ErrNotFound) || errors.Is(err, ErrEmail) {
		return nil, Business{}, "", nil
	}
	if err != nil {
		return nil, Business{}, "", err
	}
	b, err := m.Business(ctx)
	if err != nil {
		return nil, Business{}, "", err
	}
	if locale == "" {
		locale = b.Locale
	}
	return p, b, locale, nil
}

// toPerson is a mail's envelope to a person: sent by the server, not
// answered by an autoresponder.
func toPerson(p *Person) notify.Message {
	return notify.Message{To: p.Email, Headers: map[string]string{"Auto-Submitted": "auto-generated"}}
}

// PasskeyMailer is the consumer of EventPasskeyAdded: it mails the person
// whose sign-in a passkey was added to, with the way to their passkeys,
// where it is removed and every browser signed out. It is a consumer of
// its own, not Mailer's: deliveries are claimed by consumer, and a
// replica of a version before it (a rolling upgrade) would take the event
// for a request of a sign-in link.
type PasskeyMailer struct{ *Mailer }

// Name implements events.Consumer.
func (m PasskeyMailer) Name() string { return "people.passkey_mailer" }

// Types implements events.Consumer.
func (m PasskeyMailer) Types() []string { return []string{EventPasskeyAdded} }

// Handle implements events.Consumer.
func (m PasskeyMailer) Handle(ctx context.Context, ev events.Event) (events.Commit, error) {
	var added PasskeyAdded
	if err := ev.Decode(&added); err != nil {
		return nil, err
	}
	p, b, locale, err := m.addressee(ctx, added.Email, added.Locale)
	if err != nil {
		return nil, err
	}
	if p == nil {
		return m.Queue(nil, nil), nil // removed since: their passkeys went with them
	}
	data := m.Data(ctx, locale, b.Brand)
	data.Passkey = &notify.PasskeyEmail{Business: b.Name, Email: p.Email, Name: added.Name,
		Account: route.Default().Href(locale, "adminAccount", "", nil, nil)}
	mail, err := m.Render(ctx, notify.KindPasskeyAdded, data, toPerson(p))
	if err != nil {
		return nil, err
	}
	return m.Queue([]notify.Mail{mail}, nil), nil
}
