package booking

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"slotwise/backend/internal/availability"
	"slotwise/backend/internal/db"
)

// placement asks for a staff member's time: every way a booking takes time
// (book, reschedule, seats and guests, each time of a series, each service
// of a cart) goes through place, so every rule is checked in one spot.
type placement struct {
	cal        *Calendar
	candidates []*Staff // who may take it
	start      time.Time
	except     string   // the booking being moved: its own time and count do not stand in its way
	prefer     int64    // try this person first when free (a reschedule keeps its person)
	named      bool     // the booker chose the person: "Staff busy" when they are not free
	seats      int      // the seats a class booking takes (the booker and their guests)
	holder     *Booking // collective: the booking being written, whose other people's time is held
	anyMinute  bool     // a visit's later service: it starts when the one before ends, off its own grid
	anyHour    bool     // an owner places it outside the hours: the person works every hour of its day
}

// write stores the booking for person inside the placement's savepoint.
type write func(ctx context.Context, tx pgx.Tx, person *Staff, blocked availability.Interval) error

// place finds who is free at p.start and writes the booking for the first
// of them that the database accepts. The rules, in order:
//   - working hours, minimum notice, booking window, and the daily limit as
//     it stood (the availability engine, the same that offers the slots);
//   - the daily limit again under a per-person-and-day lock, so concurrent
//     requests cannot together pass it;
//   - for a class, the seats left in the person's slot, under a lock of
//     that slot, so the last seats are never sold twice;
//   - the exclusion constraint over the person's blocked time (buffers
//     included): two requests for the last free time cannot both win.
//
// "Any available" tries the free people fairest first (fairOrder).
func (s *Service) place(ctx context.Context, tx pgx.Tx, p placement, w write) (*Staff, error) {
	candidates, anyMinute := p.candidates, p.anyMinute
	if p.anyHour {
		candidates, anyMinute = allDay(candidates, p.start), true
	}
	free, err := s.freeStaffAt(ctx, tx, p.cal, candidates, p.start, p.except, anyMinute)
	if err != nil {
		return nil, err
	}
	if p.cal.Collective() {
		return s.placeTogether(ctx, tx, p, free, w)
	}
	switch {
	case p.prefer != 0:
		free = preferStaff(free, p.prefer)
	case !p.named:
		if free, err = s.fairOrder(ctx, tx, p.cal, free, p.start); err != nil {
			return nil, err
		}
	}
	if err := s.lockDays(ctx, tx, p.cal, free, p.start); err != nil {
		return nil, err
	}
	blocked := availability.Blocked(p.start, s.rules(p.cal))
	mostLeft := 0
	for _, person := range free {
		left, err := s.seatsLeft(ctx, tx, p, person)
		if err != nil {
			return nil, err
		}
		if left < p.seats {
			mostLeft = max(mostLeft, left)
			continue
		}
		placed, err := s.tryPerson(ctx, tx, p, person, blocked, w)
		if err != nil {
			return nil, err
		}
		if placed {
			return person, nil
		}
	}
	switch {
	case mostLeft > 0:
		return nil, &SeatsError{Left: mostLeft}
	case p.named:
		return nil, ErrStaffBusy
	}
	return nil, ErrSlotUnavailable
}

// seatsLeft locks a person's class slot for the transaction and counts its
// free seats; a booking that is not in a class takes the one "seat" a
// person has.
func (s *Service) seatsLeft(ctx context.Context, tx pgx.Tx, p placement, person *Staff) (int, error) {
	if !p.cal.Class() {
		return p.seats, nil
	}
	key := sessionKey(p.cal.ID, p.start)
	if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(hashtext($1), $2)`, key, int32(person.ID)); err != nil {
		return 0, err
	}
	var taken int
	err := tx.QueryRow(ctx, `SELECT coalesce(sum(seats), 0) FROM bookings
		WHERE session = $1 AND staff_id = $2 AND location_id = $4 AND status <> 'cancelled' AND id <> $3`, key, person.ID, p.except, db.ThisBusiness).Scan(&taken)
	return max(p.cal.Seats-taken, 0), err
}

// fairOrder puts the free people of "any available" in the order they
// should get the booking: fewest bookings of the calendar in the month of
// the appointment (in the business's zone), then least recently booked,
// then by id.
func (s *Service) fairOrder(ctx context.Context, tx pgx.Tx, cal *Calendar, people []*Staff, start time.Time) ([]*Staff, error) {
	if len(people) < 2 {
		return people, nil
	}
	zone, err := loadZone(cal.Location.TimeZone)
	if err != nil {
		return nil, err
	}
	local := start.In(zone)
	from := time.Date(local.Year(), local.Month(), 1, 0, 0, 0, 0, zone)
	to := from.AddDate(0, 1, 0)
	ids := make([]int64, len(people))
	for i, p := range people {
		ids[i] = p.ID
	}
	rows, err := tx.Query(ctx, `
		SELECT s.id FROM unnest($1::bigint[]) AS s(id)
		LEFT JOIN bookings b ON b.staff_id = s.id AND b.calendar_id = $2 AND b.location_id = $5 AND b.status <> 'cancelled'
		GROUP BY s.id
		ORDER BY count(b.id) FILTER (WHERE b.starts_at >= $3 AND b.starts_at < $4), max(b.created_at) NULLS FIRST, s.id`,
		ids, cal.ID, from, to, db.ThisBusiness)
	if err != nil {
		return nil, fmt.Errorf("booking: unable to order staff fairly: %w", err)
	}
	order, err := pgx.CollectRows(rows, pgx.RowTo[int64])
	if err != nil {
		return nil, err
	}
	out := make([]*Staff, 0, len(order))
	for _, id := range order {
		for _, p := range people {
			if p.ID == id {
				out = append(out, p)
			}
		}
	}
	return out, nil
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

// lockDays takes the day lock of every candidate for the day of start, in
// one order (by id) so two requests cannot deadlock. Requests for one
// person's day take turns: the daily limit counts what the others wrote,
// and two bookings of one time are not inserted at once, whose exclusion
// checks would each wait for the other (PostgreSQL then aborts one after a
// second, and a rush of visitors for one time became a queue of such
// seconds).
func (s *Service) lockDays(ctx context.Context, tx pgx.Tx, cal *Calendar, people []*Staff, start time.Time) error {
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
	// A class slot counts once however many seats it sells; joining one
	// that already counts adds nothing.
	var joining *string
	if cal.Class() {
		k := sessionKey(cal.ID, start)
		joining = &k
	}
	var n int
	if err := tx.QueryRow(ctx, `SELECT count(DISTINCT coalesce(session, id)) FROM bookings WHERE staff_id = $1 AND location_id = $6 AND status <> 'cancelled'
		AND starts_at >= $2 AND starts_at < $3 AND id <> $4 AND ($5::text IS NULL OR session IS DISTINCT FROM $5)`, person.ID, from, to, except, joining, db.ThisBusiness).Scan(&n); err != nil {
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

// placeTogether books a collective calendar: everyone must be free, the
// booking is the first person's and holds every other person's time with a
// row of its own, all in one savepoint, so the exclusion constraint judges
// each person's time and either all of it is taken or none.
func (s *Service) placeTogether(ctx context.Context, tx pgx.Tx, p placement, free []*Staff, w write) (*Staff, error) {
	if len(free) == 0 || len(free) != len(p.cal.Staff) {
		return nil, ErrSlotUnavailable
	}
	if err := s.lockDays(ctx, tx, p.cal, free, p.start); err != nil {
		return nil, err
	}
	sp, err := tx.Begin(ctx)
	if err != nil {
		return nil, err
	}
	defer func() { _ = sp.Rollback(ctx) }()
	for _, person := range free {
		full, err := s.atDailyLimit(ctx, sp, p.cal, person, p.start, p.except)
		if err != nil {
			return nil, err
		}
		if full {
			return nil, ErrSlotUnavailable
		}
	}
	blocked := availability.Blocked(p.start, s.rules(p.cal))
	if err := w(ctx, sp, free[0], blocked); err != nil {
		if isOverlap(err) {
			return nil, ErrSlotUnavailable
		}
		return nil, err
	}
	for _, person := range free[1:] {
		if err := s.store.holdFor(ctx, sp, p.holder, person, blocked); err != nil {
			if isOverlap(err) {
				return nil, ErrSlotUnavailable
			}
			return nil, err
		}
	}
	return free[0], sp.Commit(ctx)
}

// allDay is staff working every hour of the days around start, for an
// owner who places a booking outside the hours: every other rule (their
// bookings and buffers, their own calendars, notice, the daily limit)
// still holds.
func allDay(staff []*Staff, start time.Time) []*Staff {
	out := make([]*Staff, len(staff))
	for i, st := range staff {
		zone, err := loadZone(st.TimeZone)
		if err != nil {
			out[i] = st
			continue
		}
		c := *st
		c.Overrides = slices.Clone(st.Overrides)
		day := availability.DateOf(start, zone)
		for d := -1; d <= 1; d++ { // the last override of a date wins
			c.Overrides = append(c.Overrides, Override{Day: day.AddDays(d).String(), Hours: [][2]string{{"00:00", "24:00"}}})
		}
		out[i] = &c
	}
	return out
}
