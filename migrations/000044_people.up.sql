-- The people who run a business in its dashboard (/admin): its owners,
-- its front desk, and staff members who see only their own work. A person
-- is an e-mail address of one business with a role; a staff member's is
-- tied to the staff row whose bookings, hours and calendars are theirs,
-- and goes when that row goes (an import that removes a person ends their
-- access with them). The same address may belong to people of several
-- businesses: each business is its own world.
CREATE TABLE people (
    id          bigserial,
    location_id bigint NOT NULL DEFAULT slotwise_business() REFERENCES locations (id) ON DELETE CASCADE,
    email       text NOT NULL CHECK (email <> '' AND length(email) <= 254),
    role        text NOT NULL CHECK (role IN ('owner', 'desk', 'staff')),
    staff_id    bigint,
    created_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (id, location_id),
    FOREIGN KEY (staff_id, location_id) REFERENCES staff (id, location_id) ON DELETE CASCADE,
    CONSTRAINT people_staff_are_a_staff_member CHECK ((role = 'staff') = (staff_id IS NOT NULL))
);
-- One person an address in a business, however it is capitalised.
CREATE UNIQUE INDEX people_email ON people (lower(email), location_id);

-- A link that signs a person in once: mailed, or printed by `slotwise user
-- add`. Only its SHA-256 is kept. used_at is set by the one request that
-- redeems it; a link is good until expires_at, and never twice.
CREATE TABLE sign_in_links (
    hash        bytea NOT NULL,
    location_id bigint NOT NULL DEFAULT slotwise_business() REFERENCES locations (id) ON DELETE CASCADE,
    person_id   bigint NOT NULL,
    expires_at  timestamptz NOT NULL,
    used_at     timestamptz,
    created_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (hash, location_id),
    FOREIGN KEY (person_id, location_id) REFERENCES people (id, location_id) ON DELETE CASCADE
);
CREATE INDEX sign_in_links_of_person ON sign_in_links (person_id, location_id);

-- A signed-in browser: the cookie holds a secret, the table its SHA-256.
-- A session ends when it is idle too long (seen_at), when it is too old
-- (signed_in_at), or when it is signed out (ended_at): kept, not deleted,
-- until the purge, so "where am I signed in" can say when each ended.
CREATE TABLE admin_sessions (
    hash         bytea NOT NULL,
    location_id  bigint NOT NULL DEFAULT slotwise_business() REFERENCES locations (id) ON DELETE CASCADE,
    person_id    bigint NOT NULL,
    signed_in_at timestamptz NOT NULL,
    seen_at      timestamptz NOT NULL,
    ended_at     timestamptz,
    user_agent   text NOT NULL DEFAULT '' CHECK (length(user_agent) <= 300),
    PRIMARY KEY (hash, location_id),
    FOREIGN KEY (person_id, location_id) REFERENCES people (id, location_id) ON DELETE CASCADE
);
CREATE INDEX admin_sessions_live_of_person ON admin_sessions (person_id, location_id) WHERE ended_at IS NULL;

ALTER TABLE people ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
CREATE POLICY business ON people USING (location_id = (SELECT slotwise_business_id()));
CREATE POLICY every_business ON people TO slotwise_every USING (true);
ALTER TABLE sign_in_links ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
CREATE POLICY business ON sign_in_links USING (location_id = (SELECT slotwise_business_id()));
CREATE POLICY every_business ON sign_in_links TO slotwise_every USING (true);
ALTER TABLE admin_sessions ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
CREATE POLICY business ON admin_sessions USING (location_id = (SELECT slotwise_business_id()));
CREATE POLICY every_business ON admin_sessions TO slotwise_every USING (true);
