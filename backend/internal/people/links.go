package people

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"slotwise/backend/internal/db"
)

// How long a link signs in: one mailed on request is used at once or
// asked for again; one the operator prints for a new person travels
// through someone else's hands first, as an invitation does.
const (
	MailedLinkLife     = 15 * time.Minute
	InvitationLinkLife = 24 * time.Hour
)

// LinkPrefix begins every sign-in link's secret: it says what the secret
// is (a request log keeps it) and nothing of it.
const LinkPrefix = "swl_"

// ErrLinkSpent refuses a link that was used, has expired, or never was:
// alike, so a guess learns nothing.
var ErrLinkSpent = errors.New("people: this sign-in link was used or has expired")

// IssueLink returns the secret of a new link that signs person in once,
// until life has passed.
func (s *Service) IssueLink(ctx context.Context, personID int64, life time.Duration) (string, error) {
	secret := newSecret(LinkPrefix)
	tag, err := s.pool.Exec(ctx, `INSERT INTO sign_in_links (location_id, hash, person_id, expires_at)
		SELECT location_id, $2, id, $3 FROM people WHERE id = $4 AND location_id = $1`,
		db.ThisBusiness, hash(secret), s.now().Add(life), personID)
	if err != nil {
		return "", fmt.Errorf("people: unable to make a sign-in link: %w", err)
	}
	if tag.RowsAffected() == 0 {
		return "", ErrNotFound
	}
	return secret, nil
}

// plausibleLink tells whether secret could be a link's, before any query.
func plausibleLink(secret string) bool {
	return strings.HasPrefix(secret, LinkPrefix) && len(secret) <= 64
}

// LinkPerson is the person a live link would sign in, without using it:
// the page a link opens names who is signing in before the button that
// does it (a mail scanner opening the link signs nobody in).
func (s *Service) LinkPerson(ctx context.Context, secret string) (*Person, error) {
	if !plausibleLink(secret) {
		return nil, ErrLinkSpent
	}
	p, err := onePerson(s.pool.QueryRow(ctx, `SELECT p.id, p.email, p.role, coalesce(p.staff_id, 0), p.created_at
		FROM sign_in_links l JOIN people p ON p.id = l.person_id AND p.location_id = l.location_id
		WHERE l.hash = $1 AND l.location_id = $2 AND l.used_at IS NULL AND l.expires_at > $3`,
		hash(secret), db.ThisBusiness, s.now()))
	if errors.Is(err, ErrNotFound) {
		return nil, ErrLinkSpent
	}
	return p, err
}

// Redeem uses a live link and opens a session for its person, in one
// statement: of two requests racing with one link, one signs in and the
// other finds it spent. The person's other live links are spent with it:
// once signed in, an older mail opens nothing. It returns the session and
// the secret its cookie carries (a fresh one at every sign-in).
func (s *Service) Redeem(ctx context.Context, secret, userAgent string) (*Session, string, error) {
	if !plausibleLink(secret) {
		return nil, "", ErrLinkSpent
	}
	now := s.now()
	session := newSecret(sessionPrefix)
	var personID int64
	err := s.pool.QueryRow(ctx, `WITH link AS (
			UPDATE sign_in_links SET used_at = $3
			WHERE hash = $1 AND location_id = $2 AND used_at IS NULL AND expires_at > $3
			RETURNING person_id, location_id),
		others AS (
			UPDATE sign_in_links o SET used_at = $3 FROM link
			WHERE o.person_id = link.person_id AND o.location_id = link.location_id AND o.used_at IS NULL AND o.hash <> $1)
		INSERT INTO admin_sessions (hash, location_id, person_id, signed_in_at, seen_at, user_agent)
		SELECT $4, location_id, person_id, $3, $3, $5 FROM link
		RETURNING person_id`, hash(secret), db.ThisBusiness, now, hash(session), userAgentOf(userAgent)).Scan(&personID)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, "", ErrLinkSpent
	}
	if err != nil {
		return nil, "", fmt.Errorf("people: unable to sign in: %w", err)
	}
	found, err := s.Session(ctx, session)
	if err != nil {
		return nil, "", err
	}
	return found, session, nil
}
