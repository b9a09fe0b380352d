DROP INDEX bookings_staff_starts;
