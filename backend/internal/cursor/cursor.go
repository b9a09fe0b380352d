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
	return time.UnixMicro(n), id, nil
}
