package booking

import (
	"context"
	"errors"
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

// WaitingRequests counts the requests still ahead that wait for the
// business's answer: the whole business's, or one staff member's
// (staffID; 0 for everyone's).
func (s *Service) WaitingRequests(ctx context.Context, staffID int64) (int, error) {
	var n int
	err := s.pool.QueryRow(ctx, `SELECT count(*) FROM bookings
		WHERE location_id = $1 AND status = 'requested' AND holds_for IS NULL AND starts_at > $2 AND ($3::bigint = 0 OR staff_id = $3::bigint)`,
		db.ThisBusiness, s.now(), staffID).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("booking: unable to count the requests: %w", err)
	}
	return n, nil
}

// Choice is a calendar or staff member to filter a list by.
type Choice struct {
	Slug string `json:"slug"`
	Name string `json:"name"`
}

// Choices are the business's calendars and staff, by name, read in one
// query: every dashboard list asks for them.
func (s *Service) Choices(ctx context.Context) (calendars, staff []Choice, err error) {
	rows, err := s.pool.Query(ctx, `
		SELECT true, slug, name, lower(name) FROM calendars WHERE location_id = $1
		UNION ALL
		SELECT false, slug, name, lower(name) FROM staff WHERE location_id = $1
		ORDER BY 1 DESC, 4, 2`, db.ThisBusiness)
	if err != nil {
		return nil, nil, fmt.Errorf("booking: unable to list the choices: %w", err)
	}
	calendars, staff = []Choice{}, []Choice{}
	var calendar bool
	var c Choice
	var key string
	_, err = pgx.ForEachRow(rows, []any{&calendar, &c.Slug, &c.Name, &key}, func() error {
		if calendar {
			calendars = append(calendars, c)
		} else {
			staff = append(staff, c)
		}
		return nil
	})
	if err != nil {
		return nil, nil, fmt.Errorf("booking: unable to list the choices: %w", err)
	}
	return calendars, staff, nil
}

// FindBooked is a booking by its id, as the business's people see it: a
// row that only holds another person's time for a collective booking
// (holds_for) is not one, and is not found.
func (s *Service) FindBooked(ctx context.Context, id string) (*Booking, error) {
	var hold bool
	err := s.pool.QueryRow(ctx, `SELECT holds_for IS NOT NULL FROM bookings WHERE id = $1 AND location_id = $2`, id, db.ThisBusiness).Scan(&hold)
	if errors.Is(err, pgx.ErrNoRows) || hold {
		return nil, ErrBookingNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("booking: unable to find a booking: %w", err)
	}
	return s.Find(ctx, id)
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

// BusyEvents are the events of staffID's own calendars overlapping
// [from, to), in start order, named by their calendar (its server's
// name when it has none).
func (s *Service) BusyEvents(ctx context.Context, staffID int64, from, to time.Time) ([]BusyEvent, error) {
	rows, err := s.pool.Query(ctx, `
		SELECT coalesce(nullif(cc.name, ''), sb.calendar_url), lower(sb.span), upper(sb.span)
		FROM staff_busy sb JOIN connection_calendars cc
		  ON cc.connection_id = sb.connection_id AND cc.url = sb.calendar_url AND cc.location_id = sb.location_id
		WHERE sb.location_id = $1 AND sb.staff_id = $2 AND sb.span && tstzrange($3, $4)
		ORDER BY lower(sb.span) LIMIT `+strconv.Itoa(maxBusyEvents), db.ThisBusiness, staffID, from, to)
	if err != nil {
		return nil, fmt.Errorf("booking: unable to read a person's events: %w", err)
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (BusyEvent, error) {
		var e BusyEvent
		err := r.Scan(&e.Calendar, &e.Start, &e.End)
		e.Calendar = calendarNameOf(e.Calendar)
		return e, err
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

// Reminders are a booking's reminders and follow-up, due first.
func (s *Service) Reminders(ctx context.Context, id string) ([]SentReminder, error) {
	rows, err := s.pool.Query(ctx, `SELECT kind, offset_minutes, recipient, due_at, state, skip_reason, done_at FROM reminders
		WHERE booking_id = $1 AND location_id = $2 ORDER BY due_at, id`, id, db.ThisBusiness)
	if err != nil {
		return nil, fmt.Errorf("booking: unable to read a booking's reminders: %w", err)
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (SentReminder, error) {
		var x SentReminder
		err := r.Scan(&x.Kind, &x.Before, &x.Recipient, &x.Due, &x.State, &x.SkipReason, &x.Done)
		return x, err
	})
}
