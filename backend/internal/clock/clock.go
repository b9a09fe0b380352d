// Package clock is where Slotwise reads the date and time of day.
//
// Domain code (what is bookable, whether a booking can still change, when a
// hold or a link runs out, what a post shows) reads the time through a Func
// it is given, Now by default, so a test fixes the instant it runs at and a
// whole test run can be moved years ahead (SLOTWISE_CLOCK_SHIFT) to prove
// that no test depends on the day it runs. Bookkeeping stamps that are only
// compared with each other (created_at, leases, retry times, idempotency
// records) use PostgreSQL's now(), one clock for every replica.
// Measuring how long something took needs no date: it may read time.Now on
// a line that says "real time:" and why (see TestOnlyTheClockReadsTheDate).
package clock

import (
	"fmt"
	"os"
	"regexp"
	"strconv"
	"time"
)

// Func tells the time. Services hold one; tests replace it.
type Func func() time.Time

// EnvShift names the environment variable that moves Now ahead (or back) in
// a test run: a whole number of years ("1y", "10y") or a Go duration
// ("36h"). It is meant for tests only: the server warns loudly when it is
// set, and its configuration refuses a value it cannot read.
const EnvShift = "SLOTWISE_CLOCK_SHIFT"

// shift is read once, before any test or server reads the time.
var shift, shiftErr = ParseShift(os.Getenv(EnvShift))

// Now is the wall clock, moved by SLOTWISE_CLOCK_SHIFT when a test run sets
// it. A shift it cannot read stops the test that asked for it: a run that
// meant to move the clock and silently did not would prove nothing (the
// server's configuration refuses it before this is reached).
func Now() time.Time {
	if shiftErr != nil {
		panic(shiftErr)
	}
	return shift.Apply(time.Now()) // real time: the one place the date is read
}

// Shifted tells whether SLOTWISE_CLOCK_SHIFT moves Now, and by what.
func Shifted() (string, bool) { return shift.text, shift.text != "" }

// StartingAt is a clock that reads start at the moment it is made and runs
// on from there in real time (SLOTWISE_TEST_CLOCK: a server whose tests
// need an awkward moment, such as the last hour of a month).
func StartingAt(start time.Time) Func {
	began := time.Now() // real time: only the elapsed time is used
	return func() time.Time { return start.Add(time.Since(began)) }
}

// Fixed is a clock that always reads t.
func Fixed(t time.Time) Func { return func() time.Time { return t } }

// Shift moves a clock by whole years (which keep the day of the year, as a
// test written for "next Monday" wants) and a duration.
type Shift struct {
	text  string
	years int
	d     time.Duration
}

func (o Shift) Apply(t time.Time) time.Time {
	if o.years == 0 {
		// Without years, no calendar arithmetic: only the monotonic
		// reading is dropped, as AddDate drops it.
		return t.Round(0).Add(o.d)
	}
	return t.AddDate(o.years, 0, 0).Add(o.d)
}

// String is the shift as it was written.
func (o Shift) String() string { return o.text }

var yearsRe = regexp.MustCompile(`^([+-]?\d{1,3})y$`)

// ParseShift reads a shift: "1y", "-2y" or a Go duration such as "36h".
func ParseShift(s string) (Shift, error) {
	if s == "" {
		return Shift{}, nil
	}
	if m := yearsRe.FindStringSubmatch(s); m != nil {
		n, _ := strconv.Atoi(m[1])
		return Shift{text: s, years: n}, nil
	}
	d, err := time.ParseDuration(s)
	if err != nil {
		return Shift{}, fmt.Errorf("clock: %s must be a number of years (\"10y\") or a duration (\"36h\"), got %q", EnvShift, s)
	}
	return Shift{text: s, d: d}, nil
}
