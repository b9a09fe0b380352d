-- Payments: a calendar's price, deposit, payment kind, hold and refund
-- policy; a booking's money (what it costs, what is due now, what was paid
-- and refunded) and the hold of an unpaid booking; the provider's checkout
-- attempts; and the provider's event ids, so each is handled once.
-- Amounts are integers in the currency's minor unit.

ALTER TABLE calendars
    ADD COLUMN currency text CHECK (currency ~ '^[A-Z]{3}$'),
    ADD COLUMN price_per_person boolean NOT NULL DEFAULT false,
    ADD COLUMN deposit_kind text NOT NULL DEFAULT 'none' CHECK (deposit_kind IN ('none', 'fixed', 'percent')),
    ADD COLUMN deposit_value bigint NOT NULL DEFAULT 0 CHECK (deposit_value >= 0),
    ADD COLUMN payment text NOT NULL DEFAULT 'none' CHECK (payment IN ('none', 'online', 'on_site')),
    ADD COLUMN hold_minutes int NOT NULL DEFAULT 10 CHECK (hold_minutes BETWEEN 1 AND 1440),
    ADD COLUMN refund_policy text NOT NULL DEFAULT 'window' CHECK (refund_policy IN ('window', 'business', 'never')),
    ADD COLUMN refund_window_hours int NOT NULL DEFAULT 24 CHECK (refund_window_hours BETWEEN 0 AND 8760),
    ADD COLUMN terms_url text NOT NULL DEFAULT '',
    ADD CONSTRAINT calendars_deposit_percent CHECK (deposit_kind <> 'percent' OR deposit_value BETWEEN 1 AND 100);

COMMENT ON COLUMN calendars.currency IS 'NULL: the business''s currency.';
COMMENT ON COLUMN calendars.terms_url IS 'The terms a booker accepts for this calendar; empty: the business''s.';
COMMENT ON COLUMN calendars.price_per_person IS 'The price is per seat: the booker and each guest pay it.';
COMMENT ON COLUMN calendars.payment IS
    'none: free or paid outside Slotwise; online: the amount due now is paid at booking through the provider; on_site: paid at the appointment.';
COMMENT ON COLUMN calendars.hold_minutes IS 'How long an unpaid booking holds its time before it is released.';
COMMENT ON COLUMN calendars.refund_policy IS
    'window: a booker''s cancellation refunds what was paid up to refund_window_hours before the start; business: the business decides; never.';

-- A booking waiting for its payment is "pending": it holds its time (it is
-- not cancelled) until hold_until, and a release cancels it ("system").
ALTER TABLE bookings DROP CONSTRAINT bookings_status_check;
ALTER TABLE bookings ADD CONSTRAINT bookings_status_check
    CHECK (status IN ('pending', 'scheduled', 'requested', 'rescheduled', 'cancelled'));
ALTER TABLE bookings DROP CONSTRAINT bookings_cancelled_by_check;
ALTER TABLE bookings ADD CONSTRAINT bookings_cancelled_by_check CHECK (cancelled_by IN ('', 'booker', 'business', 'system'));

ALTER TABLE bookings
    ADD COLUMN payment text NOT NULL DEFAULT 'none'
        CHECK (payment IN ('none', 'on_site', 'hold', 'processing', 'paid', 'released', 'refund_due', 'refunded')),
    ADD COLUMN currency text CHECK (currency ~ '^[A-Z]{3}$'),
    ADD COLUMN total_cents bigint NOT NULL DEFAULT 0 CHECK (total_cents >= 0),
    ADD COLUMN pay_now_cents bigint NOT NULL DEFAULT 0 CHECK (pay_now_cents >= 0 AND pay_now_cents <= total_cents),
    ADD COLUMN paid_cents bigint NOT NULL DEFAULT 0 CHECK (paid_cents >= 0),
    ADD COLUMN refunded_cents bigint NOT NULL DEFAULT 0 CHECK (refunded_cents >= 0 AND refunded_cents <= paid_cents),
    ADD COLUMN hold_until timestamptz,
    ADD CONSTRAINT bookings_hold_has_an_end CHECK (payment NOT IN ('hold', 'processing') OR hold_until IS NOT NULL);

COMMENT ON COLUMN bookings.payment IS
    'none; on_site: due at the appointment; hold: waiting for payment until hold_until; processing: a delayed method is confirming;
     paid: paid_cents arrived (a deposit when below total_cents); released: the hold ended unpaid; refund_due / refunded: money going back.';

CREATE INDEX bookings_holds ON bookings (hold_until) WHERE payment = 'hold' AND status = 'pending';

-- One row per checkout attempt at the provider. A booking has at most one
-- open attempt; the row's id is the provider call's idempotency key.
CREATE TABLE payments (
    id             text        PRIMARY KEY,
    booking_id     text        NOT NULL REFERENCES bookings ON DELETE CASCADE,
    provider       text        NOT NULL,
    amount_cents   bigint      NOT NULL CHECK (amount_cents > 0),
    currency       text        NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
    locale         text        NOT NULL,
    status         text        NOT NULL DEFAULT 'open'
                   CHECK (status IN ('open', 'processing', 'paid', 'failed', 'expired')),
    session_id     text        UNIQUE,
    intent_id      text,
    checkout_url   text,
    refund_id      text,
    refunded_cents bigint      NOT NULL DEFAULT 0 CHECK (refunded_cents >= 0 AND refunded_cents <= amount_cents),
    created_at     timestamptz NOT NULL DEFAULT now(),
    paid_at        timestamptz,
    updated_at     timestamptz NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX payments_one_open ON payments (booking_id) WHERE status IN ('open', 'processing');
CREATE INDEX payments_booking ON payments (booking_id);

-- Provider events already taken in: a duplicate delivery is acknowledged
-- and does nothing.
CREATE TABLE payment_events (
    provider    text        NOT NULL,
    event_id    text        NOT NULL,
    type        text        NOT NULL,
    received_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (provider, event_id)
);
