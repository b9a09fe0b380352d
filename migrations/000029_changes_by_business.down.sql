CREATE OR REPLACE FUNCTION notify_content(tag text)
 RETURNS void
 LANGUAGE sql
AS $function$
    SELECT pg_notify('slotwise_content', tag)
$function$

;
CREATE OR REPLACE FUNCTION content_changed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
    r record;
BEGIN
    FOR r IN SELECT * FROM (SELECT NEW AS row WHERE TG_OP <> 'DELETE' UNION ALL SELECT OLD WHERE TG_OP <> 'INSERT') rows LOOP
        CASE TG_TABLE_NAME
        WHEN 'site_pages' THEN
            PERFORM notify_content('page:' || (r.row).path);
            PERFORM notify_content('nav');
        WHEN 'blogs' THEN
            PERFORM notify_content('blog:' || (r.row).id);
            PERFORM notify_content('nav');
        WHEN 'posts' THEN
            PERFORM notify_content('post:' || (r.row).slug);
            PERFORM notify_content('blog:' || (r.row).blog_id);
        WHEN 'authors', 'blog_categories', 'tags' THEN
            PERFORM notify_content('blogs');
        WHEN 'products' THEN
            PERFORM notify_content('product:' || (r.row).id);
        WHEN 'collections' THEN
            PERFORM notify_content('collection:' || (r.row).slug);
        END CASE;
    END LOOP;
    RETURN NULL;
END
$function$

;
CREATE OR REPLACE FUNCTION content_link_changed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
    r record;
BEGIN
    FOR r IN SELECT * FROM (SELECT NEW AS row WHERE TG_OP <> 'DELETE' UNION ALL SELECT OLD WHERE TG_OP <> 'INSERT') rows LOOP
        IF TG_TABLE_NAME = 'collection_products' THEN
            PERFORM notify_content('collection:' || (r.row).collection_slug);
            PERFORM notify_content('product:' || (r.row).product_id);
        ELSE
            PERFORM notify_content('post:' || slug) FROM posts WHERE id = (r.row).post_id;
            PERFORM notify_content('blog:' || blog_id) FROM posts WHERE id = (r.row).post_id;
        END IF;
    END LOOP;
    RETURN NULL;
END
$function$

;
CREATE OR REPLACE FUNCTION location_changed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
    PERFORM notify_content('nav');
    RETURN NULL;
END
$function$

;
CREATE OR REPLACE FUNCTION booking_changed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
    r record;
BEGIN
    FOR r IN SELECT * FROM (SELECT NEW AS row WHERE TG_OP <> 'DELETE' UNION ALL SELECT OLD WHERE TG_OP <> 'INSERT') rows LOOP
        PERFORM notify_content('calendar:' || (r.row).calendar_id);
        PERFORM notify_content('staff:' || (r.row).staff_id);
    END LOOP;
    RETURN NULL;
END
$function$

;
CREATE OR REPLACE FUNCTION booking_config_changed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
    PERFORM notify_content('booking-config');
    RETURN NULL;
END
$function$

;
CREATE OR REPLACE FUNCTION staff_busy_changed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
    r record;
BEGIN
    FOR r IN SELECT * FROM (SELECT NEW AS row WHERE TG_OP <> 'DELETE' UNION ALL SELECT OLD WHERE TG_OP <> 'INSERT') rows LOOP
        PERFORM notify_content('staff:' || (r.row).staff_id);
    END LOOP;
    RETURN NULL;
END
$function$

;
DROP FUNCTION notify_change(bigint, text);
