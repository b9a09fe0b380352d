-- The texts of a blog (with its categories'), an author, a tag and the
-- business itself in other languages, kept on their rows as a record's
-- are (000038): {"de": {"title": …, "categories": {"massage": …}, "source": …}}.
-- Their change triggers already tell every page that shows them.
ALTER TABLE blogs ADD COLUMN translations jsonb NOT NULL DEFAULT '{}';
ALTER TABLE authors ADD COLUMN translations jsonb NOT NULL DEFAULT '{}';
ALTER TABLE tags ADD COLUMN translations jsonb NOT NULL DEFAULT '{}';
ALTER TABLE locations ADD COLUMN translations jsonb NOT NULL DEFAULT '{}';

-- Every replica's map of businesses knows each one's name in its
-- languages: a page's heading names it so.
DROP TRIGGER locations_hosts_changed ON locations;
CREATE TRIGGER locations_hosts_changed AFTER INSERT OR DELETE OR UPDATE OF is_default, slug, name, default_locale, translations ON locations
    FOR EACH STATEMENT EXECUTE FUNCTION hosts_changed();
