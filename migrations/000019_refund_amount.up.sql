-- What the business asked to give back now, while payment = 'refund_due'
-- (a part of what was paid); 0 is everything not yet refunded.
ALTER TABLE bookings ADD COLUMN refund_due_cents bigint NOT NULL DEFAULT 0 CHECK (refund_due_cents >= 0);
