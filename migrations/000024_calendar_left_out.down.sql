ALTER TABLE connection_calendars DROP COLUMN left_out;
ALTER TABLE calendar_connections DROP COLUMN left_out;
UPDATE calendar_connections SET state = 'ok' WHERE state = 'partial';
ALTER TABLE calendar_connections DROP CONSTRAINT calendar_connections_state_check;
ALTER TABLE calendar_connections ADD CONSTRAINT calendar_connections_state_check CHECK (state IN ('ok', 'error', 'syncing'));
