package booking

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"slotwise/backend/internal/db"
)

// A booking's reminders and follow-up are rows of the reminders table,
// made what the booking's state asks in the transaction of every change:
// each change emits its event through Service.emit, which plans them, so
// no path can book, move, confirm, pay for, cancel or decline a booking
// and leave a reminder behind. The reminders package sends them.

// EventReminderSent is emitted when a reminder is queued to its recipient.
const EventReminderSent = "booking.reminder_sent"

// ReminderEvent is booking.reminder_sent's payload: the booking as it was
// reminded of, and which reminder went to whom.
type ReminderEvent struct {
	BookingEvent
	Before    int    `json:"beforeMinutes"`
	To        string `json:"to"`        // booker, staff
	Recipient string `json:"recipient"` // booker, guest:<address>, staff:<id>
}

// emit writes a booking event and, in the same transaction, the booking's
// reminders as its new state asks.
func (s *Service) emit(ctx context.Context, q db.Querier, typ string, b *Booking) error {
	if err := writeEvent(ctx, q, typ, b); err != nil {
		return err
	}
	return planReminders(ctx, q, []string{b.ID}, s.now())
}

// Reminded states: a held or requested booking is reminded once it is paid
// or confirmed; a cancelled or declined one never.
const remindedStates = `('scheduled', 'rescheduled')`

// plannedSteps is every row the bookings $1 (of the business $2) ask for
// now, whenever due: each reminder of the calendar to the booker (and each
// guest with an address of their own) or to the booking's people, and the
// follow-up to the booker, of a booking that holds.
const plannedSteps = `
	SELECT step.kind, b.id AS booking_id, who.staff_id, step.minutes, who.recipient, b.starts_at, step.due
	FROM bookings b
	JOIN calendars c ON c.id = b.calendar_id AND c.location_id = b.location_id
	CROSS JOIN LATERAL (
		SELECT 'reminder' AS kind, (e->>'before')::int AS minutes, e->>'to' AS audience,
		       b.starts_at - make_interval(mins => (e->>'before')::int) AS due
		FROM jsonb_array_elements(c.reminders) e
		UNION ALL
		SELECT 'follow_up', (c.follow_up->>'after')::int, 'booker',
		       b.ends_at + make_interval(mins => (c.follow_up->>'after')::int)
		WHERE c.follow_up IS NOT NULL
	) step
	CROSS JOIN LATERAL (
		SELECT 'booker' AS recipient, NULL::bigint AS staff_id WHERE step.audience = 'booker'
		UNION ALL
		SELECT DISTINCT 'guest:' || lower(g.email), NULL::bigint FROM booking_guests g
		WHERE step.audience = 'booker' AND step.kind = 'reminder' AND g.booking_id = b.id AND g.location_id = b.location_id
		  AND g.email <> '' AND lower(g.email) <> lower(b.email)
		UNION ALL
		SELECT 'staff:' || p.id, p.id FROM staff p
		WHERE step.audience = 'staff' AND p.location_id = b.location_id AND (p.id = b.staff_id OR c.staff_mode = 'collective'
		      AND p.id IN (SELECT staff_id FROM calendar_staff WHERE calendar_id = c.id AND location_id = c.location_id))
	) who
	WHERE b.id = ANY($1) AND b.location_id = $2 AND b.holds_for IS NULL AND b.status IN ` + remindedStates

// planReminders makes the rows of ids what their state asks: a row still
// due that the booking no longer asks for (cancelled, moved, a step taken
// off) goes; one it still asks for stays as it is, even overdue, so a
// reminder late after downtime or being sent right now is not lost; a new
// one is written unless its time has passed already (a booking made 30
// minutes before its start has no 24-hour reminder). A row sent already
// for the same start stays sent.
//
// The calendars' rows are locked first (shared): a change of a calendar's
// reminders and the plan of one of its bookings then wait for each other,
// so neither plans from a list the other has just replaced.
func planReminders(ctx context.Context, q db.Querier, ids []string, now time.Time) error {
	if _, err := q.Exec(ctx, `SELECT 1 FROM calendars WHERE location_id = $2
		AND id IN (SELECT calendar_id FROM bookings WHERE id = ANY($1) AND location_id = $2)
		ORDER BY id FOR SHARE`, ids, db.ThisBusiness); err != nil {
		return fmt.Errorf("booking: unable to lock calendars: %w", err)
	}
	if _, err := q.Exec(ctx, `
		WITH planned AS (`+plannedSteps+`)
		DELETE FROM reminders r WHERE r.booking_id = ANY($1) AND r.location_id = $2 AND r.state = 'due' AND NOT EXISTS (
			SELECT 1 FROM planned p WHERE p.booking_id = r.booking_id AND p.kind = r.kind
			  AND p.minutes = r.offset_minutes AND p.recipient = r.recipient AND p.starts_at = r.starts_at)`, ids, db.ThisBusiness); err != nil {
		return fmt.Errorf("booking: unable to drop reminders: %w", err)
	}
	if _, err := q.Exec(ctx, `
		INSERT INTO reminders (kind, booking_id, staff_id, offset_minutes, recipient, starts_at, due_at)
		SELECT kind, booking_id, staff_id, minutes, recipient, starts_at, due FROM (`+plannedSteps+`) planned
		WHERE due > $3
		ON CONFLICT DO NOTHING`, ids, db.ThisBusiness, now); err != nil {
		return fmt.Errorf("booking: unable to plan reminders: %w", err)
	}
	return nil
}

// UpkeepPlans is the deployment's one-off planning of what was made
// before reminders existed (db.RunUpkeep): PlanUnplanned and the agendas'
// PlanAgendas for every business, run by the first start after the
// upgrade.
const UpkeepPlans = "plan leftovers"

// PlanUnplanned plans the reminders of bookings still to come that have
// none: those made before reminders existed (an upgrade), once
// (UpkeepPlans); it is one query when there are none. (A booking all of
// whose reminders were past when it was made stays without rows.)
func PlanUnplanned(ctx context.Context, q db.Querier, now time.Time) (int, error) {
	planned, after := 0, ""
	for {
		rows, err := q.Query(ctx, `SELECT b.id FROM bookings b WHERE b.location_id = $3
			AND b.starts_at > $1 AND b.holds_for IS NULL AND b.status IN `+remindedStates+` AND b.id > $2
			AND NOT EXISTS (SELECT 1 FROM reminders r WHERE r.booking_id = b.id AND r.location_id = b.location_id)
			ORDER BY b.id LIMIT 500`, now, after, db.ThisBusiness)
		if err != nil {
			return planned, fmt.Errorf("booking: unable to find unplanned bookings: %w", err)
		}
		ids, err := pgx.CollectRows(rows, pgx.RowTo[string])
		if err != nil || len(ids) == 0 {
			return planned, err
		}
		if err := planReminders(ctx, q, ids, now); err != nil {
			return planned, err
		}
		planned, after = planned+len(ids), ids[len(ids)-1]
		if len(ids) < 500 {
			return planned, nil
		}
	}
}

// ReplanCalendar makes the reminders of a calendar's bookings follow its
// reminders and follow-up as they are now: rows still due go and the new
// steps' come, for every booking not long over; what was sent stays sent.
// Content calls it in the transaction that changes them.
func (s *Service) ReplanCalendar(ctx context.Context, q db.Querier, calendarID int64) error {
	return ReplanCalendar(ctx, q, calendarID, s.now())
}

// ReplanCalendar is Service.ReplanCalendar at the instant now.
func ReplanCalendar(ctx context.Context, q db.Querier, calendarID int64, now time.Time) error {
	rows, err := q.Query(ctx, `SELECT id FROM bookings WHERE calendar_id = $1 AND location_id = $3 AND holds_for IS NULL
		AND ends_at > $2::timestamptz - interval '31 days'`, calendarID, now, db.ThisBusiness)
	if err != nil {
		return fmt.Errorf("booking: unable to find a calendar's bookings: %w", err)
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil || len(ids) == 0 {
		return err
	}
	return planReminders(ctx, q, ids, now)
}
