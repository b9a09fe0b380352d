-- The requests waiting for an answer are counted on every page of the
-- dashboard: an index of them alone, so the count reads a handful of rows
-- however many bookings a business has.
CREATE INDEX bookings_requests ON bookings (location_id, starts_at) WHERE status = 'requested' AND holds_for IS NULL;
