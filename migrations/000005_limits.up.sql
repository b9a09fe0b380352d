-- Abuse limits kept in PostgreSQL, so every replica counts against the same
-- numbers: one row per bucket (what is limited), key (a hash of who: a
-- client address, an e-mail address) and fixed window.
CREATE TABLE rate_limits (
    bucket       text        NOT NULL,
    key_hash     bytea       NOT NULL,
    window_start timestamptz NOT NULL,
    hits         int         NOT NULL,
    PRIMARY KEY (bucket, key_hash, window_start)
);

CREATE INDEX rate_limits_age ON rate_limits (window_start);
