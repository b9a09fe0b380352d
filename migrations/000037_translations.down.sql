DROP TRIGGER locations_hosts_changed ON locations;
CREATE TRIGGER locations_hosts_changed AFTER INSERT OR DELETE OR UPDATE OF is_default, slug, name ON locations
    FOR EACH STATEMENT EXECUTE FUNCTION hosts_changed();
DROP TABLE post_translations;
DROP TABLE page_translations;
DROP FUNCTION translation_changed();
