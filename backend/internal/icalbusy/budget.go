package icalbusy

import "time"

// The limits of what one read of a calendar may cost. A step is one look
// at a day or a time of a recurrence rule, tens of nanoseconds; the
// deadline bounds the rest (parsing, merging) on the clock.
const (
	// DefaultSteps is the work one connection's sync may do: well under a
	// second of CPU, and a hundred times what a busy real calendar needs.
	DefaultSteps = 4_000_000
	// DefaultStepsPerEvent is what each repeating event may take before
	// the others have had theirs: a daily rule over two years takes 1,500.
	DefaultStepsPerEvent = 20_000
	// DefaultMaxIntervals bounds the busy intervals kept of one calendar,
	// after overlapping ones are merged: 10,000 is 14 a day for two years.
	DefaultMaxIntervals = 10_000
	// DefaultTime bounds a read on the clock, whatever the steps say.
	DefaultTime = 2 * time.Second
)

// Budget is the work one sync may still do, shared by the calendars it
// reads; each read takes from it. Time counts only while calendars are
// being read, not while their servers are being waited for.
type Budget struct {
	Steps    int
	PerEvent int
	Time     time.Duration // zero: no bound on the clock

	deadline time.Time // while a read runs
	timeOut  bool
}

// NewBudget is the default budget of one sync.
func NewBudget() *Budget {
	return &Budget{Steps: DefaultSteps, PerEvent: DefaultStepsPerEvent, Time: DefaultTime}
}

// begin starts the clock of a read; end stops it, keeping what is left.
func (b *Budget) begin() {
	if b.Time > 0 {
		b.deadline = time.Now().Add(b.Time) // real time: CPU spent, not the booking clock
	}
}

func (b *Budget) end() {
	if !b.deadline.IsZero() {
		b.Time = max(time.Until(b.deadline), time.Nanosecond) // real time: what is left of the CPU's time
		b.timeOut = b.timeOut || time.Now().After(b.deadline) // real time: as above
		b.deadline = time.Time{}
	}
}

// spent tells whether nothing more may be done.
func (b *Budget) spent() bool {
	if b.Steps <= 0 || b.timeOut {
		return true
	}
	if !b.deadline.IsZero() && time.Now().After(b.deadline) { // real time: the CPU's time spent
		b.timeOut = true
	}
	return b.timeOut
}

// take lets f spend up to n steps (at most what is left) and charges what
// it spent.
func (b *Budget) take(n int, f func(steps *int)) {
	grant := min(n, b.Steps)
	left := grant
	f(&left)
	b.Steps -= grant - left
}
