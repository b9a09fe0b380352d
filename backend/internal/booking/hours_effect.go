package booking

import (
	"context"
	"strings"
	"time"

	"slotwise/backend/internal/availability"
)

// A change of a person's hours is shown with its effect before it is
// saved: the hours they would work in each of the next weeks, and the
// bookings the new hours would leave outside (which stay booked until
// someone moves or cancels them).

// WeekHours is one week's working time, as it is and as it would be.
type WeekHours struct {
	From          availability.Date // the week's first date, in the person's zone
	Before, After time.Duration
}

// HoursEffect is what replacing before's hours with after's would do.
type HoursEffect struct {
	Weeks   []WeekHours
	Outside []Record // in start order
	More    bool     // more bookings than Outside lists fall outside
}

// Effect bounds: the weeks summed, how far ahead bookings are checked at
// most, and how many of those outside are listed.
const (
	effectWeeks   = 4
	effectHorizon = 366 // days
	effectListed  = 50
)

// HoursEffect is the effect of giving before's person after's hours and
// overrides, from today in their zone: every booking still to come
// (requested, scheduled or paid for later) up to through, at least the
// next four weeks and at most a year, is checked.
func (s *Service) HoursEffect(ctx context.Context, before, after *Staff, through availability.Date) (*HoursEffect, error) {
	was, err := availabilityStaff(before)
	if err != nil {
		return nil, err
	}
	will, err := availabilityStaff(after)
	if err != nil {
		return nil, err
	}
	now := s.now()
	today := availability.DateOf(now, was.Zone)
	out := &HoursEffect{}
	for w := range effectWeeks {
		from := today.AddDays(7 * w)
		wh := WeekHours{From: from}
		for _, iv := range availability.WorkingTime(was, from, from.AddDays(6)) {
			wh.Before += iv.End.Sub(iv.Start)
		}
		for _, iv := range availability.WorkingTime(will, from, from.AddDays(6)) {
			wh.After += iv.End.Sub(iv.Start)
		}
		out.Weeks = append(out.Weeks, wh)
	}
	last := today.AddDays(7*effectWeeks - 1)
	if through.Compare(last) > 0 {
		last = through
	}
	if limit := today.AddDays(effectHorizon); last.Compare(limit) > 0 {
		last = limit
	}
	working := availability.WorkingTime(will, today.AddDays(-1), last.AddDays(1))
	_, end := availability.DayRange(today, last, will.Zone)
	q := ListQuery{StaffID: before.ID, Status: strings.Join([]string{StatusRequested, StatusScheduled, StatusRescheduled, StatusPending}, ","), From: now, To: end, Limit: 100}
	for {
		page, next, err := s.List(ctx, q)
		if err != nil {
			return nil, err
		}
		for _, r := range page {
			if availability.Within(r.Start, r.End, working) {
				continue
			}
			if len(out.Outside) == effectListed {
				out.More = true
				return out, nil
			}
			out.Outside = append(out.Outside, r)
		}
		if next == "" {
			return out, nil
		}
		q.Cursor = next
	}
}
