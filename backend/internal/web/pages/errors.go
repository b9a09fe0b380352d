package pages

import (
	"errors"

	"github.com/gin-gonic/gin"
)

// APIError answers the one shape of every API error: {"error": {"code", "message"}}.
func APIError(c *gin.Context, status int, code, message string) {
	c.AbortWithStatusJSON(status, APIErrorResponse{Error: APIErrorBody{Code: code, Message: message}})
}

// Branded is a loader's error that belongs to a known business: its error
// page wears that business's colour, like the rest of its pages.
type Branded struct {
	error
	Brand string
}

func (e Branded) Unwrap() error { return e.error }

// WithBrand gives err the colour of the business it belongs to.
func WithBrand(err error, brand string) error { return Branded{err, brand} }

func asError(err error, pe **Error) bool { return errors.As(err, pe) }

func asBranded(err error, b *Branded) bool { return errors.As(err, b) }
