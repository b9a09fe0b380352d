-- A change is announced with the business it belongs to ("<id>/<tag>"), so
-- a replica drops the changed business's cached pages and no other's.

CREATE FUNCTION notify_change(business bigint, tag text) RETURNS void LANGUAGE sql AS $$
    SELECT pg_notify('slotwise_content', business || '/' || tag)
$$;

CREATE OR REPLACE FUNCTION content_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    r record;
BEGIN
    FOR r IN SELECT * FROM (SELECT NEW AS row WHERE TG_OP <> 'DELETE' UNION ALL SELECT OLD WHERE TG_OP <> 'INSERT') rows LOOP
        CASE TG_TABLE_NAME
        WHEN 'site_pages' THEN
            PERFORM notify_change((r.row).location_id, 'page:' || (r.row).path);
            PERFORM notify_change((r.row).location_id, 'nav');
        WHEN 'blogs' THEN
            PERFORM notify_change((r.row).location_id, 'blog:' || (r.row).id);
            PERFORM notify_change((r.row).location_id, 'nav');
        WHEN 'posts' THEN
            PERFORM notify_change((r.row).location_id, 'post:' || (r.row).slug);
            PERFORM notify_change((r.row).location_id, 'blog:' || (r.row).blog_id);
        WHEN 'authors', 'blog_categories', 'tags' THEN
            PERFORM notify_change((r.row).location_id, 'blogs');
        WHEN 'products' THEN
            PERFORM notify_change((r.row).location_id, 'product:' || (r.row).id);
        WHEN 'collections' THEN
            PERFORM notify_change((r.row).location_id, 'collection:' || (r.row).slug);
        END CASE;
    END LOOP;
    RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION content_link_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    r record;
BEGIN
    FOR r IN SELECT * FROM (SELECT NEW AS row WHERE TG_OP <> 'DELETE' UNION ALL SELECT OLD WHERE TG_OP <> 'INSERT') rows LOOP
        IF TG_TABLE_NAME = 'collection_products' THEN
            PERFORM notify_change((r.row).location_id, 'collection:' || (r.row).collection_slug);
            PERFORM notify_change((r.row).location_id, 'product:' || (r.row).product_id);
        ELSE
            PERFORM notify_change(location_id, 'post:' || slug) FROM posts
                WHERE id = (r.row).post_id AND location_id = (r.row).location_id;
            PERFORM notify_change(location_id, 'blog:' || blog_id) FROM posts
                WHERE id = (r.row).post_id AND location_id = (r.row).location_id;
        END IF;
    END LOOP;
    RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION location_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM notify_change(NEW.id, 'nav');
    RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION booking_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    r record;
BEGIN
    FOR r IN SELECT * FROM (SELECT NEW AS row WHERE TG_OP <> 'DELETE' UNION ALL SELECT OLD WHERE TG_OP <> 'INSERT') rows LOOP
        PERFORM notify_change((r.row).location_id, 'calendar:' || (r.row).calendar_id);
        PERFORM notify_change((r.row).location_id, 'staff:' || (r.row).staff_id);
    END LOOP;
    RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION booking_config_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    r record;
BEGIN
    FOR r IN SELECT * FROM (SELECT NEW AS row WHERE TG_OP <> 'DELETE' UNION ALL SELECT OLD WHERE TG_OP <> 'INSERT') rows LOOP
        IF TG_TABLE_NAME = 'locations' THEN
            PERFORM notify_change((r.row).id, 'booking-config');
        ELSE
            PERFORM notify_change((r.row).location_id, 'booking-config');
        END IF;
    END LOOP;
    RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION staff_busy_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    r record;
BEGIN
    FOR r IN SELECT * FROM (SELECT NEW AS row WHERE TG_OP <> 'DELETE' UNION ALL SELECT OLD WHERE TG_OP <> 'INSERT') rows LOOP
        PERFORM notify_change((r.row).location_id, 'staff:' || (r.row).staff_id);
    END LOOP;
    RETURN NULL;
END
$$;

DROP FUNCTION notify_content(text);
