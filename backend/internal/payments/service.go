package payments

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"time"

	"github.com/jackc/pgx/v5"

	"slotwise/backend/internal/background"
	"slotwise/backend/internal/booking"
	"slotwise/backend/internal/db"
	"slotwise/backend/internal/events"
	"slotwise/backend/internal/seal"
)

// EventProvider is the event a provider's delivery becomes once taken in:
// its work happens after the provider has its answer.
const EventProvider = "payment.provider_event"

// ProviderEvent is that event's payload.
type ProviderEvent struct {
	Provider string `json:"provider"`
	Event
}

// Stripe will not close a checkout sooner than this after it opens.
const minCheckoutLife = 31 * time.Minute

// Service takes payments for bookings.
type Service struct {
	pool      *db.Pool
	bookings  *booking.Service
	providers []Provider // configured, the default first; none: online payment is not set up
	baseURL   string
	origin    func(ctx context.Context) string
	log       *slog.Logger
	store     store
	keys      *seal.Keyring // seals the businesses' own accounts (accounts.go)
	apis      APIs
	orders    Orders // the shop's orders (WithOrders); nil: none are paid here
	providerCache
}

// NewService builds the service over the providers the operator configured
// (the first is the default of a business that chose none); the booking
// service was told the same (Payable).
func NewService(pool *db.Pool, bookings *booking.Service, baseURL string, log *slog.Logger, providers ...Provider) *Service {
	return &Service{pool: pool, bookings: bookings, baseURL: baseURL, log: log, providers: configured(providers)}
}

// WithOrigins makes the addresses the providers send bookers back to start
// with the origin of the booking's business (its primary host), which
// origin tells; baseURL stands for a business without one. For the
// construction of the service: it returns s.
func (s *Service) WithOrigins(origin func(ctx context.Context) string) *Service {
	s.origin = origin
	return s
}

// base is the origin of the business ctx works for.
func (s *Service) base(ctx context.Context) string {
	if s.origin != nil {
		return s.origin(ctx)
	}
	return s.baseURL
}

// Payable tells which businesses can take a payment online: those with
// an account of their own, and the default business when the operator
// configured these providers. The booking service's
// booking.Options.OnlinePayments.
func Payable(providers ...Provider) func(*booking.Location) bool {
	s := &Service{providers: configured(providers)}
	return func(l *booking.Location) bool { return s.chosen(l) != "" }
}

func configured(providers []Provider) []Provider {
	var out []Provider
	for _, p := range providers {
		if p != nil {
			out = append(out, p)
		}
	}
	return out
}

// Names are the operator's providers' names, the default first.
func (s *Service) Names() []string {
	out := make([]string, 0, len(s.providers))
	for _, p := range s.providers {
		out = append(out, p.Name())
	}
	return out
}

// Result is where a payment stands, for its result page.
type Result struct {
	PaymentID string
	State     string // paid, pending, failed, expired, refunded, left (the booker came back without paying)
	Amount    int64
	Currency  string
	Bookings  []*booking.Booking
}

// Result states.
const (
	ResultPaid     = "paid"
	ResultPending  = "pending"
	ResultFailed   = "failed"
	ResultExpired  = "expired"
	ResultRefunded = "refunded"
	ResultLeft     = "left"
)

// Check reads a payment for its result page, opened by the booking's
// manage secret. With ask, an unsettled payment is first asked about at
// the provider, and what it says is recorded (the webhook may not have
// come yet); without (a preview), nothing is asked or written.
func (s *Service) Check(ctx context.Context, paymentID, token string, ask, left bool) (*Result, error) {
	p, err := s.store.payment(ctx, s.pool, paymentID)
	if err != nil {
		return nil, err
	}
	if p.BookingID == "" {
		return nil, ErrNotFound // an order's: its own page reads it (AskOrder)
	}
	if _, err := s.bookings.Get(ctx, p.BookingID, token); err != nil {
		return nil, err
	}
	provider, err := s.ofPayment(ctx, p)
	if err != nil {
		return nil, err
	}
	if ask && provider != nil && p.SessionID != "" && (p.Status == statusOpen || p.Status == statusProcessing) {
		sess, err := provider.Session(ctx, p.SessionID)
		if err == nil && sess.Status == SessionApproved {
			var captured bool
			if sess, captured, err = s.captureHeld(ctx, p.Provider, p.SessionID); err == nil && !captured {
				sess = Session{ID: p.SessionID, Status: SessionOpen}
			}
		}
		switch {
		case err != nil:
			// The page says "pending" and asks again; the webhook still comes.
			s.log.WarnContext(ctx, "unable to ask the provider about a payment", slog.String("payment", p.ID), slog.Any("err", err))
		case sess.Paid:
			if err := s.recordPaid(ctx, p.Provider, Event{SessionID: sess.ID, Paid: true, IntentID: sess.IntentID, Amount: sess.Amount}); err != nil {
				return nil, err
			}
		}
		if p, err = s.store.payment(ctx, s.pool, paymentID); err != nil {
			return nil, err
		}
	}
	group, err := s.bookings.MadeWith(ctx, s.pool, p.BookingID)
	if err != nil {
		return nil, err
	}
	return &Result{PaymentID: p.ID, State: resultState(p, group[0], left), Amount: p.Amount, Currency: p.Currency, Bookings: group}, nil
}

func resultState(p *payment, first *booking.Booking, left bool) string {
	switch {
	case first.Money.State == booking.MoneyRefundDue || first.Money.State == booking.MoneyRefunded:
		return ResultRefunded
	case p.Status == statusPaid:
		return ResultPaid
	case p.Status == statusFailed:
		return ResultFailed
	case p.Status == statusExpired || first.Money.State == booking.MoneyReleased:
		return ResultExpired
	case left && p.Status == statusOpen:
		return ResultLeft
	}
	return ResultPending
}

// TakeEvent verifies a provider's event delivery and takes it in: its id
// is stored (a duplicate does nothing) and an event for the consumer is
// written in the same transaction, so the provider hears "received" only
// once the event is safe, and the work happens after that answer.
// ErrNoAccount: nothing could verify it (the business has no account at
// the provider, live or retired, and the operator has none).
func (s *Service) TakeEvent(ctx context.Context, provider string, payload []byte, header http.Header) error {
	// The event is verified with an account of the business whose host it
	// was posted to (its own, live or retired), and taken in for that
	// business: what it names of another is not found in this one's rows.
	// Verified with the operator's account, which took payments for other
	// businesses before they had their own, it is the business's whose
	// payment through that account it names.
	accounts, err := s.verifiers(ctx, provider)
	if err != nil {
		return err
	}
	if len(accounts) == 0 {
		return ErrNoAccount
	}
	var ev Event
	var by account
	verified := false
	for _, a := range accounts {
		ev, err = a.provider.Verify(ctx, payload, header)
		if errors.Is(err, ErrBadSignature) {
			continue
		}
		if err != nil {
			return err
		}
		verified, by = true, a
		if a.id == nil && ev.SessionID != "" {
			if b, err := s.store.operatorsSession(db.WithEveryBusiness(ctx), s.pool, provider, ev.SessionID); err == nil {
				ctx = db.WithBusiness(ctx, b)
			}
		}
		break
	}
	if !verified {
		return ErrBadSignature // nothing can be verified
	}
	// An account settles only the payments it took: an event about another
	// account's payment is taken in (once) and does nothing.
	mine := true
	if ev.SessionID != "" {
		switch p, err := s.store.bySession(ctx, s.pool, provider, ev.SessionID); {
		case errors.Is(err, ErrNotFound):
		case err != nil:
			return err
		default:
			mine = sameAccount(p.AccountID, by.id)
		}
	}
	return pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, `INSERT INTO payment_events (provider, event_id, type) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`,
			provider, ev.ID, ev.Original)
		if err != nil {
			return fmt.Errorf("payments: unable to take in event %s: %w", ev.ID, err)
		}
		if tag.RowsAffected() == 0 || ev.Type == EventOther || !mine {
			return nil
		}
		return events.Emit(ctx, tx, EventProvider, ProviderEvent{Provider: provider, Event: ev})
	})
}

// captureHeld takes the money of an approved checkout (Capturer), only
// while its bookings' time is still held for it: an approval that comes
// after the hold ended is left uncaptured, and no money moves. The call
// runs outside any transaction, keyed by the payment, so the return page
// and the webhook capturing at once capture once. captured tells whether
// the provider was asked.
func (s *Service) captureHeld(ctx context.Context, provider, sessionID string) (sess Session, captured bool, err error) {
	p, err := s.store.bySession(ctx, s.pool, provider, sessionID)
	if errors.Is(err, ErrNotFound) {
		return Session{}, false, nil
	}
	if err != nil || p.Status != statusOpen {
		return Session{}, false, err
	}
	took, err := s.ofPayment(ctx, p)
	if err != nil {
		return Session{}, false, err
	}
	c, ok := took.(Capturer)
	if !ok {
		return Session{}, false, nil
	}
	holding, err := s.holding(ctx, p)
	if err != nil {
		return Session{}, false, err
	}
	if !holding {
		s.log.InfoContext(ctx, "an approval after the hold ended is left uncaptured", slog.String("payment", p.ID))
		return Session{}, false, nil
	}
	sess, err = c.Capture(ctx, sessionID, "capture-"+p.ID)
	if err != nil {
		return Session{}, false, err
	}
	s.log.InfoContext(ctx, "checkout captured", slog.String("payment", p.ID), slog.String("status", sess.Status), slog.Bool("paid", sess.Paid))
	return sess, true, nil
}

// holding tells whether what p pays still holds its time or its stock,
// unpaid.
func (s *Service) holding(ctx context.Context, p *payment) (bool, error) {
	if p.OrderID != "" {
		if s.orders == nil {
			return false, nil
		}
		return s.orders.Holding(ctx, p.OrderID)
	}
	group, err := s.bookings.MadeWith(ctx, s.pool, p.BookingID)
	if err != nil {
		return false, err
	}
	first := group[0]
	return first.Status == booking.StatusPending && first.Money.State == booking.MoneyHold && first.Money.HoldUntil != nil &&
		s.Now().Before(*first.Money.HoldUntil), nil
}

// recordPaid records that a checkout's money arrived: the payment is
// paid and its bookings booked (or, released meanwhile, owed back).
func (s *Service) recordPaid(ctx context.Context, provider string, ev Event) error {
	return pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error { return s.paidIn(ctx, tx, provider, ev) })
}

func (s *Service) paidIn(ctx context.Context, tx pgx.Tx, provider string, ev Event) error {
	p, err := s.store.bySessionForUpdate(ctx, tx, provider, ev.SessionID)
	if errors.Is(err, ErrNotFound) {
		s.log.WarnContext(ctx, "a paid checkout that is not ours", slog.String("session", ev.SessionID))
		return nil
	}
	if err != nil || p.Status == statusPaid {
		return err
	}
	amount := ev.Amount
	if amount <= 0 {
		amount = p.Amount
	}
	if err := s.store.markPaid(ctx, tx, p.ID, ev.IntentID, amount); err != nil {
		return err
	}
	if p.OrderID != "" {
		if s.orders == nil {
			return fmt.Errorf("payments: order %s paid, and no shop to record it", p.OrderID)
		}
		s.log.InfoContext(ctx, "payment recorded", slog.String("payment", p.ID), slog.String("order", p.OrderID))
		return s.orders.RecordPayment(ctx, tx, p.OrderID, amount)
	}
	outcome, _, err := s.bookings.RecordPayment(ctx, tx, p.BookingID, amount)
	if err != nil {
		return err
	}
	s.log.InfoContext(ctx, "payment recorded", slog.String("payment", p.ID), slog.String("booking", p.BookingID), slog.String("outcome", outcome))
	return nil
}

// ReleaseDue releases every hold that has ended and returns how many
// bookings it freed. Replicas share the work (SKIP LOCKED).
func (s *Service) ReleaseDue(ctx context.Context) (int, error) {
	businesses, err := s.bookings.HoldsEndedFor(ctx)
	if err != nil {
		return 0, err
	}
	released := 0
	for _, b := range businesses {
		n, err := s.releaseDue(db.WithBusiness(ctx, b))
		released += n
		if err != nil {
			return released, err
		}
	}
	return released, nil
}

// releaseDue is ReleaseDue for the business ctx works for.
func (s *Service) releaseDue(ctx context.Context) (int, error) {
	released := 0
	for {
		n := 0
		err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
			ids, err := s.bookings.ExpiredHolds(ctx, tx, 20)
			if err != nil {
				return err
			}
			n = len(ids)
			for _, id := range ids {
				freed, err := s.bookings.ReleaseHold(ctx, tx, id, false)
				if err != nil {
					return err
				}
				released += len(freed)
			}
			return nil
		})
		if err != nil || n < 20 {
			return released, err
		}
	}
}

// Holds is the background work that releases unpaid bookings whose hold
// ended, looked for every Every: a released time is free at most that
// long after its hold ends.
type Holds struct {
	Service *Service
	Every   time.Duration
}

// Name is the work's name among the server's background work.
func (h Holds) Name() string { return "payment holds" }

// Run releases ended holds every Every until ctx ends.
func (h Holds) Run(ctx context.Context) error {
	s := h.Service
	background.Rounds(ctx, s.pool, "", h.Every, s.log, func(ctx context.Context) {
		if n, err := s.ReleaseDue(ctx); err != nil && ctx.Err() == nil {
			s.log.WarnContext(ctx, "unable to release ended holds", slog.Any("err", err))
		} else if n > 0 {
			s.log.InfoContext(ctx, "released unpaid holds", slog.Int("bookings", n))
		}
	})
	return nil
}

// Now is the bookings' clock.
func (s *Service) Now() time.Time { return s.bookings.Now() }

func sameAccount(a, b *int64) bool {
	return a == nil && b == nil || a != nil && b != nil && *a == *b
}
