DROP TABLE staff_busy;
DROP FUNCTION staff_busy_changed();
DROP TABLE connection_calendars;
DROP TABLE calendar_connections;
