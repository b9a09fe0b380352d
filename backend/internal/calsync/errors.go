package calsync

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/url"

	"slotwise/backend/internal/icalbusy"
	"slotwise/backend/internal/netguard"
)

var (
	// ErrNotFound: no connection with this id.
	ErrNotFound = errors.New("calsync: no such calendar connection")
	// ErrConnected: the staff member already has a connection to this
	// address (a ConnectedError says which).
	ErrConnected = errors.New("calsync: already connected")
)

// ConnectedError is ErrConnected with the connection that exists, so a
// create whose answer was lost finds what it made when sent again.
type ConnectedError struct{ ID string }

func (e *ConnectedError) Error() string { return "calsync: already connected as " + e.ID }

// Is makes a ConnectedError an ErrConnected.
func (e *ConnectedError) Is(target error) bool { return target == ErrConnected }

// ValidationError names the fields of a request that are wrong.
type ValidationError struct {
	Fields map[string]string
}

func (e *ValidationError) Error() string { return fmt.Sprintf("calsync: invalid fields %v", e.Fields) }

// ConnectError is a calendar server that could not be used, in words a
// business can act on. It never holds a password.
type ConnectError struct {
	Message string
}

func (e *ConnectError) Error() string { return e.Message }

// reachError explains a request that got no usable answer.
func reachError(err error) error {
	var ce *ConnectError
	var dns *net.DNSError
	var ue *url.Error
	switch {
	case errors.As(err, &ce):
		return err
	case errors.Is(err, netguard.ErrPrivate):
		return &ConnectError{Message: "The address is inside a private network; the operator may allow private networks (SLOTWISE_ALLOW_PRIVATE_NETWORKS)"}
	case errors.Is(err, ErrTooLarge), errors.Is(err, icalbusy.ErrTooLarge):
		return &ConnectError{Message: fmt.Sprintf("The calendar is larger than %d MB", MaxResponseBytes>>20)}
	case errors.Is(err, icalbusy.ErrNotCalendar):
		return &ConnectError{Message: "The address does not give an iCalendar file"}
	case errors.Is(err, context.DeadlineExceeded) || errors.As(err, &ue) && ue.Timeout():
		return &ConnectError{Message: "The server did not answer in time"}
	case errors.As(err, &dns):
		return &ConnectError{Message: "The server's name is not known (" + dns.Name + ")"}
	}
	return &ConnectError{Message: "The server could not be reached or gave an answer that could not be read"}
}
