package booking_test

import (
	"context"
	"testing"

	"slotwise/backend/internal/booking"
	"slotwise/backend/internal/db"
)

// A request that reads its business once (ReadBusinessOnce) goes on with
// what it read; a context made from it for another business reads that
// business, never the first's; a new request reads the business anew.
func TestABusinessReadOnceIsTheRequestsOwnBusiness(t *testing.T) {
	svc, pool, _ := newServiceWith(t, booking.Options{})
	every := db.WithEveryBusiness(context.Background())
	var studio, other int64
	if err := pool.QueryRow(every, `SELECT id FROM locations WHERE slug = 'demo-studio'`).Scan(&studio); err != nil {
		t.Fatal(err)
	}
	if err := pool.QueryRow(every, `INSERT INTO locations (slug, name, time_zone) VALUES ('other-studio', 'Other Studio', 'Europe/Berlin')
		RETURNING id`).Scan(&other); err != nil {
		t.Fatal(err)
	}
	ctx := booking.ReadBusinessOnce(db.WithBusiness(context.Background(), studio))
	first, err := svc.Business(ctx)
	if err != nil || first.ID != studio {
		t.Fatalf("the request's business: %+v, %v", first, err)
	}
	if _, err := pool.Exec(every, `UPDATE locations SET name = 'Renamed Studio' WHERE id = $1`, studio); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name     string
		ctx      context.Context
		id       int64
		wantName string
	}{
		{"the same request again", ctx, studio, first.Name},
		{"another business within the request", db.WithBusiness(ctx, other), other, "Other Studio"},
		{"a new request", db.WithBusiness(context.Background(), studio), studio, "Renamed Studio"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l, err := svc.Business(tt.ctx)
			if err != nil || l.ID != tt.id || l.Name != tt.wantName {
				t.Fatalf("read %+v, %v; want business %d named %q", l, err, tt.id, tt.wantName)
			}
		})
	}
}
