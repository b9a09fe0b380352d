package calsync

import (
	"context"
	"errors"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"

	"slotwise/backend/internal/background"
	"slotwise/backend/internal/booking"
	"slotwise/backend/internal/db"
	"slotwise/backend/internal/icalbusy"
)

// leaseFor bounds one sync: a replica that dies mid-sync frees its
// connections for another after this long.
const leaseFor = 2 * time.Minute

// Sync syncs one connection now and returns it as it stands after. When
// another replica is syncing it, Sync waits for that sync (up to a lease)
// instead of starting a second.
func (s *Service) Sync(ctx context.Context, id string) (*Connection, error) {
	return s.syncNow(ctx, id, nil)
}

// syncNow is Sync with feeds already fetched, by address (a new
// subscription's first sync reads what its check fetched).
func (s *Service) syncNow(ctx context.Context, id string, fetched map[string]feed) (*Connection, error) {
	if _, err := s.Get(ctx, id); err != nil {
		return nil, err
	}
	deadline := time.Now().Add(leaseFor) // real time: a wait, not the booking clock
	for {
		lease, err := s.claim(ctx, `id = $3 AND location_id = $4`, id, db.ThisBusiness)
		if err != nil {
			return nil, err
		}
		if len(lease) == 1 {
			s.syncLeased(ctx, id, lease[0].token, fetched)
			break
		}
		if time.Now().After(deadline) { // real time: see above
			break
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(200 * time.Millisecond):
		}
	}
	return s.Get(context.WithoutCancel(ctx), id) // how it went is the answer, even when time ran out
}

type lease struct {
	id, token string
	business  int64
}

// claim takes the lease of connections matching where ($1 the token, $2
// the server's time); those leased by a live sync elsewhere are skipped.
func (s *Service) claim(ctx context.Context, where string, args ...any) ([]lease, error) {
	token := newID("l")
	// The connections are chosen once (MATERIALIZED): a subquery that skips
	// locked rows, read again for each row it is joined to, would pick others.
	rows, err := s.pool.Query(ctx, `
		WITH due AS MATERIALIZED (SELECT id, location_id FROM calendar_connections
			WHERE (lease_until IS NULL OR lease_until < now()) AND $2::timestamptz IS NOT NULL AND `+where+`
			ORDER BY next_sync LIMIT 4 FOR UPDATE SKIP LOCKED)
		UPDATE calendar_connections SET lease_owner = $1, lease_until = now() + interval '2 minutes', state = 'syncing'
		WHERE (id, location_id) IN (SELECT id, location_id FROM due)
		RETURNING id, location_id`, append([]any{token, s.now()}, args...)...)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (lease, error) {
		l := lease{token: token}
		return l, r.Scan(&l.id, &l.business)
	})
}

// Name is the syncs' name among the server's background work.
func (s *Service) Name() string { return "calendar syncs" }

// Run syncs due connections until ctx ends: every replica runs it, and
// the lease keeps two from syncing one connection at once.
func (s *Service) Run(ctx context.Context) error {
	background.Rounds(ctx, s.pool, "", 10*time.Second, s.log, func(ctx context.Context) {
		for ctx.Err() == nil {
			leases, err := s.claim(db.WithEveryBusiness(ctx), `next_sync <= $2`)
			if err != nil && ctx.Err() == nil {
				s.log.WarnContext(ctx, "calendar sync: unable to take due connections", "error", err)
			}
			if len(leases) == 0 {
				return
			}
			// At once, so one slow server does not hold up the others' syncs.
			var wg sync.WaitGroup
			for _, l := range leases {
				wg.Go(func() { s.syncLeased(db.WithBusiness(ctx, l.business), l.id, l.token, nil) })
			}
			wg.Wait() // and more may be due
		}
	})
	return nil
}

// syncLeased syncs a connection this replica holds the lease of and
// records how it went: ok, partial (it worked, but left something out:
// said in left_out), or error (the busy times of the last sync that
// worked stay). The log hears of a change, not of every sync alike.
func (s *Service) syncLeased(ctx context.Context, id, token string, fetched map[string]feed) {
	err := s.syncOne(ctx, id, fetched)
	wctx := context.WithoutCancel(ctx) // what was learnt is kept, the request gone or not
	state, msg, failures, leftOut := StateOK, "", 0, ""
	next := s.now().Add(s.interval)
	if err != nil {
		state, msg = StateError, message(err)
		if err := s.pool.QueryRow(wctx, `SELECT failures + 1 FROM calendar_connections WHERE id = $1 AND location_id = $2`, id, db.ThisBusiness).Scan(&failures); err != nil {
			failures = 1
		}
		next = s.now().Add(backoff(s.interval, failures))
	} else if leftOut, err = s.leftOut(wctx, id); err != nil {
		s.log.WarnContext(ctx, "calendar sync: unable to read what was left out", "connection", id, "error", err)
	} else if leftOut != "" {
		state = StatePartial
	}
	var before, beforeLeftOut string
	uerr := s.pool.QueryRow(wctx, `WITH old AS (SELECT last_error, left_out FROM calendar_connections WHERE id = $1 AND location_id = $9)
		UPDATE calendar_connections SET state = $3, last_error = $4, failures = $5,
			left_out = CASE WHEN $3 = 'error' THEN left_out ELSE $8 END,
			last_sync = CASE WHEN $3 = 'error' THEN last_sync ELSE $6 END, next_sync = $7, lease_owner = NULL, lease_until = NULL
		WHERE id = $1 AND location_id = $9 AND lease_owner = $2 RETURNING (SELECT last_error FROM old), (SELECT left_out FROM old)`,
		id, token, state, msg, failures, s.now(), next, leftOut, db.ThisBusiness).Scan(&before, &beforeLeftOut)
	switch {
	case errors.Is(uerr, pgx.ErrNoRows): // deleted meanwhile, or the lease ran out
	case uerr != nil:
		s.log.WarnContext(ctx, "calendar sync: unable to record the result", "connection", id, "error", uerr)
	case state == StateError && msg != before:
		s.log.WarnContext(ctx, "calendar sync failed", "connection", id, "error", msg, "cause", cause(err))
	case state != StateError && before != "":
		s.log.InfoContext(ctx, "calendar sync works again", "connection", id)
	}
	if state == StatePartial && leftOut != beforeLeftOut {
		s.log.WarnContext(ctx, "calendar sync left events out", "connection", id, "left_out", leftOut)
	}
}

// leftOut joins what the connection's checked calendars left out, each
// named when there are several.
func (s *Service) leftOut(ctx context.Context, id string) (string, error) {
	rows, err := s.pool.Query(ctx, `SELECT name, left_out FROM connection_calendars
		WHERE connection_id = $1 AND location_id = $2 AND check_busy ORDER BY name, url`, id, db.ThisBusiness)
	if err != nil {
		return "", err
	}
	type cal struct{ name, leftOut string }
	cals, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (cal, error) {
		var c cal
		return c, r.Scan(&c.name, &c.leftOut)
	})
	var parts []string
	for _, c := range cals {
		switch {
		case c.leftOut == "":
		case len(cals) > 1:
			parts = append(parts, c.name+": "+c.leftOut)
		default:
			parts = append(parts, c.leftOut)
		}
	}
	return strings.Join(parts, ". "), err
}

// backoff waits longer after each failure in a row, up to an hour; the
// first retry comes after one interval.
func backoff(interval time.Duration, failures int) time.Duration {
	d := interval
	for i := 1; i < failures && d < time.Hour; i++ {
		d *= 2
	}
	return min(d, time.Hour)
}

// message is what a failure says on the connection's status: never more
// than the ConnectError's words (no URL with its secret, no password).
func message(err error) string {
	var ce *ConnectError
	if errors.As(reachError(err), &ce) {
		return ce.Message
	}
	return "The calendar could not be synced"
}

// cause is an error's text for the log: the real reason, without the
// address a failed request names (a subscription's address is its secret).
func cause(err error) string {
	var ue *url.Error
	if errors.As(err, &ue) {
		return ue.Op + ": " + ue.Err.Error()
	}
	if err == nil {
		return ""
	}
	return err.Error()
}

// target is what one sync needs of a connection.
type target struct {
	staffID            int64
	kind, url          string
	username, password string
	opt                icalbusy.Options
	calendars          []stored
}

type stored struct {
	url             string
	check           bool
	syncToken, ctag string
	etag, lastMod   string
	syncedTo        *time.Time
}

func (s *Service) load(ctx context.Context, id string) (*target, error) {
	t := &target{}
	var secret []byte
	var addresses []string
	err := s.pool.QueryRow(ctx, `SELECT staff_id, kind, url, username, secret, addresses FROM calendar_connections WHERE id = $1 AND location_id = $2`, id, db.ThisBusiness).
		Scan(&t.staffID, &t.kind, &t.url, &t.username, &secret, &addresses)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, err
	}
	person, err := booking.PersonByID(ctx, s.pool, t.staffID)
	if errors.Is(err, booking.ErrPersonNotFound) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, err
	}
	windowDays, err := booking.LongestWindow(ctx, s.pool, t.staffID)
	if err != nil {
		return nil, err
	}
	zone, email := person.TimeZone, person.Email
	if secret != nil {
		if t.password, err = s.keys.Open(secret); err != nil {
			return nil, &ConnectError{Message: "The stored password cannot be opened with the configured keys; give the password again"}
		}
	}
	loc, err := time.LoadLocation(zone)
	if err != nil {
		loc = time.UTC
	}
	now := s.now()
	t.opt = icalbusy.Options{
		From: now.Add(-24 * time.Hour), To: now.Add(time.Duration(windowDays+1) * 24 * time.Hour),
		Zone: loc, Addresses: append(addresses, strings.ToLower(email)), Own: OwnUID,
		Budget: icalbusy.NewBudget(), // one sync's, shared by its calendars
	}
	rows, err := s.pool.Query(ctx, `SELECT url, check_busy, sync_token, ctag, etag, last_modified, synced_to
		FROM connection_calendars WHERE connection_id = $1 AND location_id = $2 ORDER BY url`, id, db.ThisBusiness)
	if err != nil {
		return nil, err
	}
	t.calendars, err = pgx.CollectRows(rows, func(r pgx.CollectableRow) (stored, error) {
		var c stored
		err := r.Scan(&c.url, &c.check, &c.syncToken, &c.ctag, &c.etag, &c.lastMod, &c.syncedTo)
		return c, err
	})
	return t, err
}

// OwnUID tells the UID of an event Slotwise wrote for a booking.
func OwnUID(uid string) bool { return strings.HasSuffix(uid, "@slotwise") }

// covered tells whether a calendar's stored busy times reach far enough:
// the window moves with the days, and a day's move reads it all again.
func (c stored) covered(t *target) bool {
	return c.syncedTo != nil && !c.syncedTo.Before(t.opt.To.Add(-24*time.Hour))
}

func (s *Service) syncOne(ctx context.Context, id string, fetched map[string]feed) (err error) {
	defer func() {
		if r := recover(); r != nil { // a parser's panic on a broken file
			err = &ConnectError{Message: "The calendar data could not be read"}
		}
	}()
	t, err := s.load(ctx, id)
	if err != nil {
		return err
	}
	var acct *account
	if t.kind == KindCalDAV {
		if acct, err = newAccount(s.http, t.url, t.username, t.password); err != nil {
			return err
		}
	}
	for _, c := range t.calendars {
		if !c.check {
			continue
		}
		if t.kind == KindICS {
			err = s.syncFeed(ctx, id, t, c, fetched)
		} else {
			err = s.syncCalDAV(ctx, id, t, c, acct)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

func (s *Service) syncFeed(ctx context.Context, id string, t *target, c stored, fetched map[string]feed) error {
	f, ok := fetched[c.url]
	if !ok {
		etag, lastMod := c.etag, c.lastMod
		if !c.covered(t) {
			etag, lastMod = "", ""
		}
		var err error
		if f, err = fetchFeed(ctx, s.http, c.url, etag, lastMod); err != nil || f.unchanged {
			return err
		}
	}
	res := icalbusy.ExpandAll(f.cals, t.opt)
	return s.store(ctx, id, t, c.url, res, `etag = $4, last_modified = $5`, f.etag, f.lastMod)
}

func (s *Service) syncCalDAV(ctx context.Context, id string, t *target, c stored, a *account) error {
	st, err := a.calendarState(ctx, c.url)
	if err != nil {
		return err
	}
	if c.covered(t) && st.known() && st.syncToken == c.syncToken && st.ctag == c.ctag {
		return nil // unchanged: one PROPFIND
	}
	read, err := a.events(ctx, c.url, time.Time{}, time.Time{})
	if err != nil {
		return err
	}
	res := icalbusy.ExpandAll(read.cals, t.opt)
	for _, href := range read.unreadable {
		res.SkipObject(href)
	}
	return s.store(ctx, id, t, c.url, res, `sync_token = $4, ctag = $5`, st.syncToken, st.ctag)
}
