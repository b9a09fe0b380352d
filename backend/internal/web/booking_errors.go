package web

import (
	"net/http"

	"slotwise/backend/internal/booking"
)

// bookingErrors: how the booking domain's errors are answered.
var bookingErrors = []ErrorMapping{
	{Err: booking.ErrCalendarNotFound, Status: http.StatusNotFound, Code: "not_found", MessageID: "booking.error.cannotFindCalendar"},
	{Err: booking.ErrBookingNotFound, Status: http.StatusNotFound, Code: "not_found", MessageID: "booking.error.noEvent"},
	{Err: booking.ErrStaffBusy, Status: http.StatusConflict, Code: "staff_busy", MessageID: "booking.error.staffBusy"},
	{Err: booking.ErrSlotUnavailable, Status: http.StatusConflict, Code: "slot_unavailable", MessageID: "booking.error.resourceUnavailable"},
	{Err: booking.ErrExpired, Status: http.StatusGone, Code: "expired", MessageID: "booking.error.linkExpired"},
}
