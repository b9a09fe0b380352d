package calsync

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"

	"slotwise/backend/internal/db"
	"slotwise/backend/internal/icalbusy"
)

// MaxBusyPerStaff bounds the busy intervals kept of one person across all
// their calendars: past it, the time after the last kept is held busy.
// Each calendar keeps at most icalbusy.DefaultMaxIntervals of its own.
const MaxBusyPerStaff = 20_000

// store makes a calendar's stored busy times what was read, records what
// the read left out and what tells the next sync whether it changed.
func (s *Service) store(ctx context.Context, id string, t *target, calURL string, res icalbusy.Result, set string, a, b string) error {
	return pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		var others int
		if err := tx.QueryRow(ctx, `SELECT count(*) FROM staff_busy WHERE staff_id = $1 AND location_id = $4 AND NOT (connection_id = $2 AND calendar_url = $3)`,
			t.staffID, id, calURL, db.ThisBusiness).Scan(&others); err != nil {
			return err
		}
		busy, held := capBusy(res.Busy, MaxBusyPerStaff-others, t.opt.To)
		leftOut := res.LeftOut(t.opt.Zone)
		if !held.IsZero() {
			leftOut = joinSentences(leftOut, fmt.Sprintf("The staff member's calendars have more than %d busy times; the time from %s on is held as busy",
				MaxBusyPerStaff, held.In(t.opt.Zone).Format("2 Jan 2006 15:04 MST")))
		}
		if err := replaceBusy(ctx, tx, t.staffID, id, calURL, busy, nil); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `UPDATE connection_calendars SET `+set+`, synced_to = $3, left_out = $6 WHERE connection_id = $1 AND url = $2 AND location_id = $7`,
			id, calURL, t.opt.To, a, b, leftOut, db.ThisBusiness)
		return err
	})
}

// capBusy keeps the first n of merged busy intervals and holds the time
// from the next one to the window's end; held is zero when all fit.
func capBusy(busy []icalbusy.Busy, n int, to time.Time) (kept []icalbusy.Busy, held time.Time) {
	if len(busy) <= n {
		return busy, time.Time{}
	}
	n = max(n, 0)
	held = busy[n].Start
	return append(busy[:n:n], icalbusy.Busy{Start: held, End: to}), held
}

func joinSentences(a, b string) string {
	if a == "" {
		return b
	}
	return a + ". " + b
}

// replaceBusy makes a calendar's stored busy times what was read,
// changing only the rows that differ, so an unchanged calendar drops no
// cached page. Given within, it replaces only that window: the parts of
// stored intervals outside it stay (a merged interval reaching past the
// window is cut, not lost).
func replaceBusy(ctx context.Context, tx pgx.Tx, staffID int64, id, calURL string, busy []icalbusy.Busy, within *[2]time.Time) error {
	type key struct {
		uid        string
		start, end int64
	}
	var from, to *time.Time
	if within != nil {
		from, to = &within[0], &within[1]
	}
	rows, err := tx.Query(ctx, `SELECT id, uid, lower(span), upper(span) FROM staff_busy
		WHERE connection_id = $1 AND calendar_url = $2 AND location_id = $5 AND ($3::timestamptz IS NULL OR span && tstzrange($3, $4))`, id, calURL, from, to, db.ThisBusiness)
	if err != nil {
		return err
	}
	type row struct {
		id  int64
		key key
		b   icalbusy.Busy
	}
	var stored []row
	for rows.Next() {
		var r row
		if err := rows.Scan(&r.id, &r.b.UID, &r.b.Start, &r.b.End); err != nil {
			rows.Close()
			return err
		}
		r.key = key{r.b.UID, r.b.Start.UnixMicro(), r.b.End.UnixMicro()}
		stored = append(stored, r)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	if within != nil {
		busy = append([]icalbusy.Busy(nil), busy...)
		for _, r := range stored {
			if r.b.Start.Before(*from) {
				busy = append(busy, icalbusy.Busy{UID: r.b.UID, Start: r.b.Start, End: *from})
			}
			if r.b.End.After(*to) {
				busy = append(busy, icalbusy.Busy{UID: r.b.UID, Start: *to, End: r.b.End})
			}
		}
		busy = icalbusy.Merge(busy)
	}
	want := map[key]bool{}
	for _, x := range busy {
		want[key{x.UID, x.Start.UnixMicro(), x.End.UnixMicro()}] = true
	}
	var gone []int64
	have := map[key]bool{}
	for _, r := range stored {
		if !want[r.key] || have[r.key] {
			gone = append(gone, r.id)
		}
		have[r.key] = true
	}
	if len(gone) > 0 {
		if _, err := tx.Exec(ctx, `DELETE FROM staff_busy WHERE id = ANY($1) AND location_id = $2`, gone, db.ThisBusiness); err != nil {
			return err
		}
	}
	// INSERT, not COPY: COPY FROM does not take rows into a table under row
	// security.
	var uids []string
	var spans []pgtype.Range[pgtype.Timestamptz]
	for k := range want {
		if !have[k] {
			uids = append(uids, k.uid)
			spans = append(spans, pgtype.Range[pgtype.Timestamptz]{
				Lower: pgtype.Timestamptz{Time: time.UnixMicro(k.start), Valid: true}, LowerType: pgtype.Inclusive,
				Upper: pgtype.Timestamptz{Time: time.UnixMicro(k.end), Valid: true}, UpperType: pgtype.Exclusive, Valid: true})
		}
	}
	if len(uids) > 0 {
		_, err = tx.Exec(ctx, `
			INSERT INTO staff_busy (staff_id, connection_id, calendar_url, uid, span)
			SELECT $1, $2, $3, u.uid, u.span FROM unnest($4::text[], $5::tstzrange[]) AS u(uid, span)`,
			staffID, id, calURL, uids, spans)
	}
	return err
}
