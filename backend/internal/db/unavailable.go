package db

import (
	"context"
	"errors"
	"io"
	"net"
	"strings"
	"syscall"

	"github.com/jackc/pgx/v5/pgconn"
)

// Unavailable tells whether err means the database cannot be reached or
// is not serving now (down, restarting, out of connections), as opposed to
// a query or data fault: the answer is then 503 with a retry hint, and the
// pool reconnects by itself when the server is back.
func Unavailable(err error) bool {
	if err == nil {
		return false
	}
	// The server's own word first: a connection refused for a wrong
	// password or a missing database is a fault to fix, not to wait out.
	if pgErr, ok := errors.AsType[*pgconn.PgError](err); ok {
		// 08: connection exception; 57P01-03: shutting down, crashed, starting;
		// 53300: too many connections.
		return strings.HasPrefix(pgErr.Code, "08") || pgErr.Code == "57P01" || pgErr.Code == "57P02" ||
			pgErr.Code == "57P03" || pgErr.Code == "53300"
	}
	if _, ok := errors.AsType[*pgconn.ConnectError](err); ok {
		return true
	}
	if _, ok := errors.AsType[*net.OpError](err); ok {
		return true
	}
	if errors.Is(err, syscall.ECONNREFUSED) || errors.Is(err, syscall.ECONNRESET) || errors.Is(err, io.ErrUnexpectedEOF) ||
		errors.Is(err, io.EOF) {
		return true
	}
	// A connection that died under a query, or a pool that waited in vain.
	return pgconn.Timeout(err) && !errors.Is(err, context.Canceled) ||
		strings.Contains(err.Error(), "conn closed") || strings.Contains(err.Error(), "failed to connect")
}

// UnavailableReason words why for /healthz, without addresses or names.
func UnavailableReason(err error) string {
	if pgErr, ok := errors.AsType[*pgconn.PgError](err); ok {
		switch pgErr.Code {
		case "57P03":
			return "the database is starting up"
		case "57P01", "57P02":
			return "the database is shutting down"
		case "53300":
			return "the database has no free connections"
		}
	}
	if pgconn.Timeout(err) || errors.Is(err, context.DeadlineExceeded) {
		return "the database did not answer in time"
	}
	if Unavailable(err) {
		return "the database cannot be reached"
	}
	return "the database answered with an error"
}
