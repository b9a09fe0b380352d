// Package demo fills an empty database with the demo business, so that
// `make run` shows real content. The demo is a site's folder (site/, the
// format of docs/content.md) shipped inside the binary, imported as any
// business's own folder would be.
package demo

import (
	"context"
	"embed"
	"fmt"
	"io/fs"
	"time"

	"slotwise/backend/internal/content"
	"slotwise/backend/internal/db"
)

//go:embed all:site
var files embed.FS

// Site is the demo's folder.
func Site() fs.FS {
	sub, err := fs.Sub(files, "site")
	if err != nil {
		panic(err) // site/ is embedded above
	}
	return sub
}

// IsEmpty tells whether the database holds no content yet.
func IsEmpty(ctx context.Context, q db.Querier) (bool, error) {
	var n int
	if err := q.QueryRow(ctx, `SELECT (SELECT count(*) FROM site_pages) + (SELECT count(*) FROM calendars)`).Scan(&n); err != nil {
		return false, fmt.Errorf("demo: unable to count pages: %w", err)
	}
	return n == 0, nil
}

// Seed imports the demo content; running it again changes only what
// differs from it.
func Seed(ctx context.Context, pool db.Beginner) error { return SeedAt(ctx, pool, nil) }

// SeedAt is Seed on the server's clock (its staff's agendas are planned
// from it); nil is clock.Now.
func SeedAt(ctx context.Context, pool db.Beginner, now func() time.Time) error {
	folder, err := content.Read(Site())
	if err != nil {
		return fmt.Errorf("demo: %w", err)
	}
	if _, err := content.Import(ctx, pool, folder, content.Options{Now: now}); err != nil {
		return fmt.Errorf("demo: %w", err)
	}
	return nil
}
