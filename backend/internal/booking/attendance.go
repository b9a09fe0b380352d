package booking

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/jackc/pgx/v5"

	"slotwise/backend/internal/command"
	"slotwise/backend/internal/db"
	"slotwise/backend/internal/events"
)

// What the business notes of a booking: whether the client came, once the
// booking has begun, and its people's notes. Both are the business's own
// (never told to the client) and run as commands: a double submit
// changes once, and each is told as an event with its actor.

// Attendance of a booking that has begun.
const (
	AttendanceAttended = "attended"
	AttendanceNoShow   = "no_show"
)

// Events of attendance.
const (
	EventAttended = "booking.attended"
	EventNoShow   = "booking.no_show"
)

// MaxNoteLen is the longest note, in characters.
const MaxNoteLen = 2000

// ErrNotBegun refuses attendance for a booking still ahead.
var ErrNotBegun = errors.New("booking: attendance is marked once the booking has begun")

// MarkAttendance notes whether the client of a booking that has begun,
// and was not cancelled, came.
func (s *Service) MarkAttendance(ctx context.Context, id, attendance, key string) error {
	event := map[string]string{AttendanceAttended: EventAttended, AttendanceNoShow: EventNoShow}[attendance]
	if event == "" {
		return &ValidationError{Fields: map[string]string{"attendance": msgInvalidText}}
	}
	op := command.Op{Scope: "booking.attendance", Key: key, Request: struct{ ID, Attendance string }{id, attendance}}
	_, _, err := command.Run(ctx, s.runner, op, func(ctx context.Context, tx pgx.Tx) (result, error) {
		b, err := s.store.bookingForUpdate(ctx, tx, id)
		if err != nil {
			return result{}, err
		}
		switch {
		case b.Start.After(s.now()):
			return result{}, ErrNotBegun
		case b.Status != StatusScheduled && b.Status != StatusRescheduled: // a request unanswered, a payment missing, cancelled
			return result{}, ErrExpired
		}
		if _, err := tx.Exec(ctx, `UPDATE bookings SET attendance = $3 WHERE id = $1 AND location_id = $2`, id, db.ThisBusiness, attendance); err != nil {
			return result{}, fmt.Errorf("booking: unable to mark attendance: %w", err)
		}
		b.Attendance = attendance
		return result{BookingID: id}, writeEvent(ctx, tx, event, b)
	})
	return err
}

// Note is one of a booking's notes.
type Note struct {
	Author string // events.ActorOf of who wrote it
	Body   string
	At     time.Time
}

// AddNote adds a note to a booking, by the actor of ctx.
func (s *Service) AddNote(ctx context.Context, id, body, key string) error {
	body = strings.TrimSpace(body)
	switch {
	case body == "":
		return &ValidationError{Fields: map[string]string{"note": "validation.required"}}
	case !isText(body, true):
		return &ValidationError{Fields: map[string]string{"note": msgInvalidText}}
	case utf8.RuneCountInString(body) > MaxNoteLen:
		return &ValidationError{Fields: map[string]string{"note": "validation.tooLong"}, Args: map[string]map[string]string{"note": {"max": strconv.Itoa(MaxNoteLen)}}}
	}
	op := command.Op{Scope: "booking.note", Key: key, Request: struct{ ID, Body string }{id, body}}
	_, _, err := command.Run(ctx, s.runner, op, func(ctx context.Context, tx pgx.Tx) (result, error) {
		if _, err := s.store.bookingForUpdate(ctx, tx, id); err != nil {
			return result{}, err
		}
		_, err := tx.Exec(ctx, `INSERT INTO booking_notes (location_id, booking_id, author, body, created_at) VALUES ($1, $2, $3, $4, $5)`,
			db.ThisBusiness, id, events.ActorOf(ctx), body, s.now())
		if err != nil {
			return result{}, fmt.Errorf("booking: unable to add a note: %w", err)
		}
		return result{BookingID: id}, nil
	})
	return err
}
