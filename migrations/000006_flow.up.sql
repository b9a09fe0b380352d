-- The whole booking flow: classes with seats, guests, fair "any available"
-- assignment, teams, groups of calendars, one-time links, and requests the
-- business confirms or declines.

-- Collective calendars: every person of the calendar takes part, so each
-- must be free; the booking holds the others' time with rows of its own.
ALTER TABLE calendars DROP CONSTRAINT calendars_staff_mode_check;
ALTER TABLE calendars ADD CONSTRAINT calendars_staff_mode_check CHECK (staff_mode IN ('any', 'named', 'collective'));

-- The business's country: the phone field's default country.
ALTER TABLE locations ADD COLUMN country text NOT NULL DEFAULT '' CHECK (country ~ '^([A-Z]{2})?$');

ALTER TABLE calendars
    ADD COLUMN seats int NOT NULL DEFAULT 0 CHECK (seats BETWEEN 0 AND 500),
    ADD COLUMN max_seats_per_booking int NOT NULL DEFAULT 1 CHECK (max_seats_per_booking BETWEEN 1 AND 101),
    ADD COLUMN recurring_max int NOT NULL DEFAULT 0 CHECK (recurring_max BETWEEN 0 AND 52);

-- A class's booking brings at most its seats; a class has one teacher per
-- slot, never everyone together.
ALTER TABLE calendars
    ADD CONSTRAINT calendars_seats_per_booking CHECK (seats = 0 OR max_seats_per_booking <= seats),
    ADD CONSTRAINT calendars_collective_not_class CHECK (NOT (staff_mode = 'collective' AND seats > 0));

COMMENT ON COLUMN calendars.recurring_max IS
    '0: single appointments; N: a booker may book a weekly or fortnightly series of up to N.';

COMMENT ON COLUMN calendars.seats IS
    '0: one booking per slot and person; N: a class, N seats per slot and person, shared by its bookings.';
COMMENT ON COLUMN calendars.max_seats_per_booking IS
    'How many people one booking may bring (the booker and their guests).';

ALTER TABLE bookings
    ADD COLUMN seats int NOT NULL DEFAULT 1 CHECK (seats BETWEEN 1 AND 101),
    ADD COLUMN session text,
    ADD COLUMN assignment text NOT NULL DEFAULT 'named' CHECK (assignment IN ('named', 'any')),
    ADD COLUMN cancelled_by text NOT NULL DEFAULT '' CHECK (cancelled_by IN ('', 'booker', 'business')),
    ADD COLUMN series_id text,
    ADD COLUMN holds_for text REFERENCES bookings ON DELETE CASCADE,
    ADD COLUMN for_guest boolean NOT NULL DEFAULT false;

COMMENT ON COLUMN bookings.for_guest IS
    'The service is for the booker''s guest (booking_guests), not the booker: a guest''s own services in a visit.';

COMMENT ON COLUMN bookings.holds_for IS
    'Set on a row that only holds a person''s time for another booking (the other people of a collective one).';

CREATE INDEX bookings_series ON bookings (series_id) WHERE series_id IS NOT NULL;

COMMENT ON COLUMN bookings.session IS
    'Bookings of one class slot share it (calendar and start), and only they may overlap on one person.';
COMMENT ON COLUMN bookings.assignment IS
    'named: the booker chose the person; any: the fairest free person was assigned.';

UPDATE bookings b SET assignment = 'any'
FROM calendars c WHERE c.id = b.calendar_id AND c.staff_mode = 'any';
UPDATE bookings SET cancelled_by = 'booker' WHERE status = 'cancelled';

-- One person's active bookings never overlap, except seats of one class slot.
ALTER TABLE bookings DROP CONSTRAINT bookings_no_overlap;
ALTER TABLE bookings ADD CONSTRAINT bookings_no_overlap EXCLUDE USING gist
    (staff_id WITH =, blocked WITH &&, (coalesce(session, id)) WITH <>) WHERE (status <> 'cancelled');

CREATE INDEX bookings_session ON bookings (session, staff_id) WHERE session IS NOT NULL AND status <> 'cancelled';

CREATE TABLE booking_guests (
    booking_id text NOT NULL REFERENCES bookings ON DELETE CASCADE,
    position   int  NOT NULL,
    name       text NOT NULL,
    email      text NOT NULL,
    PRIMARY KEY (booking_id, position)
);

COMMENT ON TABLE booking_guests IS
    'People the booker brings, by name and e-mail; a bare guest count lives in bookings.seats.';

-- A manage secret opens a booking for its booker; a decide secret lets the
-- business confirm or decline a request.
ALTER TABLE booking_tokens
    ADD COLUMN purpose text NOT NULL DEFAULT 'manage' CHECK (purpose IN ('manage', 'decide'));

-- A team takes one calendar's appointments: its page offers each member by
-- name and "any available".
CREATE TABLE teams (
    id          bigserial PRIMARY KEY,
    location_id bigint NOT NULL REFERENCES locations ON DELETE CASCADE,
    slug        text   NOT NULL UNIQUE,
    name        text   NOT NULL,
    description text   NOT NULL DEFAULT '',
    calendar_id bigint NOT NULL REFERENCES calendars ON DELETE CASCADE
);

-- A group lists calendars; the booker picks one and books it.
CREATE TABLE calendar_groups (
    id          text   PRIMARY KEY CHECK (id ~ '^[A-Za-z0-9_-]{1,64}$'),
    location_id bigint NOT NULL REFERENCES locations ON DELETE CASCADE,
    slug        text   NOT NULL UNIQUE,
    name        text   NOT NULL,
    description text   NOT NULL DEFAULT ''
);

CREATE TABLE calendar_group_members (
    group_id    text   NOT NULL REFERENCES calendar_groups ON DELETE CASCADE,
    calendar_id bigint NOT NULL REFERENCES calendars ON DELETE CASCADE,
    position    int    NOT NULL DEFAULT 0,
    PRIMARY KEY (group_id, calendar_id)
);

-- A one-time link books its calendar exactly once. Only the hash of the
-- link's secret is kept.
CREATE TABLE one_time_links (
    slug_hash   bytea       PRIMARY KEY,
    calendar_id bigint      NOT NULL REFERENCES calendars ON DELETE CASCADE,
    expires_at  timestamptz NOT NULL,
    used_by     text        REFERENCES bookings ON DELETE SET NULL,
    used_at     timestamptz,
    created_at  timestamptz NOT NULL DEFAULT now()
);

-- Service menus: services (calendars, each with its price) in categories;
-- a booker puts several in a cart and books them back to back.
ALTER TABLE calendars ADD COLUMN price_cents int NOT NULL DEFAULT 0 CHECK (price_cents >= 0);

CREATE TABLE service_menus (
    id          text   PRIMARY KEY CHECK (id ~ '^[A-Za-z0-9_-]{1,64}$'),
    location_id bigint NOT NULL REFERENCES locations ON DELETE CASCADE,
    slug        text   NOT NULL UNIQUE,
    name        text   NOT NULL,
    description text   NOT NULL DEFAULT ''
);

CREATE TABLE service_menu_categories (
    id       bigserial PRIMARY KEY,
    menu_id  text      NOT NULL REFERENCES service_menus ON DELETE CASCADE,
    name     text      NOT NULL,
    position int       NOT NULL DEFAULT 0
);

CREATE TABLE service_menu_items (
    category_id bigint NOT NULL REFERENCES service_menu_categories ON DELETE CASCADE,
    calendar_id bigint NOT NULL REFERENCES calendars ON DELETE CASCADE,
    position    int    NOT NULL DEFAULT 0,
    PRIMARY KEY (category_id, calendar_id)
);
