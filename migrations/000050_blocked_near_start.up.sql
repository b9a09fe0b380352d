-- A booking's blocked time (its buffers around it) lies within a day before
-- its start and two days after (a service lasts at most a day, each buffer
-- at most a day: content's checks). Said here so the busy-time queries can
-- find a person's bookings by their start in bookings_staff_time: row
-- security keeps a range's && (not leakproof) out of an index condition,
-- so "blocked && range" alone read every booking the person ever had.
ALTER TABLE bookings ADD CONSTRAINT bookings_blocked_near_start
    CHECK (lower(blocked) >= starts_at - interval '1 day' AND upper(blocked) <= starts_at + interval '2 days');
