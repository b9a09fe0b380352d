-- A sync that worked but could not read everything (events that are not
-- readable, repeating events too costly to read in full, more busy times
-- than are kept) is 'partial', never 'ok'. Each calendar keeps what its
-- last read left out, in plain words (an unchanged calendar is not read
-- again, and what it left out still holds); the connection keeps them
-- joined, beside last_error for a sync that failed.
ALTER TABLE calendar_connections DROP CONSTRAINT calendar_connections_state_check;
ALTER TABLE calendar_connections ADD CONSTRAINT calendar_connections_state_check CHECK (state IN ('ok', 'partial', 'error', 'syncing'));
ALTER TABLE calendar_connections ADD COLUMN left_out text NOT NULL DEFAULT '';
ALTER TABLE connection_calendars ADD COLUMN left_out text NOT NULL DEFAULT '';
