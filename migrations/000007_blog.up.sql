-- Blogs: posts with authors, categories and tags, each served at the paths
-- of the website route (ui/src/routes.json). A blog lives at a site path
-- ("blog", "journal/news"); its posts, categories, authors and tags hang
-- below it. Post and category slugs are unique across the site, because
-- /post/{slug}/, /b/{slug}/ and /c/{slug}/ name them without a blog.

CREATE TABLE blogs (
    id          bigserial   PRIMARY KEY,
    path        text        NOT NULL UNIQUE
                CHECK (path ~ '^[a-z0-9][a-z0-9._-]{0,99}(/[a-z0-9][a-z0-9._-]{0,99}){0,9}$'),
    title       text        NOT NULL CHECK (title <> ''),
    description text        NOT NULL DEFAULT '',
    created_at  timestamptz NOT NULL DEFAULT now(),
    updated_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE authors (
    id         bigserial PRIMARY KEY,
    slug       text      NOT NULL UNIQUE CHECK (slug ~ '^[a-z0-9][a-z0-9-]{0,99}$'),
    name       text      NOT NULL CHECK (name <> ''),
    bio        text      NOT NULL DEFAULT '',
    updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE blog_categories (
    id          bigserial PRIMARY KEY,
    blog_id     bigint    NOT NULL REFERENCES blogs (id) ON DELETE CASCADE,
    slug        text      NOT NULL UNIQUE CHECK (slug ~ '^[a-z0-9][a-z0-9-]{0,99}$'),
    name        text      NOT NULL CHECK (name <> ''),
    description text      NOT NULL DEFAULT '',
    updated_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE tags (
    id         bigserial PRIMARY KEY,
    slug       text      NOT NULL UNIQUE CHECK (slug ~ '^[a-z0-9][a-z0-9-]{0,99}$'),
    name       text      NOT NULL CHECK (name <> ''),
    updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE posts (
    id           bigserial   PRIMARY KEY,
    blog_id      bigint      NOT NULL REFERENCES blogs (id) ON DELETE CASCADE,
    slug         text        NOT NULL UNIQUE CHECK (slug ~ '^[a-z0-9][a-z0-9-]{0,99}$'),
    title        text        NOT NULL CHECK (title <> ''),
    excerpt      text        NOT NULL DEFAULT '',
    -- body_source is what the author wrote (HTML); body is it sanitised
    -- (sites.SanitizeHTML), the only form ever rendered.
    body_source  text        NOT NULL DEFAULT '',
    body         jsonb       NOT NULL DEFAULT '[]',
    -- cover: {"src", "width", "height", "alt"}, or null
    cover        jsonb,
    author_id    bigint      NOT NULL REFERENCES authors (id),
    status       text        NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'published')),
    published_at timestamptz,
    created_at   timestamptz NOT NULL DEFAULT now(),
    updated_at   timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT posts_published_have_a_time CHECK (status <> 'published' OR published_at IS NOT NULL)
);

-- Listings read a blog's published posts newest first.
CREATE INDEX posts_listing ON posts (blog_id, published_at DESC, id DESC) WHERE status = 'published';

CREATE TABLE post_categories (
    post_id     bigint NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
    category_id bigint NOT NULL REFERENCES blog_categories (id) ON DELETE CASCADE,
    PRIMARY KEY (post_id, category_id)
);
CREATE INDEX post_categories_by_category ON post_categories (category_id);

CREATE TABLE post_tags (
    post_id bigint NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
    tag_id  bigint NOT NULL REFERENCES tags (id) ON DELETE CASCADE,
    PRIMARY KEY (post_id, tag_id)
);
CREATE INDEX post_tags_by_tag ON post_tags (tag_id);

CREATE INDEX posts_by_author ON posts (author_id, published_at DESC) WHERE status = 'published';
