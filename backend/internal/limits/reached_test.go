package limits_test

import (
	"context"
	"testing"
	"time"

	"slotwise/backend/internal/db/dbtest"
	"slotwise/backend/internal/limits"
)

func TestReachedTellsWithoutCounting(t *testing.T) {
	pool := dbtest.New(t)
	ctx := context.Background()
	l := limits.New(pool, map[string]limits.Rule{"x": {Max: 2, Window: 24 * time.Hour}}, nil)
	steps := []struct {
		hit         bool
		wantReached bool
	}{
		{false, false}, // nothing counted yet
		{false, false}, // asking twice counts nothing
		{true, false},  // one of two
		{true, true},   // two of two: the next hit would be refused
	}
	for i, s := range steps {
		if s.hit {
			if err := l.Hit(ctx, "x", "client"); err != nil {
				t.Fatalf("step %d: hit: %v", i, err)
			}
		}
		err := l.Reached(ctx, "x", "client")
		if limits.IsLimited(err) != s.wantReached || err != nil && !limits.IsLimited(err) {
			t.Errorf("step %d: Reached = %v, want reached %v", i, err, s.wantReached)
		}
	}
	if err := l.Reached(ctx, "x", "another client"); err != nil {
		t.Errorf("another key: %v", err)
	}
	if err := l.Reached(ctx, "unlimited", "client"); err != nil {
		t.Errorf("a bucket without a rule: %v", err)
	}
	var none *limits.Limiter
	if err := none.Reached(ctx, "x", "client"); err != nil {
		t.Errorf("a nil limiter: %v", err)
	}
}
