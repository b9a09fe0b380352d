// Package cursor pages lists by keyset: a page's cursor is its last row's
// (time, id), so the next page starts right after it and never repeats or
// skips a row, however the list changes in between.
package cursor

import (
	"encoding/base64"
	"errors"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// ErrInvalid refuses a cursor no list gave.
var ErrInvalid = errors.New("cursor: not a cursor this list gave")

// Encode is the opaque cursor after the row (at, id).
func Encode(at time.Time, id string) string {
	return base64.RawURLEncoding.EncodeToString([]byte(strconv.FormatInt(at.UnixMicro(), 10) + "|" + id))
}

// Decode reads a cursor back.
func Decode(c string) (time.Time, string, error) {
	if len(c) > 200 {
		return time.Time{}, "", ErrInvalid
	}
	raw, err := base64.RawURLEncoding.DecodeString(c)
	if err != nil {
		return time.Time{}, "", ErrInvalid
	}
	micros, id, ok := strings.Cut(string(raw), "|")
	n, err := strconv.ParseInt(micros, 10, 64)
	if !ok || err != nil || id == "" || !utf8.ValidString(id) || strings.ContainsRune(id, 0) {
		return time.Time{}, "", ErrInvalid
	}
	// Only a time PostgreSQL can compare with: a crafted cursor past year
	// 9999 is refused here, not by the query (a 500).
	at := time.UnixMicro(n).UTC()
	if at.Year() < 1 || at.Year() > 9999 {
		return time.Time{}, "", ErrInvalid
	}
	return at, id, nil
}

// MaxLimit is the most rows a page holds.
const MaxLimit = 100

// Limit is a requested page size brought into 1 to MaxLimit. A list asks
// its query for Limit+1 rows, so Page can tell whether more follow.
func Limit(n int) int { return min(max(n, 1), MaxLimit) }

// Page cuts rows (up to limit+1 of them) to limit and returns the cursor
// of the page after them, "" when none follows. key gives a row's
// (time, id), the order the list is read in.
func Page[T any](rows []T, limit int, key func(T) (time.Time, string)) ([]T, string) {
	if len(rows) <= limit {
		return rows, ""
	}
	rows = rows[:limit]
	return rows, Encode(key(rows[limit-1]))
}

// Order is a list's direction: Ascending (oldest first) or Descending.
type Order bool

const (
	Ascending  Order = false
	Descending Order = true
)

// After is the SQL condition that starts a page right after cursor c, in
// a list ordered by (timeCol, idCol); "" for the first page. arg adds a
// query argument and returns the parameter naming it ($1, …).
func After(c, timeCol, idCol string, order Order, arg func(any) string) (string, error) {
	if c == "" {
		return "", nil
	}
	at, id, err := Decode(c)
	if err != nil {
		return "", err
	}
	op := ">"
	if order == Descending {
		op = "<"
	}
	return "(" + timeCol + ", " + idCol + ") " + op + " (" + arg(at) + ", " + arg(id) + ")", nil
}
