package web

import (
	"context"
	"errors"
	"log/slog"
	"net/http"

	"github.com/gin-gonic/gin"

	"slotwise/backend/internal/command"
	"slotwise/backend/internal/db"
	"slotwise/backend/internal/limits"
	"slotwise/backend/internal/web/pages"
	"slotwise/locales"
)

// ErrorMapping is how one domain error is answered, by the JSON API and by
// the page loaders alike: a status, a stable code for API clients and the
// message the visitor reads. Each feature lists its own (booking_errors.go);
// the server looks an error up in all of them, in one place.
type ErrorMapping struct {
	Err       error
	Status    int
	Code      string
	MessageID string // empty: a developer's error, answered in English
	Message   string // the English text when there is no message id
	// Args, when set, matches instead of errors.Is: an error type whose
	// message takes arguments (seats left) answers them.
	Args func(err error) (map[string]string, bool)
}

// commandErrors are the mutation pipeline's own.
var commandErrors = []ErrorMapping{
	{Err: command.ErrKeyReused, Status: http.StatusUnprocessableEntity, Code: "idempotency_key_reused",
		Message: "This Idempotency-Key was used for a different request"},
	{Err: command.ErrKeyInvalid, Status: http.StatusBadRequest, Code: "bad_request",
		Message: "An Idempotency-Key is 1 to 255 printable ASCII characters"},
}

// invalidFields is what a domain's validation error offers: field →
// message id, and the arguments of the messages that take some.
type invalidFields interface {
	error
	FieldMessages() (ids map[string]string, args map[string]map[string]string)
}

// localizedError answers with a message id and its text in the visitor's language.
func localizedError(c *gin.Context, status int, code, messageID string, cat *locales.Catalogue) {
	c.AbortWithStatusJSON(status, pages.APIErrorResponse{Error: pages.APIErrorBody{Code: code, MessageID: messageID, Message: translate(cat, messageID, nil)}})
}

// translate formats a catalogue message with its arguments: every message
// an API answers with leaves formatted, never as ICU syntax.
func translate(cat *locales.Catalogue, id string, args map[string]string) string {
	return cat.Format(id, args)
}

// fieldErrors are a validation error's messages in the visitor's language.
func fieldErrors(invalid invalidFields, cat *locales.Catalogue) map[string]pages.FieldError {
	ids, args := invalid.FieldMessages()
	fields := map[string]pages.FieldError{}
	for field, id := range ids {
		fields[field] = pages.FieldError{ID: id, Message: translate(cat, id, args[field])}
	}
	return fields
}

// mapError finds how err is answered, with its message's arguments.
func (s *Server) mapError(err error) (ErrorMapping, map[string]string, bool) {
	return lookupError(s.errors, err)
}

// lookupError finds err in a table of mappings.
func lookupError(table []ErrorMapping, err error) (ErrorMapping, map[string]string, bool) {
	for _, m := range table {
		if m.Args != nil {
			if args, ok := m.Args(err); ok {
				return m, args, true
			}
		} else if errors.Is(err, m.Err) {
			return m, nil, true
		}
	}
	return ErrorMapping{}, nil, false
}

// apiError answers a use case's error: field messages (422), a mapped
// domain error, or a logged 500 that tells nothing of its cause.
func (s *Server) apiError(c *gin.Context, err error, cat *locales.Catalogue) {
	if limited(c, err, cat) || clientGone(c, err) {
		return
	}
	var invalid invalidFields
	if errors.As(err, &invalid) {
		c.AbortWithStatusJSON(http.StatusUnprocessableEntity, pages.APIErrorResponse{Error: pages.APIErrorBody{
			Code: "invalid", MessageID: "booking.error.invalid", Message: translate(cat, "booking.error.invalid", nil), Fields: fieldErrors(invalid, cat),
		}})
		return
	}
	if m, args, ok := s.mapError(err); ok {
		if m.MessageID == "" {
			c.AbortWithStatusJSON(m.Status, pages.APIErrorResponse{Error: pages.APIErrorBody{Code: m.Code, Message: m.Message}})
			return
		}
		c.AbortWithStatusJSON(m.Status, pages.APIErrorResponse{Error: pages.APIErrorBody{Code: m.Code, MessageID: m.MessageID, Message: translate(cat, m.MessageID, args)}})
		return
	}
	if db.Unavailable(err) {
		s.log.WarnContext(c.Request.Context(), "database unavailable", slog.String("path", loggedPath(c.Request.URL.Path)), slog.Any("err", err))
		c.Header("Retry-After", pages.RetryAfterUnavailable)
		localizedError(c, http.StatusServiceUnavailable, "unavailable", "error.unavailable", cat)
		return
	}
	s.log.ErrorContext(c.Request.Context(), "request failed", slog.String("path", loggedPath(c.Request.URL.Path)), slog.Any("err", err))
	localizedError(c, http.StatusInternalServerError, "internal", "booking.error.unableToSchedule", cat)
}

// pageError turns a loader's domain error into the error page it shows,
// from the same table as the API.
func (s *Server) pageError(err error, req *pages.Request) (*pages.Error, bool) {
	var pe *pages.Error
	if errors.As(err, &pe) {
		return pe, true
	}
	if m, args, ok := s.mapError(err); ok && m.MessageID != "" {
		return &pages.Error{Status: m.Status, Message: translate(req.Cat, m.MessageID, args)}, true
	}
	if limits.IsLimited(err) {
		return &pages.Error{Status: http.StatusTooManyRequests, Message: req.T("error.tooManyRequests")}, true
	}
	if db.Unavailable(err) {
		return &pages.Error{Status: http.StatusServiceUnavailable, Message: req.T("error.unavailable")}, true
	}
	return nil, false
}

// clientGone answers nothing when err is the request's own cancellation.
func clientGone(c *gin.Context, err error) bool {
	if c.Request.Context().Err() == nil || !errors.Is(err, context.Canceled) && !errors.Is(err, context.DeadlineExceeded) {
		return false
	}
	c.AbortWithStatus(pages.StatusClientClosedRequest)
	return true
}
