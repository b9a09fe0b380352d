ALTER TABLE bookings DROP CONSTRAINT bookings_blocked_near_start;
