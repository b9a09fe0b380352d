-- The mutation pipeline: one idempotency table for every operation, manage
-- tokens kept only as hashes (several per booking: the answer's and each
-- mail's), and domain events written in the transaction of the change and
-- delivered to their consumers after commit.

-- Records of the old shape could hold a manage token in clear: they go.
DROP TABLE idempotency_keys;

CREATE TABLE idempotency_keys (
    scope        text        NOT NULL,
    key          text        NOT NULL,
    request_hash bytea       NOT NULL,
    result       jsonb       NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (scope, key)
);

COMMENT ON COLUMN idempotency_keys.scope IS
    'The operation, e.g. booking.book; a key means something only within its scope.';
COMMENT ON COLUMN idempotency_keys.result IS
    'What a replay answers from (ids, never a secret).';

CREATE INDEX idempotency_keys_age ON idempotency_keys (created_at);

CREATE TABLE booking_tokens (
    token_hash bytea       PRIMARY KEY,
    booking_id text        NOT NULL REFERENCES bookings ON DELETE CASCADE,
    created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX booking_tokens_booking ON booking_tokens (booking_id);

INSERT INTO booking_tokens (token_hash, booking_id) SELECT manage_token_hash, id FROM bookings;
ALTER TABLE bookings DROP COLUMN manage_token_hash;

CREATE TABLE events (
    id         bigserial   PRIMARY KEY,
    type       text        NOT NULL,
    payload    jsonb       NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
);

COMMENT ON TABLE events IS
    'Domain events, e.g. booking.booked, written in the transaction of the change they describe.';

-- Which consumer hears which event type; every replica registers its
-- consumers at start, and an event gets one delivery row per subscriber.
CREATE TABLE event_subscriptions (
    consumer   text NOT NULL,
    event_type text NOT NULL,
    PRIMARY KEY (consumer, event_type)
);

CREATE TABLE event_deliveries (
    consumer        text        NOT NULL,
    event_id        bigint      NOT NULL REFERENCES events ON DELETE CASCADE,
    attempts        int         NOT NULL DEFAULT 0,
    next_attempt_at timestamptz NOT NULL DEFAULT now(),
    leased_until    timestamptz,
    last_error      text        NOT NULL DEFAULT '',
    done_at         timestamptz,
    dead            boolean     NOT NULL DEFAULT false,
    PRIMARY KEY (consumer, event_id)
);

COMMENT ON COLUMN event_deliveries.leased_until IS
    'A worker claimed the delivery until then; past it, another may take it over.';

CREATE INDEX event_deliveries_due ON event_deliveries (next_attempt_at, event_id) WHERE done_at IS NULL AND NOT dead;

-- The outbox marks each mail in its own commit: a worker leases a row,
-- sends it outside any transaction, and records the outcome; a worker that
-- died mid-send leaves a lease that runs out, and only that mail goes again.
ALTER TABLE outbox ADD COLUMN leased_until timestamptz;
