package icalbusy

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/emersion/go-ical"
)

var (
	// ErrTooLarge: the data is over the limit given to Read.
	ErrTooLarge = errors.New("icalbusy: the calendar is larger than the limit")
	// ErrNotCalendar: the data is not iCalendar (an HTML login page, JSON, nothing).
	ErrNotCalendar = errors.New("icalbusy: not an iCalendar file")
)

// maxDepth bounds how deeply components nest: a VCALENDAR holds a VEVENT
// holds a VALARM; nothing real goes deeper than a few levels.
const maxDepth = 8

// Read reads every VCALENDAR in r (an ICS feed has one; a CalDAV answer
// holds one per event) and expands them for the window. More than limit
// bytes is ErrTooLarge, whatever came before.
func Read(r io.Reader, limit int64, opt Options) (Result, error) {
	data, err := io.ReadAll(io.LimitReader(r, limit+1))
	if err != nil {
		return Result{}, err
	}
	if int64(len(data)) > limit {
		return Result{}, ErrTooLarge
	}
	cals, err := Parse(data)
	if err != nil {
		return Result{}, err
	}
	return ExpandAll(cals, opt), nil
}

// Parse reads the VCALENDARs of data.
func Parse(data []byte) ([]*ical.Calendar, error) {
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf")) // a byte-order mark, as some exports begin
	if err := checkDepth(data); err != nil {
		return nil, err
	}
	dec := ical.NewDecoder(bytes.NewReader(data))
	var out []*ical.Calendar
	for {
		cal, err := decode(dec)
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			if len(out) == 0 {
				return nil, fmt.Errorf("%w: %v", ErrNotCalendar, err)
			}
			return nil, fmt.Errorf("icalbusy: a broken calendar after %d good ones: %w", len(out), err)
		}
		out = append(out, cal)
	}
	if len(out) == 0 {
		return nil, ErrNotCalendar
	}
	return out, nil
}

// checkDepth refuses data whose BEGIN lines nest deeper than maxDepth,
// before the decoder recurses into them.
func checkDepth(data []byte) error {
	depth := 0
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 64*1024), len(data)+1)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case len(line) > 6 && strings.EqualFold(line[:6], "BEGIN:"):
			if depth++; depth > maxDepth {
				return fmt.Errorf("%w: components nest deeper than %d", ErrNotCalendar, maxDepth)
			}
		case len(line) > 4 && strings.EqualFold(line[:4], "END:"):
			depth--
		}
	}
	if err := sc.Err(); err != nil {
		return err
	}
	if depth != 0 {
		return fmt.Errorf("%w: the file ends inside a component", ErrNotCalendar)
	}
	return nil
}

// decode reads one VCALENDAR. The decoder panics on some malformed content
// lines (a parameter cut off at the line's end); such data is simply not a
// calendar.
func decode(dec *ical.Decoder) (cal *ical.Calendar, err error) {
	defer func() {
		if r := recover(); r != nil {
			cal, err = nil, fmt.Errorf("a malformed content line (%v)", r)
		}
	}()
	return dec.Decode()
}
