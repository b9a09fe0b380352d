// Package hosts knows which business answers a request's host, before any
// handler runs and without a query: a map of every hostname the businesses
// claim (table location_hosts) and the default business for a host none
// claims, kept in memory and reloaded on every replica when it changes
// (the table's trigger notifies slotwise_hosts).
package hosts

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/url"
	"strings"
	"sync/atomic"
	"time"

	"slotwise/backend/internal/db"
	"slotwise/locales"
)

// Channel is where the database announces a change of hosts or businesses.
const Channel = "slotwise_hosts"

// Business is what a request learns of the business its host belongs to.
type Business struct {
	ID   int64
	Slug string
	Name string // as its pages name it
	// Names are its name in the languages it translated it into, by URL
	// prefix (location.de.yaml).
	Names map[string]string
	// Default: it answers the hosts no business claims, the deployment's
	// own front door.
	Default bool
	// Primary is the host its absolute links name ("" when it claims none:
	// the deployment's public URL stands for it).
	Primary string
	// Locale is the language it writes in, as URLs say it ("de"; en-US):
	// what its pages are in for a visitor who names no language.
	Locale string
}

// Answer is what a host resolves to.
type Answer struct {
	Business *Business
	// RedirectTo is the primary host, when the host is a secondary one that
	// the business sends on to it.
	RedirectTo string
}

type table struct {
	hosts    map[string]Answer
	fallback *Business // answers every host no business claims; nil: 404
	byID     map[int64]*Business
}

// Map resolves hosts. Its zero value resolves nothing; Load fills it.
type Map struct {
	t atomic.Pointer[table]
}

// Resolve returns the business that answers host (a Host header: a name or
// an address, with or without a port), or false when none does.
func (m *Map) Resolve(host string) (Answer, bool) {
	t := m.t.Load()
	if t == nil {
		return Answer{}, false
	}
	host = strings.TrimSuffix(strings.ToLower(host), ".")
	if a, ok := t.hosts[host]; ok {
		return a, true
	}
	if name, _, err := net.SplitHostPort(host); err == nil {
		if a, ok := t.hosts[strings.TrimSuffix(name, ".")]; ok {
			return a, true
		}
	}
	if t.fallback != nil {
		return Answer{Business: t.fallback}, true
	}
	return Answer{}, false
}

// Business returns the business of id, if there is one.
func (m *Map) Business(id int64) (*Business, bool) {
	t := m.t.Load()
	if t == nil {
		return nil, false
	}
	b, ok := t.byID[id]
	return b, ok
}

// Load reads every business and hostname into the map, replacing what it
// held at once.
func (m *Map) Load(ctx context.Context, q db.Querier) error {
	t := &table{hosts: map[string]Answer{}, byID: map[int64]*Business{}}
	rows, err := q.Query(ctx, `SELECT id, slug, name, is_default, default_locale,
		coalesce((SELECT jsonb_object_agg(e.key, e.value->>'name') FROM jsonb_each(translations) e WHERE e.value->>'name' <> ''), '{}')
		FROM locations ORDER BY id`)
	if err != nil {
		return fmt.Errorf("hosts: unable to read the businesses: %w", err)
	}
	for rows.Next() {
		var b Business
		var isDefault bool
		if err := rows.Scan(&b.ID, &b.Slug, &b.Name, &isDefault, &b.Locale, &b.Names); err != nil {
			rows.Close()
			return fmt.Errorf("hosts: unable to read the businesses: %w", err)
		}
		b.Default = isDefault
		if l, ok := locales.Canonical(b.Locale); ok {
			b.Locale = l
		} else {
			b.Locale = ""
		}
		t.byID[b.ID] = &b
		if isDefault {
			t.fallback = &b
		}
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("hosts: unable to read the businesses: %w", err)
	}
	type claim struct {
		host              string
		business          int64
		primary, redirect bool
	}
	var claims []claim
	rows, err = q.Query(ctx, `SELECT host, location_id, is_primary, redirect FROM location_hosts`)
	if err != nil {
		return fmt.Errorf("hosts: unable to read the hostnames: %w", err)
	}
	for rows.Next() {
		var c claim
		if err := rows.Scan(&c.host, &c.business, &c.primary, &c.redirect); err != nil {
			rows.Close()
			return fmt.Errorf("hosts: unable to read the hostnames: %w", err)
		}
		claims = append(claims, c)
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("hosts: unable to read the hostnames: %w", err)
	}
	for _, c := range claims {
		if b := t.byID[c.business]; b != nil && c.primary {
			b.Primary = c.host
		}
	}
	for _, c := range claims {
		b := t.byID[c.business]
		if b == nil {
			continue
		}
		a := Answer{Business: b}
		if c.redirect && b.Primary != "" {
			a.RedirectTo = b.Primary
		}
		t.hosts[c.host] = a
	}
	m.t.Store(t)
	return nil
}

// Watch reloads the map whenever the database announces a change, and after
// every reconnect (what changed meanwhile), until ctx ends.
func (m *Map) Watch(ctx context.Context, pool *db.Pool, log *slog.Logger) {
	wake := make(chan struct{}, 1)
	go db.Listen(ctx, pool, Channel, wake, 5*time.Second, log)
	for {
		select {
		case <-ctx.Done():
			return
		case <-wake:
			if err := m.Load(ctx, pool); err != nil && ctx.Err() == nil {
				log.WarnContext(ctx, "unable to reload the hosts; keeping the last ones", slog.Any("err", err))
			}
		}
	}
}

// ErrInvalid is a hostname that cannot be claimed.
var ErrInvalid = errors.New("hosts: not a hostname: letters, digits, hyphens and dots, with an optional port")

// Normalize returns host as the map keeps it (lower case, no trailing dot),
// or ErrInvalid. An address is refused: a business is found by its name.
func Normalize(host string) (string, error) {
	h := strings.TrimSuffix(strings.ToLower(strings.TrimSpace(host)), ".")
	name, port := h, ""
	if i := strings.LastIndexByte(h, ':'); i >= 0 {
		name, port = h[:i], h[i+1:]
		if port == "" || len(port) > 5 || strings.Trim(port, "0123456789") != "" {
			return "", ErrInvalid
		}
	}
	if name == "" || len(h) > 253 || net.ParseIP(name) != nil {
		return "", ErrInvalid
	}
	for _, label := range strings.Split(name, ".") {
		if label == "" || len(label) > 63 || label[0] == '-' || label[len(label)-1] == '-' {
			return "", ErrInvalid
		}
		if strings.Trim(label, "abcdefghijklmnopqrstuvwxyz0123456789-") != "" {
			return "", ErrInvalid
		}
	}
	return h, nil
}

type businessKey struct{}

// WithBusiness returns ctx carrying b, the business a request is for.
func WithBusiness(ctx context.Context, b *Business) context.Context {
	return context.WithValue(ctx, businessKey{}, b)
}

// BusinessOf returns the business a request is for, if ctx carries one.
func BusinessOf(ctx context.Context) (*Business, bool) {
	b, ok := ctx.Value(businessKey{}).(*Business)
	return b, ok && b != nil
}

// Origin is the origin of a business's absolute links: its primary host on
// the public URL's scheme, with the public URL's port when the host names
// none (a demo's studio.localhost on :8080); without a primary host, the
// public URL itself.
func Origin(publicURL, primary string) string {
	publicURL = strings.TrimSuffix(publicURL, "/")
	if primary == "" {
		return publicURL
	}
	u, err := url.Parse(publicURL)
	if err != nil || u.Host == "" {
		return "https://" + primary
	}
	if _, _, err := net.SplitHostPort(primary); err != nil && u.Port() != "" {
		primary = net.JoinHostPort(primary, u.Port())
	}
	return u.Scheme + "://" + primary
}

// Origins tells the origin of the absolute links (mails, calendar events,
// a provider's way back) of the business ctx works for: its primary host,
// or publicURL. A request carries its business (WithBusiness); background
// work names it by id (db.WithBusiness), found in the map.
func (m *Map) Origins(publicURL string) func(ctx context.Context) string {
	return func(ctx context.Context) string {
		primary := ""
		if b, ok := BusinessOf(ctx); ok {
			primary = b.Primary
		} else if id, ok := db.BusinessOf(ctx); ok {
			if b, ok := m.Business(id); ok {
				primary = b.Primary
			}
		}
		return Origin(publicURL, primary)
	}
}

// Claimed tells whether a business claims host itself (the default
// business answering an unclaimed host does not count): the hosts a
// certificate may be obtained for.
func (m *Map) Claimed(host string) bool {
	t := m.t.Load()
	if t == nil {
		return false
	}
	h, err := Normalize(host)
	if err != nil {
		return false
	}
	_, ok := t.hosts[h]
	return ok
}
