package command_test

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/jackc/pgx/v5"

	"slotwise/backend/internal/command"
	"slotwise/backend/internal/db"
	"slotwise/backend/internal/db/dbtest"
)

func TestMain(m *testing.M) { dbtest.Main(m) }

type made struct {
	ID int64 `json:"id"`
}

func setup(t *testing.T) (*command.Runner, *db.Pool) {
	t.Helper()
	pool := dbtest.WithBusiness(t)
	dbtest.AsOwner(t, pool, `CREATE TABLE things (id bigserial PRIMARY KEY, name text)`)
	return command.NewRunner(pool), pool
}

func makeThing(runs *atomic.Int64) command.Func[made] {
	return func(ctx context.Context, tx pgx.Tx) (made, error) {
		runs.Add(1)
		var m made
		err := tx.QueryRow(ctx, `INSERT INTO things (name) VALUES ('x') RETURNING id`).Scan(&m.ID)
		return m, err
	}
}

func count(t *testing.T, pool *db.Pool) int {
	var n int
	pool.QueryRow(context.Background(), `SELECT count(*) FROM things`).Scan(&n)
	return n
}

func TestConcurrentRetriesWithOneKeyHaveOneEffect(t *testing.T) {
	r, pool := setup(t)
	var runs atomic.Int64
	op := command.Op{Scope: "thing.make", Key: "k-1", Request: map[string]string{"name": "x"}}
	ids := make([]int64, 8)
	replays := atomic.Int64{}
	var wg sync.WaitGroup
	for i := range ids {
		wg.Go(func() {
			m, replayed, err := command.Run(context.Background(), r, op, makeThing(&runs))
			if err != nil {
				t.Error(err)
			}
			if replayed {
				replays.Add(1)
			}
			ids[i] = m.ID
		})
	}
	wg.Wait()
	for i := range ids {
		if ids[i] != ids[0] {
			t.Errorf("answer %d: id %d, want %d", i, ids[i], ids[0])
		}
	}
	if runs.Load() != 1 || count(t, pool) != 1 || replays.Load() != 7 {
		t.Errorf("runs %d, rows %d, replays %d; want 1, 1, 7", runs.Load(), count(t, pool), replays.Load())
	}
}

func TestKeysAreScopedAndBoundToTheirRequest(t *testing.T) {
	r, pool := setup(t)
	var runs atomic.Int64
	ctx := context.Background()
	run := func(scope, key, name string) error {
		_, _, err := command.Run(ctx, r, command.Op{Scope: scope, Key: key, Request: name}, makeThing(&runs))
		return err
	}
	tests := []struct {
		name, scope, key, request string
		want                      error
		rows                      int
	}{
		{"first use", "thing.make", "k", "a", nil, 1},
		{"retry", "thing.make", "k", "a", nil, 1},
		{"same key, other request", "thing.make", "k", "b", command.ErrKeyReused, 1},
		{"same key, other operation", "thing.other", "k", "b", nil, 2},
		{"no key: every request runs", "thing.make", "", "a", nil, 3},
		{"no key again", "thing.make", "", "a", nil, 4},
		{"key too long", "thing.make", string(make([]byte, 256)), "a", command.ErrKeyInvalid, 4},
		{"key with a space", "thing.make", "a b", "a", command.ErrKeyInvalid, 4},
		{"key not ASCII", "thing.make", "clé", "a", command.ErrKeyInvalid, 4},
	}
	for _, tt := range tests {
		if err := run(tt.scope, tt.key, tt.request); !errors.Is(err, tt.want) {
			t.Errorf("%s: err %v, want %v", tt.name, err, tt.want)
		}
		if got := count(t, pool); got != tt.rows {
			t.Errorf("%s: %d rows, want %d", tt.name, got, tt.rows)
		}
	}
}

func TestAFailedCommandLeavesNothingAndCanBeRetried(t *testing.T) {
	r, pool := setup(t)
	op := command.Op{Scope: "thing.make", Key: "k", Request: "a"}
	boom := errors.New("rule broken")
	_, _, err := command.Run(context.Background(), r, op, func(ctx context.Context, tx pgx.Tx) (made, error) {
		tx.Exec(ctx, `INSERT INTO things (name) VALUES ('half')`)
		return made{}, boom
	})
	if !errors.Is(err, boom) || count(t, pool) != 0 {
		t.Fatalf("err %v, %d rows; want the domain error and nothing written", err, count(t, pool))
	}
	var runs atomic.Int64
	if _, replayed, err := command.Run(context.Background(), r, op, makeThing(&runs)); err != nil || replayed || count(t, pool) != 1 {
		t.Errorf("retry after a failure: replayed %v, err %v, %d rows", replayed, err, count(t, pool))
	}
}

func TestADeadlockIsRetried(t *testing.T) {
	r, pool := setup(t)
	var runs atomic.Int64
	_, _, err := command.Run(context.Background(), r, command.Op{Scope: "thing.make"}, func(ctx context.Context, tx pgx.Tx) (made, error) {
		if runs.Add(1) == 1 {
			_, err := tx.Exec(ctx, `DO $$ BEGIN RAISE EXCEPTION 'deadlock' USING ERRCODE = '40P01'; END $$`)
			return made{}, err
		}
		return makeThing(&atomic.Int64{})(ctx, tx)
	})
	if err != nil || runs.Load() != 2 || count(t, pool) != 1 {
		t.Errorf("err %v, runs %d, rows %d; want a second run that commits", err, runs.Load(), count(t, pool))
	}
}

func TestTheAfterCommitHookRunsOncePerCommittedChangeBeforeTheCallerHearsOfIt(t *testing.T) {
	_, pool := setup(t)
	var hooked []int64 // the things committed when the hook ran
	r := command.NewRunnerAfter(pool, func(ctx context.Context) {
		var n int64
		if err := pool.QueryRow(ctx, `SELECT count(*) FROM things`).Scan(&n); err != nil {
			t.Error(err)
		}
		hooked = append(hooked, n)
	})
	var runs atomic.Int64
	ctx := context.Background()
	fail := func(context.Context, pgx.Tx) (made, error) { return made{}, errors.New("refused") }
	steps := []struct {
		name string
		run  func() error
		want []int64
	}{
		{"a change", func() error {
			_, _, err := command.Run(ctx, r, command.Op{Scope: "t", Key: "k1", Request: 1}, makeThing(&runs))
			return err
		}, []int64{1}},
		{"its retry, replayed", func() error {
			_, _, err := command.Run(ctx, r, command.Op{Scope: "t", Key: "k1", Request: 1}, makeThing(&runs))
			return err
		}, []int64{1}},
		{"a refused command", func() error {
			if _, _, err := command.Run(ctx, r, command.Op{Scope: "t", Key: "k2", Request: 2}, fail); err == nil {
				return errors.New("the refusal was lost")
			}
			return nil
		}, []int64{1}},
		{"another change", func() error { _, _, err := command.Run(ctx, r, command.Op{Scope: "t"}, makeThing(&runs)); return err }, []int64{1, 2}},
	}
	for _, s := range steps {
		if err := s.run(); err != nil {
			t.Fatalf("%s: %v", s.name, err)
		}
		if len(hooked) != len(s.want) || hooked[len(hooked)-1] != s.want[len(s.want)-1] {
			t.Fatalf("after %s the hook saw %v, want %v", s.name, hooked, s.want)
		}
	}
}
