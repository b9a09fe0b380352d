package booking

import (
	"testing"

	"slotwise/backend/internal/db"
)

// A list of statuses a booking can have is written into the statement,
// in one order, each once, so its one plan knows them and a list asked
// another way is the same statement; anything else stays a parameter,
// never SQL.
func TestStatusesAreWrittenInOnlyWhenEachIsABookingStatus(t *testing.T) {
	for _, tt := range []struct {
		name, list, want string
		args             int
	}{
		{"one status", "requested", "b.status IN ('requested')", 0},
		{"several", "scheduled,rescheduled", "b.status IN ('scheduled', 'rescheduled')", 0},
		{"several in another order, one twice", "rescheduled,scheduled,rescheduled", "b.status IN ('scheduled', 'rescheduled')", 0},
		{"one unknown among them", "scheduled,done", "b.status = ANY($1)", 1},
		{"an attempt at SQL", "scheduled') OR true --", "b.status = ANY($1)", 1},
		{"an empty part", "scheduled,", "b.status = ANY($1)", 1},
	} {
		t.Run(tt.name, func(t *testing.T) {
			args := db.Args{}
			if got := statusIn(tt.list, args.Add); got != tt.want || len(args) != tt.args {
				t.Errorf("statusIn(%q) = %s with %d arguments, want %s with %d", tt.list, got, len(args), tt.want, tt.args)
			}
		})
	}
}
