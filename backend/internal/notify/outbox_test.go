package notify_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"slotwise/backend/internal/db"
	"slotwise/backend/internal/db/dbtest"
	"slotwise/backend/internal/notify"
)

const (
	testFrom     = "noreply@studio.test"
	testFromName = "Demo Studio"
)

func testCtx(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	t.Cleanup(cancel)
	return ctx
}

// logBuffer collects log output from several goroutines.
type logBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *logBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *logBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

func newWorker(pool *db.Pool, s notify.Sender, logs *logBuffer) *notify.Worker {
	return &notify.Worker{
		Pool:    pool,
		Sender:  s,
		Logger:  slog.New(slog.NewTextHandler(logs, &slog.HandlerOptions{Level: slog.LevelDebug})),
		Backoff: func(attempt int) time.Duration { return time.Duration(attempt) * time.Hour },
	}
}

func smtpTo(t *testing.T, port int) *notify.SMTPSender {
	return mustSender(t, notify.SMTPConfig{Host: "127.0.0.1", Port: port, TLS: "none", Timeout: 5 * time.Second})
}

func enqueue(t *testing.T, q db.Querier, m notify.Message) {
	t.Helper()
	if err := notify.Enqueue(testCtx(t), q, notify.KindConfirmation, testFrom, testFromName, m); err != nil {
		t.Fatal(err)
	}
}

type outboxState struct {
	Attempts    int
	NextAttempt time.Time
	LastError   string
	Sent        bool
	Dead        bool
}

func outboxRows(t *testing.T, pool *db.Pool) []outboxState {
	t.Helper()
	rows, err := pool.Query(testCtx(t), `SELECT attempts, next_attempt_at, last_error, sent_at IS NOT NULL, dead FROM outbox ORDER BY id`)
	if err != nil {
		t.Fatal(err)
	}
	out, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (outboxState, error) {
		var s outboxState
		err := r.Scan(&s.Attempts, &s.NextAttempt, &s.LastError, &s.Sent, &s.Dead)
		return s, err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func TestEnqueueRolledBackSendsNothing(t *testing.T) {
	pool := dbtest.WithBusiness(t)
	ms := startMailServer(t, serverOptions{})
	ctx := testCtx(t)
	boom := errors.New("booking failed")
	err := db.InTx(ctx, pool, func(tx pgx.Tx) error {
		enqueue(t, tx, sampleMessage(t))
		return boom
	})
	if !errors.Is(err, boom) {
		t.Fatal(err)
	}
	sent, err := newWorker(pool, smtpTo(t, ms.Port), &logBuffer{}).DeliverDue(ctx)
	if err != nil || sent != 0 {
		t.Fatalf("DeliverDue = %d, %v; want 0, nil", sent, err)
	}
	if n := len(ms.Messages()); n != 0 {
		t.Errorf("%d messages sent for a rolled-back booking", n)
	}
	if rows := outboxRows(t, pool); len(rows) != 0 {
		t.Errorf("outbox holds %d rows", len(rows))
	}
}

func TestEnqueueCommittedIsDeliveredWithItsInvitation(t *testing.T) {
	pool := dbtest.WithBusiness(t)
	ms := startMailServer(t, serverOptions{})
	ctx := testCtx(t)
	m := sampleMessage(t)
	if err := db.InTx(ctx, pool, func(tx pgx.Tx) error {
		enqueue(t, tx, m)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	var kind, rcpt, subject string
	if err := pool.QueryRow(ctx, `SELECT kind, recipient, subject FROM outbox`).Scan(&kind, &rcpt, &subject); err != nil {
		t.Fatal(err)
	}
	if kind != notify.KindConfirmation || rcpt != m.To || subject != m.Subject {
		t.Errorf("row = %q %q %q", kind, rcpt, subject)
	}

	sent, err := newWorker(pool, smtpTo(t, ms.Port), &logBuffer{}).DeliverDue(ctx)
	if err != nil || sent != 1 {
		t.Fatalf("DeliverDue = %d, %v; want 1, nil", sent, err)
	}
	msgs := ms.Messages()
	if len(msgs) != 1 {
		t.Fatalf("server got %d messages", len(msgs))
	}
	if msgs[0].From != testFrom || len(msgs[0].To) != 1 || msgs[0].To[0] != m.To {
		t.Errorf("envelope %s -> %v", msgs[0].From, msgs[0].To)
	}
	_, parts := parseMessage(t, msgs[0].Data)
	cal := leaf(parts, "text/calendar")
	if cal == nil || !bytes.Equal(cal.body, m.Attachments[0].Data) {
		t.Fatalf("the .ics attachment did not arrive intact")
	}
	if rows := outboxRows(t, pool); len(rows) != 1 || !rows[0].Sent || rows[0].Attempts != 1 || rows[0].Dead {
		t.Errorf("row after delivery: %+v", rows)
	}
	// Nothing is sent twice.
	if sent, err := newWorker(pool, smtpTo(t, ms.Port), &logBuffer{}).DeliverDue(ctx); sent != 0 || err != nil {
		t.Errorf("second DeliverDue = %d, %v", sent, err)
	}
}

func TestOutboxRetriesUntilTheServerIsBack(t *testing.T) {
	pool := dbtest.WithBusiness(t)
	ctx := testCtx(t)
	port := freePort(t) // nothing listens: the server is down
	enqueue(t, pool, sampleMessage(t))
	logs := &logBuffer{}
	w := newWorker(pool, smtpTo(t, port), logs)
	w.Backoff = func(attempt int) time.Duration { return time.Duration(attempt) * time.Minute }

	for attempt := 1; attempt <= 2; attempt++ {
		before := time.Now()
		if sent, err := w.DeliverDue(ctx); sent != 0 || err != nil {
			t.Fatalf("attempt %d: DeliverDue = %d, %v", attempt, sent, err)
		}
		rows := outboxRows(t, pool)
		if len(rows) != 1 {
			t.Fatalf("%d rows", len(rows))
		}
		r := rows[0]
		if r.Attempts != attempt || r.Sent || r.Dead || r.LastError == "" {
			t.Fatalf("attempt %d: row %+v", attempt, r)
		}
		wait := time.Duration(attempt) * time.Minute
		if r.NextAttempt.Before(before.Add(wait-5*time.Second)) || r.NextAttempt.After(time.Now().Add(wait+5*time.Second)) {
			t.Errorf("attempt %d: next attempt at %v, want about %v from now", attempt, r.NextAttempt, wait)
		}
		// Not due yet: another round leaves it alone.
		if sent, _ := w.DeliverDue(ctx); sent != 0 || outboxRows(t, pool)[0].Attempts != attempt {
			t.Fatalf("a message was retried before its time")
		}
		makeDue(t, pool)
	}
	if !strings.Contains(logs.String(), "will retry") {
		t.Errorf("failed attempts were not logged: %s", logs.String())
	}

	ms := startMailServer(t, serverOptions{addr: fmt.Sprintf("127.0.0.1:%d", port)})
	if sent, err := w.DeliverDue(ctx); sent != 1 || err != nil {
		t.Fatalf("with the server back: DeliverDue = %d, %v", sent, err)
	}
	makeDue(t, pool)
	if sent, err := w.DeliverDue(ctx); sent != 0 || err != nil {
		t.Fatalf("after delivery: DeliverDue = %d, %v", sent, err)
	}
	if n := len(ms.Messages()); n != 1 {
		t.Errorf("server got %d messages, want exactly 1", n)
	}
	if r := outboxRows(t, pool)[0]; !r.Sent || r.Attempts != 3 || r.LastError != "" {
		t.Errorf("row after delivery: %+v", r)
	}
}

// makeDue moves every pending row's next attempt to now, as time passing would.
func makeDue(t *testing.T, pool *db.Pool) {
	t.Helper()
	if _, err := pool.Exec(testCtx(t), `UPDATE outbox SET next_attempt_at = now() WHERE sent_at IS NULL`); err != nil {
		t.Fatal(err)
	}
}

func TestOutboxDeadAfterMaxAttempts(t *testing.T) {
	pool := dbtest.WithBusiness(t)
	ctx := testCtx(t)
	enqueue(t, pool, sampleMessage(t))
	logs := &logBuffer{}
	w := newWorker(pool, smtpTo(t, freePort(t)), logs)
	w.MaxAttempts = 3
	w.Backoff = func(int) time.Duration { return 0 }

	for range 5 {
		if _, err := w.DeliverDue(ctx); err != nil {
			t.Fatal(err)
		}
	}
	r := outboxRows(t, pool)[0]
	if !r.Dead || r.Attempts != 3 || r.Sent || r.LastError == "" {
		t.Errorf("row %+v, want dead after 3 attempts", r)
	}
	if !strings.Contains(logs.String(), "level=ERROR") || !strings.Contains(logs.String(), "mail given up") {
		t.Errorf("giving up was not logged as an error: %s", logs.String())
	}
}

func TestOutboxRejectedRecipientIsDeadAtOnce(t *testing.T) {
	pool := dbtest.WithBusiness(t)
	ctx := testCtx(t)
	ms := startMailServer(t, serverOptions{})
	m := sampleMessage(t)
	ms.rejectTo = m.To
	enqueue(t, pool, m)
	if _, err := newWorker(pool, smtpTo(t, ms.Port), &logBuffer{}).DeliverDue(ctx); err != nil {
		t.Fatal(err)
	}
	if r := outboxRows(t, pool)[0]; !r.Dead || r.Attempts != 1 || !strings.Contains(r.LastError, "550") {
		t.Errorf("row %+v, want dead with the server's answer", r)
	}
}

// countingSender passes messages on and counts sends per Message-ID.
type countingSender struct {
	next notify.Sender
	mu   sync.Mutex
	byID map[string]int
}

func (c *countingSender) Send(ctx context.Context, from string, to []string, data []byte) error {
	id := messageID(data)
	c.mu.Lock()
	c.byID[id]++
	c.mu.Unlock()
	return c.next.Send(ctx, from, to, data)
}

// overlappingSender holds the first message it is given until a second one
// is being sent at the same time, so workers are certain to overlap: each
// leases one row at a time, and while the first holds its lease the others
// must skip it and take the next.
type overlappingSender struct {
	next       notify.Sender
	mu         sync.Mutex
	inFlight   int
	overlapped chan struct{}
	closed     bool
}

func newOverlappingSender(next notify.Sender) *overlappingSender {
	return &overlappingSender{next: next, overlapped: make(chan struct{})}
}

func (o *overlappingSender) Send(ctx context.Context, from string, to []string, data []byte) error {
	o.mu.Lock()
	o.inFlight++
	if o.inFlight >= 2 && !o.closed {
		o.closed = true
		close(o.overlapped)
	}
	o.mu.Unlock()
	defer func() {
		o.mu.Lock()
		o.inFlight--
		o.mu.Unlock()
	}()
	select {
	case <-o.overlapped:
	case <-time.After(20 * time.Second): // the check after the run fails
	case <-ctx.Done():
		return ctx.Err()
	}
	return o.next.Send(ctx, from, to, data)
}

func messageID(data []byte) string {
	_, rest, _ := bytes.Cut(data, []byte("\r\nMessage-ID: "))
	id, _, _ := bytes.Cut(rest, []byte("\r\n"))
	return string(id)
}

func TestOutboxConcurrentWorkersNeverSendARowTwice(t *testing.T) {
	url := dbtest.URL(t)
	ctx := testCtx(t)
	open := func() *db.Pool {
		p, err := db.Open(ctx, url)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(p.Close)
		return p
	}
	replicaA, replicaB := open(), open()
	dbtest.Business(t, replicaA, "studio")
	ms := startMailServer(t, serverOptions{})
	ms.delay = 5 * time.Millisecond

	const total = 45
	for i := range total {
		m := sampleMessage(t)
		m.To = fmt.Sprintf("guest%d@example.com", i)
		enqueue(t, replicaA, m)
	}
	overlap := newOverlappingSender(smtpTo(t, ms.Port))
	counter := &countingSender{next: overlap, byID: map[string]int{}}
	var wg sync.WaitGroup
	var mu sync.Mutex
	sentBy := map[string]int{}
	for name, pool := range map[string]*db.Pool{"a1": replicaA, "a2": replicaA, "b1": replicaB, "b2": replicaB} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			n, err := newWorker(pool, counter, &logBuffer{}).DeliverDue(ctx)
			if err != nil {
				t.Error(err)
			}
			mu.Lock()
			sentBy[name] = n
			mu.Unlock()
		}()
	}
	wg.Wait()

	sum := 0
	for _, n := range sentBy {
		sum += n
	}
	if sum != total {
		t.Errorf("workers report %d sent (%v), want %d", sum, sentBy, total)
	}
	if len(counter.byID) != total {
		t.Errorf("%d distinct messages sent, want %d", len(counter.byID), total)
	}
	for id, n := range counter.byID {
		if n != 1 {
			t.Errorf("message %s sent %d times", id, n)
		}
	}
	if n := len(ms.Messages()); n != total {
		t.Errorf("server got %d messages, want %d", n, total)
	}
	select {
	case <-overlap.overlapped:
	default:
		t.Errorf("no two workers were ever sending at once (%v): the run tested no concurrency", sentBy)
	}
	busy := 0
	for _, n := range sentBy {
		if n > 0 {
			busy++
		}
	}
	if busy < 2 {
		t.Errorf("only %d worker(s) sent anything (%v), want the rows shared", busy, sentBy)
	}
}

func TestRunDeliversOnCommitWithoutWaitingForThePoll(t *testing.T) {
	pool := dbtest.WithBusiness(t)
	ms := startMailServer(t, serverOptions{})
	w := newWorker(pool, smtpTo(t, ms.Port), &logBuffer{})
	w.PollInterval = time.Hour // only a notification can wake it in time

	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- w.Run(ctx) }()
	defer func() {
		cancel()
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("Run = %v", err)
			}
		case <-time.After(10 * time.Second):
			t.Errorf("Run did not stop")
		}
	}()

	// Let the worker's first round and LISTEN happen before the commit.
	time.Sleep(300 * time.Millisecond)
	if err := db.InTx(testCtx(t), pool, func(tx pgx.Tx) error {
		enqueue(t, tx, sampleMessage(t))
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(10 * time.Second)
	for len(ms.Messages()) == 0 && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	if n := len(ms.Messages()); n != 1 {
		t.Fatalf("server got %d messages, want 1", n)
	}
}

func TestDefaultBackoff(t *testing.T) {
	want := []time.Duration{10 * time.Second, 20 * time.Second, 40 * time.Second, 80 * time.Second}
	for i, w := range want {
		if got := notify.DefaultBackoff(i + 1); got != w {
			t.Errorf("DefaultBackoff(%d) = %v, want %v", i+1, got, w)
		}
	}
	for _, a := range []int{10, 12, 50, 1000} {
		if got := notify.DefaultBackoff(a); got != time.Hour {
			t.Errorf("DefaultBackoff(%d) = %v, want 1h", a, got)
		}
	}
}

// committedSender checks, at each send, that every message accepted before
// is already marked sent in the database, seen from another connection.
type committedSender struct {
	t        *testing.T
	observer *db.Pool
	accepted int
}

func (s *committedSender) Send(ctx context.Context, _ string, _ []string, _ []byte) error {
	var marked int
	if err := s.observer.QueryRow(ctx, `SELECT count(*) FROM outbox WHERE sent_at IS NOT NULL`).Scan(&marked); err != nil {
		return err
	}
	var open int
	s.observer.QueryRow(ctx, `SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND state = 'idle in transaction'`).Scan(&open)
	if marked != s.accepted {
		s.t.Errorf("at send %d, %d earlier mails are marked sent, want %d: a crash now would send them again", s.accepted+1, marked, s.accepted)
	}
	if open != 0 {
		s.t.Errorf("at send %d, %d transactions are open across the network call", s.accepted+1, open)
	}
	s.accepted++
	return nil
}

func TestEachMailIsMarkedSentInItsOwnCommitWithNoTransactionOpen(t *testing.T) {
	url := dbtest.URL(t)
	ctx := testCtx(t)
	pool, err := db.Open(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pool.Close)
	dbtest.Business(t, pool, "studio")
	observer, err := db.Open(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(observer.Close)
	for i := range 12 {
		m := sampleMessage(t)
		m.To = fmt.Sprintf("guest%d@example.com", i)
		enqueue(t, pool, m)
	}
	s := &committedSender{t: t, observer: observer}
	if sent, err := newWorker(pool, s, &logBuffer{}).DeliverDue(ctx); sent != 12 || err != nil {
		t.Fatalf("DeliverDue = %d, %v; want 12", sent, err)
	}
}
