-- btree_gist lets later migrations mix equality on scalar columns with range
-- overlap in exclusion constraints (EXCLUDE USING gist (x WITH =, r WITH &&)).
-- It is a trusted extension, so a database owner without superuser rights
-- can create it too.
CREATE EXTENSION IF NOT EXISTS btree_gist;

CREATE TABLE site_pages (
    id          bigserial   PRIMARY KEY,
    path        text        NOT NULL UNIQUE,
    title       text        NOT NULL,
    description text        NOT NULL DEFAULT '',
    body        text        NOT NULL DEFAULT '',
    locale      text        NOT NULL DEFAULT 'en-US',
    published   boolean     NOT NULL DEFAULT true,
    created_at  timestamptz NOT NULL DEFAULT now(),
    updated_at  timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT site_pages_path_relative CHECK (path NOT LIKE '/%' AND path NOT LIKE '%/')
);

COMMENT ON COLUMN site_pages.path IS
    'Site-relative path without leading or trailing slash; the empty string is the home page.';
COMMENT ON COLUMN site_pages.body IS
    'Plain text; paragraphs are separated by blank lines.';
