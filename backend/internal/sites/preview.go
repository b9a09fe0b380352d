package sites

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"slotwise/backend/internal/db"
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
	err := s.q.QueryRow(ctx, `SELECT kind, target FROM previews WHERE secret_hash = $1 AND location_id = $2 AND expires_at > now()`, h[:], db.ThisBusiness).Scan(&p.Kind, &p.Target)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("sites: unable to open a preview: %w", err)
	}
	return &p, nil
}

// DraftPost is a post whatever its state, with its pending changes, for
// its preview.
func (s *Store) DraftPost(ctx context.Context, slug string) (*Post, error) {
	p, err := s.postBySlug(ctx, slug, "", true)
	if err != nil {
		return nil, err
	}
	if err := s.withPending(ctx, p); err != nil {
		return nil, err
	}
	return p, nil
}

// DraftProduct is a product whatever its state, for its preview.
func (s *Store) DraftProduct(ctx context.Context, id string) (*Product, error) {
	return s.productByID(ctx, id, true)
}

// DraftPage is a page whatever its state, for its preview.
func (s *Store) DraftPage(ctx context.Context, path string) (*Page, error) {
	return s.pageByPath(ctx, path, "", true)
}

// PostChanges are edits to a post kept aside until published.
type PostChanges struct {
	Title, Excerpt, BodyHTML string
}

type pendingPost struct {
	Title      string `json:"title"`
	Excerpt    string `json:"excerpt"`
	BodySource string `json:"body_source"`
	Body       []Node `json:"body"`
}

// SavePostChanges keeps edits to a post aside: readers still see the post
// as published; its preview shows it with them.
func (s *Store) SavePostChanges(ctx context.Context, slug string, c PostChanges) error {
	body, err := SanitizeHTML(c.BodyHTML)
	if err != nil {
		return err
	}
	if strings.TrimSpace(c.Title) == "" {
		return fmt.Errorf("sites: a post needs a title")
	}
	pending, _ := json.Marshal(pendingPost{Title: c.Title, Excerpt: c.Excerpt, BodySource: c.BodyHTML, Body: body})
	tag, err := s.q.Exec(ctx, `UPDATE posts SET pending = $2 WHERE slug = $1 AND location_id = $3`, slug, pending, db.ThisBusiness)
	if err != nil {
		return fmt.Errorf("sites: unable to keep changes to %q: %w", slug, err)
	}
	if tag.RowsAffected() == 0 {
		return ErrNotFound
	}
	return nil
}

// PublishPostChanges makes a post's pending changes the post.
func (s *Store) PublishPostChanges(ctx context.Context, slug string) error {
	tag, err := s.q.Exec(ctx, `UPDATE posts SET title = pending->>'title', excerpt = pending->>'excerpt',
		body_source = pending->>'body_source', body_format = 'html', body = pending->'body', pending = NULL, updated_at = now()
		WHERE slug = $1 AND location_id = $2 AND pending IS NOT NULL`, slug, db.ThisBusiness)
	if err != nil {
		return fmt.Errorf("sites: unable to publish changes to %q: %w", slug, err)
	}
	if tag.RowsAffected() == 0 {
		return ErrNotFound
	}
	return nil
}

// withPending lays a post's pending changes over it, for its preview.
func (s *Store) withPending(ctx context.Context, p *Post) error {
	var raw []byte
	if err := s.q.QueryRow(ctx, `SELECT pending FROM posts WHERE slug = $1 AND location_id = $2`, p.Slug, db.ThisBusiness).Scan(&raw); err != nil {
		return fmt.Errorf("sites: unable to read changes to %q: %w", p.Slug, err)
	}
	if len(raw) == 0 {
		return nil
	}
	var pending pendingPost
	if err := json.Unmarshal(raw, &pending); err != nil {
		return fmt.Errorf("sites: changes to %q are not a post: %w", p.Slug, err)
	}
	p.Title, p.Excerpt, p.Body = pending.Title, pending.Excerpt, pending.Body
	if p.Body == nil {
		p.Body = []Node{}
	}
	return nil
}
