-- A site as files (slotwise export / import): a post's body may be written
-- in Markdown, and a one-time link may be named by the business in its
-- files (links printed by `slotwise link` keep only their hash).

ALTER TABLE posts ADD COLUMN body_format text NOT NULL DEFAULT 'html' CHECK (body_format IN ('html', 'markdown'));
COMMENT ON COLUMN posts.body_format IS 'What body_source is written in; body is always it rendered and sanitised.';

ALTER TABLE one_time_links ADD COLUMN slug text UNIQUE CHECK (slug ~ '^[A-Za-z0-9_-]{8,100}$');
COMMENT ON COLUMN one_time_links.slug IS
    'Set only for a link a site''s files name: the business chose it and keeps it in its files. NULL: a secret kept only as its hash.';
