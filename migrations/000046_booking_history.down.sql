DROP TABLE booking_history;
ALTER TABLE events DROP COLUMN actor;
