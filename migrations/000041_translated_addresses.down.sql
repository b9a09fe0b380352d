CREATE OR REPLACE FUNCTION translation_changed() RETURNS trigger LANGUAGE plpgsql AS $$
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

ALTER TABLE post_translations DROP COLUMN slug;
ALTER TABLE page_translations DROP COLUMN path;
