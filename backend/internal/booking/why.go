package booking

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"slotwise/backend/internal/availability"
	"slotwise/backend/internal/db"
)

// "Why is this time not free?": for a calendar, a time and its people,
// every reason a booker cannot take it, by name. Whether the time is free
// is the slot engine's answer (the one the booking pages get); the reasons
// are read beside it, rule by rule, from what the engine reads.

// The reasons a time is not free.
const (
	WhyPast        = "past"          // it has begun
	WhyNotice      = "min_notice"    // closer than the calendar's minimum notice
	WhyWindow      = "window"        // beyond the calendar's booking window
	WhyHours       = "outside_hours" // outside the person's hours that day
	WhyNotAStart   = "not_a_start"   // inside the hours, between the times slots start at
	WhyBooked      = "booked"        // a booking of the person's holds it
	WhyHeld        = "payment_hold"  // a booking waiting for its payment holds it
	WhyBuffer      = "buffer"        // a booking's buffer, or this one's, reaches it
	WhyOwnCalendar = "own_calendar"  // an event of the person's own calendar
	WhyDailyLimit  = "daily_limit"   // the person has the calendar's most bookings that day
	WhySeats       = "seats_taken"   // the class at that time is full
	WhyOther       = "other"         // the engine says no, and no rule above says why
)

// WhyReason is one reason, with what it names.
type WhyReason struct {
	Code     string
	Booking  *WhyBooking // booked, payment_hold, buffer
	Calendar string      // own_calendar: the calendar's name
	Event    *availability.Interval
	Hours    [][2]string // outside_hours: the person's hours that day (none: a day off)
	Limit    int         // daily_limit, seats_taken
	At       time.Time   // min_notice: the earliest start; window: the first start beyond it
}

// WhyBooking is a booking in the way.
type WhyBooking struct {
	ID, Name, Calendar string
	Start, End         time.Time
}

// WhyPerson is one person's answer.
type WhyPerson struct {
	Staff   *Staff
	Free    bool
	Reasons []WhyReason
}

// WhyAnswer is the whole answer: free or not, the calendar's reasons
// (they hold for everyone), and each person's.
type WhyAnswer struct {
	Calendar *Calendar
	Start    time.Time
	Free     bool
	Reasons  []WhyReason
	People   []WhyPerson
}

// WhyNotFree answers for calendar at start, for one of its people
// (staffID) or all of them (0).
func (s *Service) WhyNotFree(ctx context.Context, calendar string, staffID int64, start time.Time) (*WhyAnswer, error) {
	cal, err := s.store.calendarBySlug(ctx, s.pool, calendar)
	if err != nil {
		return nil, err
	}
	staff, err := pickStaff(cal, staffID)
	if err != nil {
		return nil, err
	}
	now := s.now()
	ans := &WhyAnswer{Calendar: cal, Start: start}
	switch {
	case !start.After(now):
		ans.Reasons = append(ans.Reasons, WhyReason{Code: WhyPast})
	case start.Before(now.Add(cal.MinNotice)):
		ans.Reasons = append(ans.Reasons, WhyReason{Code: WhyNotice, At: now.Add(cal.MinNotice)})
	}
	if w := now.Add(time.Duration(cal.WindowDays) * 24 * time.Hour); cal.WindowDays > 0 && !start.Before(w) {
		ans.Reasons = append(ans.Reasons, WhyReason{Code: WhyWindow, At: w})
	}
	busy, err := s.busyOf(ctx, s.pool, staff, start, start.Add(cal.Duration))
	if err != nil {
		return nil, err
	}
	free := 0
	for _, st := range staff {
		p := WhyPerson{Staff: st}
		q, err := freeOf(cal, []*Staff{st}, busy, start, start.Add(time.Nanosecond), now, nil)
		if err != nil {
			return nil, err
		}
		if sl := q.slots(); len(sl) > 0 && sl[0].Start.Equal(start) {
			p.Free = true
			free++
		} else if p.Reasons, err = s.personReasons(ctx, cal, st, start); err != nil {
			return nil, err
		}
		if !p.Free && len(p.Reasons) == 0 && len(ans.Reasons) == 0 {
			p.Reasons = []WhyReason{{Code: WhyOther}}
		}
		ans.People = append(ans.People, p)
	}
	ans.Free = free > 0 && (!cal.Collective() || free == len(staff))
	return ans, nil
}

// personReasons are the reasons st cannot take cal at start.
func (s *Service) personReasons(ctx context.Context, cal *Calendar, st *Staff, start time.Time) ([]WhyReason, error) {
	as, err := availabilityStaff(st)
	if err != nil {
		return nil, err
	}
	var out []WhyReason
	end := start.Add(cal.Duration)
	day := availability.DateOf(start, as.Zone)
	working := availability.WorkingTime(as, day.AddDays(-1), day.AddDays(1))
	if !availability.Within(start, end, working) {
		out = append(out, WhyReason{Code: WhyHours, Hours: hoursOn(st, day)})
	} else if step := cal.Interval; step > 0 || cal.Duration > 0 {
		if step == 0 {
			step = cal.Duration
		}
		for _, iv := range working {
			if !start.Before(iv.Start) && !end.After(iv.End) && start.Sub(iv.Start)%step != 0 {
				out = append(out, WhyReason{Code: WhyNotAStart})
				break
			}
		}
	}
	// What is in the way is read in one round trip: the bookings, the
	// person's own events and, under a daily limit, the day's count.
	blocked := availability.Blocked(start, availability.Rules{Duration: cal.Duration, BufferBefore: cal.BufferBefore, BufferAfter: cal.BufferAfter})
	b := &pgx.Batch{}
	var inWay, events []WhyReason
	s.queueBookingsInTheWay(b, cal, st, start, blocked, &inWay)
	queueOwnEventsInTheWay(b, st, blocked, &events)
	n := 0
	if cal.MaxPerStaffPerDay > 0 {
		from, to := availability.DayRange(day, day, as.Zone)
		b.Queue(`SELECT count(DISTINCT coalesce(session, id)) FROM bookings
			WHERE location_id = $1 AND staff_id = $2 AND status <> 'cancelled' AND starts_at >= $3 AND starts_at < $4`,
			db.ThisBusiness, st.ID, from, to).QueryRow(func(row pgx.Row) error {
			if err := row.Scan(&n); err != nil {
				return fmt.Errorf("booking: unable to count a day's bookings: %w", err)
			}
			return nil
		})
	}
	if err := s.pool.SendReads(ctx, b); err != nil {
		return nil, err
	}
	out = append(out, inWay...)
	out = append(out, events...)
	if cal.MaxPerStaffPerDay > 0 && n >= cal.MaxPerStaffPerDay {
		out = append(out, WhyReason{Code: WhyDailyLimit, Limit: cal.MaxPerStaffPerDay})
	}
	return out, nil
}

// queueBookingsInTheWay queues the reading of st's bookings whose
// blocked time meets blocked (into, once b is sent): the booking itself
// over the appointment (booked, or held for a payment), or only a
// buffer. A class's own slot at start is a place to share, in the way
// only when full.
func (s *Service) queueBookingsInTheWay(b *pgx.Batch, cal *Calendar, st *Staff, start time.Time, blocked availability.Interval, into *[]WhyReason) {
	type row struct {
		b        WhyBooking
		status   string
		calendar int64
		seats    int
	}
	b.Queue(`
		SELECT coalesce(b.holds_for, b.id), b.status, b.starts_at, b.ends_at, b.first_name || ' ' || b.last_name, c.name,
		       b.calendar_id, b.seats
		FROM bookings b JOIN calendars c ON c.id = b.calendar_id AND c.location_id = b.location_id
		WHERE b.location_id = $1 AND b.staff_id = $2 AND b.status <> 'cancelled'
		  AND b.starts_at > $5 AND b.starts_at < $6 AND b.blocked && tstzrange($3, $4) -- startsNear's bounds
		ORDER BY b.starts_at, b.id`, db.ThisBusiness, st.ID, blocked.Start, blocked.End,
		blocked.Start.Add(-blockedAfterStart), blocked.End.Add(blockedBeforeStart)).Query(func(rows pgx.Rows) error {
		list, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (row, error) {
			var x row
			err := r.Scan(&x.b.ID, &x.status, &x.b.Start, &x.b.End, &x.b.Name, &x.b.Calendar, &x.calendar, &x.seats)
			return x, err
		})
		if err != nil {
			return fmt.Errorf("booking: unable to read the bookings in the way: %w", err)
		}
		var out []WhyReason
		taken := 0
		end := start.Add(cal.Duration)
		for _, x := range list {
			if cal.Class() && x.calendar == cal.ID && x.b.Start.Equal(start) {
				taken += x.seats
				continue
			}
			b := x.b
			code := WhyBuffer
			if x.b.Start.Before(end) && start.Before(x.b.End) {
				code = WhyBooked
				if x.status == StatusPending {
					code = WhyHeld
				}
			}
			out = append(out, WhyReason{Code: code, Booking: &b})
		}
		if cal.Class() && taken >= cal.Seats {
			out = append(out, WhyReason{Code: WhySeats, Limit: cal.Seats})
		}
		*into = out
		return nil
	})
}

// queueOwnEventsInTheWay queues the reading of the events of st's own
// calendars that meet blocked, with their calendar's name (into, once b
// is sent).
func queueOwnEventsInTheWay(b *pgx.Batch, st *Staff, blocked availability.Interval, into *[]WhyReason) {
	b.Queue(`
		SELECT coalesce(nullif(cc.name, ''), sb.calendar_url), lower(sb.span), upper(sb.span)
		FROM staff_busy sb JOIN connection_calendars cc
		  ON cc.connection_id = sb.connection_id AND cc.url = sb.calendar_url AND cc.location_id = sb.location_id
		WHERE sb.location_id = $1 AND sb.staff_id = $2 AND sb.span && tstzrange($3, $4)
		ORDER BY lower(sb.span) LIMIT 20`, db.ThisBusiness, st.ID, blocked.Start, blocked.End).Query(func(rows pgx.Rows) (err error) {
		*into, err = pgx.CollectRows(rows, func(r pgx.CollectableRow) (WhyReason, error) {
			var w WhyReason
			var ev availability.Interval
			err := r.Scan(&w.Calendar, &ev.Start, &ev.End)
			w.Code, w.Event, w.Calendar = WhyOwnCalendar, &ev, calendarNameOf(w.Calendar)
			return w, err
		})
		if err != nil {
			return fmt.Errorf("booking: unable to read the events in the way: %w", err)
		}
		return nil
	})
}

// hoursOn are st's hours on their date day: its override's, or its
// weekday's.
func hoursOn(st *Staff, day availability.Date) [][2]string {
	for _, o := range st.Overrides {
		if o.Day == day.String() {
			if o.Closed {
				return nil
			}
			return o.Hours
		}
	}
	return st.Weekly[int(day.Weekday())]
}
