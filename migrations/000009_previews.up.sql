-- Previews: an unguessable secret that shows one draft (a page, a post, a
-- product) at /v2/preview/{secret}, to whoever holds it, until it expires.
-- Only the secret's SHA-256 is stored.
CREATE TABLE previews (
    secret_hash bytea       PRIMARY KEY,
    kind        text        NOT NULL CHECK (kind IN ('page', 'post', 'product')),
    target      text        NOT NULL, -- a page's path, a post's slug, a product's id
    created_at  timestamptz NOT NULL DEFAULT now(),
    expires_at  timestamptz NOT NULL
);
