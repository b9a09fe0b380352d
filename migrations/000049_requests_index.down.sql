DROP INDEX IF EXISTS bookings_requests;
