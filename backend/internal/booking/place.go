package booking

import (
	"context"
	"errors"
	"slices"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"slotwise/backend/internal/availability"
)

// placement asks for a staff member's time: every way a booking takes time
// (book, reschedule; later seats, guests, carts, series) goes through place,
// so every rule is checked in one spot.
type placement struct {
	cal        *Calendar
	candidates []*Staff // who may take it
	start      time.Time
	except     string // the booking being moved: its own time and count do not stand in its way
	prefer     int64  // try this person first when free (a reschedule keeps its person)
	named      bool   // the booker chose the person: "Staff busy" when they are not free
}

// write stores the booking for person inside the placement's savepoint.
type write func(ctx context.Context, tx pgx.Tx, person *Staff, blocked availability.Interval) error

// place finds who is free at p.start and writes the booking for the first
// of them that the database accepts. The rules, in order:
//   - working hours, minimum notice, booking window, and the daily limit as
//     it stood (the availability engine, the same that offers the slots);
//   - the daily limit again under a per-person-and-day lock, so concurrent
//     requests cannot together pass it;
//   - the exclusion constraint over the person's blocked time (buffers
//     included): two requests for the last free time cannot both win.
func (s *Service) place(ctx context.Context, tx pgx.Tx, p placement, w write) (*Staff, error) {
	free, err := s.freeStaffAt(ctx, tx, p.cal, p.candidates, p.start, p.except)
	if err != nil {
		return nil, err
	}
	if p.prefer != 0 {
		free = preferStaff(free, p.prefer)
	}
	if err := s.lockDays(ctx, tx, p.cal, free, p.start); err != nil {
		return nil, err
	}
	blocked := availability.Blocked(p.start, s.rules(p.cal))
	for _, person := range free {
		placed, err := s.tryPerson(ctx, tx, p, person, blocked, w)
		if err != nil {
			return nil, err
		}
		if placed {
			return person, nil
		}
	}
	if p.named {
		return nil, ErrStaffBusy
	}
	return nil, ErrSlotUnavailable
}

// tryPerson writes the booking for one person in a savepoint; a refusal
// (their daily limit, an overlapping booking) rolls back only the savepoint.
func (s *Service) tryPerson(ctx context.Context, tx pgx.Tx, p placement, person *Staff, blocked availability.Interval, w write) (bool, error) {
	sp, err := tx.Begin(ctx)
	if err != nil {
		return false, err
	}
	defer func() { _ = sp.Rollback(ctx) }() // no-op after Commit
	full, err := s.atDailyLimit(ctx, sp, p.cal, person, p.start, p.except)
	if err != nil || full {
		return false, err
	}
	if err := w(ctx, sp, person, blocked); err != nil {
		if isOverlap(err) {
			return false, nil
		}
		return false, err
	}
	return true, sp.Commit(ctx)
}

// lockDays takes the daily-limit lock of every candidate for the day of
// start, in one order (by id) so two requests cannot deadlock.
func (s *Service) lockDays(ctx context.Context, tx pgx.Tx, cal *Calendar, people []*Staff, start time.Time) error {
	if cal.MaxPerStaffPerDay == 0 {
		return nil
	}
	ordered := slices.Clone(people)
	slices.SortFunc(ordered, func(a, b *Staff) int { return int(a.ID - b.ID) })
	for _, person := range ordered {
		from, _, err := personDay(person, start)
		if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock($1, $2)`, int32(person.ID), int32(from.Unix()/86400)); err != nil {
			return err
		}
	}
	return nil
}

// atDailyLimit counts the person's active bookings on the day of start (in
// their zone), leaving out the booking being moved.
func (s *Service) atDailyLimit(ctx context.Context, tx pgx.Tx, cal *Calendar, person *Staff, start time.Time, except string) (bool, error) {
	if cal.MaxPerStaffPerDay == 0 {
		return false, nil
	}
	from, to, err := personDay(person, start)
	if err != nil {
		return false, err
	}
	var n int
	if err := tx.QueryRow(ctx, `SELECT count(*) FROM bookings WHERE staff_id = $1 AND status <> 'cancelled'
		AND starts_at >= $2 AND starts_at < $3 AND id <> $4`, person.ID, from, to, except).Scan(&n); err != nil {
		return false, err
	}
	return n >= cal.MaxPerStaffPerDay, nil
}

// personDay is the day of start in the person's zone, as instants.
func personDay(person *Staff, start time.Time) (time.Time, time.Time, error) {
	zone, err := loadZone(person.TimeZone)
	if err != nil {
		return time.Time{}, time.Time{}, err
	}
	day := availability.DateOf(start, zone)
	from, to := availability.DayRange(day, day, zone)
	return from, to, nil
}

func (s *Service) rules(cal *Calendar) availability.Rules {
	return availability.Rules{Duration: cal.Duration, BufferBefore: cal.BufferBefore, BufferAfter: cal.BufferAfter}
}

// isOverlap tells whether the exclusion constraint refused the booking.
func isOverlap(err error) bool {
	var pg *pgconn.PgError
	return errors.As(err, &pg) && pg.Code == "23P01"
}

func preferStaff(in []*Staff, id int64) []*Staff {
	for i, s := range in {
		if s.ID == id && i > 0 {
			return append([]*Staff{s}, append(append([]*Staff{}, in[:i]...), in[i+1:]...)...)
		}
	}
	return in
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
