package admin

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"

	"slotwise/backend/internal/db/dbtest"
)

func TestMain(m *testing.M) { dbtest.Main(m) }

func TestTokensAreKeptHashedAndRevocable(t *testing.T) {
	pool := dbtest.WithBusiness(t)
	ctx := context.Background()
	tok, secret, err := CreateToken(ctx, pool, "crm", ScopeRead)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(secret, "swa_") || !strings.HasPrefix(secret, tok.Prefix) || tok.CanWrite() {
		t.Fatalf("token %+v, secret %q", tok, secret)
	}
	var stored []byte
	if err := pool.QueryRow(ctx, `SELECT hash FROM api_tokens WHERE id = $1`, tok.ID).Scan(&stored); err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(stored, []byte(secret)) || !bytes.Equal(stored, hash(secret)) {
		t.Error("the token is not kept as its SHA-256")
	}
	got, err := Authenticate(ctx, pool, secret)
	if err != nil || got.ID != tok.ID || got.Scope != ScopeRead {
		t.Fatalf("Authenticate = %+v, %v", got, err)
	}
	for _, wrong := range []string{"", secret + "x", "swa_" + strings.Repeat("A", 26), strings.TrimPrefix(secret, "swa_"), "swa_\x00"} {
		if _, err := Authenticate(ctx, pool, wrong); !errors.Is(err, ErrTokenNotFound) {
			t.Errorf("Authenticate(%q) = %v", wrong, err)
		}
	}
	if _, _, err := CreateToken(ctx, pool, "crm", ScopeWrite); !errors.Is(err, ErrTokenExists) {
		t.Errorf("a second live token named crm: %v", err)
	}
	if _, err := RevokeToken(ctx, pool, "crm", false); err != nil {
		t.Fatal(err)
	}
	if _, err := Authenticate(ctx, pool, secret); !errors.Is(err, ErrTokenNotFound) {
		t.Errorf("a revoked token still works: %v", err)
	}
	if _, err := RevokeToken(ctx, pool, "crm", false); !errors.Is(err, ErrTokenNotFound) {
		t.Errorf("revoking twice = %v", err)
	}
	if _, _, err := CreateToken(ctx, pool, "crm", ScopeWrite); err != nil {
		t.Errorf("the name of a revoked token cannot be used again: %v", err)
	}
	for _, bad := range []struct{ name, scope string }{{"", ScopeRead}, {"a\nb", ScopeRead}, {strings.Repeat("n", 101), ScopeRead}, {"ok", "admin"}} {
		if _, _, err := CreateToken(ctx, pool, bad.name, bad.scope); err == nil {
			t.Errorf("CreateToken(%q, %q) succeeded", bad.name, bad.scope)
		}
	}
	list, err := Tokens(ctx, pool, false)
	if err != nil || len(list) != 2 || list[0].RevokedAt != nil || list[1].RevokedAt == nil {
		t.Errorf("Tokens = %+v, %v", list, err)
	}
}
