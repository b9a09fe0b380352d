package reminders

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
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
// whose agenda was sent already is passed over, and a row still due that
// the setting still asks for stays, even overdue (late after downtime). A
// setting it cannot read plans nothing: content checks it on the way in.
func PlanAgenda(ctx context.Context, q db.Querier, staffID int64, now time.Time) error {
	set, ok, err := loadAgenda(ctx, q, staffID)
	if err != nil {
		return err
	}
	var keep int64
	if ok {
		var id int64
		var listed, due time.Time
		err := q.QueryRow(ctx, `SELECT id, starts_at, due_at FROM reminders WHERE kind = 'agenda' AND staff_id = $1 AND location_id = $2 AND state = 'due'
			ORDER BY due_at LIMIT 1`, staffID, db.ThisBusiness).Scan(&id, &listed, &due)
		if err != nil && !errors.Is(err, pgx.ErrNoRows) {
			return fmt.Errorf("reminders: unable to read an agenda row: %w", err)
		}
		if err == nil && set.dueFor(listed).Equal(due) {
			keep = id
		}
	}
	if _, err := q.Exec(ctx, `DELETE FROM reminders WHERE kind = 'agenda' AND staff_id = $1 AND location_id = $3 AND state = 'due' AND id <> $2`, staffID, keep, db.ThisBusiness); err != nil {
		return fmt.Errorf("reminders: unable to drop an agenda: %w", err)
	}
	if !ok || keep != 0 {
		return nil
	}
	local := now.In(set.zone)
	for i := 0; i < 4; i++ {
		d := local.AddDate(0, 0, i)
		listed := time.Date(d.Year(), d.Month(), d.Day()+set.ahead, 0, 0, 0, 0, set.zone)
		due := set.dueFor(listed)
		if !due.After(now) {
			continue
		}
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

// planAgendaAfter plans a staff member's agenda that follows the one of
// the day starting at listed, just done: the next day's, or after
// downtime the first day not over yet, even if its hour has passed (it
// goes late, while that day has appointments to come).
func planAgendaAfter(ctx context.Context, q db.Querier, staffID int64, listed, now time.Time) error {
	set, ok, err := loadAgenda(ctx, q, staffID)
	if err != nil || !ok {
		return err
	}
	var due int
	if err := q.QueryRow(ctx, `SELECT count(*) FROM reminders WHERE kind = 'agenda' AND staff_id = $1 AND location_id = $2 AND state = 'due'`, staffID, db.ThisBusiness).Scan(&due); err != nil {
		return err
	}
	if due > 0 {
		return nil // the setting changed meanwhile and planned its own
	}
	day := listed.In(set.zone)
	next := time.Date(day.Year(), day.Month(), day.Day()+1, 0, 0, 0, 0, set.zone)
	if today := now.In(set.zone); !time.Date(next.Year(), next.Month(), next.Day()+1, 0, 0, 0, 0, set.zone).After(now) {
		next = time.Date(today.Year(), today.Month(), today.Day(), 0, 0, 0, 0, set.zone) // days missed while down are over
	}
	for i := 0; i < 4; i++ {
		d := time.Date(next.Year(), next.Month(), next.Day()+i, 0, 0, 0, 0, set.zone)
		tag, err := q.Exec(ctx, `INSERT INTO reminders (kind, staff_id, offset_minutes, recipient, starts_at, due_at)
			VALUES ('agenda', $1, 0, $2, $3, $4) ON CONFLICT DO NOTHING`, staffID, booking.StaffRecipient(staffID), d, set.dueFor(d))
		if err != nil {
			return fmt.Errorf("reminders: unable to plan an agenda: %w", err)
		}
		if tag.RowsAffected() == 1 {
			return nil
		}
	}
	return nil
}

// agendaPlan is a setting read: the hour, the zone, and how many days
// ahead of its sending the listed day is (tomorrow: 1).
type agendaPlan struct {
	hour, minute, ahead int
	zone                *time.Location
}

// loadAgenda reads a staff member's setting; false: none to plan (no such
// person, none set, inactive, or a setting it cannot read).
func loadAgenda(ctx context.Context, q db.Querier, staffID int64) (agendaPlan, bool, error) {
	person, err := booking.PersonByID(ctx, q, staffID)
	if errors.Is(err, booking.ErrPersonNotFound) {
		return agendaPlan{}, false, nil
	}
	if err != nil {
		return agendaPlan{}, false, fmt.Errorf("reminders: unable to read an agenda setting: %w", err)
	}
	set, ok := readAgenda(person.Agenda, person.TimeZone, person.Active)
	return set, ok, nil
}

func readAgenda(raw []byte, zoneName string, active bool) (agendaPlan, bool) {
	var set agendaSetting
	if raw == nil || !active || json.Unmarshal(raw, &set) != nil {
		return agendaPlan{}, false
	}
	zone, err := time.LoadLocation(zoneName)
	if err != nil {
		return agendaPlan{}, false
	}
	at, err := time.Parse("15:04", set.At)
	if err != nil {
		return agendaPlan{}, false
	}
	p := agendaPlan{hour: at.Hour(), minute: at.Minute(), zone: zone}
	if set.Day == "tomorrow" {
		p.ahead = 1
	}
	return p, true
}

// dueFor is when the agenda of the day starting at listed goes: the hour
// on that day, or on the day before for tomorrow's.
func (p agendaPlan) dueFor(listed time.Time) time.Time {
	d := listed.In(p.zone)
	return time.Date(d.Year(), d.Month(), d.Day()-p.ahead, p.hour, p.minute, 0, 0, p.zone)
}

// PlanAgendas plans every staff member's agenda not yet planned: after
// the upgrade that brought agendas, once (booking.UpkeepPlans), or again
// to repair when an operator asks (docs/operations.md).
func PlanAgendas(ctx context.Context, pool db.Querier, now time.Time) error {
	ids, err := booking.PeopleWithAgenda(ctx, pool)
	if err != nil {
		return err
	}
	rows, err := pool.Query(ctx, `SELECT DISTINCT staff_id FROM reminders WHERE kind = 'agenda' AND state = 'due' AND staff_id = ANY($1) AND location_id = $2`, ids, db.ThisBusiness)
	if err != nil {
		return fmt.Errorf("reminders: unable to list agendas: %w", err)
	}
	planned, err := pgx.CollectRows(rows, pgx.RowTo[int64])
	if err != nil {
		return err
	}
	for _, id := range ids {
		if slices.Contains(planned, id) {
			continue
		}
		if err := PlanAgenda(ctx, pool, id, now); err != nil {
			return err
		}
	}
	return nil
}

// agenda decides a staff member's agenda: the day's appointments, none
// for an empty day, none once the day is over.
func (w *Worker) agenda(ctx context.Context, r row) (done, error) {
	found, err := booking.PersonByID(ctx, w.Pool, r.staffID)
	if errors.Is(err, booking.ErrPersonNotFound) || err == nil && (found.Agenda == nil || !found.Active) {
		return skip(ReasonChanged), nil
	}
	if err != nil {
		return done{}, err
	}
	person := booking.Staff{ID: found.ID, Slug: found.Slug, Name: found.Name, Email: found.Email, TimeZone: found.TimeZone}
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
	if !w.now().Before(day[len(day)-1].Start) {
		return skip(ReasonLate), nil // late after downtime, and every appointment of it has begun
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
