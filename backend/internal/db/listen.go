package db

import (
	"context"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"
)

// Listen signals wake on every notification on channel, and once after each
// (re)connect so the caller catches up on what committed meanwhile, until
// ctx ends. A dropped connection is retried every retry; in between the
// caller's own polling carries the work.
func Listen(ctx context.Context, pool *Pool, channel string, wake chan<- struct{}, retry time.Duration, log *slog.Logger) {
	for {
		err := listenOnce(ctx, pool, channel, wake)
		if ctx.Err() != nil {
			return
		}
		log.WarnContext(ctx, "not listening for notifications; polling until reconnected", "channel", channel, "error", err)
		select {
		case <-ctx.Done():
			return
		case <-time.After(retry):
		}
	}
}

func listenOnce(ctx context.Context, pool *Pool, channel string, wake chan<- struct{}) error {
	notice := func(string) { Signal(wake) }
	return listenSession(ctx, pool, channel, func() { Signal(wake) }, notice)
}

// listenSession listens on channel in a connection of its own (LISTEN is
// per session, and a pooled connection would be handed to other queries
// between waits), calls connected once listening, then notice with each
// payload, until the connection or ctx ends.
func listenSession(ctx context.Context, pool *Pool, channel string, connected func(), notice func(string)) error {
	conn, err := pgx.ConnectConfig(ctx, pool.Config().ConnConfig)
	if err != nil {
		return err
	}
	defer func() {
		cctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
		defer cancel()
		_ = conn.Close(cctx)
	}()
	if _, err := conn.Exec(ctx, "LISTEN "+pgx.Identifier{channel}.Sanitize()); err != nil {
		return err
	}
	connected()
	for {
		n, err := conn.WaitForNotification(ctx)
		if err != nil {
			return err
		}
		notice(n.Payload)
	}
}

// Signal wakes a worker without blocking: one pending wake-up is enough.
func Signal(c chan<- struct{}) {
	select {
	case c <- struct{}{}:
	default:
	}
}

// ListenPayloads is Listen for a channel whose payloads matter: handle gets
// each, in order. connected(true) is called each time the listening
// session is (re)established, connected(false) when it is lost: a consumer
// that keeps state derived from notifications cannot know what it missed
// in between.
func ListenPayloads(ctx context.Context, pool *Pool, channel string, handle func(string), connected func(bool), retry time.Duration, log *slog.Logger) {
	for {
		err := listenSession(ctx, pool, channel, func() { connected(true) }, handle)
		connected(false)
		if ctx.Err() != nil {
			return
		}
		log.WarnContext(ctx, "not listening for notifications; retrying", "channel", channel, "error", err)
		select {
		case <-ctx.Done():
			return
		case <-time.After(retry):
		}
	}
}
