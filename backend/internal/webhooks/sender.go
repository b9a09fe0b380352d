package webhooks

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"strconv"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/jackc/pgx/v5"
	standardwebhooks "github.com/standard-webhooks/standard-webhooks/libraries/go"

	"slotwise/backend/internal/background"
	"slotwise/backend/internal/db"
)

// Sender posts due deliveries. Any number run, one per replica: each
// claims a batch with SKIP LOCKED and a lease, posts outside any
// transaction, and records each attempt in its own commit. A sender that
// dies mid-post leaves a lease that runs out, and the delivery is sent
// again: at least once, under the same webhook-id, so receivers drop the
// repeat.
type Sender struct {
	Pool   *db.Pool
	Client *http.Client // NewClient
	Logger *slog.Logger
	// Observe, when set, hears each attempt's outcome: succeeded, retry,
	// failed (gave up) or gone (410: the endpoint is disabled).
	Observe func(outcome string)
	// PollInterval finds retries whose time came (default background.DefaultPoll).
	PollInterval time.Duration
	// Parallel attempts at once (default 8).
	Parallel int
	// Backoff is the wait before attempt n+1 after n failures (default
	// Backoff, the package's).
	Backoff func(n int) time.Duration
}

const (
	batchSize   = 32
	lease       = Timeout + 45*time.Second
	maxResponse = 2 << 10
)

// Backoff waits 5 s after the first failure, then three times longer after
// each (15 s, 45 s, … up to 12 h), each wait jittered by ±25 % so endpoints
// coming back are not hit by every retry at once. Retries go on until the
// delivery is three days old.
func Backoff(n int) time.Duration {
	d := 5 * time.Second
	for i := 1; i < n && d < 12*time.Hour; i++ {
		d *= 3
	}
	d = min(d, 12*time.Hour)
	return time.Duration(float64(d) * (0.75 + rand.Float64()/2))
}

// Name is the sender's name among the server's background work.
func (s *Sender) Name() string { return "webhooks" }

// Run sends due deliveries until ctx ends, as soon as a commit announces
// them and at least every PollInterval.
func (s *Sender) Run(ctx context.Context) error {
	background.Rounds(ctx, s.Pool, Channel, s.PollInterval, s.log(), func(ctx context.Context) {
		for {
			n, err := s.SendDue(ctx)
			if err != nil && ctx.Err() == nil {
				s.log().WarnContext(ctx, "webhooks: a delivery round failed", "error", err)
			}
			if n < batchSize || err != nil {
				return
			}
		}
	})
	return nil
}

func (s *Sender) log() *slog.Logger {
	if s.Logger == nil {
		return slog.Default()
	}
	return s.Logger
}

type job struct {
	id, body, endpointID, url, secret string
	business                          int64
	attempts                          int
	expiresAt                         time.Time
}

// SendDue claims and sends one batch of due deliveries, and returns how
// many it claimed.
//
// The claim is across businesses; each delivery is then sent and recorded
// for its own.
func (s *Sender) SendDue(ctx context.Context) (int, error) {
	// The deliveries are chosen once (MATERIALIZED): a subquery that skips
	// locked rows, read again for each row it is joined to, would pick others.
	rows, err := s.Pool.Query(db.WithEveryBusiness(ctx), `
		WITH due AS MATERIALIZED (
			SELECT d2.id, d2.location_id FROM webhook_deliveries d2
			JOIN webhook_endpoints e2 ON e2.id = d2.endpoint_id AND e2.location_id = d2.location_id
			WHERE d2.status = 'pending' AND e2.enabled AND d2.next_attempt_at <= now()
			  AND (d2.leased_until IS NULL OR d2.leased_until < now())
			ORDER BY d2.next_attempt_at LIMIT $2 FOR UPDATE OF d2 SKIP LOCKED)
		UPDATE webhook_deliveries d SET leased_until = now() + $1 * interval '1 second'
		FROM webhook_endpoints e
		WHERE e.id = d.endpoint_id AND e.location_id = d.location_id AND (d.id, d.location_id) IN (SELECT id, location_id FROM due)
		RETURNING d.id, d.location_id, d.body, d.attempts, d.expires_at, e.id, e.url, e.secret`, int64(lease.Seconds()), batchSize)
	if err != nil {
		return 0, fmt.Errorf("webhooks: unable to claim deliveries: %w", err)
	}
	jobs, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (job, error) {
		var j job
		return j, r.Scan(&j.id, &j.business, &j.body, &j.attempts, &j.expiresAt, &j.endpointID, &j.url, &j.secret)
	})
	if err != nil {
		return 0, fmt.Errorf("webhooks: unable to claim deliveries: %w", err)
	}
	parallel := s.Parallel
	if parallel <= 0 {
		parallel = 8
	}
	slots := make(chan struct{}, parallel)
	var wg sync.WaitGroup
	for _, j := range jobs {
		slots <- struct{}{}
		wg.Go(func() {
			defer func() { <-slots }()
			s.attempt(db.WithBusiness(ctx, j.business), j)
		})
	}
	wg.Wait()
	return len(jobs), nil
}

// outcome of one post.
type outcome struct {
	started  time.Time
	duration time.Duration
	status   int // 0: no answer
	response string
	err      string // why there was no answer, as the operator reads it
	cause    error  // and as Go said it, for the server's log
}

func (s *Sender) attempt(ctx context.Context, j job) {
	o := s.post(ctx, j)
	if ctx.Err() != nil {
		return // shutting down: the lease runs out and the delivery is sent again
	}
	result, err := s.record(context.WithoutCancel(ctx), j, o)
	if err != nil {
		s.log().WarnContext(ctx, "webhooks: unable to record an attempt", "delivery", j.id, "error", err)
		return
	}
	if s.Observe != nil {
		s.Observe(result)
	}
}

// post sends the delivery once, signed for this attempt's time.
func (s *Sender) post(ctx context.Context, j job) outcome {
	o := outcome{started: time.Now()}                     // real time: the attempt is logged, and timed, on the wall clock
	defer func() { o.duration = time.Since(o.started) }() // real time: how long the attempt took
	signer, err := standardwebhooks.NewWebhook(j.secret)
	if err != nil {
		o.err = "the endpoint's secret cannot sign: " + err.Error()
		return o
	}
	signature, err := signer.Sign(j.id, o.started, []byte(j.body))
	if err != nil {
		o.err = err.Error()
		return o
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, j.url, bytes.NewReader([]byte(j.body)))
	if err != nil {
		o.err = err.Error()
		return o
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", "Slotwise-Webhooks/1")
	req.Header.Set(standardwebhooks.HeaderWebhookID, j.id)
	req.Header.Set(standardwebhooks.HeaderWebhookTimestamp, strconv.FormatInt(o.started.Unix(), 10))
	req.Header.Set(standardwebhooks.HeaderWebhookSignature, signature)
	resp, err := s.Client.Do(req)
	if err != nil {
		o.err, o.cause = reason(err), err
		o.duration = time.Since(o.started) // real time: how long the attempt took
		return o
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(io.LimitReader(resp.Body, maxResponse))
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10)) // so the connection can be reused
	o.status, o.response = resp.StatusCode, printable(body)
	o.duration = time.Since(o.started) // real time: how long the attempt took
	return o
}

// printable keeps what of an answer's body can be stored and shown.
func printable(b []byte) string {
	s := string(bytes.ReplaceAll(b, []byte{0}, nil))
	if !utf8.ValidString(s) {
		s = string([]rune(s)) // invalid bytes become U+FFFD
	}
	return s
}

// record writes the attempt and what follows from it, and returns the
// outcome's name.
func (s *Sender) record(ctx context.Context, j job, o outcome) (string, error) {
	backoff := s.backoff(j.attempts + 1).Milliseconds()
	result := "retry"
	switch {
	case o.status >= 200 && o.status < 300:
		result = "succeeded"
	case o.status == http.StatusGone:
		result = "gone"
	}
	err := db.InTx(ctx, s.Pool, func(tx pgx.Tx) error {
		if result == "retry" || result == "failed" {
			// Retries are timed on PostgreSQL's clock, which leases them and
			// set the delivery's expiry: one clock for every replica.
			var expired bool
			if err := tx.QueryRow(ctx, `SELECT now() + $2 * interval '1 millisecond' > expires_at FROM webhook_deliveries WHERE id = $1 AND location_id = $3`,
				j.id, backoff, db.ThisBusiness).Scan(&expired); err != nil {
				return err
			}
			result = map[bool]string{true: "failed", false: "retry"}[expired]
		}
		var status *int
		if o.status != 0 {
			status = &o.status
		}
		if _, err := tx.Exec(ctx, `INSERT INTO webhook_attempts (delivery_id, started_at, duration_ms, status_code, response, error)
			VALUES ($1, $2, $3, $4, $5, $6)`, j.id, o.started, int(o.duration.Milliseconds()), status, o.response, o.err); err != nil {
			return err
		}
		newStatus := map[string]string{"succeeded": "succeeded", "gone": "failed", "failed": "failed", "retry": "pending"}[result]
		if _, err := tx.Exec(ctx, `UPDATE webhook_deliveries SET status = $2, attempts = attempts + 1,
			next_attempt_at = now() + $3 * interval '1 millisecond', leased_until = NULL, updated_at = now() WHERE id = $1 AND location_id = $4`, j.id, newStatus, backoff, db.ThisBusiness); err != nil {
			return err
		}
		if result == "gone" {
			_, err := tx.Exec(ctx, `UPDATE webhook_endpoints SET enabled = false, updated_at = now(),
				disabled_reason = 'the endpoint answered 410 Gone at ' || to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS"Z"')
				WHERE id = $1 AND location_id = $2`, j.endpointID, db.ThisBusiness)
			return err
		}
		return nil
	})
	if err != nil {
		return "", err
	}
	if result != "succeeded" {
		s.log().InfoContext(ctx, "webhooks: delivery attempt failed", "delivery", j.id, "endpoint", j.endpointID,
			"status", o.status, "error", o.err, "cause", o.cause, "outcome", result)
	}
	return result, nil
}

func (s *Sender) backoff(n int) time.Duration {
	if s.Backoff != nil {
		return s.Backoff(n)
	}
	return Backoff(n)
}
