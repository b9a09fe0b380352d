package booking

import (
	"context"
	"time"

	"slotwise/backend/internal/availability"
)

// LiveCheck asks the calendar servers of staff members whose stored busy
// times are not fresh about [from, to), and stores what they answer, so
// the placement that follows sees it (calsync.Service.CheckLive). It runs
// before the transaction, never inside one, and returns the staff whose
// servers did not answer when the operator chose to refuse them then.
type LiveCheck func(ctx context.Context, staff []int64, from, to time.Time) (refused []int64)

type unansweredKey struct{}

// ask runs the live check for a command's people and time span; the staff
// it refuses ride in the context to freeStaffAt, the one place every
// placement asks who is free.
func (s *Service) ask(ctx context.Context, people []*Staff, from, to time.Time) context.Context {
	if s.live == nil || len(people) == 0 {
		return ctx
	}
	ids := make([]int64, 0, len(people))
	for _, p := range people {
		ids = append(ids, p.ID)
	}
	refused := s.live(ctx, ids, from, to)
	if len(refused) == 0 {
		return ctx
	}
	set := map[int64]bool{}
	for _, id := range refused {
		set[id] = true
	}
	return context.WithValue(ctx, unansweredKey{}, set)
}

// withoutUnanswered leaves out the staff the live check refused.
func withoutUnanswered(ctx context.Context, staff []*Staff) []*Staff {
	set, _ := ctx.Value(unansweredKey{}).(map[int64]bool)
	if len(set) == 0 {
		return staff
	}
	var out []*Staff
	for _, p := range staff {
		if !set[p.ID] {
			out = append(out, p)
		}
	}
	return out
}

// span is the time a booking of cal at start takes, buffers included,
// over every time of a series.
func span(cal *Calendar, start time.Time, repeat *Repeat) (time.Time, time.Time) {
	blocked := availability.Blocked(start, availability.Rules{Duration: cal.Duration, BufferBefore: cal.BufferBefore, BufferAfter: cal.BufferAfter})
	if repeat != nil && repeat.Count > 1 {
		weeks := repeat.Count - 1
		if repeat.Every == "2weeks" {
			weeks *= 2
		}
		blocked.End = blocked.End.AddDate(0, 0, 7*weeks)
	}
	return blocked.Start, blocked.End
}

// askBeforeBook asks about a booking's time; a command that is wrong is
// left for the transaction to refuse with its own errors.
func (s *Service) askBeforeBook(ctx context.Context, cmd BookCommand, cal *Calendar) context.Context {
	if s.live == nil {
		return ctx
	}
	start, _, errs := parseWhen(cmd.Start, cmd.TimeZone)
	if len(errs) > 0 {
		return ctx
	}
	people, err := pickStaff(cal, cmd.StaffID)
	if err != nil {
		return ctx
	}
	from, to := span(cal, start, cmd.Repeat)
	return s.ask(ctx, people, from, to)
}

// askBeforeMove asks about the time a booking moves to, for everyone who
// may take it.
func (s *Service) askBeforeMove(ctx context.Context, cmd RescheduleCommand) context.Context {
	if s.live == nil {
		return ctx
	}
	start, _, errs := parseWhen(cmd.Start, cmd.TimeZone)
	b, err := s.store.booking(ctx, s.pool, cmd.ID, "")
	if len(errs) > 0 || err != nil {
		return ctx
	}
	from, to := span(b.Calendar, start, nil)
	return s.ask(ctx, uniqueStaff(append([]*Staff{b.Staff}, b.Calendar.Staff...)), from, to)
}

// askBeforeCart asks about a visit: from its start to the end of its
// longest run of services, for everyone who may serve it.
func (s *Service) askBeforeCart(ctx context.Context, carts [][]*Calendar, when, zone string) context.Context {
	if s.live == nil {
		return ctx
	}
	start, _, errs := parseWhen(when, zone)
	if len(errs) > 0 {
		return ctx
	}
	var people []*Staff
	to := start
	for _, cart := range carts {
		end := start
		for _, cal := range cart {
			_, e := span(cal, end, nil)
			end = e
			people = append(people, cal.Staff...)
		}
		if end.After(to) {
			to = end
		}
	}
	return s.ask(ctx, uniqueStaff(people), start, to)
}
