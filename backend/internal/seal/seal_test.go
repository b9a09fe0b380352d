package seal

import (
	"bytes"
	"crypto/rand"
	"errors"
	"testing"
)

func randomKey() []byte {
	b := make([]byte, 32)
	_, _ = rand.Read(b)
	return b
}

func TestSealedPasswordsOpenWithTheirKeyOnly(t *testing.T) {
	oldKey, newKey := randomKey(), randomKey()
	before, _ := NewKeyring(oldKey)
	sealed := before.Seal("app-password-123")
	if bytes.Contains(sealed, []byte("app-password-123")) {
		t.Fatal("the sealed bytes hold the password in clear")
	}
	if again := before.Seal("app-password-123"); bytes.Equal(again, sealed) {
		t.Error("two seals of one password are equal: the nonce is not fresh")
	}
	rotated, _ := NewKeyring(newKey, oldKey)
	for _, tc := range []struct {
		name   string
		ring   *Keyring
		sealed []byte
		want   error
	}{
		{"the key that sealed it", before, sealed, nil},
		{"a keyring with a newer key first", rotated, sealed, nil},
		{"another key only", mustRing(newKey), sealed, ErrSealed},
		{"a flipped byte", before, flip(sealed, len(sealed)-1), ErrSealed},
		{"a changed key id", rotated, flip(sealed, 0), ErrSealed},
		{"too short", before, sealed[:5], ErrSealed},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := tc.ring.Open(tc.sealed)
			if !errors.Is(err, tc.want) || err == nil && got != "app-password-123" {
				t.Errorf("Open = %q, %v; want the password or %v", got, err, tc.want)
			}
		})
	}
	if rotated.Current(sealed) || !rotated.Current(rotated.Seal("x")) {
		t.Error("Current does not tell the sealing key")
	}
}

func mustRing(keys ...[]byte) *Keyring {
	kr, err := NewKeyring(keys...)
	if err != nil {
		panic(err)
	}
	return kr
}

func flip(b []byte, i int) []byte {
	out := append([]byte(nil), b...)
	out[i] ^= 1
	return out
}

func TestParseKeysNeedsThirtyTwoBytesEach(t *testing.T) {
	good := "MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY="
	for _, tc := range []struct {
		in   string
		n    int
		fail bool
	}{
		{"", 0, false},
		{good, 1, false},
		{good + ", " + good, 2, false},
		{"c2hvcnQ=", 0, true},
		{"not base64!", 0, true},
	} {
		keys, err := ParseKeys(tc.in)
		if (err != nil) != tc.fail || len(keys) != tc.n {
			t.Errorf("ParseKeys(%q) = %d keys, %v", tc.in, len(keys), err)
		}
	}
}

// A secret sealed for one business's account opens only for it: copied to
// another business, another provider or a column of plain seals, it opens
// nowhere.
func TestASecretSealedForOneUseOpensForNoOther(t *testing.T) {
	kr := mustRing(randomKey())
	sealed := kr.SealFor("sk_live_secret", PaymentBinding(7, "stripe"))
	for _, tc := range []struct {
		name    string
		binding string
		want    error
	}{
		{"its own", PaymentBinding(7, "stripe"), nil},
		{"another business", PaymentBinding(8, "stripe"), ErrSealed},
		{"another provider", PaymentBinding(7, "paypal"), ErrSealed},
		{"a plain seal's column", "", ErrSealed},
	} {
		if _, err := kr.OpenFor(sealed, tc.binding); !errors.Is(err, tc.want) {
			t.Errorf("%s: OpenFor = %v, want %v", tc.name, err, tc.want)
		}
	}
}
