package booking

import (
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
)

// newID is a booking's public id: unguessable, URL-safe, with a prefix that
// tells what it is in logs and support mails.
func newID() string { return "bk_" + randomString(15) }

// newToken is the secret of a manage link; only its hash is stored.
func newToken() string { return randomString(24) }

func randomString(n int) string {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		panic(err) // crypto/rand does not fail on Linux
	}
	return base64.RawURLEncoding.EncodeToString(b)
}

func hashToken(token string) []byte {
	h := sha256.Sum256([]byte(token))
	return h[:]
}

func tokenMatches(token string, hash []byte) bool {
	return token != "" && subtle.ConstantTimeCompare(hashToken(token), hash) == 1
}
