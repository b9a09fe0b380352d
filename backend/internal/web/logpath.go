package web

import (
	"strings"

	"slotwise/backend/internal/booking"
	"slotwise/backend/internal/people"
)

// secretParents are the path segments a secret follows: a preview's
// secret, a one-time link's slug, a staff member's feed, a dashboard's
// sign-in link. Whoever reads the
// log must not be able to open them; a few characters still tell requests
// for one secret apart.
var secretParents = [][2]string{{"v2", "preview"}, {"widget", "otl"}, {"ical", "staff"}, {"admin", "sign-in"}}

// loggedPath is a request's path as the log shows it: without its query
// (where manage tokens and form keys travel) and with each secret in it
// cut to its first characters.
func loggedPath(path string) string {
	path, _, _ = strings.Cut(path, "?")
	if !holdsSecret(path) {
		return path // most paths: read once, nothing copied
	}
	segs := strings.Split(path, "/")
	var seen []int // indexes of the non-empty segments, so "//" hides nothing
	for i, s := range segs {
		if s == "" {
			continue
		}
		seen = append(seen, i)
		if n := len(seen); n >= 3 && secretAfter(segs[seen[n-3]], segs[seen[n-2]]) {
			segs[i] = shortSecret(s)
		}
	}
	return strings.Join(segs, "/")
}

// holdsSecret tells whether a non-empty segment of path follows two that
// secretAfter names.
func holdsSecret(path string) bool {
	var a, b string // the two non-empty segments before
	for s := range strings.SplitSeq(path, "/") {
		if s == "" {
			continue
		}
		if a != "" && secretAfter(a, b) {
			return true
		}
		a, b = b, s
	}
	return false
}

func secretAfter(a, b string) bool {
	for _, p := range secretParents {
		if strings.EqualFold(a, p[0]) && strings.EqualFold(b, p[1]) {
			return true
		}
	}
	return false
}

// secretKinds are the prefixes the server gives the secrets it makes for
// these paths (a random one-time link's, booking.RandomLinkPrefix; a
// staff feed's, admin's feeds; a dashboard's sign-in link's). They tell what a secret is and nothing of
// it, so the log keeps them whole.
var secretKinds = []string{booking.RandomLinkPrefix, "stf_", people.LinkPrefix}

// shortSecret keeps a secret's kind ("otl_", "stf_") and four characters
// after it; of any other secret (a preview's, a link a business named,
// which may be a name such as vip_anna) only its first four.
func shortSecret(s string) string {
	for _, kind := range secretKinds {
		if rest, ok := strings.CutPrefix(s, kind); ok {
			return kind + firstRunes(rest, 4) + "…"
		}
	}
	return firstRunes(s, 4) + "…"
}

func firstRunes(s string, n int) string {
	for i := range s {
		if n == 0 {
			return s[:i]
		}
		n--
	}
	return s
}
