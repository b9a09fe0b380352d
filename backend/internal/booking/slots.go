package booking

import (
	"context"
	"fmt"
	"sort"
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
}

// Slots computes free times in the booker's zone.
func (s *Service) Slots(ctx context.Context, q SlotsQuery) (*SlotsResult, error) {
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
	cal, err := s.store.calendarBySlug(ctx, s.pool, q.Calendar)
	if err != nil {
		return nil, err
	}
	staff, err := pickStaff(cal, q.StaffID)
	if err != nil {
		return nil, err
	}
	now := s.now()
	start, end := availability.DayRange(from, to, zone)
	aq, err := s.query(ctx, s.pool, cal, staff, start, end, now, "")
	if err != nil {
		return nil, err
	}
	res := &SlotsResult{Zone: zone, TimeZone: zone.String(), Days: availability.GroupByDay(availability.Slots(aq), zone)}
	horizon := now.Add(time.Duration(cal.WindowDays) * 24 * time.Hour)
	if end.Before(horizon) {
		nq, err := s.query(ctx, s.pool, cal, staff, end, horizon, now, "")
		if err != nil {
			return nil, err
		}
		if slot, ok := availability.First(nq); ok {
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

// query builds the availability question for staff over [from, to), with
// their busy times from every calendar. except leaves one booking out (the
// one being rescheduled).
func (s *Service) query(ctx context.Context, q db.Querier, cal *Calendar, staff []*Staff, from, to, now time.Time, except string) (availability.Query, error) {
	aq := availability.Query{
		Rules: availability.Rules{
			Duration: cal.Duration, Interval: cal.Interval,
			BufferBefore: cal.BufferBefore, BufferAfter: cal.BufferAfter,
			MinNotice: cal.MinNotice, Window: time.Duration(cal.WindowDays) * 24 * time.Hour,
			MaxPerDay: cal.MaxPerStaffPerDay,
		},
		From: from, To: to, Now: now,
	}
	ids := make([]int64, len(staff))
	for i, st := range staff {
		ids[i] = st.ID
	}
	// A day's worth of margin on each side: bookings just outside the range
	// still block slots inside it, and count toward its days' limits.
	busy, err := s.store.busyBetween(ctx, q, ids, from.Add(-48*time.Hour), to.Add(48*time.Hour))
	if err != nil {
		return aq, err
	}
	for _, st := range staff {
		as, err := availabilityStaff(st)
		if err != nil {
			return aq, err
		}
		for _, b := range busy {
			if b.StaffID != st.ID || b.BookingID == except {
				continue
			}
			as.Busy = append(as.Busy, availability.Interval{Start: b.From, End: b.To})
			as.DayCounts[availability.DateOf(b.Start, as.Zone)]++
		}
		aq.Staff = append(aq.Staff, as)
	}
	return aq, nil
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
// least busy that day first, so "any available" spreads the work.
func (s *Service) freeStaffAt(ctx context.Context, dbq db.Querier, cal *Calendar, staff []*Staff, start time.Time, except string) ([]*Staff, error) {
	q, err := s.query(ctx, dbq, cal, staff, start, start.Add(time.Nanosecond), s.now(), except)
	if err != nil {
		return nil, err
	}
	slots := availability.Slots(q)
	if len(slots) == 0 || !slots[0].Start.Equal(start) {
		return nil, nil
	}
	load := map[int64]int{}
	for _, as := range q.Staff {
		load[as.ID] = as.DayCounts[availability.DateOf(start, as.Zone)]
	}
	var free []*Staff
	for _, id := range slots[0].StaffIDs {
		free = append(free, cal.StaffByID(id))
	}
	sort.SliceStable(free, func(i, j int) bool { return load[free[i].ID] < load[free[j].ID] })
	return free, nil
}
