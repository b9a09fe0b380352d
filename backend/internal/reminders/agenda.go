package reminders

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"slotwise/backend/internal/booking"
	"slotwise/backend/internal/db"
)

// agendaSetting is a staff member's agenda as stored (staff.agenda).
type agendaSetting struct {
	At  string `json:"at"`  // 07:30 in their zone
	Day string `json:"day"` // today, tomorrow
}

// PlanAgenda makes a staff member's one due agenda row what their setting
// asks: the next time its hour comes after now, for the day it lists. It
// runs in the transaction that changes the setting, and in the one that
// sends an agenda (so the next is planned once the last is done); a day
// whose agenda was sent already is passed over.
func PlanAgenda(ctx context.Context, q db.Querier, staffID int64, now time.Time) error {
	var raw []byte
	var zoneName string
	var active bool
	err := q.QueryRow(ctx, `SELECT agenda, time_zone, active FROM staff WHERE id = $1`, staffID).Scan(&raw, &zoneName, &active)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("reminders: unable to read an agenda setting: %w", err)
	}
	if _, err := q.Exec(ctx, `DELETE FROM reminders WHERE kind = 'agenda' AND staff_id = $1 AND state = 'due'`, staffID); err != nil {
		return fmt.Errorf("reminders: unable to drop an agenda: %w", err)
	}
	if raw == nil || !active {
		return nil
	}
	var set agendaSetting
	if err := json.Unmarshal(raw, &set); err != nil {
		return fmt.Errorf("reminders: staff %d has a broken agenda setting: %w", staffID, err)
	}
	zone, err := time.LoadLocation(zoneName)
	if err != nil {
		return fmt.Errorf("reminders: staff %d: %w", staffID, err)
	}
	at, err := time.Parse("15:04", set.At)
	if err != nil {
		return fmt.Errorf("reminders: staff %d: agenda hour %q: %w", staffID, set.At, err)
	}
	ahead := 0
	if set.Day == "tomorrow" {
		ahead = 1
	}
	local := now.In(zone)
	for i := 0; i < 4; i++ {
		d := local.AddDate(0, 0, i)
		due := time.Date(d.Year(), d.Month(), d.Day(), at.Hour(), at.Minute(), 0, 0, zone)
		if !due.After(now) {
			continue
		}
		listed := time.Date(d.Year(), d.Month(), d.Day()+ahead, 0, 0, 0, 0, zone)
		tag, err := q.Exec(ctx, `INSERT INTO reminders (kind, staff_id, offset_minutes, recipient, starts_at, due_at)
			VALUES ('agenda', $1, 0, $2, $3, $4) ON CONFLICT DO NOTHING`, staffID, booking.StaffRecipient(staffID), listed, due)
		if err != nil {
			return fmt.Errorf("reminders: unable to plan an agenda: %w", err)
		}
		if tag.RowsAffected() == 1 {
			return nil
		}
	}
	return nil
}

// PlanAgendas plans every staff member's agenda (after an upgrade, or to
// repair): what a server does once at start.
func PlanAgendas(ctx context.Context, pool db.Querier, now time.Time) error {
	rows, err := pool.Query(ctx, `SELECT id FROM staff s WHERE agenda IS NOT NULL AND active
		AND NOT EXISTS (SELECT 1 FROM reminders r WHERE r.kind = 'agenda' AND r.staff_id = s.id AND r.state = 'due')`)
	if err != nil {
		return fmt.Errorf("reminders: unable to list agendas: %w", err)
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[int64])
	if err != nil {
		return err
	}
	for _, id := range ids {
		if err := PlanAgenda(ctx, pool, id, now); err != nil {
			return err
		}
	}
	return nil
}

// agenda decides a staff member's agenda: the day's appointments, none
// for an empty day, none once the day is over.
func (w *Worker) agenda(ctx context.Context, r row) (done, error) {
	var person booking.Staff
	var raw []byte
	err := w.Pool.QueryRow(ctx, `SELECT id, slug, name, email, time_zone, agenda FROM staff WHERE id = $1 AND active`, r.staffID).
		Scan(&person.ID, &person.Slug, &person.Name, &person.Email, &person.TimeZone, &raw)
	if errors.Is(err, pgx.ErrNoRows) || err == nil && raw == nil {
		return skip(ReasonChanged), nil
	}
	if err != nil {
		return done{}, err
	}
	zone, err := time.LoadLocation(person.TimeZone)
	if err != nil {
		return skip(ReasonChanged), nil
	}
	from := r.startsAt.In(zone)
	to := time.Date(from.Year(), from.Month(), from.Day()+1, 0, 0, 0, 0, zone)
	if !w.now().Before(to) {
		return skip(ReasonLate), nil
	}
	day, err := w.Bookings.StaffDay(ctx, w.Pool, person.ID, from, to)
	if err != nil {
		return done{}, err
	}
	if len(day) == 0 {
		return skip(ReasonEmpty), nil
	}
	mail := w.Mailer.Agenda(ctx, &person, from.Format(time.DateOnly), day, w.now())
	return done{outcome: Sent, mail: &mail, once: fmt.Sprintf("agenda:%d:%s", person.ID, from.Format(time.DateOnly))}, nil
}

// Purge deletes the rows done (sent or skipped) longer ago than age: what
// a reminder was is in the outbox and the events by then, and a row done
// that long ago can no longer be planned again (its time has passed).
func Purge(ctx context.Context, q db.Querier, age time.Duration) (int64, error) {
	tag, err := q.Exec(ctx, `DELETE FROM reminders WHERE state <> 'due' AND done_at < now() - $1 * interval '1 second'`, int64(age.Seconds()))
	if err != nil {
		return 0, fmt.Errorf("reminders: unable to purge: %w", err)
	}
	return tag.RowsAffected(), nil
}
