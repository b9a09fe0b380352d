package people

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"net"
	"net/http"
	"time"

	"github.com/go-webauthn/webauthn/protocol"
	"github.com/go-webauthn/webauthn/webauthn"
	"github.com/jackc/pgx/v5"

	"slotwise/backend/internal/db"
	"slotwise/backend/internal/events"
)

// Passkeys: a signed-in person adds one (a sensitive change: only a
// session signed in within RecentLife may), then signs in with it instead
// of a mailed link, the browser offering it in the address field. The
// WebAuthn ceremonies are go-webauthn's; this file keeps their state in
// PostgreSQL, so any replica answers either half of a ceremony.

// CeremonyLife is how long a browser has to answer a passkey ceremony.
const CeremonyLife = 5 * time.Minute

// ceremonyPrefix begins the secret a ceremony's cookie carries.
const ceremonyPrefix = "swc_"

var (
	// ErrNotRecent refuses a sensitive change to a session signed in too
	// long ago: the person signs in again first.
	ErrNotRecent = errors.New("people: sign in again to make this change")
	// ErrCeremony refuses an answer to no ceremony under way (expired,
	// answered before, or another browser's).
	ErrCeremony = errors.New("people: this passkey request has expired; try again")
	// ErrPasskey refuses a passkey the business does not know, or an
	// answer that does not verify.
	ErrPasskey = errors.New("people: this passkey does not sign in here")
	// ErrNoPasskeysHere refuses a ceremony on a host a passkey cannot be
	// made for: browsers take a domain name (or localhost), never an IP
	// address.
	ErrNoPasskeysHere = errors.New("people: passkeys work on the site's domain name, not on an address")
)

// RP is the relying party a ceremony is for: the business's site as the
// browser sees it (a passkey is its host's), and the name it shows.
type RP struct {
	ID, Origin, Name string
}

func (rp RP) webAuthn() (*webauthn.WebAuthn, error) {
	if net.ParseIP(rp.ID) != nil || rp.ID == "" {
		return nil, ErrNoPasskeysHere
	}
	wa, err := webauthn.New(&webauthn.Config{RPID: rp.ID, RPDisplayName: rp.Name, RPOrigins: []string{rp.Origin}})
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrNoPasskeysHere, err)
	}
	return wa, nil
}

// Passkey is a passkey as its person's page lists it.
type Passkey struct {
	ID       []byte     `json:"-"`
	Name     string     `json:"name"`
	Created  time.Time  `json:"created"`
	LastUsed *time.Time `json:"lastUsed,omitempty"`
}

// user is a person as go-webauthn asks for them.
type user struct {
	person      Person
	handle      []byte
	credentials []webauthn.Credential
}

func (u *user) WebAuthnID() []byte                         { return u.handle }
func (u *user) WebAuthnName() string                       { return u.person.Email }
func (u *user) WebAuthnDisplayName() string                { return u.person.Email }
func (u *user) WebAuthnCredentials() []webauthn.Credential { return u.credentials }

// userOf loads a person's handle (made on first need) and passkeys.
func (s *Service) userOf(ctx context.Context, p Person) (*user, error) {
	handle := make([]byte, 32)
	_, _ = rand.Read(handle) // crypto/rand does not fail on Linux
	u := &user{person: p}
	err := s.pool.QueryRow(ctx, `UPDATE people SET user_handle = coalesce(user_handle, $3) WHERE id = $1 AND location_id = $2
		RETURNING user_handle`, p.ID, db.ThisBusiness, handle).Scan(&u.handle)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("people: unable to read a person's passkeys: %w", err)
	}
	rows, err := s.pool.Query(ctx, `SELECT credential FROM passkeys WHERE person_id = $1 AND location_id = $2 ORDER BY created_at`,
		p.ID, db.ThisBusiness)
	if err != nil {
		return nil, fmt.Errorf("people: unable to read a person's passkeys: %w", err)
	}
	u.credentials, err = pgx.CollectRows(rows, pgx.RowTo[webauthn.Credential])
	if err != nil {
		return nil, fmt.Errorf("people: unable to read a person's passkeys: %w", err)
	}
	return u, nil
}

// keepCeremony stores a ceremony's state and returns the secret its
// cookie carries.
func (s *Service) keepCeremony(ctx context.Context, personID int64, data *webauthn.SessionData) (string, error) {
	secret := newSecret(ceremonyPrefix)
	_, err := s.pool.Exec(ctx, `INSERT INTO passkey_ceremonies (hash, location_id, person_id, data, expires_at)
		VALUES ($1, $2, nullif($3, 0), $4, $5)`, hash(secret), db.ThisBusiness, personID, data, s.now().Add(CeremonyLife))
	if err != nil {
		return "", fmt.Errorf("people: unable to keep a passkey request: %w", err)
	}
	return secret, nil
}

// takeCeremony takes a live ceremony of personID (0: a sign-in's) once.
func (s *Service) takeCeremony(ctx context.Context, secret string, personID int64) (*webauthn.SessionData, error) {
	if len(secret) > 64 {
		return nil, ErrCeremony
	}
	var data webauthn.SessionData
	err := s.pool.QueryRow(ctx, `DELETE FROM passkey_ceremonies
		WHERE hash = $1 AND location_id = $2 AND coalesce(person_id, 0) = $3 AND expires_at > $4 RETURNING data`,
		hash(secret), db.ThisBusiness, personID, s.now()).Scan(&data)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, ErrCeremony
	}
	if err != nil {
		return nil, fmt.Errorf("people: unable to read a passkey request: %w", err)
	}
	return &data, nil
}

// BeginPasskey starts adding a passkey for the session's person: the
// options the browser's navigator.credentials.create takes, and the
// ceremony's secret for its cookie.
func (s *Service) BeginPasskey(ctx context.Context, ses *Session, rp RP) (*protocol.CredentialCreation, string, error) {
	if !ses.Recent(s.now()) {
		return nil, "", ErrNotRecent
	}
	wa, err := rp.webAuthn()
	if err != nil {
		return nil, "", err
	}
	u, err := s.userOf(ctx, ses.Person)
	if err != nil {
		return nil, "", err
	}
	// Discoverable (signing in asks no address) and verified (a
	// fingerprint, a face, a PIN: a key that was only touched is not
	// its person).
	creation, data, err := wa.BeginRegistration(u,
		webauthn.WithAuthenticatorSelection(protocol.AuthenticatorSelection{
			ResidentKey: protocol.ResidentKeyRequirementRequired, RequireResidentKey: protocol.ResidentKeyRequired(),
			UserVerification: protocol.VerificationRequired}),
		webauthn.WithExclusions(webauthn.Credentials(u.credentials).CredentialDescriptors()))
	if err != nil {
		return nil, "", fmt.Errorf("people: unable to begin a passkey: %w", err)
	}
	secret, err := s.keepCeremony(ctx, ses.Person.ID, data)
	return creation, secret, err
}

// FinishPasskey checks the browser's answer r to the ceremony of secret
// and keeps the passkey, named name (the browser it was made in); the
// person is told by mail, in locale, in the same transaction.
func (s *Service) FinishPasskey(ctx context.Context, ses *Session, rp RP, secret, name, locale string, r *http.Request) (*Passkey, error) {
	if !ses.Recent(s.now()) {
		return nil, ErrNotRecent
	}
	data, err := s.takeCeremony(ctx, secret, ses.Person.ID)
	if err != nil {
		return nil, err
	}
	wa, err := rp.webAuthn()
	if err != nil {
		return nil, err
	}
	u, err := s.userOf(ctx, ses.Person)
	if err != nil {
		return nil, err
	}
	cred, err := wa.FinishRegistration(u, *data, r)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrPasskey, err)
	}
	pk := &Passkey{ID: cred.ID, Name: userAgentOf(name), Created: s.now()}
	if len(pk.Name) > 100 {
		pk.Name = pk.Name[:100]
	}
	err = db.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `INSERT INTO passkeys (id, location_id, person_id, name, credential, created_at) VALUES ($1, $2, $3, $4, $5, $6)`,
			cred.ID, db.ThisBusiness, ses.Person.ID, pk.Name, cred, pk.Created); err != nil {
			return err
		}
		return events.Emit(ctx, tx, EventPasskeyAdded, PasskeyAdded{Email: ses.Person.Email, Name: pk.Name, Locale: locale})
	})
	if db.UniqueViolation(err) {
		return nil, ErrPasskey // already someone's here: the browser excluded it, or was made to
	}
	if err != nil {
		return nil, fmt.Errorf("people: unable to keep a passkey: %w", err)
	}
	return pk, nil
}

// BeginPasskeySignIn starts a sign-in with any passkey of the business
// the browser holds (discoverable: no address asked first).
func (s *Service) BeginPasskeySignIn(ctx context.Context, rp RP) (*protocol.CredentialAssertion, string, error) {
	wa, err := rp.webAuthn()
	if err != nil {
		return nil, "", err
	}
	assertion, data, err := wa.BeginDiscoverableLogin(webauthn.WithUserVerification(protocol.VerificationRequired))
	if err != nil {
		return nil, "", fmt.Errorf("people: unable to begin a passkey sign-in: %w", err)
	}
	secret, err := s.keepCeremony(ctx, 0, data)
	return assertion, secret, err
}

// FinishPasskeySignIn checks the browser's answer r to the sign-in
// ceremony of secret and opens a session for the passkey's person, as
// Redeem does for a link.
func (s *Service) FinishPasskeySignIn(ctx context.Context, rp RP, secret, userAgent string, r *http.Request) (*Session, string, error) {
	data, err := s.takeCeremony(ctx, secret, 0)
	if err != nil {
		return nil, "", err
	}
	wa, err := rp.webAuthn()
	if err != nil {
		return nil, "", err
	}
	found, cred, err := wa.FinishPasskeyLogin(func(_, handle []byte) (webauthn.User, error) {
		p, err := onePerson(s.pool.QueryRow(ctx, `SELECT `+personColumns+` FROM people WHERE user_handle = $1 AND location_id = $2`,
			handle, db.ThisBusiness))
		if err != nil {
			return nil, err
		}
		return s.userOf(ctx, *p)
	}, *data, r)
	if err != nil {
		return nil, "", fmt.Errorf("%w: %v", ErrPasskey, err)
	}
	if cred.Authenticator.CloneWarning {
		// Its count went back: a copy of the key signs too. Refused; the
		// person signs in by mail and removes it.
		return nil, "", fmt.Errorf("%w: the authenticator's sign count went back", ErrPasskey)
	}
	person := found.(*user).person
	now := s.now()
	session := newSecret(sessionPrefix)
	// The passkey's sign count and use, and the session, together.
	err = db.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `UPDATE passkeys SET credential = $3, last_used_at = $4 WHERE id = $1 AND location_id = $2`,
			cred.ID, db.ThisBusiness, cred, now); err != nil {
			return err
		}
		// Signed in, the person's mailed links open nothing, as after one.
		if _, err := tx.Exec(ctx, `UPDATE sign_in_links SET used_at = $3 WHERE person_id = $1 AND location_id = $2 AND used_at IS NULL`,
			person.ID, db.ThisBusiness, now); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `INSERT INTO admin_sessions (hash, location_id, person_id, signed_in_at, seen_at, user_agent)
			VALUES ($1, $2, $3, $4, $4, $5)`, hash(session), db.ThisBusiness, person.ID, now, userAgentOf(userAgent))
		return err
	})
	if err != nil {
		return nil, "", fmt.Errorf("people: unable to sign in with a passkey: %w", err)
	}
	ses, err := s.Session(ctx, session)
	if err != nil {
		return nil, "", err
	}
	return ses, session, nil
}

// Passkeys are a person's passkeys, the oldest first.
func (s *Service) Passkeys(ctx context.Context, personID int64) ([]Passkey, error) {
	rows, err := s.pool.Query(ctx, `SELECT id, name, created_at, last_used_at FROM passkeys
		WHERE person_id = $1 AND location_id = $2 ORDER BY created_at, id`, personID, db.ThisBusiness)
	if err != nil {
		return nil, fmt.Errorf("people: unable to list passkeys: %w", err)
	}
	list, err := pgx.CollectRows(rows, pgx.RowToStructByPos[Passkey])
	if err != nil {
		return nil, fmt.Errorf("people: unable to list passkeys: %w", err)
	}
	return list, nil
}

// RemovePasskey removes one of a person's passkeys: it signs nobody in
// from then on.
func (s *Service) RemovePasskey(ctx context.Context, personID int64, id []byte) error {
	tag, err := s.pool.Exec(ctx, `DELETE FROM passkeys WHERE id = $1 AND person_id = $2 AND location_id = $3`, id, personID, db.ThisBusiness)
	if err != nil {
		return fmt.Errorf("people: unable to remove a passkey: %w", err)
	}
	if tag.RowsAffected() == 0 {
		return ErrNotFound
	}
	return nil
}
