package db_test

import (
	"context"
	"errors"
	"testing"

	"slotwise/backend/internal/db"
	"slotwise/backend/internal/db/dbtest"
)

// A one-off task runs until a run finishes it, then never again; while
// one replica runs it, another starting then leaves it alone.
func TestAnUpkeepTaskRunsOnceAcrossReplicas(t *testing.T) {
	pool := dbtest.New(t)
	ctx := testContext(t)
	runs := 0
	run := func(finish bool, err error) func(context.Context) (bool, error) {
		return func(context.Context) (bool, error) { runs++; return finish, err }
	}
	failed := errors.New("a business failed")
	steps := []struct {
		name     string
		run      func(context.Context) (bool, error)
		want     db.Upkeep
		wantErr  error
		wantRuns int
	}{
		{"a run that fails is run again", run(false, failed), db.UpkeepRan, failed, 1},
		{"so is one stopped before its end", run(false, nil), db.UpkeepRan, nil, 2},
		{"one that finishes is recorded", run(true, nil), db.UpkeepRan, nil, 3},
		{"and not run again", run(true, nil), db.UpkeepDoneBefore, nil, 3},
	}
	for _, s := range steps {
		got, err := db.RunUpkeep(ctx, pool, "a task", s.run)
		if got != s.want || !errors.Is(err, s.wantErr) || runs != s.wantRuns {
			t.Fatalf("%s: %v, %v after %d runs; want %v, %v after %d", s.name, got, err, runs, s.want, s.wantErr, s.wantRuns)
		}
	}

	started, release := make(chan struct{}), make(chan struct{})
	first := make(chan db.Upkeep)
	go func() {
		got, _ := db.RunUpkeep(ctx, pool, "another task", func(context.Context) (bool, error) {
			close(started)
			<-release
			return true, nil
		})
		first <- got
	}()
	<-started
	if got, err := db.RunUpkeep(ctx, pool, "another task", run(true, nil)); got != db.UpkeepElsewhere || err != nil {
		t.Errorf("a second replica while the first runs: %v, %v; want it left to the first", got, err)
	}
	close(release)
	if got := <-first; got != db.UpkeepRan {
		t.Errorf("the first replica: %v", got)
	}
	if got, err := db.RunUpkeep(ctx, pool, "another task", run(true, nil)); got != db.UpkeepDoneBefore || err != nil {
		t.Errorf("after the first finished: %v, %v; want done before", got, err)
	}
}
