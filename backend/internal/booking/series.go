package booking

import (
	"context"
	"errors"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5"

	"slotwise/backend/internal/availability"
)

// Recurring series: the same time every week or every other week, for a
// number of occurrences the calendar allows. Each occurrence is a booking
// of its own (its own manage link and cancel) sharing a series id, with the
// person of the first time when free; the series is booked all or nothing,
// each occurrence through place, and told in one mail (Mailer.together).

// Repeat frequencies.
const (
	EveryWeek    = "week"
	EveryTwoWeek = "2weeks"
)

const msgRepeatInvalid = "validation.repeatInvalid"

// SeriesConflictError refuses a series some of whose times are taken:
// Taken lists their positions (0 is the first).
type SeriesConflictError struct{ Taken []int }

func (e *SeriesConflictError) Error() string { return "booking: times of the series are taken" }

// Occurrence is one time of a series, and whether it is free.
type Occurrence struct {
	Start time.Time
	Free  bool
}

// occurrences are the series' starts: the same wall-clock time in the
// business's zone, a week or two apart, so a series keeps its hour across
// a change to or from summer time.
func occurrences(start time.Time, zone *time.Location, r Repeat) []time.Time {
	step := 7
	if r.Every == EveryTwoWeek {
		step = 14
	}
	local := start.In(zone)
	out := make([]time.Time, r.Count)
	for k := range out {
		d := local.AddDate(0, 0, k*step)
		out[k] = time.Date(d.Year(), d.Month(), d.Day(), local.Hour(), local.Minute(), 0, 0, zone)
	}
	return out
}

// checkRepeat validates a series request against the calendar.
func checkRepeat(r *Repeat, cal *Calendar, v *ValidationError) {
	if r == nil {
		return
	}
	if cal.RecurringMax < 2 || (r.Every != EveryWeek && r.Every != EveryTwoWeek) || r.Count < 2 || r.Count > cal.RecurringMax {
		v.Fields["repeat"] = msgRepeatInvalid
		v.Args["repeat"] = map[string]string{"max": strconv.Itoa(cal.RecurringMax)}
	}
}

// placeSeries books every occurrence after the first (already placed),
// collecting the ones that are taken; with any taken, nothing is booked.
func (s *Service) placeSeries(ctx context.Context, tx pgx.Tx, first *Booking, cmd BookCommand, staff []*Staff, seats int) ([]*Booking, error) {
	zone, err := loadZone(first.Calendar.Location.TimeZone)
	if err != nil {
		return nil, err
	}
	starts := occurrences(first.Start, zone, *cmd.Repeat)
	series := []*Booking{first}
	var taken []int
	for k, start := range starts[1:] {
		b := *first
		b.ID, b.Start, b.End, b.Guests = newID(), start.In(first.Start.Location()), start.Add(first.Calendar.Duration).In(first.Start.Location()), first.Guests
		// The person of the first time takes the others when free: a
		// series is with someone, not with whoever is next in turn.
		_, err := s.place(ctx, tx, placement{cal: first.Calendar, candidates: staff, start: start, named: cmd.StaffID != 0, seats: seats, holder: &b, prefer: first.Staff.ID},
			func(ctx context.Context, tx pgx.Tx, person *Staff, blocked availability.Interval) error {
				b.Staff = person
				return s.store.insertBooking(ctx, tx, &b, blocked.Start, blocked.End)
			})
		if isTaken(err) {
			taken = append(taken, k+1)
			continue
		}
		if err != nil {
			return nil, err
		}
		series = append(series, &b)
	}
	if len(taken) > 0 {
		return nil, &SeriesConflictError{Taken: taken}
	}
	return series, nil
}

// isTaken tells whether place refused an occurrence because its time is
// not free (as opposed to failing).
func isTaken(err error) bool {
	var se *SeatsError
	return errors.Is(err, ErrSlotUnavailable) || errors.Is(err, ErrStaffBusy) || errors.As(err, &se)
}

// SeriesQuery asks which times of a series are free, before booking it.
type SeriesQuery struct {
	Calendar string
	Start    string // RFC 3339
	TimeZone string
	StaffID  int64
	Repeat   Repeat
}

// Series lists a series' times and whether each is free now ("finding
// recurring slots"), so the booker sees the conflicts before booking.
func (s *Service) Series(ctx context.Context, q SeriesQuery) ([]Occurrence, error) {
	start, _, errs := parseWhen(q.Start, q.TimeZone)
	cal, err := s.store.calendarBySlug(ctx, s.pool, q.Calendar)
	if err != nil {
		return nil, err
	}
	v := &ValidationError{Fields: errs, Args: map[string]map[string]string{}}
	checkRepeat(&q.Repeat, cal, v)
	if len(v.Fields) > 0 {
		return nil, v
	}
	staff, err := pickStaff(cal, q.StaffID)
	if err != nil {
		return nil, err
	}
	if cal.Collective() {
		staff = cal.Staff
	}
	zone, err := loadZone(cal.Location.TimeZone)
	if err != nil {
		return nil, err
	}
	var out []Occurrence
	for _, at := range occurrences(start, zone, q.Repeat) {
		free, err := s.freeStaffAt(ctx, s.pool, cal, staff, at, "", false)
		if err != nil {
			return nil, err
		}
		out = append(out, Occurrence{Start: at, Free: len(free) > 0})
	}
	return out, nil
}

// SeriesOf returns every booking of b's series, in time order (b alone
// when it is not in one).
func (s *Service) SeriesOf(ctx context.Context, b *Booking) ([]*Booking, error) {
	if b.SeriesID == "" {
		return []*Booking{b}, nil
	}
	ids, err := s.store.seriesIDs(ctx, s.pool, b.SeriesID)
	if err != nil {
		return nil, err
	}
	out := make([]*Booking, 0, len(ids))
	for _, id := range ids {
		if id == b.ID {
			out = append(out, b)
			continue
		}
		each, err := s.store.booking(ctx, s.pool, id, "")
		if err != nil {
			return nil, err
		}
		out = append(out, each)
	}
	return out, nil
}
