// Package demo fills an empty database with the demo businesses, so that
// `make run` shows real content: the studio (site/), which answers every
// host, and a yoga school in German (yoga/) at yoga.localhost, sharing
// slugs with it (its pages about, privacy and imprint, its blog, its
// person mia and its class demo-yoga). Each is a site's folder (the format
// of docs/content.md) shipped inside the binary, imported as any
// business's own folder would be.
package demo

import (
	"context"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"time"

	"github.com/jackc/pgx/v5"

	"slotwise/backend/internal/content"
	"slotwise/backend/internal/db"
)

//go:embed all:site all:yoga
var files embed.FS

// Site is the studio's folder.
func Site() fs.FS { return folder("site") }

// Yoga is the yoga school's folder.
func Yoga() fs.FS { return folder("yoga") }

func folder(name string) fs.FS {
	sub, err := fs.Sub(files, name)
	if err != nil {
		panic(err) // embedded above
	}
	return sub
}

// Hosts the yoga school answers on (the first its primary); the studio
// answers studio.localhost too, and every host nobody claims.
var (
	YogaHosts   = []string{"yoga.localhost"}
	StudioHosts = []string{"studio.localhost"}
)

// IsEmpty tells whether the database holds no business yet.
func IsEmpty(ctx context.Context, q db.Querier) (bool, error) {
	var empty bool
	if err := q.QueryRow(ctx, `SELECT NOT EXISTS (SELECT 1 FROM locations)`).Scan(&empty); err != nil {
		return false, fmt.Errorf("demo: unable to look for a business: %w", err)
	}
	return empty, nil
}

// Seed imports the demo content; running it again changes only what
// differs from it.
func Seed(ctx context.Context, pool *db.Pool) error { return SeedAt(ctx, pool, nil) }

// SeedAt is Seed on the server's clock (its staff's agendas are planned
// from it); nil is clock.Now.
func SeedAt(ctx context.Context, pool *db.Pool, now func() time.Time) error {
	folder, err := content.Read(Site())
	if err != nil {
		return fmt.Errorf("demo: %w", err)
	}
	// Into the studio once it is there; the first import makes it.
	var id int64
	err = pool.QueryRow(ctx, `SELECT id FROM locations WHERE slug = $1`, studioSlug).Scan(&id)
	switch {
	case err == nil:
		ctx = db.WithBusiness(ctx, id)
	case !errors.Is(err, pgx.ErrNoRows):
		return fmt.Errorf("demo: %w", err)
	}
	if _, err := content.Import(ctx, pool, folder, content.Options{Now: now}); err != nil {
		return fmt.Errorf("demo: %w", err)
	}
	return nil
}

// SeedBoth is SeedAt, then the yoga school as a second business with its
// hosts. Running it again changes only what differs.
func SeedBoth(ctx context.Context, pool *db.Pool, now func() time.Time) error {
	if err := SeedAt(ctx, pool, now); err != nil {
		return err
	}
	folder, err := content.Read(Yoga())
	if err != nil {
		return fmt.Errorf("demo: %w", err)
	}
	l := folder.Site.Locations[0]
	var id int64
	err = pool.QueryRow(ctx, `INSERT INTO locations (slug, name, time_zone) VALUES ($1, $2, $3)
		ON CONFLICT (slug) DO UPDATE SET slug = EXCLUDED.slug RETURNING id`, l.Slug, l.Name, l.TimeZone).Scan(&id)
	if err != nil {
		return fmt.Errorf("demo: unable to add the yoga school: %w", err)
	}
	if _, err := content.Import(db.WithBusiness(ctx, id), pool, folder, content.Options{Now: now}); err != nil {
		return fmt.Errorf("demo: %w", err)
	}
	_, err = pool.Exec(ctx, `
		INSERT INTO location_hosts (host, location_id, is_primary)
		SELECT h, $1, h = $2[1] FROM unnest($2::text[]) h
		UNION ALL SELECT h, (SELECT id FROM locations WHERE slug = $4), false FROM unnest($3::text[]) h
		ON CONFLICT (host) DO NOTHING`, id, YogaHosts, StudioHosts, studioSlug)
	if err != nil {
		return fmt.Errorf("demo: unable to give the businesses their hosts: %w", err)
	}
	return nil
}

// studioSlug is the studio's slug (site/location.yaml).
const studioSlug = "demo-studio"
