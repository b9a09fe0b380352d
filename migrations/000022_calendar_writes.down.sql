DROP INDEX calendar_connections_once;
ALTER TABLE calendar_connections DROP COLUMN write_error;
DROP TABLE calendar_writes;
