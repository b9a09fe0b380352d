package limits

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
)

// Reached tells, without counting, whether key has used up its bucket's
// rule in this window: ErrLimited if so, as the next Hit would answer. It
// lets a caller refuse before it does the work a hit would count (looking
// up a secret that is short enough to guess). A nil limiter, or a bucket
// without a rule, is never reached.
func (l *Limiter) Reached(ctx context.Context, bucket, key string) error {
	rule, ok := l.rule(bucket)
	if !ok {
		return nil
	}
	start, end := l.window(rule)
	var hits int
	err := l.pool.QueryRow(ctx, `SELECT hits FROM rate_limits WHERE bucket = $1 AND key_hash = $2 AND window_start = $3`,
		bucket, hash(ofBusiness(ctx)+key), start).Scan(&hits)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("limits: unable to read %s: %w", bucket, err)
	}
	if hits >= rule.Max {
		return &ErrLimited{Bucket: bucket, RetryAfter: end.Sub(l.now())}
	}
	return nil
}
