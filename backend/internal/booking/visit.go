package booking

import (
	"context"
	"slices"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"slotwise/backend/internal/availability"
)

// A visit is a cart booked back to back (BookCart): one booking per
// service, sharing a visit id (kept in series_id, prefixed "vs_"). The
// booker sees, moves and cancels it as one: a reschedule moves every
// service by the same span, so the order and the back-to-back times the
// cart made hold; a cancel ends every service. One service alone is
// cancelled only where the business allows (Location.CancelOneOfVisit).
// Each booking keeps its own event, so calendars and webhooks hear of each;
// the events carry the ids changed together, so the booker gets one mail.

const visitPrefix = "vs_"

const msgVisitWhole = "validation.visitWhole"

// InVisit tells whether b is one service of a visit.
func (b *Booking) InVisit() bool { return strings.HasPrefix(b.SeriesID, visitPrefix) }

// visitOf returns the visit's bookings that still hold their time, in time
// order, locked for the transaction.
func (s *Service) visitOf(ctx context.Context, tx pgx.Tx, id string) ([]*Booking, error) {
	all, err := s.lockGroup(ctx, tx, id)
	if err != nil {
		return nil, err
	}
	return slices.DeleteFunc(all, func(b *Booking) bool { return !b.Active() }), nil
}

// ActiveVisit returns the services of b's visit that still hold their time,
// in time order; b alone when it is in none.
func (s *Service) ActiveVisit(ctx context.Context, b *Booking) ([]*Booking, error) {
	if !b.InVisit() {
		return []*Booking{b}, nil
	}
	all, err := s.SeriesOf(ctx, b)
	if err != nil {
		return nil, err
	}
	return slices.DeleteFunc(all, func(x *Booking) bool { return !x.Active() && x.ID != b.ID }), nil
}

// moveVisit moves every service of anchor's visit so that anchor starts
// at cmd.Start. The services move in the order that keeps a person's
// back-to-back times from meeting their own not yet moved times (latest
// first when moving later), each placed by the rules of place.
func (s *Service) moveVisit(ctx context.Context, tx pgx.Tx, anchor *Booking, cmd RescheduleCommand, byBusiness bool) ([]*Booking, error) {
	start, zone, errs := parseWhen(cmd.Start, cmd.TimeZone)
	if len(errs) > 0 {
		return nil, &ValidationError{Fields: errs}
	}
	all, err := s.visitOf(ctx, tx, anchor.ID)
	if err != nil {
		return nil, err
	}
	now := s.now()
	for _, b := range all {
		if !b.CanChange(now) {
			return nil, ErrExpired // a visit under way is not moved in part
		}
	}
	delta := start.Sub(anchor.Start)
	order := slices.Clone(all)
	if delta > 0 {
		slices.Reverse(order)
	}
	for _, b := range order {
		if b.ID == anchor.ID {
			b = anchor // the caller's copy is the one it tells of
		}
		one := cmd
		one.Start = b.Start.Add(delta).In(zone).Format(time.RFC3339)
		// The moved booking keeps its calendar's grid; the rest follow it
		// to the minute, as VisitSlots offered them.
		if err := s.move(ctx, tx, b, one, b.ID != anchor.ID, byBusiness); err != nil {
			return nil, err
		}
	}
	for i, b := range all {
		if b.ID == anchor.ID {
			all[i] = anchor
		}
	}
	return all, nil
}

// cancelVisit cancels every service of anchor's visit that still holds.
func (s *Service) cancelVisit(ctx context.Context, tx pgx.Tx, anchor *Booking, reason string) ([]*Booking, error) {
	all, err := s.visitOf(ctx, tx, anchor.ID)
	if err != nil {
		return nil, err
	}
	for i, b := range all {
		if b.ID == anchor.ID {
			all[i], b = anchor, anchor
		}
		if err := s.cancelOne(ctx, tx, b, reason); err != nil {
			return nil, err
		}
	}
	return all, nil
}

func (s *Service) cancelOne(ctx context.Context, tx pgx.Tx, b *Booking, reason string) error {
	b.Status, b.CancellationReason, b.Sequence = StatusCancelled, reason, b.Sequence+1
	b.CancelledBy = "booker"
	refundOnCancel(b, s.now())
	return s.store.cancelBooking(ctx, tx, b)
}

// emitTogether tells of each booking changed with anchor (anchor's own
// event is the caller's), every event naming them all.
func (s *Service) emitTogether(ctx context.Context, tx pgx.Tx, event string, anchor *Booking, all []*Booking) error {
	if len(all) < 2 {
		return nil
	}
	ids := make([]string, len(all))
	for i, b := range all {
		ids[i] = b.ID
	}
	for _, b := range all {
		b.together = ids
		if b.ID == anchor.ID {
			continue
		}
		if err := s.emit(ctx, tx, event, b); err != nil {
			return err
		}
	}
	return nil
}

// VisitSlots are the starts b can move to with the rest of its visit: its
// own calendar's free starts (its person's, when the booker chose them)
// where every other service of the visit fits at the same distance from it,
// the visit's own times standing in nobody's way.
func (s *Service) VisitSlots(ctx context.Context, b *Booking, q SlotsQuery) (*SlotsResult, error) {
	all, err := s.ActiveVisit(ctx, b)
	if err != nil {
		return nil, err
	}
	own := make([]string, len(all))
	for i, x := range all {
		own[i] = x.ID
	}
	q.Calendar = b.Calendar.Slug
	if b.Calendar.StaffMode == "named" {
		q.StaffID = b.Staff.ID
	}
	res, err := s.slots(ctx, q, own)
	if err != nil || len(all) < 2 {
		return res, err
	}
	var starts []availability.Slot
	for _, d := range res.Days {
		starts = append(starts, d.Slots...)
	}
	res.Next = nil // a later service may be what is missing; the booker moves on by month
	if len(starts) == 0 {
		return res, nil
	}
	from, to := starts[0].Start, starts[len(starts)-1].Start
	now := s.now()
	fits := map[int64]int{}
	for _, x := range all {
		if x.ID == b.ID {
			continue
		}
		off := x.Start.Sub(b.Start)
		f, err := s.query(ctx, s.pool, x.Calendar, movableStaff(x), from.Add(off), to.Add(off+time.Nanosecond), now, own...)
		if err != nil {
			return nil, err
		}
		f.Rules.Interval = fineStep
		for _, sl := range f.slots() {
			fits[sl.Start.Add(-off).Unix()]++
		}
	}
	var kept []availability.Slot
	for _, sl := range starts {
		if fits[sl.Start.Unix()] == len(all)-1 {
			kept = append(kept, sl)
		}
	}
	res.Days = availability.GroupByDay(kept, res.Zone)
	return res, nil
}

// movableStaff is who may take x after a move: its person for a named or
// collective calendar, anyone of it for "any available".
func movableStaff(x *Booking) []*Staff {
	switch {
	case x.Calendar.Collective():
		return x.Calendar.Staff
	case x.Calendar.StaffMode == "any":
		return uniqueStaff(append([]*Staff{x.Staff}, x.Calendar.Staff...))
	}
	return []*Staff{x.Staff}
}
