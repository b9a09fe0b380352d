-- Tokens of the operator scope of the admin API: they manage the
-- deployment's businesses and hostnames and read nothing any business
-- wrote. Shared: they belong to the deployment, not to a business.
CREATE TABLE operator_tokens (
    id           bigserial PRIMARY KEY,
    name         text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
    scope        text NOT NULL DEFAULT 'operator' CHECK (scope = 'operator'),
    hash         bytea NOT NULL UNIQUE,
    prefix       text NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now(),
    last_used_at timestamptz,
    revoked_at   timestamptz
);
CREATE UNIQUE INDEX operator_tokens_live_name ON operator_tokens (name) WHERE revoked_at IS NULL;
GRANT SELECT, INSERT, UPDATE, DELETE ON operator_tokens TO slotwise_app;
GRANT USAGE, SELECT, UPDATE ON SEQUENCE operator_tokens_id_seq TO slotwise_app;
