-- What the business notes of a booking once it has begun: whether the
-- client came, and its people's notes (never shown to the client).
ALTER TABLE bookings ADD COLUMN attendance text CHECK (attendance IN ('attended', 'no_show'));

CREATE TABLE booking_notes (
    id          bigserial,
    location_id bigint NOT NULL DEFAULT slotwise_business(),
    booking_id  text NOT NULL,
    author      text NOT NULL, -- as events.ActorOf says it: person:EMAIL, token:NAME
    body        text NOT NULL CHECK (length(body) BETWEEN 1 AND 2000),
    created_at  timestamptz NOT NULL,
    PRIMARY KEY (id, location_id),
    FOREIGN KEY (booking_id, location_id) REFERENCES bookings (id, location_id) ON DELETE CASCADE
);
CREATE INDEX booking_notes_booking ON booking_notes (location_id, booking_id, id);

ALTER TABLE booking_notes ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
CREATE POLICY business ON booking_notes USING (location_id = (SELECT slotwise_business_id()));
CREATE POLICY every_business ON booking_notes TO slotwise_every USING (true);
