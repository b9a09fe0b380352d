ALTER TABLE calendars DROP COLUMN translations;
ALTER TABLE teams DROP COLUMN translations;
ALTER TABLE calendar_groups DROP COLUMN translations;
ALTER TABLE products DROP COLUMN translations;
ALTER TABLE collections DROP COLUMN translations;
