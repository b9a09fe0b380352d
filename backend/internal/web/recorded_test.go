package web_test

import (
	"context"
	"testing"
)

// recordedTables are the tables a visitor's request can write to: what it
// books, what it keeps of a payment or a form, what it emits or queues
// for later, the keys it is remembered by and the limits it counts
// against. A refused request writes none of them.
var recordedTables = []string{
	"bookings", "booking_guests", "booking_tokens", "payments", "payment_events", "form_responses",
	"events", "outbox", "reminders", "idempotency_keys", "rate_limits",
}

// rowCounts is how many rows each of recordedTables holds.
type rowCounts map[string]int

func (f *fixture) countRows(t testing.TB) rowCounts {
	t.Helper()
	counts := rowCounts{}
	for _, table := range recordedTables {
		var n int
		if err := f.pool.QueryRow(context.Background(), `SELECT count(*) FROM `+table).Scan(&n); err != nil {
			t.Fatalf("counting %s: %v", table, err)
		}
		counts[table] = n
	}
	return counts
}

// changedSince names the tables whose rows are more or fewer than before,
// in the order of recordedTables.
func (c rowCounts) changedSince(before rowCounts) []string {
	var changed []string
	for _, table := range recordedTables {
		if c[table] != before[table] {
			changed = append(changed, table)
		}
	}
	return changed
}
