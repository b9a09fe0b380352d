-- A translation may have an address of its own (pages/about.de.md with
-- slug: ueber-uns is /de/ueber-uns): a page's path, a post's slug; NULL
-- is its original's. One address names one page or post per language
-- (checked at the end of an import, which may swap two).
ALTER TABLE page_translations ADD COLUMN path text,
    ADD CONSTRAINT page_translations_own_path UNIQUE (location_id, locale, path) DEFERRABLE INITIALLY DEFERRED;
ALTER TABLE post_translations ADD COLUMN slug text,
    ADD CONSTRAINT post_translations_own_slug UNIQUE (location_id, locale, slug) DEFERRABLE INITIALLY DEFERRED;

-- A translation whose address changes changes every language's page of
-- its original, whose alternates name that address.
CREATE OR REPLACE FUNCTION translation_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    r record;
    whole boolean := TG_OP <> 'UPDATE';
    tag text;
BEGIN
    IF TG_OP = 'UPDATE' AND TG_TABLE_NAME = 'page_translations' THEN
        whole := OLD.published IS DISTINCT FROM NEW.published OR OLD.path IS DISTINCT FROM NEW.path;
    ELSIF TG_OP = 'UPDATE' THEN
        whole := OLD.status IS DISTINCT FROM NEW.status OR OLD.published_at IS DISTINCT FROM NEW.published_at
            OR OLD.slug IS DISTINCT FROM NEW.slug;
    END IF;
    FOR r IN SELECT * FROM (SELECT NEW AS row WHERE TG_OP <> 'DELETE' UNION ALL SELECT OLD WHERE TG_OP <> 'INSERT') rows LOOP
        IF TG_TABLE_NAME = 'page_translations' THEN
            SELECT 'page:' || path INTO tag FROM site_pages WHERE id = (r.row).page_id AND location_id = (r.row).location_id;
            IF tag IS NULL THEN
                CONTINUE; -- the page went with it: its own trigger said so
            END IF;
            PERFORM notify_change((r.row).location_id, tag || CASE WHEN whole THEN '' ELSE '@' || (r.row).locale END);
            PERFORM notify_change((r.row).location_id, 'nav' || CASE WHEN whole THEN '' ELSE '@' || (r.row).locale END);
        ELSE
            FOR tag IN SELECT t FROM posts p, LATERAL (VALUES ('post:' || p.slug), ('blog:' || p.blog_id)) v (t)
                WHERE p.id = (r.row).post_id AND p.location_id = (r.row).location_id LOOP
                PERFORM notify_change((r.row).location_id, tag || CASE WHEN whole THEN '' ELSE '@' || (r.row).locale END);
            END LOOP;
        END IF;
    END LOOP;
    RETURN NULL;
END
$$;
