DROP TABLE payment_events;
DROP TABLE payments;
DROP INDEX bookings_holds;
UPDATE bookings SET status = 'cancelled', cancelled_by = 'business' WHERE status = 'pending';
UPDATE bookings SET cancelled_by = 'business' WHERE cancelled_by = 'system';
ALTER TABLE bookings DROP CONSTRAINT bookings_hold_has_an_end,
    DROP COLUMN payment, DROP COLUMN currency, DROP COLUMN total_cents, DROP COLUMN pay_now_cents,
    DROP COLUMN paid_cents, DROP COLUMN refunded_cents, DROP COLUMN hold_until;
ALTER TABLE bookings DROP CONSTRAINT bookings_cancelled_by_check;
ALTER TABLE bookings ADD CONSTRAINT bookings_cancelled_by_check CHECK (cancelled_by IN ('', 'booker', 'business'));
ALTER TABLE bookings DROP CONSTRAINT bookings_status_check;
ALTER TABLE bookings ADD CONSTRAINT bookings_status_check CHECK (status IN ('scheduled', 'requested', 'rescheduled', 'cancelled'));
ALTER TABLE calendars DROP CONSTRAINT calendars_deposit_percent,
    DROP COLUMN currency, DROP COLUMN price_per_person, DROP COLUMN deposit_kind, DROP COLUMN deposit_value,
    DROP COLUMN payment, DROP COLUMN hold_minutes, DROP COLUMN terms_url, DROP COLUMN refund_policy, DROP COLUMN refund_window_hours;
