package limits_test

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"slotwise/backend/internal/db"
	"slotwise/backend/internal/db/dbtest"
	"slotwise/backend/internal/limits"
)

func TestMain(m *testing.M) { dbtest.Main(m) }

func TestParseRule(t *testing.T) {
	tests := []struct {
		in   string
		want limits.Rule
		ok   bool
	}{
		{"30/1h", limits.Rule{Max: 30, Window: time.Hour}, true},
		{" 5/10m ", limits.Rule{Max: 5, Window: 10 * time.Minute}, true},
		{"off", limits.Rule{}, true},
		{"0", limits.Rule{}, true},
		{"30", limits.Rule{}, false},
		{"-1/1h", limits.Rule{}, false},
		{"5/1ms", limits.Rule{}, false},
		{"five/1h", limits.Rule{}, false},
	}
	for _, tt := range tests {
		got, err := limits.ParseRule(tt.in)
		if (err == nil) != tt.ok || got != tt.want {
			t.Errorf("ParseRule(%q) = %v, %v", tt.in, got, err)
		}
	}
}

func TestConcurrentHitsNeverPassTheLimit(t *testing.T) {
	pool := dbtest.New(t)
	l := limits.New(pool, map[string]limits.Rule{"x": {Max: 10, Window: time.Hour}}, nil)
	var allowed atomic.Int64
	var wg sync.WaitGroup
	for range 50 {
		wg.Go(func() {
			err := l.Hit(context.Background(), "x", "client")
			if err == nil {
				allowed.Add(1)
			} else if !limits.IsLimited(err) {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	if allowed.Load() != 10 {
		t.Errorf("%d hits allowed, want 10", allowed.Load())
	}
	if err := l.Hit(context.Background(), "x", "another client"); err != nil {
		t.Errorf("another key: %v", err)
	}
	if err := l.Hit(context.Background(), "unlimited", "client"); err != nil {
		t.Errorf("a bucket without a rule: %v", err)
	}
}

// A limit counts per business: the same client, address or form slug at
// two businesses has two budgets.
func TestALimitIsCountedPerBusiness(t *testing.T) {
	pool := dbtest.New(t)
	a, b := dbtest.Business(t, pool, "alpha"), dbtest.Business(t, pool, "beta")
	l := limits.New(pool, map[string]limits.Rule{"x": {Max: 2, Window: time.Hour}}, nil)
	ctxA, ctxB := db.WithBusiness(context.Background(), a), db.WithBusiness(context.Background(), b)
	for i := range 2 {
		if err := l.Hit(ctxA, "x", "203.0.113.7"); err != nil {
			t.Fatalf("hit %d at A: %v", i+1, err)
		}
	}
	if err := l.Hit(ctxA, "x", "203.0.113.7"); err == nil {
		t.Fatal("a third hit at A was allowed")
	}
	if err := l.Hit(ctxB, "x", "203.0.113.7"); err != nil {
		t.Errorf("the first hit at B was refused: %v", err)
	}
}
