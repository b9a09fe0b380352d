-- Bookings written to staff's own calendars: one row per booking (or, for
-- a class, per class time: "class:<session>") and calendar written to,
-- with where the event lives on the server and its ETag, so a reschedule
-- updates it (If-Match) and a cancellation deletes it.
CREATE TABLE calendar_writes (
    key            text NOT NULL,
    connection_id  text NOT NULL,
    calendar_url   text NOT NULL,
    href           text NOT NULL,
    etag           text NOT NULL DEFAULT '',
    sequence       int NOT NULL DEFAULT 0,
    written_at     timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (key, connection_id, calendar_url),
    FOREIGN KEY (connection_id, calendar_url) REFERENCES connection_calendars ON DELETE CASCADE
);

-- The last failure to write a booking, shown in the connection's status
-- until a write succeeds.
ALTER TABLE calendar_connections ADD COLUMN write_error text NOT NULL DEFAULT '';

-- One connection per staff member and address: the same request twice
-- connects once.
CREATE UNIQUE INDEX calendar_connections_once ON calendar_connections (staff_id, kind, url);
