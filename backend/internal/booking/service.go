package booking

import (
	"context"
	"errors"
	"log/slog"
	"maps"
	"slices"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"

	"slotwise/backend/internal/availability"
	"slotwise/backend/internal/clock"
	"slotwise/backend/internal/command"
	"slotwise/backend/internal/db"
	"slotwise/backend/internal/forms"
)

// Service runs the booking use cases. Every change goes through the
// command runner (one transaction, idempotency key, events); side effects
// such as mails are consumers of those events (see Mailer).
type Service struct {
	pool    *db.Pool
	runner  *command.Runner
	store   store
	log     *slog.Logger
	now     func() time.Time
	payable func(*Location) bool // which businesses take payments online (Options.OnlinePayments)
	live    LiveCheck            // asks staff's own calendars before booking (Options.LiveCheck)
}

// Options are the service's collaborators; each may be left out.
type Options struct {
	// Clock is the service's time; nil: clock.Now.
	Clock clock.Func
	// OnlinePayments tells which businesses can take a payment online
	// (payments.Payable); nil: none can, and calendars paid online say so.
	OnlinePayments func(*Location) bool
	// LiveCheck asks staff's own calendars about a time before it is booked
	// (calsync.Service.CheckLive); nil: their stored busy times alone count.
	LiveCheck LiveCheck
	// AfterCommit runs after each change the service commits, before it
	// returns (pages.Cache.SeeOwnChanges: the replica's pages see it).
	AfterCommit func(ctx context.Context)
}

// NewService builds the service.
func NewService(pool *db.Pool, log *slog.Logger, opt Options) *Service {
	s := &Service{pool: pool, runner: command.NewRunnerAfter(pool, opt.AfterCommit), log: log, now: opt.Clock, payable: opt.OnlinePayments, live: opt.LiveCheck}
	if s.now == nil {
		s.now = clock.Now
	}
	return s
}

// SetClock replaces the clock, for tests.
func (s *Service) SetClock(now func() time.Time) { s.now = now }

// Now is the service's clock.
func (s *Service) Now() time.Time { return s.now() }

// Calendar loads an active calendar by slug.
func (s *Service) Calendar(ctx context.Context, slug string) (*Calendar, error) {
	return s.store.calendarBySlug(ctx, s.pool, slug)
}

// Business is the location the site belongs to, whose colour the pages
// without a calendar of their own wear (the website, error pages); nil
// when there is none.
func (s *Service) Business(ctx context.Context) (*Location, error) {
	if m, ok := ctx.Value(businessMemoKey{}).(*businessMemo); ok {
		if id, _ := db.BusinessOf(ctx); id == m.business {
			m.once.Do(func() { m.l, m.err = s.store.business(ctx, s.pool) })
			return m.l, m.err
		}
	}
	return s.store.business(ctx, s.pool)
}

// ReadBusinessOnce returns ctx in which Business reads the business ctx
// works for once and then answers as it did: for one request whose steps
// each ask (a checkout asks whether the business is paid online, then
// opens its provider's page), none of which changes it. A context made
// from it for another business reads that one's, every time.
func ReadBusinessOnce(ctx context.Context) context.Context {
	id, _ := db.BusinessOf(ctx)
	return context.WithValue(ctx, businessMemoKey{}, &businessMemo{business: id})
}

type businessMemoKey struct{}

type businessMemo struct {
	business int64
	once     sync.Once
	l        *Location
	err      error
}

// Book validates the request and books the first free person that the
// database accepts, through place.
func (s *Service) Book(ctx context.Context, cmd BookCommand) (*Booking, string, error) {
	cal, err := s.resolve(ctx, &cmd)
	if cmd.Admit != nil && (err == nil || errors.Is(err, ErrCalendarNotFound) || errors.Is(err, ErrTeamNotFound)) {
		// An attempt counts even for a calendar that is not there; whom it
		// would mail only when it would book.
		var guests []string
		if err == nil {
			guests = guestsToMail(cmd, cal)
		}
		if aerr := cmd.Admit(ctx, cmd.Contact.Email, guests); aerr != nil {
			return nil, "", aerr
		}
	}
	if err != nil {
		return nil, "", err
	}
	ctx = s.askBeforeBook(ctx, cmd, cal)
	var booked *Booking
	var token string
	res, replayed, err := command.Run(ctx, s.runner, command.Op{Scope: "booking.book", Key: cmd.IdempotencyKey, Request: bookRequest{cmd, cmd.LocationChoice}},
		func(ctx context.Context, tx pgx.Tx) (result, error) {
			all, err := s.book(ctx, tx, cmd, cal)
			if err != nil {
				return result{}, err
			}
			b := all[0]
			if err := s.priceGroup(ctx, tx, all, s.now(), cmd.ForClient); err != nil {
				return result{}, err
			}
			if token, err = issueToken(ctx, tx, b.ID); err != nil {
				return result{}, err
			}
			booked = b
			for _, each := range all {
				if err := s.emitNew(ctx, tx, each); err != nil {
					return result{}, err
				}
			}
			return result{BookingID: b.ID}, nil
		})
	if err != nil {
		return nil, "", err
	}
	if replayed {
		// The first answer's secret is not kept: the retry gets a new one
		// that opens the same booking.
		return s.reissue(ctx, res.BookingID)
	}
	s.log.InfoContext(ctx, "booked", slog.String("booking", booked.ID), slog.String("calendar", booked.Calendar.Slug),
		slog.Int64("staff", booked.Staff.ID), slog.Time("start", booked.Start))
	return booked, token, nil
}

// bookRequest is what a booking's idempotency key is bound to: the command
// as the API sends it and a place chosen by its position, which the API's
// JSON does not carry (without one, the command's JSON alone), so the same
// key with another place chosen is refused as reused, not replayed.
type bookRequest struct {
	BookCommand
	LocationChoice string `json:"locationChoice,omitempty"`
}

// result is what a booking command records for its replays: ids only.
type result struct {
	BookingID string `json:"bookingId"`
}

// book places cmd with the calendar cal (read once, before the
// transaction; nil: read now, as each service of a visit is).
func (s *Service) book(ctx context.Context, tx pgx.Tx, cmd BookCommand, cal *Calendar) ([]*Booking, error) {
	now := s.now()
	start, zone, errs := parseWhen(cmd.Start, cmd.TimeZone)
	var err error
	if cal == nil {
		if cal, err = s.store.calendarBySlug(ctx, tx, cmd.Calendar); err != nil {
			return nil, err
		}
	}
	invalid := validateContact(&cmd.Contact, cmd.LocationChoice, cal, cmd.AcceptTerms || cmd.ForClient, now)
	maps.Copy(invalid.Fields, errs)
	var answers forms.Answers
	if !cmd.ForClient || len(cmd.Answers) > 0 {
		answers = checkQuestions(cal, cmd.Answers, now, invalid, cmd.ForClient)
	}
	seats := validateGuests(&cmd, cal, invalid)
	checkRepeat(cmd.Repeat, cal, invalid)
	staff, err := pickStaff(cal, cmd.StaffID)
	if err != nil {
		return nil, err
	}
	if cal.StaffMode == "named" && cmd.StaffID == 0 {
		invalid.Fields["staff"] = msgRequired
	}
	if len(invalid.Fields) > 0 {
		return nil, invalid
	}
	status := StatusScheduled
	if cal.RequiresConfirmation && !cmd.ForClient {
		status = StatusRequested
	}
	assignment := AssignedAny
	if cmd.StaffID != 0 || len(staff) == 1 || cal.Collective() {
		assignment = AssignedNamed
	}
	if cal.Collective() {
		staff = cal.Staff // everyone takes part
	}
	b := &Booking{
		ID: newID(), Status: status, Start: start.In(zone), End: start.Add(cal.Duration).In(zone),
		TimeZone: zone.String(), Locale: cmd.Locale, Contact: cmd.Contact, TermsAccepted: cmd.AcceptTerms,
		CreatedAt: now, Calendar: cal, Seats: seats, Guests: cmd.Guests, Assignment: assignment, ForGuest: cmd.forGuest,
		Answers: answers,
	}
	if cal.Questions != nil {
		b.FormVersion = cal.QuestionsVersion
	}
	switch {
	case cmd.Repeat != nil:
		b.SeriesID = "sr_" + randomString(12)
	case cmd.visit != "":
		b.SeriesID = cmd.visit
	}
	if cmd.OneTimeLink != "" {
		// A link books its own calendar only; another slug is the same
		// answer as a link that never existed.
		linked, err := s.store.openLink(ctx, tx, cmd.OneTimeLink, now)
		if err != nil {
			return nil, err
		}
		if linked != cal.ID {
			return nil, ErrLinkUsed
		}
	}
	_, err = s.place(ctx, tx, placement{cal: cal, candidates: staff, start: start, named: cmd.StaffID != 0, seats: seats, holder: b, anyMinute: cmd.anyMinute},
		func(ctx context.Context, tx pgx.Tx, person *Staff, blocked availability.Interval) error {
			b.Staff = person
			return s.store.insertBooking(ctx, tx, b, blocked.Start, blocked.End)
		})
	if err == nil && cmd.OneTimeLink != "" {
		err = s.store.useLink(ctx, tx, cmd.OneTimeLink, cal.ID, b.ID, now)
	}
	if err != nil || cmd.Repeat == nil {
		return []*Booking{b}, err
	}
	return s.placeSeries(ctx, tx, b, cmd, staff, seats)
}

// resolve finds, once, the calendar a command books: by its slug, a
// team's (Team), or a one-time link's, with the person a provider's page
// names (Provider); the command then names them as the API does.
func (s *Service) resolve(ctx context.Context, cmd *BookCommand) (*Calendar, error) {
	var cal *Calendar
	var err error
	switch {
	case cmd.Team != "":
		var team *Team
		if team, err = s.Team(ctx, cmd.Team); err == nil {
			cal = team.Calendar
		}
	case cmd.OneTimeLink != "" && cmd.Calendar == "":
		cal, err = s.OneTimeLink(ctx, cmd.OneTimeLink)
	default:
		cal, err = s.store.calendarBySlug(ctx, s.pool, cmd.Calendar)
	}
	if err != nil {
		return nil, err
	}
	if cmd.Provider != "" {
		i := slices.IndexFunc(cal.Staff, func(st *Staff) bool { return st.Slug == cmd.Provider })
		if i < 0 {
			return nil, ErrCalendarNotFound
		}
		cmd.StaffID = cal.Staff[i].ID
	}
	cmd.Calendar = cal.Slug
	return cal, nil
}

// reissue answers a replayed booking: the booking and a new manage secret.
func (s *Service) reissue(ctx context.Context, id string) (*Booking, string, error) {
	b, err := s.store.booking(ctx, s.pool, id, "")
	if err != nil {
		return nil, "", err
	}
	token, err := issueToken(ctx, s.pool, id)
	if err != nil {
		return nil, "", err
	}
	return b, token, nil
}

// Get returns a booking for its manage link.
func (s *Service) Get(ctx context.Context, id, token string) (*Booking, error) {
	return s.open(ctx, id, token, purposeManage)
}

// Request returns a booking for the business's decide link.
func (s *Service) Request(ctx context.Context, id, token string) (*Booking, error) {
	return s.open(ctx, id, token, purposeDecide)
}

func (s *Service) open(ctx context.Context, id, token, purpose string) (*Booking, error) {
	ok, err := tokenFor(ctx, s.pool, id, token, purpose)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, ErrBookingNotFound
	}
	return s.store.booking(ctx, s.pool, id, "")
}

// Reschedule moves a booking to a new free time, with the same person when
// they are free, else (for "any available") with whoever is.
func (s *Service) Reschedule(ctx context.Context, cmd RescheduleCommand) (*Booking, error) {
	return s.reschedule(ctx, cmd, purposeManage)
}

func (s *Service) reschedule(ctx context.Context, cmd RescheduleCommand, purpose string) (*Booking, error) {
	ctx = s.askBeforeMove(ctx, cmd)
	return s.change(ctx, "booking.reschedule", EventRescheduled, purpose, cmd.ID, cmd.Token, cmd.IdempotencyKey, cmd,
		func(ctx context.Context, tx pgx.Tx, b *Booking) error {
			if !b.InVisit() {
				return s.move(ctx, tx, b, cmd, false, purpose == purposeBusiness)
			}
			all, err := s.moveVisit(ctx, tx, b, cmd, purpose == purposeBusiness)
			if err != nil {
				return err
			}
			return s.emitTogether(ctx, tx, EventRescheduled, b, all)
		})
}

// move moves b to cmd's start; anyMinute: a visit's later service, which
// starts when the one before ends, off its calendar's grid. A booker's
// move of a booking the business confirms asks it again; the business's
// own move (byBusiness) keeps what it decided.
func (s *Service) move(ctx context.Context, tx pgx.Tx, b *Booking, cmd RescheduleCommand, anyMinute, byBusiness bool) error {
	start, zone, errs := parseWhen(cmd.Start, cmd.TimeZone)
	if len(errs) > 0 {
		return &ValidationError{Fields: errs}
	}
	cal := b.Calendar
	candidates := []*Staff{b.Staff}
	if cal.StaffMode == "any" {
		candidates = uniqueStaff(append(candidates, cal.Staff...))
	}
	previous := b.Start
	b.PreviousStart = &previous
	b.Start, b.End = start.In(zone), start.Add(cal.Duration).In(zone)
	b.TimeZone, b.Sequence = zone.String(), b.Sequence+1
	// A reschedule keeps the payment: a booking still waiting for its
	// payment stays pending, with its hold.
	switch {
	case b.Status == StatusPending:
	case byBusiness && b.Status == StatusRequested: // still to be answered
	case cal.RequiresConfirmation && !byBusiness:
		b.Status = StatusRequested
	default:
		b.Status = StatusRescheduled
	}
	if err := s.store.releaseHolds(ctx, tx, b.ID); err != nil {
		return err
	}
	if cal.Collective() {
		candidates = cal.Staff
	}
	p := placement{cal: cal, candidates: candidates, start: start, except: b.ID, prefer: b.Staff.ID, named: cal.StaffMode == "named", seats: b.Seats, holder: b,
		anyMinute: anyMinute, anyHour: byBusiness && cmd.OutsideHours}
	_, err := s.place(ctx, tx, p, func(ctx context.Context, tx pgx.Tx, person *Staff, blocked availability.Interval) error {
		b.Staff = person
		return s.store.moveBooking(ctx, tx, b, blocked.Start, blocked.End)
	})
	return err
}

// Cancel frees the booking's time, and a visit's every service unless the
// booker asks to cancel only this one. Cancelling twice without a key is
// answered with the expired error, so a double click cannot send two mails;
// a retry with the same key gets the cancelled booking.
func (s *Service) Cancel(ctx context.Context, cmd CancelCommand) (*Booking, error) {
	reason, err := reasonOf(cmd.Reason)
	if err != nil {
		return nil, err
	}
	cancelled, err := s.change(ctx, "booking.cancel", EventCancelled, purposeManage, cmd.ID, cmd.Token, cmd.IdempotencyKey, cmd,
		func(ctx context.Context, tx pgx.Tx, b *Booking) error {
			switch {
			case !b.InVisit():
				return s.cancelOne(ctx, tx, b, reason)
			case cmd.Only && !b.Calendar.Location.CancelOneOfVisit:
				return &ValidationError{Fields: map[string]string{"only": msgVisitWhole}}
			case cmd.Only:
				return s.cancelOne(ctx, tx, b, reason)
			}
			all, err := s.cancelVisit(ctx, tx, b, reason)
			if err != nil {
				return err
			}
			return s.emitTogether(ctx, tx, EventCancelled, b, all)
		})
	if err == nil {
		s.log.InfoContext(ctx, "cancelled", slog.String("booking", cancelled.ID))
	}
	return cancelled, err
}

// change runs a command on an existing booking: a token for purpose opens
// it, it can still change, fn changes it, and event tells of it. A replay
// with the same key answers with the booking as it is now.
func (s *Service) change(ctx context.Context, scope, event, purpose, id, token, key string, req any,
	fn func(ctx context.Context, tx pgx.Tx, b *Booking) error) (*Booking, error) {
	op := command.Op{Scope: scope, Key: key, Request: struct {
		ID      string
		Request any
	}{id, req}}
	var changed *Booking
	_, replayed, err := command.Run(ctx, s.runner, op, func(ctx context.Context, tx pgx.Tx) (result, error) {
		b, err := s.changeable(ctx, tx, id, token, purpose)
		if err != nil {
			return result{}, err
		}
		if err := fn(ctx, tx, b); err != nil {
			return result{}, err
		}
		changed = b
		return result{BookingID: b.ID}, s.emit(ctx, tx, event, b)
	})
	if err != nil {
		return nil, err
	}
	if replayed && purpose == purposeBusiness {
		return s.store.booking(ctx, s.pool, id, "")
	}
	if replayed {
		return s.open(ctx, id, token, purpose)
	}
	return changed, nil
}

// changeable locks a booking for the transaction and checks that the token
// opens it and that it can still change.
func (s *Service) changeable(ctx context.Context, tx pgx.Tx, id, token, purpose string) (*Booking, error) {
	if purpose != purposeBusiness { // the admin API authenticated the business
		ok, err := tokenFor(ctx, tx, id, token, purpose)
		if err != nil {
			return nil, err
		}
		if !ok {
			return nil, ErrBookingNotFound
		}
	}
	b, err := s.store.bookingForUpdate(ctx, tx, id)
	if err != nil {
		return nil, err
	}
	if !b.CanChange(s.now()) {
		return nil, ErrExpired
	}
	return b, nil
}

// PurgeIdempotencyKeys forgets keys older than a day.
func (s *Service) PurgeIdempotencyKeys(ctx context.Context) (int64, error) {
	return s.runner.Purge(ctx)
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
