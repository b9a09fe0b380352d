-- A person's busy times, read by their bookings' starts (startsNear in
-- booking/store.go), from the index alone: its columns hold all the read
-- needs. The plan PostgreSQL makes once for any parameters expects a row
-- or two from the business and the person either way, and so took the
-- exclusion constraint's index by a hair (then read every booking the
-- person ever had); an index-only scan is cheaper in any estimate.
CREATE INDEX bookings_staff_starts ON bookings (location_id, staff_id, starts_at)
    INCLUDE (blocked, id, session, seats) WHERE status <> 'cancelled';
