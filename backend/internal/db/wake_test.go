package db_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"slotwise/backend/internal/db"
	"slotwise/backend/internal/db/dbtest"
)

// A transaction's listeners are woken once it has committed, never while
// it runs nor when it rolls back; a Pool's and a foreign transaction's
// too, each when its work is committed.
func TestNotifyAfterCommitWakesOnlyOnceTheWorkIsCommitted(t *testing.T) {
	pool := dbtest.New(t)
	ctx := context.Background()
	listener, err := pool.Acquire(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer listener.Release()
	if _, err := listener.Exec(ctx, `LISTEN test_wake`); err != nil {
		t.Fatal(err)
	}
	woken := func(within time.Duration) bool {
		ctx, cancel := context.WithTimeout(ctx, within)
		defer cancel()
		_, err := listener.Conn().WaitForNotification(ctx)
		return err == nil
	}

	// notifyThenCommit asks to wake the listener in a transaction begun by
	// begin, then commits it, telling whether the listener woke before.
	notifyThenCommit := func(t *testing.T, begin func(context.Context) (pgx.Tx, error)) bool {
		tx, err := begin(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if err := db.NotifyAfterCommit(ctx, tx, "test_wake"); err != nil {
			t.Fatal(err)
		}
		before := woken(200 * time.Millisecond)
		if err := tx.Commit(ctx); err != nil {
			t.Fatal(err)
		}
		return before
	}
	tests := []struct {
		name string
		work func(t *testing.T) (before bool) // before: whether the listener was woken before the work was committed
		want bool
	}{
		{"a transaction that commits", func(t *testing.T) bool { return notifyThenCommit(t, pool.Begin) }, true},
		{"a transaction that rolls back", func(t *testing.T) bool {
			err := pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
				if err := db.NotifyAfterCommit(ctx, tx, "test_wake"); err != nil {
					t.Fatal(err)
				}
				return errors.New("rolled back")
			})
			if err == nil {
				t.Fatal("committed")
			}
			return false
		}, false},
		{"a savepoint released, then its transaction committed", func(t *testing.T) bool {
			tx, err := pool.Begin(ctx)
			if err != nil {
				t.Fatal(err)
			}
			defer func() { _ = tx.Rollback(ctx) }()
			inner, err := tx.Begin(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if err := db.NotifyAfterCommit(ctx, inner, "test_wake"); err != nil {
				t.Fatal(err)
			}
			if err := inner.Commit(ctx); err != nil {
				t.Fatal(err)
			}
			before := woken(200 * time.Millisecond)
			if err := tx.Commit(ctx); err != nil {
				t.Fatal(err)
			}
			return before
		}, true},
		{"the pool itself", func(t *testing.T) bool {
			if err := db.NotifyAfterCommit(ctx, pool, "test_wake"); err != nil {
				t.Fatal(err)
			}
			return false
		}, true},
		{"a transaction of pgx's own", func(t *testing.T) bool { return notifyThenCommit(t, pool.Pool.Begin) }, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.work(t) {
				t.Fatal("woken before the work was committed")
			}
			within := time.Second // nothing came in a second: nothing is coming
			if tt.want {
				within = 5 * time.Second
			}
			if got := woken(within); got != tt.want {
				t.Fatalf("woken = %t, want %t", got, tt.want)
			}
			for woken(100 * time.Millisecond) { // a burst may fold into fewer; none may be left for the next case
			}
		})
	}
}
