package events_test

import (
	"context"
	"errors"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"slotwise/backend/internal/db"
	"slotwise/backend/internal/db/dbtest"
	"slotwise/backend/internal/events"
)

func TestMain(m *testing.M) { dbtest.Main(m) }

// counter is a consumer that records, in the database, each event it handled.
type counter struct {
	name    string
	handled atomic.Int64
	fail    func(ev events.Event) error
}

func (c *counter) Name() string    { return c.name }
func (c *counter) Types() []string { return []string{"thing.happened"} }
func (c *counter) Handle(_ context.Context, ev events.Event) (events.Commit, error) {
	c.handled.Add(1)
	if c.fail != nil {
		if err := c.fail(ev); err != nil {
			return nil, err
		}
	}
	return func(ctx context.Context, tx pgx.Tx) error {
		_, err := tx.Exec(ctx, `INSERT INTO effects (consumer, event_id) VALUES ($1, $2)`, c.name, ev.ID)
		return err
	}, nil
}

func setup(t *testing.T) *db.Pool {
	t.Helper()
	pool := dbtest.WithBusiness(t)
	dbtest.AsOwner(t, pool, `CREATE TABLE effects (consumer text, event_id bigint, UNIQUE (consumer, event_id))`)
	return pool
}

func emit(t *testing.T, pool *db.Pool, n int) {
	t.Helper()
	for i := range n {
		if err := events.Emit(context.Background(), pool, "thing.happened", map[string]int{"n": i}); err != nil {
			t.Fatal(err)
		}
	}
}

func effects(t *testing.T, pool *db.Pool, consumer string) int {
	t.Helper()
	var n int
	if err := pool.QueryRow(context.Background(), `SELECT count(*) FROM effects WHERE consumer = $1`, consumer).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func TestEachConsumerGetsEachEventOnceAcrossReplicas(t *testing.T) {
	pool := setup(t)
	mail, hooks := &counter{name: "mail"}, &counter{name: "hooks"}
	replicas := []*events.Dispatcher{
		{Pool: pool, Consumers: []events.Consumer{mail, hooks}},
		{Pool: pool, Consumers: []events.Consumer{mail, hooks}},
	}
	if err := replicas[0].Subscribe(context.Background()); err != nil {
		t.Fatal(err)
	}
	emit(t, pool, 40)
	var wg sync.WaitGroup
	for _, d := range replicas {
		wg.Go(func() {
			if _, err := d.DeliverDue(context.Background()); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	for _, c := range []*counter{mail, hooks} {
		if got := effects(t, pool, c.name); got != 40 {
			t.Errorf("%s wrote %d effects, want 40", c.name, got)
		}
		if got := c.handled.Load(); got != 40 {
			t.Errorf("%s handled %d events, want 40 (no event twice while leased)", c.name, got)
		}
	}
}

func TestEventsBeforeASubscriptionAreNotDelivered(t *testing.T) {
	pool := setup(t)
	emit(t, pool, 3)
	c := &counter{name: "late"}
	d := &events.Dispatcher{Pool: pool, Consumers: []events.Consumer{c}}
	if err := d.Subscribe(context.Background()); err != nil {
		t.Fatal(err)
	}
	emit(t, pool, 2)
	if _, err := d.DeliverDue(context.Background()); err != nil {
		t.Fatal(err)
	}
	if got := effects(t, pool, "late"); got != 2 {
		t.Errorf("%d effects, want 2", got)
	}
}

func TestAFailedDeliveryIsRetriedLaterAndGivenUpAtTheLimit(t *testing.T) {
	pool := setup(t)
	c := &counter{name: "flaky", fail: func(events.Event) error { return errors.New("remote is down") }}
	d := &events.Dispatcher{Pool: pool, Consumers: []events.Consumer{c}, MaxAttempts: 2}
	d.Subscribe(context.Background())
	emit(t, pool, 1)
	for attempt := 1; attempt <= 3; attempt++ {
		if _, err := d.DeliverDue(context.Background()); err != nil {
			t.Fatal(err)
		}
		// Make the retry due now instead of after the backoff.
		pool.Exec(context.Background(), `UPDATE event_deliveries SET next_attempt_at = now()`)
	}
	var attempts int
	var dead bool
	var lastError string
	pool.QueryRow(context.Background(), `SELECT attempts, dead, last_error FROM event_deliveries`).Scan(&attempts, &dead, &lastError)
	if attempts != 2 || !dead || lastError != "remote is down" || c.handled.Load() != 2 {
		t.Errorf("attempts %d, dead %v, error %q, handled %d; want 2, true, the cause, 2", attempts, dead, lastError, c.handled.Load())
	}
}

func TestAPanickingConsumerDoesNotStopTheOthers(t *testing.T) {
	pool := setup(t)
	bad := &counter{name: "bad", fail: func(events.Event) error { panic("boom") }}
	good := &counter{name: "good"}
	d := &events.Dispatcher{Pool: pool, Consumers: []events.Consumer{bad, good}}
	d.Subscribe(context.Background())
	emit(t, pool, 3)
	if _, err := d.DeliverDue(context.Background()); err != nil {
		t.Fatal(err)
	}
	if got := effects(t, pool, "good"); got != 3 {
		t.Errorf("good consumer: %d effects, want 3", got)
	}
}

func TestALeaseThatRanOutIsTakenOverAndTheWorkCommittedOnce(t *testing.T) {
	pool := setup(t)
	slow := &counter{name: "slow"}
	d := &events.Dispatcher{Pool: pool, Consumers: []events.Consumer{slow}, Lease: time.Millisecond}
	d.Subscribe(context.Background())
	emit(t, pool, 1)
	// Another replica claimed it and died: its lease has run out.
	pool.Exec(context.Background(), `UPDATE event_deliveries SET attempts = 1, leased_until = now() - interval '1 second'`)
	if _, err := d.DeliverDue(context.Background()); err != nil {
		t.Fatal(err)
	}
	if _, err := d.DeliverDue(context.Background()); err != nil {
		t.Fatal(err)
	}
	if got := effects(t, pool, "slow"); got != 1 {
		t.Errorf("%d effects, want 1", got)
	}
}

func TestRunWakesOnCommit(t *testing.T) {
	pool := setup(t)
	c := &counter{name: "live"}
	d := &events.Dispatcher{Pool: pool, Consumers: []events.Consumer{c}, PollInterval: time.Hour}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { d.Run(ctx); close(done) }()
	defer func() { cancel(); <-done }()
	deadline := time.Now().Add(20 * time.Second)
	for effects(t, pool, "live") == 0 {
		// Emit until subscribed and listening; a notification, not the hourly poll, delivers it.
		emit(t, pool, 1)
		if time.Now().After(deadline) {
			t.Fatal("no delivery within 20s of a commit")
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func TestPurgeKeepsWhatIsStillOwed(t *testing.T) {
	pool := setup(t)
	c := &counter{name: "mail"}
	d := &events.Dispatcher{Pool: pool, Consumers: []events.Consumer{c}}
	d.Subscribe(context.Background())
	emit(t, pool, 3)
	d.DeliverDue(context.Background())
	emit(t, pool, 1) // not delivered yet
	pool.Exec(context.Background(), `UPDATE events SET created_at = now() - interval '30 days'`)
	n, err := events.Purge(context.Background(), pool, 7*24*time.Hour)
	if err != nil || n != 3 {
		t.Fatalf("purged %d, %v; want the 3 delivered events", n, err)
	}
	var left int
	pool.QueryRow(context.Background(), `SELECT count(*) FROM event_deliveries WHERE done_at IS NULL`).Scan(&left)
	if left != 1 {
		t.Errorf("%d undelivered events left, want 1", left)
	}
}

// settingConsumer records a setting as its commit sees it.
type settingConsumer struct{ seen string }

func (c *settingConsumer) Name() string    { return "setting" }
func (c *settingConsumer) Types() []string { return []string{"thing.happened"} }
func (c *settingConsumer) Handle(context.Context, events.Event) (events.Commit, error) {
	return func(ctx context.Context, tx pgx.Tx) error {
		return tx.QueryRow(ctx, `SELECT current_setting('synchronous_commit')`).Scan(&c.seen)
	}, nil
}

// A consumer's writes and the done mark are committed without waiting for
// the disk (a crash that loses them makes the delivery again), and only
// they: the database's other transactions wait as before.
func TestAConsumersCommitDoesNotWaitForTheDisk(t *testing.T) {
	pool := setup(t)
	// The tests' cluster runs without waiting for the disk at all: this
	// database waits, as a deployment's does.
	dbtest.AsOwner(t, pool, `DO $$ BEGIN EXECUTE format('ALTER DATABASE %I SET synchronous_commit = on', current_database()); END $$`)
	pool.Reset()
	c := &settingConsumer{}
	d := &events.Dispatcher{Pool: pool, Consumers: []events.Consumer{c}}
	ctx := context.Background()
	if err := d.Subscribe(ctx); err != nil {
		t.Fatal(err)
	}
	emit(t, pool, 1)
	if n, err := d.DeliverDue(ctx); err != nil || n != 1 {
		t.Fatalf("DeliverDue = %d, %v", n, err)
	}
	if c.seen != "off" {
		t.Fatalf("synchronous_commit in the consumer's commit = %q, want off", c.seen)
	}
	var after string
	if err := pool.QueryRow(ctx, `SELECT current_setting('synchronous_commit')`).Scan(&after); err != nil || after != "on" {
		t.Fatalf("synchronous_commit after = %q, %v; want on", after, err)
	}
}

func TestAClaimInABurstReadsTheDueInOrderWhateverTheStatisticsSay(t *testing.T) {
	pool := setup(t)
	ctx := context.Background()
	// A young deployment: thousands of deliveries made and done, none of
	// its tables' columns analysed yet (autovacuum has not come by); then
	// a burst of 3,000 events comes.
	dbtest.AsOwner(t, pool, `
		WITH e AS (INSERT INTO events (type, payload) SELECT 'thing.happened', '{}' FROM generate_series(1, 3000) RETURNING id, location_id)
		INSERT INTO event_deliveries (consumer, event_id, location_id)
		SELECT c, id, location_id FROM e, unnest('{mail,hooks,payments,calendars}'::text[]) c;
		UPDATE event_deliveries SET done_at = now();
		WITH e AS (INSERT INTO events (type, payload) SELECT 'thing.happened', '{}' FROM generate_series(1, 3000) RETURNING id, location_id)
		INSERT INTO event_deliveries (consumer, event_id, location_id) SELECT 'mail', id, location_id FROM e`)
	var plan string
	err := db.InTx(db.WithEveryBusiness(ctx), pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, events.ClaimSetting); err != nil {
			return err
		}
		return tx.QueryRow(ctx, `EXPLAIN (FORMAT JSON) `+events.ClaimSQL, []string{"mail", "hooks", "payments", "calendars", "forms"}, 60_000, 10).Scan(&plan)
	})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(plan, `"Index Name": "event_deliveries_due"`) || strings.Contains(plan, `"Sort"`) || strings.Contains(plan, "Bitmap") {
		t.Errorf("a claim does not read the due index in order; its plan:\n%s", plan)
	}
}
