package pages

import (
	"context"
	"log/slog"
	"time"

	"slotwise/backend/internal/clock"
	"slotwise/backend/internal/db"
)

// Cache keeps pages in memory while it hears the database's change
// notices (cache.go). It is made before the services whose commits it
// must see (their after-commit hook is its SeeOwnChanges) and given to
// the engine.
type Cache struct {
	pages   *pageCache
	changes *db.Pool
}

// NewCache listens on changes for content changes until lifetime ends;
// pages are cached while it hears them. now is the clock a page's Until
// is read on (nil: clock.Now).
func NewCache(changes *db.Pool, lifetime context.Context, now clock.Func, log *slog.Logger) *Cache {
	if now == nil {
		now = clock.Now
	}
	if log == nil {
		log = slog.Default()
	}
	c := &Cache{pages: newPageCache(64<<20, now), changes: changes}
	go db.ListenPayloads(lifetime, changes, ContentChannel, c.pages.notice, c.pages.setLive, 5*time.Second, log)
	return c
}

// SeeOwnChanges returns once the cache has dropped every page that a
// change committed before the call made stale: a command's after-commit
// hook, so a visitor who just booked, cancelled or moved a booking never
// meets the old times on the next page.
func (c *Cache) SeeOwnChanges(ctx context.Context) {
	if c == nil {
		return
	}
	c.pages.catchUp(ctx, func(ctx context.Context, payload string) error {
		_, err := c.changes.Exec(ctx, `SELECT pg_notify($1, $2)`, ContentChannel, payload)
		return err
	})
}
