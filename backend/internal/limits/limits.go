// Package limits bounds how often one client or one e-mail address may do
// something (book, send a form's step, guess a token), counted in PostgreSQL so the
// limits hold across replicas. Windows are fixed: a bucket's count starts
// again at each window's start, and a refused caller is told when.
package limits

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"slotwise/backend/internal/clock"
	"slotwise/backend/internal/db"
)

// Rule allows Max hits per Window; Max 0 turns the limit off.
type Rule struct {
	Max    int
	Window time.Duration
}

// ParseRule reads "30/1h": at most 30 per hour ("0" or "off": no limit).
func ParseRule(s string) (Rule, error) {
	s = strings.TrimSpace(s)
	if s == "0" || s == "off" {
		return Rule{}, nil
	}
	n, w, ok := strings.Cut(s, "/")
	max, err := strconv.Atoi(n)
	window, werr := time.ParseDuration(w)
	if !ok || err != nil || werr != nil || max < 1 || window < time.Second {
		return Rule{}, fmt.Errorf("limits: %q is not COUNT/DURATION such as 30/1h", s)
	}
	return Rule{Max: max, Window: window}, nil
}

func (r Rule) String() string {
	if r.Max == 0 {
		return "off"
	}
	return fmt.Sprintf("%d/%s", r.Max, r.Window)
}

// ErrLimited is returned when a limit is reached; RetryAfter says when the
// window ends.
type ErrLimited struct {
	Bucket     string
	RetryAfter time.Duration
}

func (e *ErrLimited) Error() string {
	return fmt.Sprintf("limits: %s reached; retry after %s", e.Bucket, e.RetryAfter)
}

// IsLimited tells whether err is a reached limit.
func IsLimited(err error) bool {
	var l *ErrLimited
	return errors.As(err, &l)
}

// Limiter counts hits against rules by bucket name.
type Limiter struct {
	pool  *db.Pool
	rules map[string]Rule
	now   clock.Func
}

// New returns a limiter with the rules of each bucket, counting windows
// on now (nil: clock.Now).
func New(pool *db.Pool, rules map[string]Rule, now clock.Func) *Limiter {
	if now == nil {
		now = clock.Now
	}
	return &Limiter{pool: pool, rules: rules, now: now}
}

// SetClock replaces the clock the windows are counted on, for tests.
func (l *Limiter) SetClock(now clock.Func) {
	if l != nil {
		l.now = now
	}
}

// Hit counts one hit of key in bucket and refuses it (ErrLimited) past
// the bucket's rule. A limit on failures (wrong secrets) hits only when one
// happens, so what succeeds is never refused. A nil limiter, or a bucket without a rule, allows all.
func (l *Limiter) Hit(ctx context.Context, bucket, key string) error {
	rule, ok := l.rule(bucket)
	if !ok {
		return nil
	}
	start, end := l.window(rule)
	var hits int
	err := l.pool.QueryRow(ctx, `
		INSERT INTO rate_limits (bucket, key_hash, window_start, hits) VALUES ($1, $2, $3, 1)
		ON CONFLICT (bucket, key_hash, window_start) DO UPDATE SET hits = rate_limits.hits + 1
		RETURNING hits`, bucket, hash(ofBusiness(ctx)+key), start).Scan(&hits)
	if err != nil {
		return fmt.Errorf("limits: unable to count %s: %w", bucket, err)
	}
	if hits > rule.Max {
		return &ErrLimited{Bucket: bucket, RetryAfter: end.Sub(l.now())}
	}
	return nil
}

// ofBusiness names the business ctx works for, before a key: a limit is
// counted per business, so one business's crowd (or a form of the same
// slug elsewhere) never uses up another's.
func ofBusiness(ctx context.Context) string {
	if id, ok := db.BusinessOf(ctx); ok {
		return strconv.FormatInt(id, 10) + "/"
	}
	return ""
}

// Purge forgets windows that ended more than a day ago.
func (l *Limiter) Purge(ctx context.Context) (int64, error) {
	if l == nil {
		return 0, nil
	}
	// Windows start on the limiter's clock, so they end on it too.
	tag, err := l.pool.Exec(ctx, `DELETE FROM rate_limits WHERE window_start < $1::timestamptz - interval '2 days'`, l.now())
	if err != nil {
		return 0, fmt.Errorf("limits: unable to purge: %w", err)
	}
	return tag.RowsAffected(), nil
}

func (l *Limiter) rule(bucket string) (Rule, bool) {
	if l == nil {
		return Rule{}, false
	}
	r, ok := l.rules[bucket]
	return r, ok && r.Max > 0
}

func (l *Limiter) window(r Rule) (time.Time, time.Time) {
	start := l.now().Truncate(r.Window)
	return start, start.Add(r.Window)
}

// hash keeps addresses out of the table: the limit needs only equality.
func hash(key string) []byte {
	h := sha256.Sum256([]byte(key))
	return h[:]
}
