package booking

import (
	"context"
	"fmt"
	"strings"

	"github.com/jackc/pgx/v5"

	"slotwise/backend/internal/db"
	"slotwise/backend/internal/events"
	"slotwise/backend/internal/fieldcheck"
	"slotwise/backend/internal/notify"
)

// A booker who lost their manage link asks for their links by e-mail. The
// request only records that it was asked (the same work whether or not
// the address has bookings, so neither the answer nor its time tells);
// the mailer then sends the address the links of its upcoming bookings,
// each a new manage secret, or nothing when it has none.

// EventLinksRequested is a booker's request for the links to their
// upcoming bookings.
const EventLinksRequested = "booking.links_requested"

// MaxLinksInMail is how many upcoming bookings a links mail lists, the
// soonest first.
const MaxLinksInMail = 20

// LinksRequest is the payload of EventLinksRequested.
type LinksRequest struct {
	Email  string `json:"email"`
	Locale string `json:"locale"`
}

// RequestLinks records a request for the links to the bookings of email,
// to be mailed in locale. A malformed address is a ValidationError (email).
func (s *Service) RequestLinks(ctx context.Context, email, locale string) error {
	email = strings.TrimSpace(email)
	if problem := fieldcheck.EmailProblem(email); problem != "" {
		return &ValidationError{Fields: map[string]string{"email": problem}}
	}
	if err := events.Emit(ctx, s.pool, EventLinksRequested, LinksRequest{Email: email, Locale: locale}); err != nil {
		return fmt.Errorf("booking: unable to record a request for links: %w", err)
	}
	return nil
}

// upcomingOf are the bookings an address made that are still ahead and
// can be managed, the soonest first.
func (s *Service) upcomingOf(ctx context.Context, email string) ([]*Booking, error) {
	rows, err := s.pool.Query(ctx, `SELECT id FROM bookings
		WHERE lower(email) = lower($1) AND location_id = $4 AND starts_at > $2 AND holds_for IS NULL
		  AND status IN ('scheduled', 'rescheduled', 'requested')
		ORDER BY starts_at, id LIMIT $3`, email, s.now(), MaxLinksInMail, db.ThisBusiness)
	if err != nil {
		return nil, fmt.Errorf("booking: unable to find an address's bookings: %w", err)
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return nil, fmt.Errorf("booking: unable to find an address's bookings: %w", err)
	}
	out := make([]*Booking, 0, len(ids))
	for _, id := range ids {
		b, err := s.store.booking(ctx, s.pool, id, "")
		if err != nil {
			return nil, err
		}
		out = append(out, b)
	}
	return out, nil
}

// links mails an address the links of its upcoming bookings, each opened
// by a secret of its own stored when the mail is queued; nothing when it
// has none.
func (m *Mailer) links(ctx context.Context, req LinksRequest) (events.Commit, error) {
	bookings, err := m.Service.upcomingOf(ctx, req.Email)
	if err != nil || len(bookings) == 0 {
		return m.Queue(nil, nil), err
	}
	now := m.Service.Now()
	locale := req.Locale
	if locale == "" {
		locale = bookings[0].Locale
	}
	views, tokens := make([]View, len(bookings)), make([]string, len(bookings))
	for i, b := range bookings {
		tokens[i] = newToken()
		views[i] = NewView(b, tokens[i], locale, now)
	}
	first := bookings[0]
	d := m.Data(ctx, locale, first.Calendar.Location.BrandColor)
	mail := m.renderWith(ctx, notify.KindLinks, d, views, first.Contact.Email, first.Contact.FirstName+" "+first.Contact.LastName, "", nil, "")
	return m.Queue([]notify.Mail{mail}, func(ctx context.Context, tx pgx.Tx) error {
		for i, b := range bookings {
			if err := storeToken(ctx, tx, b.ID, tokens[i], purposeManage); err != nil {
				return err
			}
		}
		return nil
	}), nil
}
