package admin

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/jackc/pgx/v5"

	"slotwise/backend/internal/content"
	"slotwise/backend/internal/db"
	"slotwise/backend/internal/hosts"
)

// The operator's side: the businesses a deployment serves and the hosts
// each answers on, changed through `slotwise business` and `slotwise
// host`, and through the operator scope of the admin API. These touch the
// deployment's shared tables only (locations, location_hosts): nothing a
// business wrote is read here but its slug and name, and every replica
// hears of a change at once (the tables' triggers).

// Business is a business as the operator sees it.
type Business struct {
	Slug     string `json:"slug"`
	Name     string `json:"name"`
	TimeZone string `json:"timeZone"`
	Default  bool   `json:"default"` // it answers hosts no business claims
	Hosts    []Host `json:"hosts"`
}

// Host is a hostname a business answers on.
type Host struct {
	Host     string `json:"host"`
	Primary  bool   `json:"primary"`  // its absolute links name it
	Redirect bool   `json:"redirect"` // it sends visitors on to the primary
}

// Registry errors.
var (
	ErrBusinessNotFound = errors.New("admin: there is no such business")
	ErrBusinessExists   = errors.New("admin: there is a business with this slug already")
	ErrHostClaimed      = errors.New("admin: the host is claimed already")
	ErrHostNotFound     = errors.New("admin: the business has no such host")
	ErrNoDefault        = errors.New("admin: there is no default business")
)

// InvalidError names the fields of a request that cannot be used.
type InvalidError struct{ Fields map[string]string }

func (e *InvalidError) Error() string { return "admin: " + strings.Join(e.messages(), "; ") }

func (e *InvalidError) messages() []string {
	var out []string
	for _, m := range e.Fields {
		out = append(out, m)
	}
	return out
}

// NewBusiness is a business to add.
type NewBusiness struct {
	Slug     string `json:"slug"`
	Name     string `json:"name"`
	TimeZone string `json:"timeZone"` // IANA; empty: UTC
	Default  bool   `json:"default"`
}

func (n *NewBusiness) check() error {
	bad := map[string]string{}
	n.Name = strings.TrimSpace(n.Name)
	if n.TimeZone == "" {
		n.TimeZone = "UTC"
	}
	if !content.ValidSlug(n.Slug) {
		bad["slug"] = "slug is lower-case letters, digits and hyphens"
	}
	if n.Name == "" || !utf8.ValidString(n.Name) || utf8.RuneCountInString(n.Name) > 200 || strings.ContainsFunc(n.Name, func(r rune) bool { return r < ' ' || r == 0x7f }) {
		bad["name"] = "name is 1 to 200 characters of text on one line"
	}
	if _, err := time.LoadLocation(n.TimeZone); err != nil || n.TimeZone == "Local" || len(n.TimeZone) > 64 {
		bad["timeZone"] = "timeZone is an IANA time zone, such as Europe/Berlin"
	}
	if len(bad) > 0 {
		return &InvalidError{Fields: bad}
	}
	return nil
}

// AddBusiness adds an empty business; the first of a deployment is its
// default.
func AddBusiness(ctx context.Context, pool *db.Pool, n NewBusiness) (*Business, error) {
	if err := n.check(); err != nil {
		return nil, err
	}
	err := db.InTx(ctx, pool, func(tx pgx.Tx) error {
		if err := oneAtATime(ctx, tx); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `INSERT INTO locations (slug, name, time_zone, is_default)
			VALUES ($1, $2, $3, NOT EXISTS (SELECT 1 FROM locations))`, n.Slug, n.Name, n.TimeZone)
		if db.UniqueViolation(err) {
			return ErrBusinessExists
		}
		if err != nil || !n.Default {
			return err
		}
		return setDefault(ctx, tx, n.Slug)
	})
	if err != nil {
		return nil, err
	}
	return GetBusiness(ctx, pool, n.Slug)
}

// RemoveBusiness deletes a business and everything of it, for good.
func RemoveBusiness(ctx context.Context, q db.Querier, slug string) error {
	tag, err := q.Exec(ctx, `DELETE FROM locations WHERE slug = $1`, slug)
	if err != nil {
		return fmt.Errorf("admin: unable to remove the business: %w", err)
	}
	if tag.RowsAffected() == 0 {
		return ErrBusinessNotFound
	}
	return nil
}

// SetDefault makes slug the business that answers hosts no business
// claims; "" makes none (they get a 404).
func SetDefault(ctx context.Context, pool *db.Pool, slug string) error {
	return db.InTx(ctx, pool, func(tx pgx.Tx) error {
		if err := oneAtATime(ctx, tx); err != nil {
			return err
		}
		if slug == "" {
			_, err := tx.Exec(ctx, `UPDATE locations SET is_default = false WHERE is_default`)
			return err
		}
		return setDefault(ctx, tx, slug)
	})
}

// oneAtATime serializes the changes of which business is the default: two
// at once (two first businesses, two new defaults) would otherwise meet
// at the one-default index as an error neither asked for.
func oneAtATime(ctx context.Context, tx pgx.Tx) error {
	_, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(hashtext('slotwise.businesses'))`)
	return err
}

func setDefault(ctx context.Context, tx pgx.Tx, slug string) error {
	if _, err := tx.Exec(ctx, `UPDATE locations SET is_default = false WHERE is_default AND slug <> $1`, slug); err != nil {
		return err
	}
	tag, err := tx.Exec(ctx, `UPDATE locations SET is_default = true WHERE slug = $1`, slug)
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		return ErrBusinessNotFound
	}
	return nil
}

const businessQuery = `
	SELECT l.slug, l.name, l.time_zone, l.is_default,
	       coalesce(json_agg(json_build_object('host', h.host, 'primary', h.is_primary, 'redirect', h.redirect)
	                ORDER BY NOT h.is_primary, h.host) FILTER (WHERE h.host IS NOT NULL), '[]')
	FROM locations l LEFT JOIN location_hosts h ON h.location_id = l.id`

func scanBusiness(row pgx.CollectableRow) (Business, error) {
	var b Business
	return b, row.Scan(&b.Slug, &b.Name, &b.TimeZone, &b.Default, &b.Hosts)
}

// Businesses lists every business with its hosts, by slug.
func Businesses(ctx context.Context, q db.Querier) ([]Business, error) {
	var all []Business
	for after := ""; ; {
		page, last, err := BusinessesAfter(ctx, q, after, 500)
		if err != nil {
			return nil, err
		}
		all = append(all, page...)
		if last == "" {
			return all, nil
		}
		after = last
	}
}

// BusinessesAfter lists up to limit businesses with their hosts, by slug,
// those after the slug after ("": from the first); last is the slug the
// next page starts after, "" when no business follows.
func BusinessesAfter(ctx context.Context, q db.Querier, after string, limit int) (list []Business, last string, err error) {
	rows, err := q.Query(ctx, businessQuery+` WHERE l.slug > $1 GROUP BY l.id ORDER BY l.slug LIMIT $2`, after, limit+1)
	if err != nil {
		return nil, "", fmt.Errorf("admin: unable to list the businesses: %w", err)
	}
	list, err = pgx.CollectRows(rows, scanBusiness)
	if err != nil {
		return nil, "", fmt.Errorf("admin: unable to list the businesses: %w", err)
	}
	if len(list) > limit {
		list = list[:limit]
		last = list[limit-1].Slug
	}
	return list, last, nil
}

// GetBusiness is one business with its hosts.
func GetBusiness(ctx context.Context, q db.Querier, slug string) (*Business, error) {
	rows, err := q.Query(ctx, businessQuery+` WHERE l.slug = $1 GROUP BY l.id`, slug)
	if err != nil {
		return nil, fmt.Errorf("admin: unable to read the business: %w", err)
	}
	b, err := pgx.CollectExactlyOneRow(rows, scanBusiness)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, ErrBusinessNotFound
	}
	return &b, err
}

// BusinessID is the id of the business slug names, or without a slug of
// the default business (the only one, in a deployment of one).
func BusinessID(ctx context.Context, q db.Querier, slug string) (int64, string, error) {
	var id int64
	var err error
	if slug == "" {
		err = q.QueryRow(ctx, `SELECT id, slug FROM locations WHERE is_default
			UNION ALL SELECT min(id), min(slug) FROM locations HAVING count(*) = 1 LIMIT 1`).Scan(&id, &slug)
		if errors.Is(err, pgx.ErrNoRows) {
			return 0, "", ErrNoDefault
		}
	} else {
		err = q.QueryRow(ctx, `SELECT id FROM locations WHERE slug = $1`, slug).Scan(&id)
		if errors.Is(err, pgx.ErrNoRows) {
			return 0, "", ErrBusinessNotFound
		}
	}
	return id, slug, err
}

// AddHost gives a business a hostname; a new primary replaces the old.
func AddHost(ctx context.Context, pool *db.Pool, slug string, h Host) (*Host, error) {
	name, err := hosts.Normalize(h.Host)
	switch {
	case err != nil:
		return nil, &InvalidError{Fields: map[string]string{"host": "host is a hostname: letters, digits, hyphens and dots, with an optional port"}}
	case h.Primary && h.Redirect:
		return nil, &InvalidError{Fields: map[string]string{"redirect": "a host is the primary or redirects to it, not both"}}
	}
	h.Host = name
	id, _, err := BusinessID(ctx, pool, slug)
	if err != nil {
		return nil, err
	}
	err = db.InTx(ctx, pool, func(tx pgx.Tx) error {
		if h.Primary {
			if _, err := tx.Exec(ctx, `UPDATE location_hosts SET is_primary = false WHERE location_id = $1`, id); err != nil {
				return err
			}
		}
		_, err := tx.Exec(ctx, `INSERT INTO location_hosts (host, location_id, is_primary, redirect) VALUES ($1, $2, $3, $4)`,
			h.Host, id, h.Primary, h.Redirect)
		if db.UniqueViolation(err) {
			return ErrHostClaimed
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	return &h, nil
}

// RemoveHost takes a hostname back; with a slug, only from that business.
func RemoveHost(ctx context.Context, q db.Querier, slug, host string) error {
	name, err := hosts.Normalize(host)
	if err != nil {
		return ErrHostNotFound
	}
	tag, err := q.Exec(ctx, `DELETE FROM location_hosts WHERE host = $1
		AND ($2 = '' OR location_id = (SELECT id FROM locations WHERE slug = $2))`, name, slug)
	if err != nil {
		return fmt.Errorf("admin: unable to remove the host: %w", err)
	}
	if tag.RowsAffected() == 0 {
		return ErrHostNotFound
	}
	return nil
}
