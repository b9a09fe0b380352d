-- Calendar connections: a staff member's own calendars (a CalDAV account,
-- or an iCalendar subscription) whose events block their time, and where
-- their bookings are written. The password of a CalDAV account is sealed
-- (AES-GCM) with the operator's key; it never leaves this table in clear.
CREATE TABLE calendar_connections (
    id           text PRIMARY KEY,
    staff_id     bigint NOT NULL REFERENCES staff ON DELETE CASCADE,
    kind         text NOT NULL CHECK (kind IN ('caldav', 'ics')),
    url          text NOT NULL,
    username     text NOT NULL DEFAULT '',
    secret       bytea,
    -- the account's own addresses (calendar-user-address-set), for invitations it declined
    addresses    text[] NOT NULL DEFAULT '{}',
    state        text NOT NULL DEFAULT 'syncing' CHECK (state IN ('ok', 'error', 'syncing')),
    last_sync    timestamptz,
    last_error   text NOT NULL DEFAULT '',
    failures     int NOT NULL DEFAULT 0,
    -- the replica syncing it now, until when (a lease: one replica at a time)
    lease_owner  text,
    lease_until  timestamptz,
    next_sync    timestamptz NOT NULL DEFAULT now(),
    created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX calendar_connections_by_staff ON calendar_connections (staff_id);
CREATE INDEX calendar_connections_due ON calendar_connections (next_sync);

-- The calendars of a connection (an ICS subscription has one: its URL),
-- with what the server said last, so an unchanged calendar costs one
-- small request: a sync token or ctag (CalDAV), an ETag and Last-Modified (ICS).
CREATE TABLE connection_calendars (
    connection_id  text NOT NULL REFERENCES calendar_connections ON DELETE CASCADE,
    url            text NOT NULL,
    name           text NOT NULL DEFAULT '',
    check_busy     boolean NOT NULL DEFAULT true,
    write_to       boolean NOT NULL DEFAULT false,
    sync_token     text NOT NULL DEFAULT '',
    ctag           text NOT NULL DEFAULT '',
    etag           text NOT NULL DEFAULT '',
    last_modified  text NOT NULL DEFAULT '',
    -- the window the stored busy times cover, to widen it as days pass
    synced_to      timestamptz,
    PRIMARY KEY (connection_id, url)
);
CREATE UNIQUE INDEX connection_calendars_one_to_write ON connection_calendars (connection_id) WHERE write_to;

-- Busy times read from those calendars, per staff member; availability
-- reads them beside the bookings everywhere a time is offered or booked.
CREATE TABLE staff_busy (
    id             bigserial PRIMARY KEY,
    staff_id       bigint NOT NULL REFERENCES staff ON DELETE CASCADE,
    connection_id  text NOT NULL,
    calendar_url   text NOT NULL,
    uid            text NOT NULL,
    span           tstzrange NOT NULL,
    FOREIGN KEY (connection_id, calendar_url) REFERENCES connection_calendars ON DELETE CASCADE
);
CREATE INDEX staff_busy_by_staff ON staff_busy USING gist (staff_id, span);
CREATE INDEX staff_busy_by_calendar ON staff_busy (connection_id, calendar_url);

-- A change of someone's busy times makes their booking pages stale on
-- every replica, as a booking of theirs does (000017).
CREATE FUNCTION staff_busy_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    r record;
BEGIN
    FOR r IN SELECT * FROM (SELECT NEW AS row WHERE TG_OP <> 'DELETE' UNION ALL SELECT OLD WHERE TG_OP <> 'INSERT') rows LOOP
        PERFORM notify_content('staff:' || (r.row).staff_id);
    END LOOP;
    RETURN NULL;
END
$$;
CREATE TRIGGER staff_busy_changed AFTER INSERT OR UPDATE OR DELETE ON staff_busy FOR EACH ROW EXECUTE FUNCTION staff_busy_changed();
