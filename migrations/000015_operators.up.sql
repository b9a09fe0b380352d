-- What an operator runs a business with: admin API tokens, webhook
-- endpoints with their deliveries and attempts, and staff calendar feeds.

-- A bearer token of the admin API is kept as its SHA-256; the clear token
-- is printed once when it is made. prefix (its first characters) tells
-- tokens apart in a list without revealing them.
CREATE TABLE api_tokens (
    id           bigserial PRIMARY KEY,
    name         text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
    scope        text NOT NULL CHECK (scope IN ('read', 'write')),
    hash         bytea NOT NULL UNIQUE,
    prefix       text NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now(),
    last_used_at timestamptz,
    revoked_at   timestamptz
);
CREATE UNIQUE INDEX api_tokens_live_name ON api_tokens (name) WHERE revoked_at IS NULL;

-- A webhook endpoint hears the event types it lists. Its secret signs
-- every delivery (Standard Webhooks), so it is kept as it must be used.
CREATE TABLE webhook_endpoints (
    id             text PRIMARY KEY,
    url            text NOT NULL,
    description    text NOT NULL DEFAULT '',
    events         text[] NOT NULL CHECK (cardinality(events) > 0),
    secret         text NOT NULL,
    enabled        boolean NOT NULL DEFAULT true,
    disabled_reason text NOT NULL DEFAULT '',
    created_at     timestamptz NOT NULL DEFAULT now(),
    updated_at     timestamptz NOT NULL DEFAULT now()
);

-- One message to one endpoint: its body is fixed when it is made, so
-- every attempt (and a replay) sends the same bytes under the same id.
CREATE TABLE webhook_deliveries (
    id              text PRIMARY KEY,
    endpoint_id     text NOT NULL REFERENCES webhook_endpoints ON DELETE CASCADE,
    event_type      text NOT NULL,
    source_event_id bigint NOT NULL,
    body            text NOT NULL,
    status          text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'succeeded', 'failed')),
    attempts        int NOT NULL DEFAULT 0,
    next_attempt_at timestamptz,
    leased_until    timestamptz,
    expires_at      timestamptz NOT NULL, -- retries end here (three days; a replay starts three more)
    created_at      timestamptz NOT NULL DEFAULT now(),
    updated_at      timestamptz NOT NULL DEFAULT now(),
    -- an event is delivered once per endpoint, however often it is handled
    UNIQUE (endpoint_id, source_event_id, event_type)
);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE status = 'pending';
CREATE INDEX webhook_deliveries_by_endpoint ON webhook_deliveries (endpoint_id, created_at DESC, id DESC);

CREATE TABLE webhook_attempts (
    id          bigserial PRIMARY KEY,
    delivery_id text NOT NULL REFERENCES webhook_deliveries ON DELETE CASCADE,
    started_at  timestamptz NOT NULL,
    duration_ms int NOT NULL,
    status_code int,           -- NULL: no answer (see error)
    response    text NOT NULL DEFAULT '', -- the first 2 KB of the answer's body
    error       text NOT NULL DEFAULT ''
);
CREATE INDEX webhook_attempts_by_delivery ON webhook_attempts (delivery_id, id);

-- A staff member's private calendar feed: the secret is in the URL, the
-- table keeps its SHA-256.
CREATE TABLE staff_feeds (
    hash       bytea PRIMARY KEY,
    staff_id   bigint NOT NULL REFERENCES staff ON DELETE CASCADE,
    created_at timestamptz NOT NULL DEFAULT now(),
    revoked_at timestamptz
);

CREATE INDEX bookings_by_start ON bookings (starts_at, id);
