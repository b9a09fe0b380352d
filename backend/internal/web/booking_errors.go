package web

import (
	"errors"
	"net/http"
	"strconv"

	"slotwise/backend/internal/booking"
)

// bookingErrors: how the booking domain's errors are answered.
var bookingErrors = []ErrorMapping{
	{Err: booking.ErrCalendarNotFound, Status: http.StatusNotFound, Code: "not_found", MessageID: "booking.error.cannotFindCalendar"},
	{Err: booking.ErrBookingNotFound, Status: http.StatusNotFound, Code: "not_found", MessageID: "booking.error.noEvent"},
	{Err: booking.ErrStaffBusy, Status: http.StatusConflict, Code: "staff_busy", MessageID: "booking.error.staffBusy"},
	{Err: booking.ErrSlotUnavailable, Status: http.StatusConflict, Code: "slot_unavailable", MessageID: "booking.error.resourceUnavailable"},
	{Err: booking.ErrExpired, Status: http.StatusGone, Code: "expired", MessageID: "booking.error.linkExpired"},
	{Err: booking.ErrLinkUsed, Status: http.StatusGone, Code: "expired", MessageID: "booking.error.slugExpired"},
	{Err: booking.ErrNotRequested, Status: http.StatusConflict, Code: "already_decided", MessageID: "booking.error.alreadyDecided"},
	{Err: booking.ErrNotBegun, Status: http.StatusConflict, Code: "not_begun", MessageID: "admin.attendance.notBegun"},
	{Err: booking.ErrTeamNotFound, Status: http.StatusNotFound, Code: "not_found", MessageID: "booking.error.unableToFindCalendar"},
	{Err: booking.ErrGroupNotFound, Status: http.StatusNotFound, Code: "not_found", MessageID: "booking.error.unableToFindCalendar"},
	{Err: booking.ErrMenuNotFound, Status: http.StatusNotFound, Code: "not_found", MessageID: "booking.error.cannotFindCalendar"},
	{Status: http.StatusConflict, Code: "seats_left", MessageID: "booking.error.seatsLeft", Args: seatsLeft},
	{Status: http.StatusConflict, Code: "series_taken", MessageID: "booking.error.seriesTaken", Args: seriesTaken},
}

// seatsLeft answers "Total available seats for this slot is only {count}".
func seatsLeft(err error) (map[string]string, bool) {
	var se *booking.SeatsError
	if !errors.As(err, &se) {
		return nil, false
	}
	return map[string]string{"count": strconv.Itoa(se.Left)}, true
}

// seriesTaken answers a series some of whose times are taken.
func seriesTaken(err error) (map[string]string, bool) {
	var se *booking.SeriesConflictError
	if !errors.As(err, &se) {
		return nil, false
	}
	return map[string]string{"count": strconv.Itoa(len(se.Taken))}, true
}
