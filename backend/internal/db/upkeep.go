package db

import (
	"context"
	"fmt"
)

// Upkeep is what became of a one-off task at a start.
type Upkeep int

const (
	UpkeepRan        Upkeep = iota // run here now (done, unless run said otherwise)
	UpkeepDoneBefore               // done at an earlier start
	UpkeepElsewhere                // another replica is running it now
)

// RunUpkeep runs the deployment's one-off task once across replicas (the
// upkeep table, migration 000055): not when it was done before, nor while
// another replica runs it (an advisory lock on its name, on a connection
// held for the run, so a replica that dies lets go). run says whether it
// finished; a finished run is recorded, and an unfinished one (a failure,
// a stop) is run again at a later start.
func RunUpkeep(ctx context.Context, pool *Pool, task string, run func(ctx context.Context) (finished bool, err error)) (Upkeep, error) {
	if done, err := upkeepDone(ctx, pool, task); err != nil || done {
		return UpkeepDoneBefore, err
	}
	conn, err := pool.Acquire(ctx)
	if err != nil {
		return UpkeepRan, fmt.Errorf("db: unable to claim the upkeep of %q: %w", task, err)
	}
	defer conn.Release()
	var mine bool
	if err := conn.QueryRow(ctx, `SELECT pg_try_advisory_lock(hashtextextended($1, 55))`, task).Scan(&mine); err != nil {
		return UpkeepRan, fmt.Errorf("db: unable to claim the upkeep of %q: %w", task, err)
	}
	if !mine {
		return UpkeepElsewhere, nil
	}
	defer func() { // were this to fail, the connection's end lets go
		_, _ = conn.Exec(context.Background(), `SELECT pg_advisory_unlock(hashtextextended($1, 55))`, task)
	}()
	// Done by a replica that let go of it just before.
	if done, err := upkeepDone(ctx, pool, task); err != nil || done {
		return UpkeepDoneBefore, err
	}
	finished, err := run(ctx)
	if err != nil || !finished {
		return UpkeepRan, err
	}
	return UpkeepRan, MarkUpkeepDone(ctx, pool, task)
}

func upkeepDone(ctx context.Context, q Querier, task string) (bool, error) {
	var done bool
	if err := q.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM upkeep WHERE task = $1)`, task).Scan(&done); err != nil {
		return false, fmt.Errorf("db: unable to read the upkeep of %q: %w", task, err)
	}
	return done, nil
}

// MarkUpkeepDone records the one-off task as done, by whoever did its work
// otherwise (a generator that plans what it writes); again is harmless.
func MarkUpkeepDone(ctx context.Context, q Querier, task string) error {
	if _, err := q.Exec(ctx, `INSERT INTO upkeep (task) VALUES ($1) ON CONFLICT (task) DO NOTHING`, task); err != nil {
		return fmt.Errorf("db: unable to record the upkeep of %q: %w", task, err)
	}
	return nil
}
