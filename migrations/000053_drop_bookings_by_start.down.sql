CREATE INDEX IF NOT EXISTS bookings_by_start ON bookings (starts_at, id);
