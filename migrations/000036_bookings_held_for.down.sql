DROP INDEX bookings_held_for;
