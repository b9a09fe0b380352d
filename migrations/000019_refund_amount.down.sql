ALTER TABLE bookings DROP COLUMN refund_due_cents;
