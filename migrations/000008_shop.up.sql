-- The storefront's catalogue: products, and collections of them with an
-- order of their own. A product is served at /product/{id}/ (and below a
-- shop path); a collection at /collections/{slug}. Prices are in the
-- currency's minor unit.

CREATE TABLE products (
    id               text        PRIMARY KEY CHECK (id ~ '^[a-z0-9][a-z0-9-]{0,99}$'),
    name             text        NOT NULL CHECK (name <> ''),
    summary          text        NOT NULL DEFAULT '',
    -- description_source is what the business wrote (HTML); description is
    -- it sanitised (sites.SanitizeHTML), the only form ever rendered.
    description_source text      NOT NULL DEFAULT '',
    description      jsonb       NOT NULL DEFAULT '[]',
    -- images: [{"src", "width", "height", "alt"}], the first is the main one
    images           jsonb       NOT NULL DEFAULT '[]',
    price_cents      bigint      NOT NULL CHECK (price_cents >= 0),
    compare_at_cents bigint      CHECK (compare_at_cents IS NULL OR compare_at_cents > price_cents),
    currency         text        NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
    available        boolean     NOT NULL DEFAULT true,
    status           text        NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'published')),
    created_at       timestamptz NOT NULL DEFAULT now(),
    updated_at       timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE collections (
    slug        text        PRIMARY KEY CHECK (slug ~ '^[a-z0-9][a-z0-9-]{0,99}$'),
    title       text        NOT NULL CHECK (title <> ''),
    description text        NOT NULL DEFAULT '',
    -- how the collection lists its products
    sort        text        NOT NULL DEFAULT 'manual'
                CHECK (sort IN ('manual', 'price-asc', 'price-desc', 'newest', 'name')),
    published   boolean     NOT NULL DEFAULT true,
    updated_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE collection_products (
    collection_slug text NOT NULL REFERENCES collections (slug) ON DELETE CASCADE ON UPDATE CASCADE,
    product_id      text NOT NULL REFERENCES products (id) ON DELETE CASCADE ON UPDATE CASCADE,
    position        int  NOT NULL DEFAULT 0,
    PRIMARY KEY (collection_slug, product_id)
);
CREATE INDEX collection_products_by_product ON collection_products (product_id);

-- Media: the pictures content shows (products, post covers), served at
-- /media/{name} and cached by browsers for a year: a changed picture gets a
-- new name.
CREATE TABLE media (
    name         text        PRIMARY KEY CHECK (name ~ '^[a-z0-9][a-z0-9._-]{0,119}\.(svg|png|jpg|jpeg|webp|avif)$'),
    content_type text        NOT NULL CHECK (content_type IN ('image/svg+xml', 'image/png', 'image/jpeg', 'image/webp', 'image/avif')),
    data         bytea       NOT NULL CHECK (octet_length(data) <= 8388608),
    created_at   timestamptz NOT NULL DEFAULT now()
);
