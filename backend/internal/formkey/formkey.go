// Package formkey issues the key rendered into every form a page shows. A
// key is random, so it serves as the form post's idempotency key (a double
// submit has one effect) and as the visitor's secret for what the post
// makes (a survey to resume, a quiz result to see); and it is signed with
// the time it was issued, so the server can tell how long the visitor took
// (a form sent faster than a person can fill it is a bot's). A key is its
// business's: signed with a secret derived for that business, it is no key
// at all on another's forms.
package formkey

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"slotwise/backend/internal/clock"
	"slotwise/backend/internal/db"
)

// Signer issues and reads keys with one secret, the same in every replica.
type Signer struct {
	secret []byte
	now    func() time.Time
}

// New returns a signer with secret (at least 32 bytes).
func New(secret []byte) *Signer { return &Signer{secret: secret, now: clock.Now} }

// WithClock returns a signer that reads the time from now (tests, and the
// server's test clock).
func (s *Signer) WithClock(now func() time.Time) *Signer {
	return &Signer{secret: s.secret, now: now}
}

const secretName = "form-key"

// Load returns a signer with the database's shared secret, made by the
// first replica that asks for it.
func Load(ctx context.Context, q db.Querier) (*Signer, error) {
	fresh := make([]byte, 32)
	_, _ = rand.Read(fresh) // crypto/rand does not fail on Linux
	if _, err := q.Exec(ctx, `INSERT INTO app_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING`, secretName, fresh); err != nil {
		return nil, fmt.Errorf("formkey: unable to store the secret: %w", err)
	}
	var secret []byte
	if err := q.QueryRow(ctx, `SELECT value FROM app_secrets WHERE name = $1`, secretName).Scan(&secret); err != nil {
		if errors.Is(err, pgx.ErrNoRows) {
			return nil, fmt.Errorf("formkey: the secret vanished")
		}
		return nil, fmt.Errorf("formkey: unable to read the secret: %w", err)
	}
	return New(secret), nil
}

// Issue makes a key: the time in base 36, 16 random bytes and a MAC of
// both, joined by dots; URL-safe, 50-odd characters.
// The key is the business ctx works for's.
func (s *Signer) Issue(ctx context.Context) string {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	body := strconv.FormatInt(s.now().Unix(), 36) + "." + base64.RawURLEncoding.EncodeToString(b)
	return body + "." + s.mac(ctx, body)
}

func (s *Signer) mac(ctx context.Context, body string) string {
	m := hmac.New(sha256.New, s.secretFor(ctx))
	m.Write([]byte(body))
	return base64.RawURLEncoding.EncodeToString(m.Sum(nil)[:16])
}

// secretFor is the secret of the business ctx works for: the shared
// secret's MAC of the business's id; the shared secret itself without one.
func (s *Signer) secretFor(ctx context.Context) []byte {
	id, ok := db.BusinessOf(ctx)
	if !ok {
		return s.secret
	}
	m := hmac.New(sha256.New, s.secret)
	m.Write([]byte("business/" + strconv.FormatInt(id, 10)))
	return m.Sum(nil)
}

// Issued tells when a key was issued; ok is false for a key this
// installation did not sign for the business ctx works for.
func (s *Signer) Issued(ctx context.Context, key string) (time.Time, bool) {
	if len(key) > 100 {
		return time.Time{}, false
	}
	i := strings.LastIndexByte(key, '.')
	if i < 0 || !hmac.Equal([]byte(s.mac(ctx, key[:i])), []byte(key[i+1:])) {
		return time.Time{}, false
	}
	ts, _, _ := strings.Cut(key, ".")
	sec, err := strconv.ParseInt(ts, 36, 64)
	if err != nil {
		return time.Time{}, false
	}
	return time.Unix(sec, 0), true
}

// Age is how long ago a key was issued; ok as for Issued.
func (s *Signer) Age(ctx context.Context, key string) (time.Duration, bool) {
	t, ok := s.Issued(ctx, key)
	if !ok {
		return 0, false
	}
	return s.now().Sub(t), true
}
