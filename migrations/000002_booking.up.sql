-- The business, its people, what can be booked, and the bookings.

CREATE TABLE locations (
    id             bigserial PRIMARY KEY,
    slug           text NOT NULL UNIQUE,
    name           text NOT NULL,
    logo_url       text NOT NULL DEFAULT '',
    brand_color    text NOT NULL DEFAULT '#4f46e5' CHECK (brand_color ~ '^#[0-9a-fA-F]{6}$'),
    time_zone      text NOT NULL,
    currency       text NOT NULL DEFAULT 'EUR' CHECK (currency ~ '^[A-Z]{3}$'),
    default_locale text NOT NULL DEFAULT 'en-US',
    consent_text   text NOT NULL DEFAULT '',
    terms_url      text NOT NULL DEFAULT '',
    email          text NOT NULL DEFAULT '',
    created_at     timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE staff (
    id           bigserial PRIMARY KEY,
    location_id  bigint NOT NULL REFERENCES locations ON DELETE CASCADE,
    slug         text NOT NULL,
    name         text NOT NULL,
    email        text NOT NULL,
    time_zone    text NOT NULL,
    -- weekday (0 = Sunday) → list of ["HH:MM", "HH:MM"] wall-clock ranges in time_zone
    weekly_hours jsonb NOT NULL DEFAULT '{}',
    active       boolean NOT NULL DEFAULT true,
    UNIQUE (location_id, slug)
);

CREATE TABLE staff_overrides (
    staff_id bigint NOT NULL REFERENCES staff ON DELETE CASCADE,
    day      date NOT NULL,
    closed   boolean NOT NULL DEFAULT false,
    hours    jsonb NOT NULL DEFAULT '[]',
    PRIMARY KEY (staff_id, day)
);

CREATE TABLE calendars (
    id                    bigserial PRIMARY KEY,
    location_id           bigint NOT NULL REFERENCES locations ON DELETE CASCADE,
    slug                  text NOT NULL UNIQUE,
    name                  text NOT NULL,
    description           text NOT NULL DEFAULT '',
    duration_minutes      int NOT NULL CHECK (duration_minutes BETWEEN 5 AND 1440),
    slot_interval_minutes int NOT NULL DEFAULT 0 CHECK (slot_interval_minutes BETWEEN 0 AND 1440),
    buffer_before_minutes int NOT NULL DEFAULT 0 CHECK (buffer_before_minutes >= 0),
    buffer_after_minutes  int NOT NULL DEFAULT 0 CHECK (buffer_after_minutes >= 0),
    min_notice_minutes    int NOT NULL DEFAULT 0 CHECK (min_notice_minutes >= 0),
    booking_window_days   int NOT NULL DEFAULT 60 CHECK (booking_window_days BETWEEN 1 AND 730),
    max_per_staff_per_day int NOT NULL DEFAULT 0 CHECK (max_per_staff_per_day >= 0),
    staff_mode            text NOT NULL DEFAULT 'any' CHECK (staff_mode IN ('any', 'named')),
    requires_confirmation boolean NOT NULL DEFAULT false,
    -- [{"kind": "address"|"phone"|"video"|"booker", "value": "..."}]
    location_options      jsonb NOT NULL DEFAULT '[]',
    -- {"phone": "required"|"optional"|"hidden", "dateOfBirth": ..., "location": ..., "notes": ...}
    fields                jsonb NOT NULL DEFAULT '{}',
    active                boolean NOT NULL DEFAULT true
);

CREATE TABLE calendar_staff (
    calendar_id bigint NOT NULL REFERENCES calendars ON DELETE CASCADE,
    staff_id    bigint NOT NULL REFERENCES staff ON DELETE CASCADE,
    PRIMARY KEY (calendar_id, staff_id)
);

CREATE TABLE bookings (
    id                  text PRIMARY KEY,
    calendar_id         bigint NOT NULL REFERENCES calendars,
    staff_id            bigint NOT NULL REFERENCES staff,
    status              text NOT NULL CHECK (status IN ('scheduled', 'requested', 'rescheduled', 'cancelled')),
    starts_at           timestamptz NOT NULL,
    ends_at             timestamptz NOT NULL,
    -- [starts_at - buffer before, ends_at + buffer after): the staff member's time this booking takes
    blocked             tstzrange NOT NULL,
    booker_time_zone    text NOT NULL,
    locale              text NOT NULL,
    first_name          text NOT NULL,
    last_name           text NOT NULL,
    email               text NOT NULL,
    phone               text NOT NULL DEFAULT '',
    date_of_birth       date,
    location            text NOT NULL DEFAULT '',
    notes               text NOT NULL DEFAULT '',
    consent             boolean NOT NULL DEFAULT false,
    terms_accepted      boolean NOT NULL DEFAULT false,
    cancellation_reason text NOT NULL DEFAULT '',
    previous_starts_at  timestamptz,
    manage_token_hash   bytea NOT NULL,
    sequence            int NOT NULL DEFAULT 0,
    created_at          timestamptz NOT NULL DEFAULT now(),
    updated_at          timestamptz NOT NULL DEFAULT now(),
    cancelled_at        timestamptz,
    CHECK (ends_at > starts_at),
    CHECK (lower(blocked) <= starts_at AND upper(blocked) >= ends_at),
    -- No double booking, by construction: one person's active bookings never overlap.
    CONSTRAINT bookings_no_overlap EXCLUDE USING gist (staff_id WITH =, blocked WITH &&) WHERE (status <> 'cancelled')
);

CREATE INDEX bookings_staff_time ON bookings (staff_id, starts_at) WHERE status <> 'cancelled';

-- A retried mutation with the same Idempotency-Key gets the first answer.
CREATE TABLE idempotency_keys (
    key          text PRIMARY KEY,
    scope        text NOT NULL,
    request_hash bytea NOT NULL,
    status       int NOT NULL,
    response     jsonb NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now()
);
