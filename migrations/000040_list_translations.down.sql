DROP TRIGGER locations_hosts_changed ON locations;
CREATE TRIGGER locations_hosts_changed AFTER INSERT OR DELETE OR UPDATE OF is_default, slug, name, default_locale ON locations
    FOR EACH STATEMENT EXECUTE FUNCTION hosts_changed();
ALTER TABLE locations DROP COLUMN translations;
ALTER TABLE tags DROP COLUMN translations;
ALTER TABLE authors DROP COLUMN translations;
ALTER TABLE blogs DROP COLUMN translations;
