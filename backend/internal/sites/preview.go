package sites

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"fmt"
	"regexp"
	"time"

	"github.com/jackc/pgx/v5"
)

// A preview shows one piece of content as it stands, draft or not, to the
// holder of its secret: the business shares it before publishing.

// Preview is what a preview secret opens.
type Preview struct {
	Kind   string // "page", "post", "product"
	Target string // a page's path, a post's slug, a product's id
}

// previewSecret is the shape of a secret: 32 random bytes in base64url.
var previewSecret = regexp.MustCompile(`^[A-Za-z0-9_-]{43}$`)

// NewPreview makes a secret that opens the content for ttl.
func (s *Store) NewPreview(ctx context.Context, p Preview, ttl time.Duration) (string, error) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return "", fmt.Errorf("sites: unable to make a preview secret: %w", err)
	}
	secret := base64.RawURLEncoding.EncodeToString(b)
	h := sha256.Sum256([]byte(secret))
	if _, err := s.q.Exec(ctx, `INSERT INTO previews (secret_hash, kind, target, expires_at) VALUES ($1, $2, $3, now() + $4::interval)`,
		h[:], p.Kind, p.Target, fmt.Sprintf("%d seconds", int(ttl.Seconds()))); err != nil {
		return "", fmt.Errorf("sites: unable to store a preview: %w", err)
	}
	return secret, nil
}

// OpenPreview returns what a secret opens; an unknown, malformed or expired
// secret is ErrNotFound. The lookup is by hash, so its timing tells nothing
// of the secret.
func (s *Store) OpenPreview(ctx context.Context, secret string) (*Preview, error) {
	if !previewSecret.MatchString(secret) {
		return nil, ErrNotFound
	}
	h := sha256.Sum256([]byte(secret))
	var p Preview
	err := s.q.QueryRow(ctx, `SELECT kind, target FROM previews WHERE secret_hash = $1 AND expires_at > now()`, h[:]).Scan(&p.Kind, &p.Target)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("sites: unable to open a preview: %w", err)
	}
	return &p, nil
}

// DraftPost is a post whatever its state, for its preview.
func (s *Store) DraftPost(ctx context.Context, slug string) (*Post, error) {
	return s.postBySlug(ctx, slug, true)
}

// DraftProduct is a product whatever its state, for its preview.
func (s *Store) DraftProduct(ctx context.Context, id string) (*Product, error) {
	return s.productByID(ctx, id, true)
}

// DraftPage is a page whatever its state, for its preview.
func (s *Store) DraftPage(ctx context.Context, path string) (*Page, error) {
	return s.pageByPath(ctx, path, true)
}
