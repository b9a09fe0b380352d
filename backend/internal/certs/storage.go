package certs

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"strings"
	"sync"
	"time"

	"github.com/caddyserver/certmagic"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"slotwise/backend/internal/db"
)

// Storage keeps certmagic's keys in PostgreSQL (table acme_storage), so
// every replica shares the certificates, the ACME account and the locks:
// one replica asks the CA for a name at a time, and the others load what
// it obtained.
type Storage struct {
	pool *db.Pool
	mu   sync.Mutex
	held map[string]*pgxpool.Conn // the session holding each lock
}

var _ certmagic.Storage = (*Storage)(nil)

// NewStorage is certmagic's storage on pool.
func NewStorage(pool *db.Pool) *Storage {
	return &Storage{pool: pool, held: map[string]*pgxpool.Conn{}}
}

// Store puts value under key.
func (s *Storage) Store(ctx context.Context, key string, value []byte) error {
	_, err := s.pool.Exec(ctx, `INSERT INTO acme_storage (key, value) VALUES ($1, $2)
		ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, modified = now()`, key, value)
	if err != nil {
		return fmt.Errorf("certs: unable to store %s: %w", key, err)
	}
	return nil
}

// Load reads key's value; fs.ErrNotExist when there is none.
func (s *Storage) Load(ctx context.Context, key string) ([]byte, error) {
	var value []byte
	err := s.pool.QueryRow(ctx, `SELECT value FROM acme_storage WHERE key = $1`, key).Scan(&value)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, fs.ErrNotExist
	}
	if err != nil {
		return nil, fmt.Errorf("certs: unable to load %s: %w", key, err)
	}
	return value, nil
}

// Delete removes key and, as a directory would be, every key below it.
func (s *Storage) Delete(ctx context.Context, key string) error {
	tag, err := s.pool.Exec(ctx, `DELETE FROM acme_storage WHERE key = $1 OR starts_with(key, $1 || '/')`, key)
	if err != nil {
		return fmt.Errorf("certs: unable to delete %s: %w", key, err)
	}
	if tag.RowsAffected() == 0 {
		return fs.ErrNotExist
	}
	return nil
}

// Exists tells whether key holds a value or keys below it.
func (s *Storage) Exists(ctx context.Context, key string) bool {
	_, err := s.Stat(ctx, key)
	return err == nil
}

// List names the keys below path: its direct children (a key, or the
// directory of deeper keys), or with recursive every key below it.
func (s *Storage) List(ctx context.Context, path string, recursive bool) ([]string, error) {
	prefix := strings.TrimSuffix(path, "/") + "/"
	if path == "" {
		prefix = ""
	}
	rows, err := s.pool.Query(ctx, `SELECT key FROM acme_storage WHERE starts_with(key, $1) ORDER BY key`, prefix)
	if err != nil {
		return nil, fmt.Errorf("certs: unable to list %s: %w", path, err)
	}
	keys, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return nil, fmt.Errorf("certs: unable to list %s: %w", path, err)
	}
	if recursive {
		if len(keys) == 0 {
			return nil, fs.ErrNotExist
		}
		return keys, nil
	}
	var out []string
	seen := map[string]bool{}
	for _, k := range keys {
		child, _, _ := strings.Cut(strings.TrimPrefix(k, prefix), "/")
		if name := prefix + child; !seen[name] {
			seen[name] = true
			out = append(out, name)
		}
	}
	if len(out) == 0 {
		return nil, fs.ErrNotExist
	}
	return out, nil
}

// Stat describes key: a value, or a directory of keys below it.
func (s *Storage) Stat(ctx context.Context, key string) (certmagic.KeyInfo, error) {
	var size int64
	var modified time.Time
	err := s.pool.QueryRow(ctx, `SELECT length(value), modified FROM acme_storage WHERE key = $1`, key).Scan(&size, &modified)
	if err == nil {
		return certmagic.KeyInfo{Key: key, Modified: modified, Size: size, IsTerminal: true}, nil
	}
	if !errors.Is(err, pgx.ErrNoRows) {
		return certmagic.KeyInfo{}, fmt.Errorf("certs: unable to read %s: %w", key, err)
	}
	err = s.pool.QueryRow(ctx, `SELECT max(modified) FROM acme_storage WHERE starts_with(key, $1 || '/') HAVING count(*) > 0`, key).Scan(&modified)
	if errors.Is(err, pgx.ErrNoRows) {
		return certmagic.KeyInfo{}, fs.ErrNotExist
	}
	if err != nil {
		return certmagic.KeyInfo{}, fmt.Errorf("certs: unable to read %s: %w", key, err)
	}
	return certmagic.KeyInfo{Key: key, Modified: modified, IsTerminal: false}, nil
}

// Lock takes the lock name for every replica: a PostgreSQL advisory lock
// held by a session of its own until Unlock. A replica that dies lets go
// of it with its connection.
func (s *Storage) Lock(ctx context.Context, name string) error {
	conn, err := s.pool.Pool.Acquire(ctx)
	if err != nil {
		return fmt.Errorf("certs: unable to lock %s: %w", name, err)
	}
	if _, err := conn.Exec(ctx, `SELECT pg_advisory_lock(hashtextextended($1, 0))`, "certs:"+name); err != nil {
		conn.Release()
		return fmt.Errorf("certs: unable to lock %s: %w", name, err)
	}
	s.mu.Lock()
	s.held[name] = conn // a second taker here waited above in a session of its own
	s.mu.Unlock()
	return nil
}

// Unlock lets go of the lock name.
func (s *Storage) Unlock(ctx context.Context, name string) error {
	s.mu.Lock()
	conn := s.held[name]
	delete(s.held, name)
	s.mu.Unlock()
	if conn == nil {
		return fmt.Errorf("certs: %s is not locked here", name)
	}
	defer conn.Release()
	if _, err := conn.Exec(context.WithoutCancel(ctx), `SELECT pg_advisory_unlock(hashtextextended($1, 0))`, "certs:"+name); err != nil {
		conn.Conn().Close(context.WithoutCancel(ctx)) // the session ends, and its lock with it
		return fmt.Errorf("certs: unable to unlock %s: %w", name, err)
	}
	return nil
}
