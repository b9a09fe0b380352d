-- A record's texts in other languages, kept on the record itself:
-- {"de": {"name": …, "description": …, "source": …}}. A translation goes
-- with its record, and changing one tells the record's readers as any
-- change of the record does (its trigger).
ALTER TABLE calendars ADD COLUMN translations jsonb NOT NULL DEFAULT '{}';
ALTER TABLE teams ADD COLUMN translations jsonb NOT NULL DEFAULT '{}';
ALTER TABLE calendar_groups ADD COLUMN translations jsonb NOT NULL DEFAULT '{}';
ALTER TABLE products ADD COLUMN translations jsonb NOT NULL DEFAULT '{}';
ALTER TABLE collections ADD COLUMN translations jsonb NOT NULL DEFAULT '{}';
