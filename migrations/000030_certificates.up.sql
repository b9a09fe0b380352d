-- Certificates for the businesses' own domains, obtained over ACME, and
-- what the ACME client keeps with them (its account, locks' notes), as
-- certmagic's storage: one key-value table every replica shares, so a
-- certificate obtained by one is served by all and asked for once.
-- Shared: hostnames are the deployment's, before any business is known.
CREATE TABLE acme_storage (
    key      text PRIMARY KEY CHECK (key <> '' AND length(key) <= 1024),
    value    bytea NOT NULL,
    modified timestamptz NOT NULL DEFAULT now()
);
GRANT SELECT, INSERT, UPDATE, DELETE ON acme_storage TO slotwise_app;
