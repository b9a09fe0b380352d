package booking

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"slotwise/backend/internal/availability"
	"slotwise/backend/internal/db"
)

// Notifier tells the booker and the staff member what happened, inside the
// transaction that made it happen (an outbox), so a mail is never lost and
// never sent for something that did not commit.
type Notifier interface {
	Notify(ctx context.Context, tx db.Querier, event string, b *Booking, token string) error
}

// Events a Notifier hears.
const (
	EventBooked      = "booked"
	EventRescheduled = "rescheduled"
	EventCancelled   = "cancelled"
)

// Service runs the booking use cases; it owns their transactions.
type Service struct {
	pool     *pgxpool.Pool
	store    store
	notifier Notifier
	log      *slog.Logger
	now      func() time.Time
}

// NewService builds the service. notifier may be nil (no mails).
func NewService(pool *pgxpool.Pool, notifier Notifier, log *slog.Logger) *Service {
	return &Service{pool: pool, notifier: notifier, log: log, now: time.Now}
}

// SetClock replaces the clock, for tests.
func (s *Service) SetClock(now func() time.Time) { s.now = now }

// Now is the service's clock.
func (s *Service) Now() time.Time { return s.now() }

// Calendar loads an active calendar by slug.
func (s *Service) Calendar(ctx context.Context, slug string) (*Calendar, error) {
	return s.store.calendarBySlug(ctx, s.pool, slug)
}

// BookCommand asks for a booking.
type BookCommand struct {
	Calendar       string  `json:"calendar"`
	Start          string  `json:"start"`
	TimeZone       string  `json:"tz"`
	StaffID        int64   `json:"staff,omitempty"`
	Locale         string  `json:"locale,omitempty"`
	AcceptTerms    bool    `json:"acceptTerms,omitempty"`
	Contact        Contact `json:"contact"`
	IdempotencyKey string  `json:"-"`
}

// Book validates the request, finds who is free at that time and books the
// first of them that the database accepts. The exclusion constraint is the
// judge: two requests for the last free person cannot both win.
func (s *Service) Book(ctx context.Context, cmd BookCommand) (*Booking, string, error) {
	if b, token, err := s.replay(ctx, cmd.IdempotencyKey, "book", cmd); b != nil || err != nil {
		return b, token, err
	}
	now := s.now()
	start, zone, errs := parseWhen(cmd.Start, cmd.TimeZone)
	cal, err := s.store.calendarBySlug(ctx, s.pool, cmd.Calendar)
	if err != nil {
		return nil, "", err
	}
	for k, v := range validateContact(&cmd.Contact, cal, cmd.AcceptTerms, now) {
		errs[k] = v
	}
	staff, err := pickStaff(cal, cmd.StaffID)
	if err != nil {
		return nil, "", err
	}
	if cal.StaffMode == "named" && cmd.StaffID == 0 {
		errs["staff"] = msgRequired
	}
	if len(errs) > 0 {
		return nil, "", &ValidationError{Fields: errs}
	}
	free, err := s.freeStaffAt(ctx, cal, staff, start, "")
	if err != nil {
		return nil, "", err
	}
	status := StatusScheduled
	if cal.RequiresConfirmation {
		status = StatusRequested
	}
	for _, person := range free {
		b := &Booking{
			ID: newID(), Status: status, Start: start.In(zone), End: start.Add(cal.Duration).In(zone),
			TimeZone: zone.String(), Locale: cmd.Locale, Contact: cmd.Contact, TermsAccepted: cmd.AcceptTerms,
			CreatedAt: now, Calendar: cal, Staff: person,
		}
		token := newToken()
		err := db.InTx(ctx, s.pool, func(tx pgx.Tx) error {
			if err := s.lockKey(ctx, tx, cmd.IdempotencyKey); err != nil {
				return err
			}
			if prior, _, err := s.findKey(ctx, tx, cmd.IdempotencyKey); err != nil || prior != nil {
				return errReplayed{err}
			}
			if err := s.underDailyLimit(ctx, tx, cal, person, start); err != nil {
				return err
			}
			blocked := availability.Blocked(start, s.rules(cal))
			if err := s.store.insertBooking(ctx, tx, b, hashToken(token), blocked.Start, blocked.End); err != nil {
				return err
			}
			if err := s.saveKey(ctx, tx, cmd.IdempotencyKey, "book", cmd, b.ID, token); err != nil {
				return err
			}
			return s.notify(ctx, tx, EventBooked, b, token)
		})
		var replayed errReplayed
		switch {
		case err == nil:
			s.log.InfoContext(ctx, "booked", slog.String("booking", b.ID), slog.String("calendar", cal.Slug), slog.Int64("staff", person.ID), slog.Time("start", start))
			return b, token, nil
		case errors.As(err, &replayed):
			return s.replay(ctx, cmd.IdempotencyKey, "book", cmd)
		case isOverlap(err), errors.Is(err, errDailyLimit):
			continue // someone else took this person meanwhile; try the next
		default:
			return nil, "", fmt.Errorf("booking: unable to book: %w", err)
		}
	}
	return nil, "", ErrSlotUnavailable
}

type errReplayed struct{ err error }

func (e errReplayed) Error() string { return "booking: request already answered" }

var errDailyLimit = errors.New("booking: daily limit reached")

// underDailyLimit re-counts the person's bookings that day under a lock, so
// concurrent requests cannot together pass the calendar's daily maximum.
func (s *Service) underDailyLimit(ctx context.Context, tx pgx.Tx, cal *Calendar, person *Staff, start time.Time) error {
	if cal.MaxPerStaffPerDay == 0 {
		return nil
	}
	zone, err := loadZone(person.TimeZone)
	if err != nil {
		return err
	}
	day := availability.DateOf(start, zone)
	from, to := availability.DayRange(day, day, zone)
	if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock($1, $2)`, int32(person.ID), int32(from.Unix()/86400)); err != nil {
		return err
	}
	var n int
	if err := tx.QueryRow(ctx, `SELECT count(*) FROM bookings WHERE staff_id = $1 AND status <> 'cancelled'
		AND starts_at >= $2 AND starts_at < $3`, person.ID, from, to).Scan(&n); err != nil {
		return err
	}
	if n >= cal.MaxPerStaffPerDay {
		return errDailyLimit
	}
	return nil
}

func (s *Service) rules(cal *Calendar) availability.Rules {
	return availability.Rules{Duration: cal.Duration, BufferBefore: cal.BufferBefore, BufferAfter: cal.BufferAfter}
}

func (s *Service) notify(ctx context.Context, tx db.Querier, event string, b *Booking, token string) error {
	if s.notifier == nil {
		return nil
	}
	return s.notifier.Notify(ctx, tx, event, b, token)
}

// isOverlap tells whether the exclusion constraint refused the booking.
func isOverlap(err error) bool {
	var pg *pgconn.PgError
	return errors.As(err, &pg) && pg.Code == "23P01"
}

// Get returns a booking for its manage link.
func (s *Service) Get(ctx context.Context, id, token string) (*Booking, error) {
	b, hash, err := s.store.booking(ctx, s.pool, id, "")
	if err != nil {
		return nil, err
	}
	if !tokenMatches(token, hash) {
		return nil, ErrBookingNotFound
	}
	return b, nil
}

// RescheduleCommand moves a booking.
type RescheduleCommand struct {
	ID             string `json:"-"`
	Token          string `json:"token"`
	Start          string `json:"start"`
	TimeZone       string `json:"tz"`
	IdempotencyKey string `json:"-"`
}

// Reschedule moves a booking to a new free time, with the same person when
// they are free, else (for "any available") with whoever is.
func (s *Service) Reschedule(ctx context.Context, cmd RescheduleCommand) (*Booking, error) {
	if b, _, err := s.replay(ctx, cmd.IdempotencyKey, "reschedule", cmd); b != nil || err != nil {
		return b, err
	}
	current, err := s.Get(ctx, cmd.ID, cmd.Token)
	if err != nil {
		return nil, err
	}
	if !current.CanChange(s.now()) {
		return nil, ErrExpired
	}
	start, zone, errs := parseWhen(cmd.Start, cmd.TimeZone)
	if len(errs) > 0 {
		return nil, &ValidationError{Fields: errs}
	}
	cal := current.Calendar
	candidates := []*Staff{current.Staff}
	if cal.StaffMode == "any" {
		candidates = append(candidates, cal.Staff...)
	}
	free, err := s.freeStaffAt(ctx, cal, uniqueStaff(candidates), start, current.ID)
	if err != nil {
		return nil, err
	}
	free = preferStaff(free, current.Staff.ID)
	for _, person := range free {
		var moved *Booking
		err := db.InTx(ctx, s.pool, func(tx pgx.Tx) error {
			if err := s.lockKey(ctx, tx, cmd.IdempotencyKey); err != nil {
				return err
			}
			if prior, _, err := s.findKey(ctx, tx, cmd.IdempotencyKey); err != nil || prior != nil {
				return errReplayed{err}
			}
			b, err := s.changeable(ctx, tx, cmd.ID, cmd.Token)
			if err != nil {
				return err
			}
			previous := b.Start
			b.PreviousStart = &previous
			b.Start, b.End = start.In(zone), start.Add(cal.Duration).In(zone)
			b.TimeZone, b.Sequence, b.Staff = zone.String(), b.Sequence+1, person
			b.Status = StatusRescheduled
			if cal.RequiresConfirmation {
				b.Status = StatusRequested
			}
			blocked := availability.Blocked(start, s.rules(cal))
			if err := s.store.moveBooking(ctx, tx, b, blocked.Start, blocked.End); err != nil {
				return err
			}
			if err := s.saveKey(ctx, tx, cmd.IdempotencyKey, "reschedule", cmd, b.ID, ""); err != nil {
				return err
			}
			moved = b
			return s.notify(ctx, tx, EventRescheduled, b, cmd.Token)
		})
		var replayed errReplayed
		switch {
		case err == nil:
			return moved, nil
		case errors.As(err, &replayed):
			b, _, err := s.replay(ctx, cmd.IdempotencyKey, "reschedule", cmd)
			return b, err
		case isOverlap(err):
			continue
		case errors.Is(err, ErrBookingNotFound), errors.Is(err, ErrExpired):
			return nil, err
		default:
			return nil, fmt.Errorf("booking: unable to reschedule: %w", err)
		}
	}
	return nil, ErrSlotUnavailable
}

func uniqueStaff(in []*Staff) []*Staff {
	seen := map[int64]bool{}
	var out []*Staff
	for _, s := range in {
		if !seen[s.ID] {
			seen[s.ID] = true
			out = append(out, s)
		}
	}
	return out
}

func preferStaff(in []*Staff, id int64) []*Staff {
	for i, s := range in {
		if s.ID == id && i > 0 {
			return append([]*Staff{s}, append(append([]*Staff{}, in[:i]...), in[i+1:]...)...)
		}
	}
	return in
}

// CancelCommand cancels a booking.
type CancelCommand struct {
	ID     string `json:"-"`
	Token  string `json:"token"`
	Reason string `json:"reason"`
}

// Cancel frees the booking's time. Cancelling twice is answered with the
// expired error, so a double click cannot send two mails.
func (s *Service) Cancel(ctx context.Context, cmd CancelCommand) (*Booking, error) {
	if len([]rune(cmd.Reason)) > maxReasonLen {
		return nil, &ValidationError{Fields: map[string]string{"reason": msgReasonTooLong}}
	}
	var cancelled *Booking
	err := db.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		b, err := s.changeable(ctx, tx, cmd.ID, cmd.Token)
		if err != nil {
			return err
		}
		b.Status, b.CancellationReason, b.Sequence = StatusCancelled, trimmed(cmd.Reason), b.Sequence+1
		if err := s.store.cancelBooking(ctx, tx, b); err != nil {
			return err
		}
		cancelled = b
		return s.notify(ctx, tx, EventCancelled, b, cmd.Token)
	})
	if err != nil {
		return nil, err
	}
	s.log.InfoContext(ctx, "cancelled", slog.String("booking", cancelled.ID))
	return cancelled, nil
}

// changeable locks a booking for the transaction and checks that the token
// opens it and that it can still change.
func (s *Service) changeable(ctx context.Context, tx pgx.Tx, id, token string) (*Booking, error) {
	b, hash, err := s.store.bookingForUpdate(ctx, tx, id)
	if err != nil {
		return nil, err
	}
	if !tokenMatches(token, hash) {
		return nil, ErrBookingNotFound
	}
	if !b.CanChange(s.now()) {
		return nil, ErrExpired
	}
	return b, nil
}

// parseWhen reads a requested start (RFC 3339) and the booker's zone,
// returning field → message id for what is wrong.
func parseWhen(startText, zoneName string) (time.Time, *time.Location, map[string]string) {
	errs := map[string]string{}
	zone, err := loadZone(zoneName)
	if err != nil {
		errs["tz"] = msgTimeZoneInvalid
	}
	start, err := time.Parse(time.RFC3339, startText)
	if err != nil {
		errs["start"] = msgStartInvalid
	}
	return start, zone, errs
}
