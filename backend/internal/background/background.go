// Package background runs the server's work that is not a request's: the
// outbox, the events pipeline, webhooks, calendar syncs, reminders,
// payment holds and purges. Each is a Loop; serve lists them in one place
// and starts and stops them together (Run), and every one that sends as
// work arrives takes its rounds the same way (Rounds).
package background

import (
	"context"
	"log/slog"
	"sync"
	"time"

	"slotwise/backend/internal/db"
)

// Loop is work that runs until its context ends.
type Loop interface {
	Name() string
	Run(ctx context.Context) error
}

// Run starts every loop, each logged by its name when it starts and when
// it stops (with its error, if it failed), and returns a function that
// waits until all have stopped once ctx ends.
func Run(ctx context.Context, log *slog.Logger, loops ...Loop) (wait func()) {
	var wg sync.WaitGroup
	for _, l := range loops {
		wg.Go(func() {
			log.Info("background work started", "name", l.Name())
			if err := l.Run(ctx); err != nil && ctx.Err() == nil {
				log.Error("background work stopped", "name", l.Name(), "error", err)
				return
			}
			log.Info("background work stopped", "name", l.Name())
		})
	}
	return wg.Wait
}

// Func is a loop made of a name and a function.
func Func(name string, run func(ctx context.Context) error) Loop { return funcLoop{name, run} }

type funcLoop struct {
	name string
	run  func(ctx context.Context) error
}

func (f funcLoop) Name() string                  { return f.name }
func (f funcLoop) Run(ctx context.Context) error { return f.run(ctx) }

// DefaultPoll is how often work is looked for when no notice says it came.
const DefaultPoll = 5 * time.Second

// Rounds calls round at once, then whenever channel is notified (when it
// is not "": LISTEN on a connection of its own, reconnecting when it
// drops) and at least every poll, until ctx ends: a notice missed while
// not listening waits one poll at most.
func Rounds(ctx context.Context, pool *db.Pool, channel string, poll time.Duration, log *slog.Logger, round func(ctx context.Context)) {
	if poll <= 0 {
		poll = DefaultPoll
	}
	wake := make(chan struct{}, 1)
	var wg sync.WaitGroup
	if channel != "" {
		wg.Go(func() { db.Listen(ctx, pool, channel, wake, poll, log) })
	}
	defer wg.Wait()
	ticker := time.NewTicker(poll)
	defer ticker.Stop()
	for {
		round(ctx)
		select {
		case <-ctx.Done():
			return
		case <-wake:
		case <-ticker.C:
		}
	}
}
