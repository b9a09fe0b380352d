-- The rows that hold other people's time for a collective booking, found
-- by the booking they hold for: released at every cancel and move, and
-- changed with it at every confirmation and payment. Without an index
-- each of those read all of the business's bookings to find the few.
CREATE INDEX bookings_held_for ON bookings (holds_for, location_id) WHERE holds_for IS NOT NULL;
