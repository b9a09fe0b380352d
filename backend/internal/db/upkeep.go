package db

import (
	"context"
	"fmt"
)

// UpkeepDone says whether the deployment's one-off task was done (the
// upkeep table, migration 000055): a replica that starts after it skips it.
func UpkeepDone(ctx context.Context, q Querier, task string) (bool, error) {
	var done bool
	if err := q.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM upkeep WHERE task = $1)`, task).Scan(&done); err != nil {
		return false, fmt.Errorf("db: unable to read the upkeep of %q: %w", task, err)
	}
	return done, nil
}

// MarkUpkeepDone records the one-off task as done; again is harmless.
func MarkUpkeepDone(ctx context.Context, q Querier, task string) error {
	if _, err := q.Exec(ctx, `INSERT INTO upkeep (task) VALUES ($1) ON CONFLICT (task) DO NOTHING`, task); err != nil {
		return fmt.Errorf("db: unable to record the upkeep of %q: %w", task, err)
	}
	return nil
}
