ALTER TABLE outbox DROP COLUMN IF EXISTS leased_until;
DROP TABLE IF EXISTS event_deliveries;
DROP TABLE IF EXISTS event_subscriptions;
DROP TABLE IF EXISTS events;
ALTER TABLE bookings ADD COLUMN manage_token_hash bytea;
UPDATE bookings b SET manage_token_hash = (SELECT token_hash FROM booking_tokens t WHERE t.booking_id = b.id ORDER BY created_at LIMIT 1);
UPDATE bookings SET manage_token_hash = '\x00' WHERE manage_token_hash IS NULL;
ALTER TABLE bookings ALTER COLUMN manage_token_hash SET NOT NULL;
DROP TABLE IF EXISTS booking_tokens;
DROP TABLE IF EXISTS idempotency_keys;
CREATE TABLE idempotency_keys (
    key          text PRIMARY KEY,
    scope        text NOT NULL,
    request_hash bytea NOT NULL,
    status       int NOT NULL,
    response     jsonb NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now()
);
