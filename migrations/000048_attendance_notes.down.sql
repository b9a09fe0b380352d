DROP TABLE booking_notes;
ALTER TABLE bookings DROP COLUMN attendance;
