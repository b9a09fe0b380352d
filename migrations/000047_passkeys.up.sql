-- Passkeys (WebAuthn) of the dashboard's people: signing in without mail.
-- A person's user handle is the random id their authenticators know them
-- by (never their address); a passkey is a public key and its record,
-- kept as go-webauthn's credential (its sign count, flags, transports).
ALTER TABLE people ADD COLUMN user_handle bytea;
CREATE UNIQUE INDEX people_user_handle ON people (user_handle, location_id) WHERE user_handle IS NOT NULL;

CREATE TABLE passkeys (
    id           bytea NOT NULL CHECK (length(id) BETWEEN 1 AND 1023),
    location_id  bigint NOT NULL DEFAULT slotwise_business() REFERENCES locations (id) ON DELETE CASCADE,
    person_id    bigint NOT NULL,
    name         text NOT NULL DEFAULT '' CHECK (length(name) <= 100),
    credential   jsonb NOT NULL,
    created_at   timestamptz NOT NULL,
    last_used_at timestamptz,
    PRIMARY KEY (id, location_id),
    FOREIGN KEY (person_id, location_id) REFERENCES people (id, location_id) ON DELETE CASCADE
);
CREATE INDEX passkeys_person ON passkeys (person_id, location_id);

-- A ceremony under way: the challenge a browser must sign, kept for a few
-- minutes under the SHA-256 of the secret its cookie carries, and taken
-- once. A registration's belongs to the signed-in person; a sign-in's to
-- nobody yet.
CREATE TABLE passkey_ceremonies (
    hash        bytea NOT NULL,
    location_id bigint NOT NULL DEFAULT slotwise_business() REFERENCES locations (id) ON DELETE CASCADE,
    person_id   bigint,
    data        jsonb NOT NULL,
    expires_at  timestamptz NOT NULL,
    PRIMARY KEY (hash, location_id),
    FOREIGN KEY (person_id, location_id) REFERENCES people (id, location_id) ON DELETE CASCADE
);

ALTER TABLE passkeys ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
CREATE POLICY business ON passkeys USING (location_id = (SELECT slotwise_business_id()));
CREATE POLICY every_business ON passkeys TO slotwise_every USING (true);
ALTER TABLE passkey_ceremonies ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
CREATE POLICY business ON passkey_ceremonies USING (location_id = (SELECT slotwise_business_id()));
CREATE POLICY every_business ON passkey_ceremonies TO slotwise_every USING (true);
