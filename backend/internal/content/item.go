package content

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"slotwise/backend/internal/clock"
	"slotwise/backend/internal/db"
	"slotwise/backend/internal/sites"
)

// The admin API changes one item at a time, with the checks and writes an
// import uses, inside the transaction its command runs.

var (
	ErrNotFound = errors.New("content: no such item")
	// ErrInUse: the item is what bookings, responses or posts refer to.
	ErrInUse = errors.New("content: the item is in use")
	// ErrBusinessStays: the business is not deleted; everything hangs on it.
	ErrBusinessStays = errors.New("content: the business is not deleted")
	// ErrExists: POST of an item whose key is taken.
	ErrExists = errors.New("content: an item with this key exists")
)

// Outcome is what a change did.
type Outcome string

const (
	Created   Outcome = "created"
	Updated   Outcome = "updated"
	Unchanged Outcome = "unchanged"
)

// List reads every item of a kind, sorted by key.
func List(ctx context.Context, q db.Querier, k Kind) (any, error) {
	s := &Site{}
	if err := k.loadInto(ctx, q, s); err != nil {
		return nil, fmt.Errorf("content: unable to read the %s: %w", k.Name(), err)
	}
	return k.list(s), nil
}

// Get reads one item.
func Get(ctx context.Context, q db.Querier, k Kind, key string) (any, error) {
	if k.Name() == "media" {
		return mediaNamed(ctx, q, key)
	}
	s := &Site{}
	if err := k.loadInto(ctx, q, s); err != nil {
		return nil, fmt.Errorf("content: unable to read the %s: %w", k.Name(), err)
	}
	it, ok := k.item(s, key)
	if !ok {
		return nil, ErrNotFound
	}
	return it, nil
}

// putItem creates or replaces one item in tx, decoded from JSON (a
// picture's bytes for media), checked against everything else the site
// has. With create, an item that exists is refused (ErrExists).
func putItem(ctx context.Context, tx pgx.Tx, k Kind, key string, body []byte, create bool, redirects []string, now clock.Func) (any, Outcome, error) {
	it, err := k.decode(key, body)
	if err != nil {
		return nil, "", &BodyError{err}
	}
	if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock($1)`, importLock); err != nil {
		return nil, "", err
	}
	cur, err := loadForChecks(ctx, tx)
	if err != nil {
		return nil, "", err
	}
	key = k.keyOf(it)
	next := &Site{}
	k.add(next, it)
	keepAddresses(next, cur)
	stampTranslations(next, cur)
	it, _ = k.item(next, key)
	if m, ok := it.(*Media); ok {
		// The checks read pictures' names only: the kept one's bytes, to compare.
		stored, err := mediaNamed(ctx, tx, m.Name)
		if err != nil && !errors.Is(err, ErrNotFound) {
			return nil, "", err
		}
		for i := range cur.Media {
			if cur.Media[i].Name == m.Name && stored != nil {
				cur.Media[i] = *stored
			}
		}
	}
	old, exists := k.item(cur, key)
	switch {
	case exists && create:
		return nil, "", ErrExists
	case exists && k.sameItem(old, it):
		return it, Unchanged, nil
	}
	f := &Folder{Site: next, sources: sources{}}
	if ps := checkSite(f, cur, redirects); len(ps) > 0 {
		return nil, "", ps
	}
	w := newWriter(tx, 1, nil)
	w.redirects, w.now = redirects, now
	if err := k.applyChanged(ctx, w, cur, next); err != nil {
		return nil, "", f.refused(err)
	}
	if exists {
		return it, Updated, nil
	}
	return it, Created, nil
}

// deleteItem removes one item in tx; one that bookings, responses, posts or a team refer to
// stays (ErrInUse): make it inactive or unpublished instead.
func deleteItem(ctx context.Context, tx pgx.Tx, k Kind, key string) error {
	if _, err := Get(ctx, tx, k, key); err != nil {
		return err
	}
	if k.Name() == "location" {
		return ErrBusinessStays
	}
	if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock($1)`, importLock); err != nil {
		return err
	}
	deleted, err := k.remove(ctx, tx, key)
	var pe *pgconn.PgError
	switch {
	case errors.As(err, &pe) && pe.Code == "23503": // a reference the database keeps
		return ErrInUse
	case err != nil:
		return err
	case !deleted:
		return ErrInUse
	}
	return nil
}

// loadForChecks reads what an item may refer to: the whole site but the
// pictures' bytes.
func loadForChecks(ctx context.Context, q db.Querier) (*Site, error) {
	s := &Site{}
	for _, k := range kinds {
		if k.Name() == "media" {
			continue
		}
		if err := k.loadInto(ctx, q, s); err != nil {
			return nil, err
		}
	}
	names, err := collect(ctx, q, `SELECT name FROM media WHERE location_id = $1`, func(r pgx.Row) (Media, error) {
		var m Media
		return m, r.Scan(&m.Name)
	}, db.ThisBusiness)
	s.Media = names
	return s, err
}

// ListAfter lists a kind's items after the key after, in byte order of their
// keys, at most limit; next is the last key when more follow.
func ListAfter(ctx context.Context, q db.Querier, k Kind, after string, limit int) (items []any, next string, err error) {
	if k.Name() == "media" {
		return mediaAfter(ctx, q, after, limit)
	}
	s := &Site{}
	if err := k.loadInto(ctx, q, s); err != nil {
		return nil, "", fmt.Errorf("content: unable to read the %s: %w", k.Name(), err)
	}
	all := k.all(s)
	slices.SortFunc(all, func(a, b any) int { return strings.Compare(k.keyOf(a), k.keyOf(b)) })
	for _, it := range all {
		if after != "" && k.keyOf(it) <= after {
			continue
		}
		if len(items) == limit {
			return items, k.keyOf(items[len(items)-1]), nil
		}
		items = append(items, it)
	}
	return items, "", nil
}

// Key is an item's key, for the address of the item the API answers.
func Key(k Kind, item any) string { return k.keyOf(item) }

// BodyError is a request body that is not an item of its kind. Its Err
// is mostly strictjson's: a *ShapeError, or a *TextError when the item's
// shape is right but strings, named by their fields, are not text.
type BodyError struct{ Err error }

func (e *BodyError) Error() string { return e.Err.Error() }

func (e *BodyError) Unwrap() error { return e.Err }

// mediaNamed reads one picture as it was saved (not the smaller widths
// made of it).
func mediaNamed(ctx context.Context, q db.Querier, name string) (*Media, error) {
	if base, variant := sites.VariantOf(name); variant {
		var made bool
		if err := q.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM media WHERE name = $1 AND location_id = $2)`, base, db.ThisBusiness).Scan(&made); err != nil || made {
			return nil, cmp.Or(err, ErrNotFound)
		}
	}
	m := &Media{Name: name}
	err := q.QueryRow(ctx, `SELECT data FROM media WHERE name = $1 AND location_id = $2`, name, db.ThisBusiness).Scan(&m.Data)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, ErrNotFound
	}
	return m, err
}

// MediaInfo is a picture in a list: its name and size; its bytes are read
// one picture at a time.
type MediaInfo struct {
	Name  string `json:"name"`
	Bytes int    `json:"bytes"`
}

// mediaAfter lists pictures by name and size, without the smaller widths
// made of them.
func mediaAfter(ctx context.Context, q db.Querier, after string, limit int) ([]any, string, error) {
	all, err := collect(ctx, q, `SELECT name, octet_length(data) FROM media WHERE location_id = $1`, func(r pgx.Row) (MediaInfo, error) {
		var m MediaInfo
		return m, r.Scan(&m.Name, &m.Bytes)
	}, db.ThisBusiness)
	if err != nil {
		return nil, "", err
	}
	stored := map[string]bool{}
	for _, m := range all {
		stored[m.Name] = true
	}
	slices.SortFunc(all, func(a, b MediaInfo) int { return strings.Compare(a.Name, b.Name) })
	var items []any
	for _, m := range all {
		if base, variant := sites.VariantOf(m.Name); (variant && stored[base]) || m.Name <= after && after != "" {
			continue
		}
		if len(items) == limit {
			return items, items[len(items)-1].(MediaInfo).Name, nil
		}
		items = append(items, m)
	}
	return items, "", nil
}
