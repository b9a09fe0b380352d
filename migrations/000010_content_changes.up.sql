-- Every change to website content tells each replica which cached pages it
-- touches: a NOTIFY on slotwise_content whose payload is a tag the pages
-- that show the content carry (backend/internal/web/page_cache.go). "nav"
-- is on every page (the navigation lists pages and blogs); "blogs" on every
-- blog page (authors, categories and tags show on posts and listings).

CREATE FUNCTION notify_content(tag text) RETURNS void LANGUAGE sql AS $$
    SELECT pg_notify('slotwise_content', tag)
$$;

CREATE FUNCTION content_changed() RETURNS trigger LANGUAGE plpgsql AS $$
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
$$;

-- The join tables name their post, product or collection.
CREATE FUNCTION content_link_changed() RETURNS trigger LANGUAGE plpgsql AS $$
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
$$;

CREATE TRIGGER site_pages_changed AFTER INSERT OR UPDATE OR DELETE ON site_pages FOR EACH ROW EXECUTE FUNCTION content_changed();
CREATE TRIGGER blogs_changed AFTER INSERT OR UPDATE OR DELETE ON blogs FOR EACH ROW EXECUTE FUNCTION content_changed();
CREATE TRIGGER posts_changed AFTER INSERT OR UPDATE OR DELETE ON posts FOR EACH ROW EXECUTE FUNCTION content_changed();
CREATE TRIGGER authors_changed AFTER INSERT OR UPDATE OR DELETE ON authors FOR EACH ROW EXECUTE FUNCTION content_changed();
CREATE TRIGGER blog_categories_changed AFTER INSERT OR UPDATE OR DELETE ON blog_categories FOR EACH ROW EXECUTE FUNCTION content_changed();
CREATE TRIGGER tags_changed AFTER INSERT OR UPDATE OR DELETE ON tags FOR EACH ROW EXECUTE FUNCTION content_changed();
CREATE TRIGGER products_changed AFTER INSERT OR UPDATE OR DELETE ON products FOR EACH ROW EXECUTE FUNCTION content_changed();
CREATE TRIGGER collections_changed AFTER INSERT OR UPDATE OR DELETE ON collections FOR EACH ROW EXECUTE FUNCTION content_changed();
CREATE TRIGGER post_categories_changed AFTER INSERT OR UPDATE OR DELETE ON post_categories FOR EACH ROW EXECUTE FUNCTION content_link_changed();
CREATE TRIGGER post_tags_changed AFTER INSERT OR UPDATE OR DELETE ON post_tags FOR EACH ROW EXECUTE FUNCTION content_link_changed();
CREATE TRIGGER collection_products_changed AFTER INSERT OR UPDATE OR DELETE ON collection_products FOR EACH ROW EXECUTE FUNCTION content_link_changed();
