package calsync

import (
	"context"
	"crypto/rand"
	"encoding/base32"
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/jackc/pgx/v5"

	"slotwise/backend/internal/booking"
	"slotwise/backend/internal/clock"
	"slotwise/backend/internal/db"
	"slotwise/backend/internal/netguard"
	"slotwise/backend/internal/seal"
)

// Kinds of connection.
const (
	KindCalDAV = "caldav"
	KindICS    = "ics"
)

// States of a connection's sync.
const (
	StateOK      = "ok"
	StatePartial = "partial" // it worked, but left something out: Status.LeftOut says what
	StateError   = "error"
	StateSyncing = "syncing"
)

// Connection is a staff member's calendar account or subscription, as the
// admin API shows it: never its password.
type Connection struct {
	ID        string     `json:"id"`
	Staff     string     `json:"staff"`
	Kind      string     `json:"kind"`
	URL       string     `json:"url"`
	Username  string     `json:"username,omitempty"`
	Calendars []Calendar `json:"calendars"`
	Status    Status     `json:"status"`
}

// Calendar is one calendar of a connection: checked for conflicts, and
// whether bookings are written to it.
type Calendar struct {
	URL     string `json:"url"`
	Name    string `json:"name"`
	Check   bool   `json:"check"`
	WriteTo bool   `json:"writeTo"`
}

// Status is how the connection's last sync went: Error says why it
// failed (or why writing a booking failed), LeftOut what the last sync
// that worked could not read, in plain words.
type Status struct {
	State    string     `json:"state"`
	LastSync *time.Time `json:"lastSync"`
	Error    string     `json:"error"`
	LeftOut  string     `json:"leftOut"`
}

// Input creates a connection.
type Input struct {
	Staff    string `json:"staff"`
	Kind     string `json:"kind"`
	URL      string `json:"url"`
	Username string `json:"username"`
	Password string `json:"password"`
}

// Options configure the service.
type Options struct {
	Keys         *seal.Keyring
	AllowPrivate bool          // calendar servers in private networks (tests, an intranet)
	Interval     time.Duration // between syncs of one connection; 0: DefaultInterval
	Log          *slog.Logger
	// RefuseUnanswered: at booking time, a staff member whose calendar
	// server does not answer in time is not booked (SLOTWISE_CALENDAR_UNANSWERED=refuse);
	// by default they are booked on the stored busy times, and it is logged.
	RefuseUnanswered bool
	// Timeout bounds one request to a calendar server; 0: RequestTimeout.
	Timeout time.Duration
	// Clock is the service's time (the booking clock); nil: clock.Now.
	Clock clock.Func
}

// DefaultInterval is how often a connection syncs when nothing else says.
const DefaultInterval = 5 * time.Minute

// Service keeps staff members' calendar connections and their busy times.
type Service struct {
	pool     *db.Pool
	keys     *seal.Keyring
	http     httpDoer
	allow    bool
	interval time.Duration
	log      *slog.Logger
	now      func() time.Time
	refuse   bool
	silent   sync.Map // connection id → why its server did not answer at booking time, until it does
}

// NewService returns the calendar connections of the database.
func NewService(pool *db.Pool, opt Options) *Service {
	if opt.Interval <= 0 {
		opt.Interval = DefaultInterval
	}
	if opt.Log == nil {
		opt.Log = slog.Default()
	}
	if opt.Timeout <= 0 {
		opt.Timeout = RequestTimeout
	}
	if opt.Clock == nil {
		opt.Clock = clock.Now
	}
	return &Service{pool: pool, keys: opt.Keys, http: newGuarded(opt.AllowPrivate, opt.Timeout), allow: opt.AllowPrivate,
		interval: opt.Interval, log: opt.Log, now: opt.Clock, refuse: opt.RefuseUnanswered}
}

// SetClock makes the service read time from now, for tests.
func (s *Service) SetClock(now func() time.Time) { s.now = now }

func newID(prefix string) string {
	b := make([]byte, 10)
	_, _ = rand.Read(b)
	return prefix + "_" + strings.ToLower(base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(b))
}

// Limits of what a business may send.
const (
	maxURL      = 2048
	maxUsername = 320
	maxPassword = 1024
	// MaxConnectionsPerStaff bounds one person's accounts and subscriptions.
	MaxConnectionsPerStaff = 10
	// createTimeout bounds a create, its first sync included: under the
	// HTTP server's 60-second write limit.
	createTimeout = 45 * time.Second
)

// check validates an input, field by field.
func (s *Service) check(in Input) (*url.URL, error) {
	errs := map[string]string{}
	text := func(field, v string, max int) {
		if !utf8.ValidString(v) || strings.ContainsRune(v, 0) {
			errs[field] = "must be text without NUL characters"
		} else if len(v) > max {
			errs[field] = fmt.Sprintf("must be at most %d bytes", max)
		}
	}
	text("url", in.URL, maxURL)
	text("username", in.Username, maxUsername)
	text("password", in.Password, maxPassword)
	text("staff", in.Staff, 200)
	if in.Staff == "" {
		errs["staff"] = "is required: the staff member's slug"
	}
	switch in.Kind {
	case KindCalDAV:
		if in.Username == "" {
			errs["username"] = "is required for a CalDAV account"
		}
		if in.Password == "" {
			errs["password"] = "is required for a CalDAV account (an app password)"
		}
	case KindICS:
		if in.Username != "" || in.Password != "" {
			errs["password"] = "an iCalendar subscription has no user name or password: its address is its secret"
		}
	default:
		errs["kind"] = "is caldav or ics"
	}
	var u *url.URL
	if _, bad := errs["url"]; !bad {
		var err error
		u, err = url.Parse(webcal(strings.TrimSpace(in.URL)))
		switch {
		case in.URL == "":
			errs["url"] = "is required"
		case err != nil || u.Host == "" || u.Scheme != "https" && u.Scheme != "http":
			errs["url"] = "must be an http or https address"
		case u.User != nil:
			errs["url"] = "must not carry a user name or password; send them as username and password"
		case !s.allow && netguard.PrivateHost(u.Hostname()):
			errs["url"] = "must not be in a private network (the operator may allow private networks)"
		}
	}
	if len(errs) > 0 {
		return nil, &ValidationError{Fields: errs}
	}
	u.Fragment = ""
	return u, nil
}

// Create reaches the account, discovers its calendars, stores the
// connection and syncs it once, so the answer says how it went. A server
// that cannot be used is a ConnectError, and nothing is stored.
func (s *Service) Create(ctx context.Context, in Input) (*Connection, error) {
	u, err := s.check(in)
	if err != nil {
		return nil, err
	}
	person, err := booking.PersonBySlug(ctx, s.pool, in.Staff)
	if errors.Is(err, booking.ErrPersonNotFound) {
		return nil, &ValidationError{Fields: map[string]string{"staff": "no staff member has this slug"}}
	}
	if err != nil {
		return nil, err
	}
	staffID := person.ID
	var existing string
	var count int
	if err := s.pool.QueryRow(ctx, `SELECT coalesce(max(id) FILTER (WHERE kind = $2 AND url = $3), ''), count(*)
		FROM calendar_connections WHERE staff_id = $1 AND location_id = $4`, staffID, in.Kind, u.String(), db.ThisBusiness).Scan(&existing, &count); err != nil {
		return nil, err
	}
	if existing != "" {
		return nil, &ConnectedError{ID: existing}
	}
	if count >= MaxConnectionsPerStaff {
		return nil, &ValidationError{Fields: map[string]string{"staff": fmt.Sprintf("has %d calendar connections, the most one person may have", count)}}
	}
	// The whole create, its first sync too, answers within createTimeout,
	// whatever the server or its calendar: the client never waits past
	// the server's own write limit for an answer that would not come.
	ctx, cancel := context.WithTimeout(ctx, createTimeout)
	defer cancel()
	var cals []found
	addresses := []string{}
	var fetched map[string]feed
	switch in.Kind {
	case KindCalDAV:
		a, err := newAccount(s.http, u.String(), in.Username, in.Password)
		if err != nil {
			return nil, err
		}
		if cals, addresses, err = a.discover(ctx); err != nil {
			return nil, err
		}
		if addresses == nil {
			addresses = []string{}
		}
	case KindICS:
		f, err := fetchFeed(ctx, s.http, u.String(), "", "")
		if err != nil {
			return nil, err
		}
		cals = []found{{URL: u.String(), Name: feedName(f, u)}}
		fetched = map[string]feed{u.String(): f}
	}
	id := newID("cc")
	var secret []byte
	if in.Password != "" {
		secret = s.keys.Seal(in.Password)
	}
	err = pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `INSERT INTO calendar_connections (id, staff_id, kind, url, username, secret, addresses)
			VALUES ($1, $2, $3, $4, $5, $6, $7)`, id, staffID, in.Kind, u.String(), in.Username, secret, addresses); err != nil {
			return err
		}
		for _, c := range cals {
			if _, err := tx.Exec(ctx, `INSERT INTO connection_calendars (connection_id, url, name) VALUES ($1, $2, $3)
				ON CONFLICT DO NOTHING`, id, c.URL, c.Name); err != nil {
				return err
			}
		}
		return nil
	})
	if db.UniqueViolation(err) {
		var id string
		_ = s.pool.QueryRow(context.WithoutCancel(ctx), `SELECT id FROM calendar_connections WHERE staff_id = $1 AND kind = $2 AND url = $3 AND location_id = $4`,
			staffID, in.Kind, u.String(), db.ThisBusiness).Scan(&id)
		return nil, &ConnectedError{ID: id}
	}
	if err != nil {
		return nil, fmt.Errorf("calsync: unable to store the connection: %w", err)
	}
	return s.syncNow(ctx, id, fetched)
}

// Get returns one connection.
func (s *Service) Get(ctx context.Context, id string) (*Connection, error) {
	list, err := s.list(ctx, `c.id = $1`, id)
	if err != nil {
		return nil, err
	}
	if len(list) == 0 {
		return nil, ErrNotFound
	}
	return &list[0], nil
}

// List returns the connections, of one staff member when staff is set.
func (s *Service) List(ctx context.Context, staff string) ([]Connection, error) {
	if staff == "" {
		return s.list(ctx, `true`, nil)
	}
	person, err := booking.PersonBySlug(ctx, s.pool, staff)
	if errors.Is(err, booking.ErrPersonNotFound) {
		return []Connection{}, nil
	}
	if err != nil {
		return nil, err
	}
	return s.list(ctx, `c.staff_id = $1`, person.ID)
}

// list reads connections and names their people with booking's staff:
// the staff table is booking's to read.
func (s *Service) list(ctx context.Context, where string, arg any) ([]Connection, error) {
	args := db.Args{}
	if arg != nil {
		args = append(args, arg)
	}
	business := args.Add(db.ThisBusiness)
	rows, err := s.pool.Query(ctx, `
		SELECT c.id, c.staff_id, c.kind, c.url, c.username, CASE WHEN c.write_error <> '' THEN 'error' ELSE c.state END, c.last_sync,
			coalesce(nullif(c.last_error, ''), c.write_error), c.left_out,
			coalesce(json_agg(json_build_object('url', k.url, 'name', k.name, 'check', k.check_busy, 'writeTo', k.write_to) ORDER BY k.name, k.url)
				FILTER (WHERE k.url IS NOT NULL), '[]')
		FROM calendar_connections c
		LEFT JOIN connection_calendars k ON k.connection_id = c.id AND k.location_id = c.location_id
		WHERE `+where+` AND c.location_id = `+business+`
		GROUP BY c.id, c.location_id ORDER BY c.created_at, c.id`, args...)
	if err != nil {
		return nil, err
	}
	var ids []int64
	list, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (Connection, error) {
		var c Connection
		var staffID int64
		err := r.Scan(&c.ID, &staffID, &c.Kind, &c.URL, &c.Username, &c.Status.State, &c.Status.LastSync, &c.Status.Error, &c.Status.LeftOut, &c.Calendars)
		ids = append(ids, staffID)
		return c, err
	})
	if err != nil || len(list) == 0 {
		return list, err
	}
	slugs, err := booking.SlugsOf(ctx, s.pool, ids)
	if err != nil {
		return nil, err
	}
	for i := range list {
		list[i].Staff = slugs[ids[i]]
	}
	return list, nil
}

// Patch says which calendars are checked for conflicts and which one
// bookings are written to. A nil field is left as it is; WriteTo set to
// an empty string writes nowhere.
type Patch struct {
	Check   *[]string
	WriteTo *string
}

// Update changes which calendars are checked and written to; busy times
// of calendars no longer checked go at once, those newly checked come
// with the sync it starts.
func (s *Service) Update(ctx context.Context, id string, p Patch) (*Connection, error) {
	conn, err := s.Get(ctx, id)
	if err != nil {
		return nil, err
	}
	known := map[string]bool{}
	for _, c := range conn.Calendars {
		known[c.URL] = true
	}
	errs := map[string]string{}
	if p.Check != nil {
		for _, u := range *p.Check {
			if !known[u] {
				errs["check"] = "names a calendar this connection does not have: " + trimmed(u)
			}
		}
	}
	if p.WriteTo != nil && *p.WriteTo != "" {
		switch {
		case conn.Kind == KindICS:
			errs["writeTo"] = "an iCalendar subscription is read-only"
		case !known[*p.WriteTo]:
			errs["writeTo"] = "names a calendar this connection does not have: " + trimmed(*p.WriteTo)
		}
	}
	if len(errs) > 0 {
		return nil, &ValidationError{Fields: errs}
	}
	err = pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if p.Check != nil {
			if _, err := tx.Exec(ctx, `UPDATE connection_calendars SET check_busy = (url = ANY($2)),
				sync_token = CASE WHEN url = ANY($2) THEN sync_token ELSE '' END,
				ctag = CASE WHEN url = ANY($2) THEN ctag ELSE '' END,
				etag = CASE WHEN url = ANY($2) THEN etag ELSE '' END,
				synced_to = CASE WHEN url = ANY($2) THEN synced_to END
				WHERE connection_id = $1 AND location_id = $3`, id, *p.Check, db.ThisBusiness); err != nil {
				return err
			}
			if _, err := tx.Exec(ctx, `DELETE FROM staff_busy WHERE connection_id = $1 AND location_id = $3 AND NOT calendar_url = ANY($2)`, id, *p.Check, db.ThisBusiness); err != nil {
				return err
			}
		}
		if p.WriteTo != nil {
			if _, err := tx.Exec(ctx, `UPDATE connection_calendars SET write_to = false WHERE connection_id = $1 AND location_id = $2 AND write_to`, id, db.ThisBusiness); err != nil {
				return err
			}
			if _, err := tx.Exec(ctx, `UPDATE connection_calendars SET write_to = true WHERE connection_id = $1 AND url = $2 AND location_id = $3`, id, *p.WriteTo, db.ThisBusiness); err != nil {
				return err
			}
		}
		_, err := tx.Exec(ctx, `UPDATE calendar_connections SET next_sync = $2 WHERE id = $1 AND location_id = $3`, id, s.now(), db.ThisBusiness)
		return err
	})
	if err != nil {
		return nil, err
	}
	return s.Get(ctx, id)
}

func trimmed(s string) string {
	if len(s) > 200 {
		return s[:200] + "…"
	}
	return s
}

// Delete removes a connection and the busy times it brought.
func (s *Service) Delete(ctx context.Context, id string) error {
	tag, err := s.pool.Exec(ctx, `DELETE FROM calendar_connections WHERE id = $1 AND location_id = $2`, id, db.ThisBusiness)
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		return ErrNotFound
	}
	return nil
}
