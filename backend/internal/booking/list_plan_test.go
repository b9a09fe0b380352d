package booking_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"slotwise/backend/internal/booking"
	"slotwise/backend/internal/db/dbtest"
)

// A person's list (the dashboard's calendar column, a staff member's own
// bookings) reads their bookings in the range asked, not their whole
// history, in the plan PostgreSQL makes once for any person and range.
func TestAPersonsListReadsTheBookingsOfItsRangeNotTheirHistory(t *testing.T) {
	svc, pool, _ := newService(t)
	jonas := staffID(t, pool, "jonas")
	pastBookings(t, pool, jonas, 3000)
	// Statistics as on a deployment of many businesses, each of a few
	// people: a business's person is expected to have a row or two,
	// whichever index is read, and the plan is chosen by a hair.
	dbtest.AsOwner(t, pool, `ALTER TABLE bookings ALTER COLUMN location_id SET (n_distinct = -0.05);
		ALTER TABLE bookings ALTER COLUMN staff_id SET (n_distinct = -0.15); ANALYZE bookings`)
	ctx := context.Background()
	from := time.Date(2026, 11, 24, 0, 0, 0, 0, time.UTC)
	tests := []struct {
		name string
		q    booking.ListQuery
	}{
		{"a day of theirs", booking.ListQuery{StaffID: jonas, From: from, To: from.AddDate(0, 0, 1), Limit: 100, Brief: true,
			Status: "requested,scheduled,rescheduled,pending"}},
		{"what comes", booking.ListQuery{StaffID: jonas, From: from, Limit: 50, Status: "requested,scheduled,rescheduled,pending"}},
		{"by their slug", booking.ListQuery{Staff: "jonas", From: from, To: from.AddDate(0, 0, 7), Limit: 50}},
		{"their past", booking.ListQuery{StaffID: jonas, To: from, Newest: true, Limit: 50, Status: "scheduled,rescheduled"}},
		{"their requests", booking.ListQuery{StaffID: jonas, From: from, Limit: 50, Status: "requested"}},
		{"their cancelled", booking.ListQuery{StaffID: jonas, Newest: true, Limit: 50, Status: "cancelled"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := &pgx.Batch{}
			if err := svc.QueueList(ctx, b, tt.q, &booking.ListPage{}); err != nil || len(b.QueuedQueries) != 1 {
				t.Fatalf("queued %d reads: %v", len(b.QueuedQueries), err)
			}
			plan := genericPlan(t, pool, b.QueuedQueries[0].SQL, b.QueuedQueries[0].Arguments...)
			if removed := rowsRemoved(plan); strings.Contains(plan, "bookings_no_overlap") || removed > 100 {
				t.Errorf("the list reads the person's history (%d rows read and left):\n%s", removed, plan)
			}
		})
	}
}
