ALTER TABLE bookings DROP COLUMN refund_rest;
