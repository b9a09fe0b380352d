-- A page's or post's text in another language (pages/about.de.md,
-- posts/winter-skin.de.md). A translation hangs on its original: it has
-- the original's address under its language's prefix (/de/about), and
-- goes when the original goes. source is a digest of the original's
-- texts when the translation was written: when the original's texts no
-- longer have it, the translation is outdated (reported, never hidden).
CREATE TABLE page_translations (
    page_id     bigint NOT NULL,
    location_id bigint NOT NULL DEFAULT slotwise_business() REFERENCES locations (id) ON DELETE CASCADE,
    locale      text NOT NULL,
    title       text NOT NULL,
    description text NOT NULL DEFAULT '',
    body        text NOT NULL DEFAULT '',
    sections    jsonb NOT NULL DEFAULT '[]',
    published   boolean NOT NULL DEFAULT true,
    source      text NOT NULL DEFAULT '',
    updated_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (page_id, locale, location_id),
    FOREIGN KEY (page_id, location_id) REFERENCES site_pages (id, location_id) ON DELETE CASCADE
);

CREATE TABLE post_translations (
    post_id      bigint NOT NULL,
    location_id  bigint NOT NULL DEFAULT slotwise_business() REFERENCES locations (id) ON DELETE CASCADE,
    locale       text NOT NULL,
    title        text NOT NULL CHECK (title <> ''),
    excerpt      text NOT NULL DEFAULT '',
    -- as posts: what the translator wrote, and it sanitised (the only
    -- form ever rendered)
    body_source  text NOT NULL DEFAULT '',
    body         jsonb NOT NULL DEFAULT '[]',
    body_format  text NOT NULL DEFAULT 'markdown' CHECK (body_format IN ('html', 'markdown')),
    status       text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'published')),
    published_at timestamptz,
    source       text NOT NULL DEFAULT '',
    updated_at   timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (post_id, locale, location_id),
    FOREIGN KEY (post_id, location_id) REFERENCES posts (id, location_id) ON DELETE CASCADE,
    CONSTRAINT post_translations_published_have_a_time CHECK (status <> 'published' OR published_at IS NOT NULL)
);

ALTER TABLE page_translations ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
CREATE POLICY business ON page_translations USING (location_id = (SELECT slotwise_business_id()));
CREATE POLICY every_business ON page_translations TO slotwise_every USING (true);
ALTER TABLE post_translations ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
CREATE POLICY business ON post_translations USING (location_id = (SELECT slotwise_business_id()));
CREATE POLICY every_business ON post_translations TO slotwise_every USING (true);

-- Cached pages follow translations. A translation that comes, goes, or
-- is published or withdrawn changes every language's page of its
-- original (their alternates name the languages it exists in): the
-- original's tag. One whose text alone changed changes its language's
-- pages only: the tag with @locale, which only that language's pages
-- carry.
CREATE FUNCTION translation_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    r record;
    whole boolean := TG_OP <> 'UPDATE';
    tag text;
BEGIN
    IF TG_OP = 'UPDATE' AND TG_TABLE_NAME = 'page_translations' THEN
        whole := OLD.published IS DISTINCT FROM NEW.published;
    ELSIF TG_OP = 'UPDATE' THEN
        whole := OLD.status IS DISTINCT FROM NEW.status OR OLD.published_at IS DISTINCT FROM NEW.published_at;
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

CREATE TRIGGER page_translations_changed AFTER INSERT OR DELETE OR UPDATE ON page_translations
    FOR EACH ROW EXECUTE FUNCTION translation_changed();
CREATE TRIGGER post_translations_changed AFTER INSERT OR DELETE OR UPDATE ON post_translations
    FOR EACH ROW EXECUTE FUNCTION translation_changed();

-- Every replica's map of businesses knows the language each writes in: a
-- visitor who names none reads the business in it.
DROP TRIGGER locations_hosts_changed ON locations;
CREATE TRIGGER locations_hosts_changed AFTER INSERT OR DELETE OR UPDATE OF is_default, slug, name, default_locale ON locations
    FOR EACH STATEMENT EXECUTE FUNCTION hosts_changed();
