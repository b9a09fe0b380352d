-- A booking cancelled or declined while a part of its payment was being
-- refunded owes the rest too: once the part is made, the rest is refunded.
ALTER TABLE bookings ADD COLUMN refund_rest boolean NOT NULL DEFAULT false;
