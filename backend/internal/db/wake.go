package db

import (
	"context"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// NotifyAfterCommit wakes the listeners of channel once q's work is
// committed: at once for a Pool, after Commit for a transaction begun on
// one, and for any other Querier (a pgx.Tx of its own) by a NOTIFY in it.
//
// Why not NOTIFY in the transaction, as PostgreSQL's documentation shows:
// a transaction that notifies holds one lock of the whole database from
// its commit until its commit record is on disk, so that notifications
// queue in commit order. Every booking, mail and payment event notifies,
// so their commits went one at a time, each waiting for the one before it
// to reach the disk: under twenty concurrent payment events, a third of
// the database's sessions were found waiting for that lock. Sent after
// commit from the server's own connection, a burst's notifications fold
// into one or two, and the commits are written together again. A
// notification lost to a crash between the commit and the NOTIFY is what
// every listener's own polling already finds (background.Rounds).
func NotifyAfterCommit(ctx context.Context, q Querier, channel string) error {
	switch t := q.(type) {
	case *tx:
		if t.wakes != nil {
			t.wakes.add(channel)
			return nil
		}
	case *Pool:
		if t.waker != nil {
			t.waker.wake([]string{channel})
			return nil
		}
	}
	_, err := q.Exec(ctx, notifySQL([]string{channel}))
	return err
}

// notifySQL notifies each channel, in one simple-protocol string.
func notifySQL(channels []string) string {
	statements := make([]string, len(channels))
	for i, c := range channels {
		statements[i] = "NOTIFY " + pgx.Identifier{c}.Sanitize()
	}
	return strings.Join(statements, "; ")
}

// addOnce appends channel to list unless it is there.
func addOnce(list []string, channel string) []string {
	if slices.Contains(list, channel) {
		return list
	}
	return append(list, channel)
}

// wakeList is the channels a transaction will wake once committed; its
// savepoints share it (a savepoint rolled back leaves its channels in: a
// listener woken for nothing finds nothing to do).
type wakeList struct{ channels []string }

func (w *wakeList) add(channel string) { w.channels = addOnce(w.channels, channel) }

// waker sends a pool's notifications, one statement at a time, off the
// committer's path: what is asked for while one is sent goes in the next.
type waker struct {
	pool    *pgxpool.Pool
	mu      sync.Mutex
	pending []string
	sending bool
}

func (w *waker) wake(channels []string) {
	if len(channels) == 0 {
		return
	}
	w.mu.Lock()
	for _, c := range channels {
		w.pending = addOnce(w.pending, c)
	}
	if w.sending {
		w.mu.Unlock()
		return
	}
	w.sending = true
	w.mu.Unlock()
	go w.send()
}

// send notifies what is pending until nothing is.
func (w *waker) send() {
	for {
		w.mu.Lock()
		channels := w.pending
		w.pending = nil
		if len(channels) == 0 {
			w.sending = false
			w.mu.Unlock()
			return
		}
		w.mu.Unlock()
		// A failure is dropped: the listeners' polling finds the work
		// (the database unreachable now is unreachable to them too).
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		_, _ = w.pool.Exec(ctx, notifySQL(channels), pgx.QueryExecModeSimpleProtocol)
		cancel()
	}
}
