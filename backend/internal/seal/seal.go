// Package seal keeps the secrets a business gives the server (its calendar
// passwords, its payment provider's keys) unreadable in the database: each
// is sealed with AES-256-GCM under the deployment's keys, and opened only
// where it is used. A database dump, a replica or a backup holds no secret
// a business gave.
package seal

import (
	"context"
	"crypto/aes"
	"crypto/cipher"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"slotwise/backend/internal/db"
)

// A secret is sealed with AES-256-GCM. The sealed bytes begin with the
// first 8 bytes of the key's SHA-256, so a key can be rotated: the keyring
// opens what any of its keys sealed and seals with the first.
const keyIDLen = 8

// ErrSealed: no key of the keyring opens a stored secret (the key it was
// sealed with is gone from the configuration, or the secret was moved
// from where it was sealed for).
var ErrSealed = errors.New("seal: no configured key opens the stored secret")

// Keyring holds the keys secrets are sealed with: the first seals, all open.
type Keyring struct {
	keys []key
}

type key struct {
	id   [keyIDLen]byte
	aead cipher.AEAD
}

func newKey(secret []byte) (key, error) {
	if len(secret) != 32 {
		return key{}, fmt.Errorf("seal: a key is 32 bytes, not %d", len(secret))
	}
	block, err := aes.NewCipher(secret)
	if err != nil {
		return key{}, err
	}
	aead, err := cipher.NewGCM(block)
	if err != nil {
		return key{}, err
	}
	sum := sha256.Sum256(secret)
	k := key{aead: aead}
	copy(k.id[:], sum[:keyIDLen])
	return k, nil
}

// ParseKeys reads the operator's keys: base64 of 32 bytes each, separated
// by commas, the newest first (SLOTWISE_CALENDAR_KEYS).
func ParseKeys(s string) ([][]byte, error) {
	var out [][]byte
	for _, part := range strings.Split(s, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		b, err := base64.StdEncoding.DecodeString(part)
		if err != nil {
			b, err = base64.RawURLEncoding.DecodeString(part)
		}
		if err != nil || len(b) != 32 {
			return nil, fmt.Errorf("a calendar key is 32 random bytes in base64 (openssl rand -base64 32)")
		}
		out = append(out, b)
	}
	return out, nil
}

const storedKeyName = "calendar-key"

// LoadKeyring builds the keyring from the operator's keys, newest first;
// the key every replica generated and shares (app_secrets) comes last, so
// secrets sealed before the operator set a key still open. With no
// operator key, the shared key seals.
func LoadKeyring(ctx context.Context, q db.Querier, configured [][]byte) (*Keyring, error) {
	fresh := make([]byte, 32)
	_, _ = rand.Read(fresh)
	if _, err := q.Exec(ctx, `INSERT INTO app_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING`, storedKeyName, fresh); err != nil {
		return nil, fmt.Errorf("seal: unable to store the key: %w", err)
	}
	var stored []byte
	if err := q.QueryRow(ctx, `SELECT value FROM app_secrets WHERE name = $1`, storedKeyName).Scan(&stored); err != nil {
		return nil, fmt.Errorf("seal: unable to read the key: %w", err)
	}
	return NewKeyring(append(append([][]byte{}, configured...), stored)...)
}

// NewKeyring makes a keyring of 32-byte keys; the first seals.
func NewKeyring(secrets ...[]byte) (*Keyring, error) {
	kr := &Keyring{}
	for _, s := range secrets {
		k, err := newKey(s)
		if err != nil {
			return nil, err
		}
		kr.keys = append(kr.keys, k)
	}
	if len(kr.keys) == 0 {
		return nil, errors.New("seal: a keyring needs a key")
	}
	return kr, nil
}

// Seal encrypts a secret with the first key.
func (kr *Keyring) Seal(plain string) []byte { return kr.SealFor(plain, "") }

// SealFor encrypts a secret with the first key, bound to what it is for
// (its business, its purpose): it opens only with the same binding, so a
// sealed value copied to another row, business or column opens nowhere.
func (kr *Keyring) SealFor(plain, binding string) []byte {
	k := kr.keys[0]
	nonce := make([]byte, k.aead.NonceSize())
	_, _ = rand.Read(nonce)
	out := append(append([]byte{}, k.id[:]...), nonce...)
	return k.aead.Seal(out, nonce, []byte(plain), append(k.id[:], binding...))
}

// Open decrypts a sealed secret with the key that sealed it.
func (kr *Keyring) Open(sealed []byte) (string, error) { return kr.OpenFor(sealed, "") }

// OpenFor decrypts a secret sealed for binding (SealFor).
func (kr *Keyring) OpenFor(sealed []byte, binding string) (string, error) {
	if len(sealed) < keyIDLen {
		return "", ErrSealed
	}
	for _, k := range kr.keys {
		if string(k.id[:]) != string(sealed[:keyIDLen]) {
			continue
		}
		rest := sealed[keyIDLen:]
		n := k.aead.NonceSize()
		if len(rest) < n {
			return "", ErrSealed
		}
		plain, err := k.aead.Open(nil, rest[:n], rest[n:], append(k.id[:], binding...))
		if err != nil {
			return "", ErrSealed
		}
		return string(plain), nil
	}
	return "", ErrSealed
}

// Current tells whether sealed was sealed with the key that seals now.
func (kr *Keyring) Current(sealed []byte) bool {
	return len(sealed) >= keyIDLen && string(sealed[:keyIDLen]) == string(kr.keys[0].id[:])
}

// Sealed names a column of sealed secrets, for Reseal, and the SQL of
// each row's binding (SealFor). Only the constants below are one: the
// names are written into SQL.
type Sealed struct{ table, column, binding string }

// The columns that hold sealed secrets.
var (
	CalendarPasswords = Sealed{"calendar_connections", "secret", "''"}
	PaymentKeys       = Sealed{"payment_accounts", "secret", PaymentBindingSQL}
)

// PaymentBindingSQL is a payment account's binding, as SQL of its row:
// its business and provider (PaymentBinding).
const PaymentBindingSQL = "'payment-account/' || location_id || '/' || provider"

// PaymentBinding is the binding of a business's account at a provider.
func PaymentBinding(business int64, provider string) string {
	return "payment-account/" + strconv.FormatInt(business, 10) + "/" + provider
}

// Reseal seals again, with the first key, every secret of the columns
// sealed with an older one: after a rotation, once every replica runs
// with the new key first, the old key can leave the configuration. It
// returns how many it resealed; one it cannot open stays as it is (and
// what needs it fails until the business gives it again). It works
// across businesses: ctx must be the deployment's (db.WithEveryBusiness).
func (kr *Keyring) Reseal(ctx context.Context, q db.Querier, columns ...Sealed) (int, error) {
	n := 0
	for _, col := range columns {
		done, err := kr.reseal(ctx, q, col)
		n += done
		if err != nil {
			return n, err
		}
	}
	return n, nil
}

func (kr *Keyring) reseal(ctx context.Context, q db.Querier, col Sealed) (int, error) {
	rows, err := q.Query(ctx, `SELECT `+col.column+`, `+col.binding+` FROM `+col.table+` WHERE `+col.column+` IS NOT NULL`)
	if err != nil {
		return 0, err
	}
	type stale struct {
		secret  []byte
		binding string
	}
	var old []stale
	for rows.Next() {
		var r stale
		if err := rows.Scan(&r.secret, &r.binding); err != nil {
			rows.Close()
			return 0, err
		}
		if !kr.Current(r.secret) {
			old = append(old, r)
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return 0, err
	}
	n := 0
	for _, r := range old {
		plain, err := kr.OpenFor(r.secret, r.binding)
		if err != nil {
			continue
		}
		// The sealed bytes name their row: each seal has a nonce of its own.
		if _, err := q.Exec(ctx, `UPDATE `+col.table+` SET `+col.column+` = $1 WHERE `+col.column+` = $2`, kr.SealFor(plain, r.binding), r.secret); err != nil {
			return n, err
		}
		n++
	}
	return n, nil
}
