package booking

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"slotwise/backend/internal/availability"
	"slotwise/backend/internal/db"
)

// What the business's dashboard asks beside the bookings list: how many
// requests wait for an answer, and the calendars and staff to filter by.

// Waiting is how many requests still ahead wait for the business's
// answer, of each staff member.
type Waiting map[int64]int

// Of is the count a viewer answers: the whole business's (staffID 0), or
// one staff member's.
func (w Waiting) Of(staffID int64) int {
	if staffID != 0 {
		return w[staffID]
	}
	n := 0
	for _, c := range w {
		n += c
	}
	return n
}

// QueueWaiting queues the reading of the requests that wait (into, once
// b is sent): each staff member's, so it goes out before anyone knows
// whose count is wanted.
func (s *Service) QueueWaiting(b *pgx.Batch, into *Waiting) {
	b.Queue(`SELECT staff_id, count(*) FROM bookings
		WHERE location_id = $1 AND status = 'requested' AND holds_for IS NULL AND starts_at > $2
		GROUP BY staff_id`, db.ThisBusiness, s.now()).Query(func(rows pgx.Rows) error {
		w := Waiting{}
		var staff int64
		var n int
		_, err := pgx.ForEachRow(rows, []any{&staff, &n}, func() error {
			w[staff] = n
			return nil
		})
		if err != nil {
			return fmt.Errorf("booking: unable to count the requests: %w", err)
		}
		*into = w
		return nil
	})
}

// QueueBusiness queues the reading of the business ctx works for (into,
// once b is sent; nil when there is none), as Business reads it.
func (s *Service) QueueBusiness(b *pgx.Batch, into **Location) {
	b.Queue(businessSQL, db.ThisBusiness).QueryRow(func(row pgx.Row) error {
		l, err := scanBusiness(row)
		*into = l
		return err
	})
}

// Choice is a calendar or staff member to filter a list by.
type Choice struct {
	ID   int64  `json:"-"`
	Slug string `json:"slug"`
	Name string `json:"name"`
}

// Choices are the business's calendars and staff, by name, read in one
// query: every dashboard list asks for them.
func (s *Service) Choices(ctx context.Context) (calendars, staff []Choice, err error) {
	b := &pgx.Batch{}
	s.QueueChoices(b, &calendars, &staff)
	if err := s.pool.SendReads(ctx, b); err != nil {
		return nil, nil, err
	}
	return calendars, staff, nil
}

// QueueChoices queues Choices' read (into calendars and staff, once b is
// sent).
func (s *Service) QueueChoices(b *pgx.Batch, calendars, staff *[]Choice) {
	b.Queue(`
		SELECT true, id, slug, name, lower(name) FROM calendars WHERE location_id = $1
		UNION ALL
		SELECT false, id, slug, name, lower(name) FROM staff WHERE location_id = $1
		ORDER BY 1 DESC, 5, 3`, db.ThisBusiness).Query(func(rows pgx.Rows) error {
		cals, people := []Choice{}, []Choice{}
		var calendar bool
		var c Choice
		var key string
		_, err := pgx.ForEachRow(rows, []any{&calendar, &c.ID, &c.Slug, &c.Name, &key}, func() error {
			if calendar {
				cals = append(cals, c)
			} else {
				people = append(people, c)
			}
			return nil
		})
		if err != nil {
			return fmt.Errorf("booking: unable to list the choices: %w", err)
		}
		*calendars, *staff = cals, people
		return nil
	})
}

// FindBooked is a booking by its id, as the business's people see it: a
// row that only holds another person's time for a collective booking
// (holds_for) is not one, and is not found.
func (s *Service) FindBooked(ctx context.Context, id string) (*Booking, error) {
	return s.store.booking(ctx, s.pool, id, onlyBooked)
}

// MoveSlots are the free times of date (YYYY-MM-DD in zone) b could move
// to: its calendar's, with its own person where the calendar names one,
// its own time counted free.
func (s *Service) MoveSlots(ctx context.Context, b *Booking, date, zone string) (*SlotsResult, error) {
	q := SlotsQuery{Calendar: b.Calendar.Slug, From: date, To: date, TimeZone: zone}
	if b.InVisit() { // a visit moves whole: the times all its services fit
		return s.VisitSlots(ctx, b, q)
	}
	if b.Calendar.StaffMode == "named" && b.Staff != nil {
		q.StaffID = b.Staff.ID
	}
	return s.slotsOf(ctx, b.Calendar, q, []string{b.ID})
}

// StaffID is the id of the business's staff member of slug.
func (s *Service) StaffID(ctx context.Context, slug string) (int64, error) {
	p, err := PersonBySlug(ctx, s.pool, slug)
	if err != nil {
		return 0, err
	}
	return p.ID, nil
}

// StaffName is the name of the business's staff member of id.
func (s *Service) StaffName(ctx context.Context, id int64) (string, error) {
	p, err := PersonByID(ctx, s.pool, id)
	if err != nil {
		return "", err
	}
	return p.Name, nil
}

// Person is the business's staff member of id.
func (s *Service) Person(ctx context.Context, id int64) (*Person, error) {
	return PersonByID(ctx, s.pool, id)
}

// PersonBySlug is the business's staff member of slug.
func (s *Service) PersonBySlug(ctx context.Context, slug string) (*Person, error) {
	return PersonBySlug(ctx, s.pool, slug)
}

// BusyEvent is an event of a person's own calendar, by its calendar's name.
type BusyEvent struct {
	Calendar   string
	Start, End time.Time
}

// maxBusyEvents bounds the events one person's range shows.
const maxBusyEvents = 500

// QueueBusyEvents queues the reading of the events of staffID's own
// calendars overlapping [from, to), in start order, named by their
// calendar (its server's name when it has none), into into once b is
// sent (SendReads).
func (s *Service) QueueBusyEvents(b *pgx.Batch, staffID int64, from, to time.Time, into *[]BusyEvent) {
	b.Queue(`
		SELECT coalesce(nullif(cc.name, ''), sb.calendar_url), lower(sb.span), upper(sb.span)
		FROM staff_busy sb JOIN connection_calendars cc
		  ON cc.connection_id = sb.connection_id AND cc.url = sb.calendar_url AND cc.location_id = sb.location_id
		WHERE sb.location_id = $1 AND sb.staff_id = $2 AND sb.span && tstzrange($3, $4)
		ORDER BY lower(sb.span) LIMIT `+strconv.Itoa(maxBusyEvents), db.ThisBusiness, staffID, from, to).Query(func(rows pgx.Rows) (err error) {
		*into, err = pgx.CollectRows(rows, func(r pgx.CollectableRow) (BusyEvent, error) {
			var e BusyEvent
			err := r.Scan(&e.Calendar, &e.Start, &e.End)
			e.Calendar = calendarNameOf(e.Calendar)
			return e, err
		})
		return err
	})
}

// calendarNameOf is a calendar's name, or its server's for one that has
// none (its address).
func calendarNameOf(name string) string {
	if i := strings.Index(name, "://"); i >= 0 {
		return strings.SplitN(name[i+3:], "/", 2)[0]
	}
	return name
}

// WorkingTime is a person's working time on their dates from through to.
func WorkingTime(st *Staff, from, to availability.Date) ([]availability.Interval, error) {
	as, err := availabilityStaff(st)
	if err != nil {
		return nil, err
	}
	return availability.WorkingTime(as, from, to), nil
}

// SentReminder is one of a booking's reminders or its follow-up: to
// whom, for when, and what became of it.
type SentReminder struct {
	Kind       string // reminder, follow_up
	Before     int    // minutes before the start (after the end, for a follow-up)
	Recipient  string // booker, guest:ADDRESS, staff:ID
	Due        time.Time
	State      string // due, sent, skipped
	SkipReason string
	Done       *time.Time
}

// Dossier is what a booking's page shows beside the booking: its
// reminders and follow-up (due first), its notes and its changes (the
// first first).
type Dossier struct {
	Reminders []SentReminder
	Notes     []Note
	History   []Change
}

// Dossier reads booking id's dossier, in one round trip.
func (s *Service) Dossier(ctx context.Context, id string) (Dossier, error) {
	var d Dossier
	b := &pgx.Batch{}
	b.Queue(`SELECT kind, offset_minutes, recipient, due_at, state, skip_reason, done_at FROM reminders
		WHERE booking_id = $1 AND location_id = $2 ORDER BY due_at, id`, id, db.ThisBusiness).Query(func(rows pgx.Rows) (err error) {
		d.Reminders, err = pgx.CollectRows(rows, func(r pgx.CollectableRow) (SentReminder, error) {
			var x SentReminder
			err := r.Scan(&x.Kind, &x.Before, &x.Recipient, &x.Due, &x.State, &x.SkipReason, &x.Done)
			return x, err
		})
		return err
	})
	b.Queue(`SELECT author, body, created_at FROM booking_notes WHERE location_id = $1 AND booking_id = $2 ORDER BY id LIMIT 500`,
		db.ThisBusiness, id).Query(func(rows pgx.Rows) (err error) {
		d.Notes, err = pgx.CollectRows(rows, pgx.RowToStructByPos[Note])
		return err
	})
	b.Queue(`SELECT type, actor, starts_at, reason, at FROM booking_history
		WHERE location_id = $1 AND booking_id = $2 ORDER BY id LIMIT 200`, db.ThisBusiness, id).Query(func(rows pgx.Rows) (err error) {
		d.History, err = pgx.CollectRows(rows, pgx.RowToStructByPos[Change])
		return err
	})
	if err := s.pool.SendReads(ctx, b); err != nil {
		return Dossier{}, fmt.Errorf("booking: unable to read a booking's reminders, notes and history: %w", err)
	}
	return d, nil
}
