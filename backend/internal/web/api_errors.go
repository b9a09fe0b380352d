package web

import (
	"errors"
	"log/slog"
	"net/http"

	"github.com/gin-gonic/gin"

	"slotwise/backend/internal/booking"
	"slotwise/locales"
)

// FieldError is one invalid field: its message id and the text in the
// request's language.
type FieldError struct {
	ID      string `json:"id"`
	Message string `json:"message"`
}

type apiErrorBody struct {
	Code      string                `json:"code"`
	Message   string                `json:"message"`
	MessageID string                `json:"messageId,omitempty"`
	Fields    map[string]FieldError `json:"fields,omitempty"`
}

// localizedError answers with a message id and its text in the visitor's language.
func localizedError(c *gin.Context, status int, code, messageID string, cat *locales.Catalogue) {
	c.AbortWithStatusJSON(status, gin.H{"error": apiErrorBody{Code: code, MessageID: messageID, Message: translate(cat, messageID, nil)}})
}

// translate fills {name} arguments of a catalogue message.
func translate(cat *locales.Catalogue, id string, args map[string]string) string {
	req := PageRequest{Cat: cat}
	flat := make([]string, 0, 2*len(args))
	for k, v := range args {
		flat = append(flat, k, v)
	}
	return req.T(id, flat...)
}

// messageArgs are the arguments some validation messages take.
var messageArgs = map[string]map[string]string{
	"validation.tooLong":       {"max": "100"},
	"validation.reasonTooLong": {"max": "500"},
}

// bookingError maps the booking domain's errors to HTTP, in one place.
func (s *Server) bookingError(c *gin.Context, err error, cat *locales.Catalogue, namedStaff bool) {
	var invalid *booking.ValidationError
	switch {
	case errors.As(err, &invalid):
		fields := map[string]FieldError{}
		for field, id := range invalid.Fields {
			fields[field] = FieldError{ID: id, Message: translate(cat, id, messageArgs[id])}
		}
		c.AbortWithStatusJSON(http.StatusUnprocessableEntity, gin.H{"error": apiErrorBody{
			Code: "invalid", MessageID: "booking.error.invalid", Message: translate(cat, "booking.error.invalid", nil), Fields: fields,
		}})
	case errors.Is(err, booking.ErrCalendarNotFound):
		localizedError(c, http.StatusNotFound, "not_found", "booking.error.cannotFindCalendar", cat)
	case errors.Is(err, booking.ErrBookingNotFound):
		localizedError(c, http.StatusNotFound, "not_found", "booking.error.noEvent", cat)
	case errors.Is(err, booking.ErrSlotUnavailable) && namedStaff:
		localizedError(c, http.StatusConflict, "slot_unavailable", "booking.error.staffBusy", cat)
	case errors.Is(err, booking.ErrSlotUnavailable):
		localizedError(c, http.StatusConflict, "slot_unavailable", "booking.error.resourceUnavailable", cat)
	case errors.Is(err, booking.ErrExpired):
		localizedError(c, http.StatusGone, "expired", "booking.error.linkExpired", cat)
	case errors.Is(err, booking.ErrIdempotencyReuse):
		c.AbortWithStatusJSON(http.StatusUnprocessableEntity, gin.H{"error": apiErrorBody{
			Code: "idempotency_key_reused", Message: "This Idempotency-Key was used for a different request",
		}})
	default:
		s.log.ErrorContext(c.Request.Context(), "booking request failed", slog.String("path", c.Request.URL.Path), slog.Any("err", err))
		localizedError(c, http.StatusInternalServerError, "internal", "booking.error.unableToSchedule", cat)
	}
}
