// Package sites serves website content from one store: pages, blogs with
// their posts, categories, authors and tags, products, collections,
// pictures and media, preview secrets, and the sanitising of rich text.
package sites

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/jackc/pgx/v5"

	"slotwise/backend/internal/clock"
	"slotwise/backend/internal/db"
	"slotwise/locales"
)

// ErrNotFound is returned when no published page has the path.
var ErrNotFound = errors.New("sites: page not found")

// Store reads and writes site content.
type Store struct {
	q   db.Querier
	now clock.Func // what readers see of posts scheduled ahead
}

// NewStore returns a store over a pool or a transaction.
func NewStore(q db.Querier) *Store { return &Store{q: q, now: clock.Now} }

// At is the store on another clock (the server's test clock): what readers
// see of posts scheduled ahead is read on it.
func (s *Store) At(now clock.Func) *Store {
	if now == nil {
		return s
	}
	return &Store{q: s.q, now: now}
}

// SetClock replaces the clock, for tests.
func (s *Store) SetClock(now clock.Func) { s.now = now }

// PageByPath returns the published page at a site-relative path ("" is home).
func (s *Store) PageByPath(ctx context.Context, path string) (*Page, error) {
	return s.pageByPath(ctx, path, "", false)
}

// PageIn is the published page at path in locale (a language's URL
// prefix): its published translation into that language, else the
// original. Either way it says the language its text is in and every
// language it is published in.
func (s *Store) PageIn(ctx context.Context, path, locale string) (*Page, error) {
	return s.pageByPath(ctx, path, locale, false)
}

func (s *Store) pageByPath(ctx context.Context, path, locale string, drafts bool) (*Page, error) {
	var p Page
	var body string
	var sections []byte
	// path is the page's own in locale where its translation has one,
	// else its original's.
	err := s.q.QueryRow(ctx, `
		SELECT p.id, p.path, coalesce(t.title, p.title), coalesce(t.description, p.description), coalesce(t.body, p.body),
		       coalesce(t.sections, p.sections), greatest(p.updated_at, t.updated_at), coalesce(t.locale, p.locale), p.locale,
		       ARRAY(SELECT x.locale FROM page_translations x WHERE x.page_id = p.id AND x.location_id = p.location_id AND x.published ORDER BY x.locale),
		       (SELECT jsonb_object_agg(x.locale, x.path) FROM page_translations x
		         WHERE x.page_id = p.id AND x.location_id = p.location_id AND x.published AND x.path IS NOT NULL)
		FROM site_pages p LEFT JOIN page_translations t ON t.page_id = p.id AND t.location_id = p.location_id AND t.locale = $4 AND t.published
		WHERE p.path = coalesce((SELECT o.path FROM page_translations x JOIN site_pages o ON o.id = x.page_id AND o.location_id = x.location_id
		                         WHERE x.path = $1 AND x.locale = $4 AND x.location_id = $3 AND x.published), $1)
		  AND p.location_id = $3 AND (p.published OR $2)`, path, drafts, db.ThisBusiness, locale).
		Scan(&p.ID, &p.Path, &p.Title, &p.Description, &body, &sections, &p.UpdatedAt, &p.Lang, &p.Original, &p.Translations, &p.Paths)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("sites: unable to fetch page %q: %w", path, err)
	}
	p.Lang = locales.Lang(p.Lang)
	p.Paragraphs = paragraphs(body)
	if err := json.Unmarshal(sections, &p.Sections); err != nil {
		return nil, fmt.Errorf("sites: page %q has sections that are not: %w", path, err)
	}
	if p.Sections == nil {
		p.Sections = []Section{}
	}
	return &p, nil
}

// TranslatedPage is the original path of the published page one of whose
// translations has path for an address of its own, in any language: where
// a visitor who changed the language of such an address is sent.
func (s *Store) TranslatedPage(ctx context.Context, path string) (string, error) {
	var orig string
	err := s.q.QueryRow(ctx, `SELECT p.path FROM page_translations t JOIN site_pages p ON p.id = t.page_id AND p.location_id = t.location_id
		WHERE t.path = $1 AND t.location_id = $2 AND t.published AND p.published ORDER BY t.locale LIMIT 1`, path, db.ThisBusiness).Scan(&orig)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", ErrNotFound
	}
	return orig, err
}

// Pages lists the published pages and the blogs (as pages at their path,
// with negative ids), for navigation and the sitemap.
func (s *Store) Pages(ctx context.Context) ([]Page, error) {
	return s.PagesIn(ctx, "")
}

// PagesIn is Pages in locale (a language's URL prefix): a page's title
// and description are its published translation's where it has one. Each
// says the language they are in.
func (s *Store) PagesIn(ctx context.Context, locale string) ([]Page, error) {
	rows, err := s.q.Query(ctx, `
		SELECT p.id, coalesce(t.path, p.path), coalesce(t.title, p.title), coalesce(t.description, p.description), greatest(p.updated_at, t.updated_at),
		       coalesce(t.locale, p.locale), p.path
		FROM site_pages p LEFT JOIN page_translations t ON t.page_id = p.id AND t.location_id = p.location_id AND t.locale = $2 AND t.published
		WHERE p.published AND p.location_id = $1
		UNION ALL
		SELECT -b.id, b.path, coalesce(nullif(b.translations->$2->>'title', ''), b.title),
		       coalesce(nullif(b.translations->$2->>'description', ''), b.description), b.updated_at,
		       CASE WHEN b.translations ? $2 THEN $2 ELSE l.default_locale END, b.path FROM blogs b JOIN locations l ON l.id = b.location_id
		WHERE b.location_id = $1
		ORDER BY 2`, db.ThisBusiness, locale)
	if err != nil {
		return nil, fmt.Errorf("sites: unable to list pages: %w", err)
	}
	pages, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (Page, error) {
		var p Page
		err := r.Scan(&p.ID, &p.Path, &p.Title, &p.Description, &p.UpdatedAt, &p.Lang, &p.OriginalPath)
		p.Lang = locales.Lang(p.Lang)
		return p, err
	})
	if err != nil {
		return nil, fmt.Errorf("sites: unable to list pages: %w", err)
	}
	return pages, nil
}

// BookingGroup is the slug of the business's page of everything it offers
// (its first group of calendars, by slug), or "" when it has none: where
// the website's Book action goes.
func (s *Store) BookingGroup(ctx context.Context) (string, error) {
	var slug string
	err := s.q.QueryRow(ctx, `SELECT slug FROM calendar_groups WHERE location_id = $1 ORDER BY slug LIMIT 1`, db.ThisBusiness).Scan(&slug)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", nil
	}
	if err != nil {
		return "", fmt.Errorf("sites: unable to read the booking group: %w", err)
	}
	return slug, nil
}

// paragraphs splits a body on blank lines.
func paragraphs(body string) []string {
	var out []string
	for _, p := range strings.Split(strings.ReplaceAll(body, "\r\n", "\n"), "\n\n") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}
