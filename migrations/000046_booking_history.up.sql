-- Who made a change. An event carries its actor: person:EMAIL for one of
-- the business's people in its dashboard, token:NAME for the admin API;
-- empty for the booker, a payment provider or the server's own timers.
ALTER TABLE events ADD COLUMN actor text NOT NULL DEFAULT '';

-- A booking's history, as its page in the dashboard tells it: each change
-- the booking domain made, when, by whom, and why. Events are forgotten
-- after a week; a booking's history lasts as long as the booking.
CREATE TABLE booking_history (
    id          bigserial,
    location_id bigint NOT NULL DEFAULT slotwise_business(),
    booking_id  text NOT NULL,
    type        text NOT NULL,
    actor       text NOT NULL DEFAULT '',
    starts_at   timestamptz NOT NULL, -- the booking's start after the change
    reason      text NOT NULL DEFAULT '',
    at          timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (id, location_id),
    FOREIGN KEY (booking_id, location_id) REFERENCES bookings (id, location_id) ON DELETE CASCADE
);
CREATE INDEX booking_history_booking ON booking_history (location_id, booking_id, id);

ALTER TABLE booking_history ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
CREATE POLICY business ON booking_history USING (location_id = (SELECT slotwise_business_id()));
CREATE POLICY every_business ON booking_history TO slotwise_every USING (true);
