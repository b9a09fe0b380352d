package calsync

import (
	"context"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"

	"slotwise/backend/internal/db"
	"slotwise/backend/internal/icalbusy"
)

// FreshFor is how old a CalDAV connection's busy times may be before a
// booking asks its server about the chosen time.
const FreshFor = time.Minute

// LiveTimeout bounds that question: past it, the booking goes on as the
// operator chose (on the stored busy times, or without that person).
const LiveTimeout = 2 * time.Second

// CheckLive asks the CalDAV servers of the staff whose busy times are
// older than FreshFor about [from, to), each connection at once and all
// within LiveTimeout, and stores what they say, so the booking that
// follows sees an event made a minute ago. It returns the staff whose
// server did not answer, when the operator chose to refuse them
// (RefuseUnanswered); otherwise they are booked on the stored busy times
// and the miss is logged. It is booking.LiveCheck.
func (s *Service) CheckLive(ctx context.Context, staff []int64, from, to time.Time) []int64 {
	// A connection whose last sync failed is not asked (every booking would
	// wait for it); it counts as silent.
	rows, err := s.pool.Query(ctx, `SELECT c.id, c.staff_id, c.last_error <> '' FROM calendar_connections c
		WHERE c.staff_id = ANY($1) AND c.location_id = $3 AND c.kind = 'caldav' AND (c.last_sync IS NULL OR c.last_sync < $2)
		AND EXISTS (SELECT 1 FROM connection_calendars k WHERE k.connection_id = c.id AND k.location_id = c.location_id AND k.check_busy)`, staff, s.now().Add(-FreshFor), db.ThisBusiness)
	if err != nil {
		s.log.WarnContext(ctx, "calendar check: unable to find connections", "error", err)
		return nil
	}
	type stale struct {
		id     string
		staff  int64
		failed bool
	}
	list, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (stale, error) {
		var x stale
		return x, r.Scan(&x.id, &x.staff, &x.failed)
	})
	if err != nil || len(list) == 0 {
		return nil
	}
	ctx, cancel := context.WithTimeout(ctx, LiveTimeout)
	defer cancel()
	var mu sync.Mutex
	var refused []int64
	var wg sync.WaitGroup
	for _, c := range list {
		wg.Go(func() {
			if c.failed { // not asked: the sync's log told of its failure
				if s.refuse {
					mu.Lock()
					refused = append(refused, c.staff)
					mu.Unlock()
				}
				return
			}
			err := s.askOne(ctx, c.id, from, to)
			s.heard(ctx, c.id, err)
			if err != nil && s.refuse {
				mu.Lock()
				refused = append(refused, c.staff)
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	return refused
}

// heard logs what a connection's server did when asked at booking time,
// once per change: that it did not answer (and why), then that it answers
// again; not once per booking while it stays silent.
func (s *Service) heard(ctx context.Context, id string, err error) {
	if err == nil {
		if _, was := s.silent.LoadAndDelete(id); was {
			s.log.InfoContext(ctx, "calendar check: the server answers again", "connection", id)
		}
		return
	}
	msg := message(err)
	if before, was := s.silent.Swap(id, msg); !was || before != msg {
		s.log.WarnContext(ctx, "calendar check: the server did not answer at booking time; booking on the stored busy times unless refused",
			"connection", id, "refuse", s.refuse, "error", msg, "cause", cause(err))
	}
}

// askOne reads one connection's checked calendars for [from, to) and
// stores the busy times found there.
func (s *Service) askOne(ctx context.Context, id string, from, to time.Time) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = &ConnectError{Message: "The calendar data could not be read"}
		}
	}()
	t, err := s.load(ctx, id)
	if err != nil {
		return err
	}
	a, err := newAccount(s.http, t.url, t.username, t.password)
	if err != nil {
		return err
	}
	opt := t.opt
	opt.From, opt.To = from, to
	found := map[string][]icalbusy.Busy{}
	for _, c := range t.calendars {
		if !c.check {
			continue
		}
		read, err := a.events(ctx, c.url, from, to)
		if err != nil {
			return err
		}
		found[c.url] = icalbusy.ExpandAll(read.cals, opt).Busy
	}
	// What was read is kept even if the booking's time ran out meanwhile.
	wctx := context.WithoutCancel(ctx)
	return pgx.BeginFunc(wctx, s.pool, func(tx pgx.Tx) error {
		for calURL, busy := range found {
			if err := replaceBusy(wctx, tx, t.staffID, id, calURL, busy, &[2]time.Time{from, to}); err != nil {
				return err
			}
		}
		return nil
	})
}
