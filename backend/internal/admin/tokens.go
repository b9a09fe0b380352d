// Package admin is what a business's own tools act through: bearer tokens
// for the admin API (tokens.go) and the staff's private calendar feeds
// (feeds.go). The endpoints that hear its events are package webhooks.
package admin

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/jackc/pgx/v5"

	"slotwise/backend/internal/db"
)

// Scopes of a token: read lists and reads; write also changes.
const (
	ScopeRead  = "read"
	ScopeWrite = "write"
)

// ScopeOperator is the operator's token: it manages the deployment's
// businesses and hostnames (businesses.go), and reads nothing any
// business wrote.
const ScopeOperator = "operator"

// kind is where a scope's tokens are kept and how their secrets begin, so
// a secret scanner (or a person) recognises one pasted where it should not
// be, and one kind is never looked for among the other's.
type kind struct{ table, prefix string }

var (
	businessTokens = kind{"api_tokens", "swa_"}
	operatorTokens = kind{"operator_tokens", "swo_"}
)

// mine is the condition that holds a statement on k's table to its
// business, its parameter added to args: a business token's statement
// names the business ctx works for; an operator token is the
// deployment's, of no business.
func (k kind) mine(args *db.Args) string {
	if k != businessTokens {
		return "true"
	}
	return "location_id = " + args.Add(db.ThisBusiness)
}

func kindOf(scope string) kind {
	if scope == ScopeOperator {
		return operatorTokens
	}
	return businessTokens
}

var (
	ErrTokenNotFound = errors.New("admin: no such token")
	ErrTokenName     = errors.New("admin: a token's name is 1 to 100 characters of text")
	ErrTokenExists   = errors.New("admin: a token of that name exists; revoke it first or choose another name")
	ErrScope         = errors.New("admin: a token's scope is read, write or operator")
)

// Token is a token as listed: never its secret.
type Token struct {
	ID         int64      `json:"id"`
	Name       string     `json:"name"`
	Scope      string     `json:"scope"`
	Prefix     string     `json:"prefix"`
	CreatedAt  time.Time  `json:"createdAt"`
	LastUsedAt *time.Time `json:"lastUsedAt"`
	RevokedAt  *time.Time `json:"revokedAt"`
}

// CanWrite tells whether the token may change things.
func (t *Token) CanWrite() bool { return t.Scope == ScopeWrite }

func hash(secret string) []byte {
	h := sha256.Sum256([]byte(secret))
	return h[:]
}

// CreateToken makes a token and returns it with its secret, which is not
// kept and cannot be shown again. A read or write token is the business's
// ctx works for; an operator token is the deployment's.
func CreateToken(ctx context.Context, q db.Querier, name, scope string) (*Token, string, error) {
	name = strings.TrimSpace(name)
	if name == "" || !utf8.ValidString(name) || utf8.RuneCountInString(name) > 100 || strings.ContainsAny(name, "\x00\r\n") {
		return nil, "", ErrTokenName
	}
	if scope != ScopeRead && scope != ScopeWrite && scope != ScopeOperator {
		return nil, "", ErrScope
	}
	k := kindOf(scope)
	secret := k.prefix + rand.Text()
	t := &Token{Name: name, Scope: scope, Prefix: secret[:len(k.prefix)+6]}
	err := q.QueryRow(ctx, `INSERT INTO `+k.table+` (name, scope, hash, prefix) VALUES ($1, $2, $3, $4) RETURNING id, created_at`,
		name, scope, hash(secret), t.Prefix).Scan(&t.ID, &t.CreatedAt)
	if db.UniqueViolation(err) {
		return nil, "", ErrTokenExists
	}
	if err != nil {
		return nil, "", fmt.Errorf("admin: unable to store a token: %w", err)
	}
	return t, secret, nil
}

// Authenticate returns the live business token whose secret this is (of
// the business ctx works for), noting its use (at most once a minute, so
// reads stay cheap).
func Authenticate(ctx context.Context, q db.Querier, secret string) (*Token, error) {
	return authenticate(ctx, q, businessTokens, secret)
}

// AuthenticateOperator returns the live operator token whose secret this is.
func AuthenticateOperator(ctx context.Context, q db.Querier, secret string) (*Token, error) {
	return authenticate(ctx, q, operatorTokens, secret)
}

func authenticate(ctx context.Context, q db.Querier, k kind, secret string) (*Token, error) {
	if !strings.HasPrefix(secret, k.prefix) || len(secret) > 100 {
		return nil, ErrTokenNotFound
	}
	var t Token
	var stale bool // its last use is noted more than a minute ago, on PostgreSQL's clock
	args := db.Args{hash(secret)}
	mine := k.mine(&args)
	err := q.QueryRow(ctx, `SELECT id, name, scope, prefix, created_at, last_used_at,
		       last_used_at IS NULL OR last_used_at < now() - interval '1 minute'
		FROM `+k.table+` WHERE hash = $1 AND `+mine+` AND revoked_at IS NULL`, args...).
		Scan(&t.ID, &t.Name, &t.Scope, &t.Prefix, &t.CreatedAt, &t.LastUsedAt, &stale)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, ErrTokenNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("admin: unable to read a token: %w", err)
	}
	if stale { // at most one write a minute per token
		args := db.Args{t.ID}
		mine := k.mine(&args)
		if _, err := q.Exec(ctx, `UPDATE `+k.table+` SET last_used_at = now() WHERE id = $1 AND `+mine, args...); err != nil {
			return nil, fmt.Errorf("admin: unable to note a token's use: %w", err)
		}
	}
	return &t, nil
}

// RevokeToken ends the live token of that name (or whose prefix this is)
// of the business, or with operator of the deployment; it stops working
// at once, on every replica.
func RevokeToken(ctx context.Context, q db.Querier, nameOrPrefix string, operator bool) (*Token, error) {
	k := businessTokens
	if operator {
		k = operatorTokens
	}
	var t Token
	args := db.Args{nameOrPrefix}
	mine := k.mine(&args)
	err := q.QueryRow(ctx, `UPDATE `+k.table+` SET revoked_at = now() WHERE revoked_at IS NULL AND (name = $1 OR prefix = $1) AND `+mine+`
		RETURNING id, name, scope, prefix, created_at, last_used_at, revoked_at`, args...).
		Scan(&t.ID, &t.Name, &t.Scope, &t.Prefix, &t.CreatedAt, &t.LastUsedAt, &t.RevokedAt)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, ErrTokenNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("admin: unable to revoke a token: %w", err)
	}
	return &t, nil
}

// Tokens lists every token of the business (or with operator, of the
// deployment), live first, newest first.
func Tokens(ctx context.Context, q db.Querier, operator bool) ([]Token, error) {
	k := businessTokens
	if operator {
		k = operatorTokens
	}
	args := db.Args{}
	mine := k.mine(&args)
	rows, err := q.Query(ctx, `SELECT id, name, scope, prefix, created_at, last_used_at, revoked_at FROM `+k.table+`
		WHERE `+mine+`
		ORDER BY revoked_at IS NOT NULL, created_at DESC, id DESC`, args...)
	if err != nil {
		return nil, fmt.Errorf("admin: unable to list tokens: %w", err)
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (Token, error) {
		var t Token
		err := r.Scan(&t.ID, &t.Name, &t.Scope, &t.Prefix, &t.CreatedAt, &t.LastUsedAt, &t.RevokedAt)
		return t, err
	})
}
