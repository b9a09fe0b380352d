package booking

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"slotwise/backend/internal/availability"
	"slotwise/backend/internal/db"
)

// MaxSlotRangeDays bounds one slots query, so a request cannot ask for years.
const MaxSlotRangeDays = 62

// SlotsQuery asks for free times of a calendar between two of the booker's dates.
type SlotsQuery struct {
	Calendar string
	From, To string // YYYY-MM-DD in TimeZone
	TimeZone string
	StaffID  int64 // 0: anyone assigned
}

// SlotsResult holds free starts grouped by the booker's date, and the first
// free start after the range.
type SlotsResult struct {
	Zone     *time.Location
	TimeZone string
	Days     []availability.Day
	Next     *time.Time
	Seats    map[time.Time]int // a class's seats left per start (UTC)
}

// Slots computes free times in the booker's zone.
func (s *Service) Slots(ctx context.Context, q SlotsQuery) (*SlotsResult, error) {
	return s.slotsOf(ctx, nil, q, nil)
}

// SlotsOf is Slots of a calendar its caller loaded in this request (the
// one q.Calendar names, with its staff): the same answer, without reading
// the calendar again.
func (s *Service) SlotsOf(ctx context.Context, cal *Calendar, q SlotsQuery) (*SlotsResult, error) {
	if cal == nil || cal.Slug != q.Calendar {
		return s.slotsOf(ctx, nil, q, nil)
	}
	return s.slotsOf(ctx, cal, q, nil)
}

// slots computes free times with the bookings except out of the way (a
// visit being moved).
func (s *Service) slots(ctx context.Context, q SlotsQuery, except []string) (*SlotsResult, error) {
	return s.slotsOf(ctx, nil, q, except)
}

// slotsOf is slots of cal, read by its slug when nil.
func (s *Service) slotsOf(ctx context.Context, cal *Calendar, q SlotsQuery, except []string) (*SlotsResult, error) {
	errs := map[string]string{}
	zone, err := loadZone(q.TimeZone)
	if err != nil {
		errs["tz"] = msgTimeZoneInvalid
	}
	from, errFrom := availability.ParseDate(q.From)
	to, errTo := availability.ParseDate(q.To)
	switch {
	case errFrom != nil:
		errs["from"] = msgStartInvalid
	case errTo != nil:
		errs["to"] = msgStartInvalid
	case daysBetween(from, to) < 0 || daysBetween(from, to) >= MaxSlotRangeDays:
		errs["to"] = msgStartInvalid
	}
	if len(errs) > 0 {
		return nil, &ValidationError{Fields: errs}
	}
	if cal == nil {
		if cal, err = s.store.calendarBySlug(ctx, s.pool, q.Calendar); err != nil {
			return nil, err
		}
	}
	staff, err := pickStaff(cal, q.StaffID)
	if err != nil {
		return nil, err
	}
	if cal.Collective() {
		staff = cal.Staff // everyone takes part: a time is free when all are
	}
	now := s.now()
	start, end := availability.DayRange(from, to, zone)
	// One read of busy times serves the range and the search for the next
	// free time after it, up to the booking window's end.
	horizon := now.Add(time.Duration(cal.WindowDays) * 24 * time.Hour)
	until := horizon
	if end.After(horizon) {
		until = end
	}
	busy, err := s.busyOf(ctx, s.pool, staff, start, until)
	if err != nil {
		return nil, err
	}
	aq, err := freeOf(cal, staff, busy, start, end, now, except)
	if err != nil {
		return nil, err
	}
	found := aq.slots()
	res := &SlotsResult{Zone: zone, TimeZone: zone.String(), Days: availability.GroupByDay(found, zone)}
	if cal.Class() {
		res.Seats = map[time.Time]int{}
		for _, sl := range found {
			res.Seats[sl.Start] = aq.mostSeatsLeft(sl)
		}
	}
	if end.Before(horizon) {
		// The same question after the range: its busy times are read for
		// both, and a question's range is only its From and To.
		nq := aq
		nq.Query.From, nq.Query.To = end, horizon
		if slot, ok := nq.first(); ok {
			t := slot.Start.In(zone)
			res.Next = &t
		}
	}
	return res, nil
}

func daysBetween(a, b availability.Date) int {
	ta := time.Date(a.Year, a.Month, a.Day, 12, 0, 0, 0, time.UTC)
	tb := time.Date(b.Year, b.Month, b.Day, 12, 0, 0, 0, time.UTC)
	return int(tb.Sub(ta).Hours() / 24)
}

// pickStaff narrows a calendar's staff to one person when asked.
func pickStaff(cal *Calendar, staffID int64) ([]*Staff, error) {
	if staffID == 0 {
		return cal.Staff, nil
	}
	if s := cal.StaffByID(staffID); s != nil {
		return []*Staff{s}, nil
	}
	return nil, &ValidationError{Fields: map[string]string{"staff": msgRequired}}
}

// free is an availability question with what the pure engine does not
// know: the class slots the people already teach, whose seats are shared.
type free struct {
	availability.Query
	together bool                          // collective: a slot needs every person free
	seats    int                           // a class's seats per slot; 0: not a class
	sessions map[int64]map[int64]*classRun // person → slot start (Unix) → the class taking place
}

// classRun is one class slot that has bookings.
type classRun struct {
	blocked availability.Interval
	taken   int
}

// query builds the availability question for staff over [from, to), with
// their busy times from every calendar. except leaves bookings out (the
// ones being rescheduled). A class's own slots are not busy time for the
// class: they are seats to share (see slots).
func (s *Service) query(ctx context.Context, q db.Querier, cal *Calendar, staff []*Staff, from, to, now time.Time, except ...string) (free, error) {
	busy, err := s.busyOf(ctx, q, staff, from, to)
	if err != nil {
		return free{}, err
	}
	return freeOf(cal, staff, busy, from, to, now, except)
}

// busyOf reads staff's busy times around [from, to): a day's worth of
// margin on each side, since bookings just outside the range still block
// slots inside it, and count toward its days' limits.
func (s *Service) busyOf(ctx context.Context, q db.Querier, staff []*Staff, from, to time.Time) (busyTimes, error) {
	ids := make([]int64, len(staff))
	for i, st := range staff {
		ids[i] = st.ID
	}
	return s.store.busyBetween(ctx, q, ids, from.Add(-48*time.Hour), to.Add(48*time.Hour))
}

// freeOf is query's question of busy times already read (busyOf, over a
// range that holds [from, to)).
func freeOf(cal *Calendar, staff []*Staff, busy busyTimes, from, to, now time.Time, except []string) (free, error) {
	f := free{Query: availability.Query{
		Rules: availability.Rules{
			Duration: cal.Duration, Interval: cal.Interval,
			BufferBefore: cal.BufferBefore, BufferAfter: cal.BufferAfter,
			MinNotice: cal.MinNotice, Window: time.Duration(cal.WindowDays) * 24 * time.Hour,
			MaxPerDay: cal.MaxPerStaffPerDay,
		},
		From: from, To: to, Now: now,
	}, together: cal.Collective(), seats: cal.Seats, sessions: map[int64]map[int64]*classRun{}}
	ownPrefix := strconv.FormatInt(cal.ID, 10) + "@"
	for _, st := range staff {
		as, err := availabilityStaff(st)
		if err != nil {
			return f, err
		}
		runs := map[int64]*classRun{}
		as.Events = busy.own[st.ID]
		for _, b := range busy.bookings {
			if b.StaffID != st.ID || slices.Contains(except, b.BookingID) {
				continue
			}
			if cal.Class() && strings.HasPrefix(b.Session, ownPrefix) {
				run := runs[b.Start.Unix()]
				if run == nil {
					run = &classRun{blocked: availability.Interval{Start: b.From, End: b.To}}
					runs[b.Start.Unix()] = run
					as.DayCounts[availability.DateOf(b.Start, as.Zone)]++ // a class counts once a day, however full
				}
				run.taken += b.Seats
				continue
			}
			as.Busy = append(as.Busy, availability.Interval{Start: b.From, End: b.To})
			as.DayCounts[availability.DateOf(b.Start, as.Zone)]++
		}
		f.sessions[st.ID] = runs
		f.Query.Staff = append(f.Query.Staff, as)
	}
	return f, nil
}

// slots are the free starts: the engine's, and for a class, only where a
// person's own class slot has a seat left or none stands in the way.
func (f free) slots() []availability.Slot {
	all := availability.Slots(f.Query)
	if f.together {
		out := all[:0]
		for _, sl := range all {
			if len(sl.StaffIDs) == len(f.Query.Staff) {
				out = append(out, sl)
			}
		}
		all = out
	}
	if f.seats == 0 {
		return all
	}
	out := all[:0]
	for _, sl := range all {
		if sl.StaffIDs = f.seated(sl); len(sl.StaffIDs) > 0 {
			out = append(out, sl)
		}
	}
	return out
}

// first is the earliest free start, if any.
func (f free) first() (availability.Slot, bool) {
	if f.seats == 0 && !f.together {
		return availability.First(f.Query)
	}
	all := f.slots()
	if len(all) == 0 {
		return availability.Slot{}, false
	}
	return all[0], true
}

// seated keeps the people who can seat one more at sl: their class slot
// starting then has room, and no other class slot of theirs overlaps it.
func (f free) seated(sl availability.Slot) []int64 {
	blocked := availability.Blocked(sl.Start, f.Rules)
	var out []int64
	for _, id := range sl.StaffIDs {
		if f.seatsLeft(id, sl.Start, blocked) > 0 {
			out = append(out, id)
		}
	}
	return out
}

func (f free) seatsLeft(staffID int64, start time.Time, blocked availability.Interval) int {
	left := f.seats
	for at, run := range f.sessions[staffID] {
		if at == start.Unix() {
			left -= run.taken
		} else if run.blocked.Start.Before(blocked.End) && blocked.Start.Before(run.blocked.End) {
			return 0
		}
	}
	return max(left, 0)
}

// mostSeatsLeft is, for a class, the most seats one free person has left at
// sl; 0 for other calendars.
func (f free) mostSeatsLeft(sl availability.Slot) int {
	if f.seats == 0 {
		return 0
	}
	blocked := availability.Blocked(sl.Start, f.Rules)
	most := 0
	for _, id := range sl.StaffIDs {
		most = max(most, f.seatsLeft(id, sl.Start, blocked))
	}
	return most
}

func availabilityStaff(st *Staff) (availability.Staff, error) {
	zone, err := loadZone(st.TimeZone)
	if err != nil {
		return availability.Staff{}, fmt.Errorf("booking: staff %d has a bad time zone %q: %w", st.ID, st.TimeZone, err)
	}
	as := availability.Staff{ID: st.ID, Zone: zone, Weekly: map[time.Weekday][]availability.LocalRange{}, DayCounts: map[availability.Date]int{}}
	for day, ranges := range st.Weekly {
		as.Weekly[time.Weekday(day)] = localRanges(ranges)
	}
	for _, o := range st.Overrides {
		d, err := availability.ParseDate(o.Day)
		if err != nil {
			return as, fmt.Errorf("booking: staff %d override %q: %w", st.ID, o.Day, err)
		}
		as.Overrides = append(as.Overrides, availability.Override{Date: d, Closed: o.Closed, Hours: localRanges(o.Hours)})
	}
	return as, nil
}

func localRanges(in [][2]string) []availability.LocalRange {
	out := make([]availability.LocalRange, len(in))
	for i, r := range in {
		out[i] = availability.LocalRange{From: r[0], To: r[1]}
	}
	return out
}

// freeStaffAt returns who can take an appointment starting exactly at start,
// in id order.
func (s *Service) freeStaffAt(ctx context.Context, dbq db.Querier, cal *Calendar, staff []*Staff, start time.Time, except string, anyMinute bool) ([]*Staff, error) {
	staff = withoutUnanswered(ctx, staff)
	if len(staff) == 0 {
		return nil, nil
	}
	q, err := s.query(ctx, dbq, cal, staff, start, start.Add(time.Nanosecond), s.now(), except)
	if err != nil {
		return nil, err
	}
	if anyMinute {
		q.Rules.Interval = time.Minute // a visit's later service starts when the one before ends
	}
	slots := q.slots()
	if len(slots) == 0 || !slots[0].Start.Equal(start) {
		return nil, nil
	}
	var people []*Staff
	for _, id := range slots[0].StaffIDs {
		people = append(people, cal.StaffByID(id))
	}
	return people, nil
}
