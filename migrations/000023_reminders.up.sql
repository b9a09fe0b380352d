-- Between booking and appointment: reminders before it, a follow-up after
-- it, and each staff member's agenda of their day.

-- What a calendar sends: reminders [{"before": minutes, "to": "booker" |
-- "staff"}] (absolute time before the start; the default reminds the booker
-- a day before, [] sends none) and an optional follow-up {"after": minutes,
-- "form": slug} after the end.
ALTER TABLE calendars
    ADD COLUMN reminders jsonb NOT NULL DEFAULT '[{"before": 1440, "to": "booker"}]'
        CHECK (jsonb_typeof(reminders) = 'array'),
    ADD COLUMN follow_up jsonb CHECK (follow_up IS NULL OR jsonb_typeof(follow_up) = 'object');

-- A staff member's agenda mail {"at": "07:00", "day": "today" | "tomorrow"}
-- at that hour of their own zone; NULL sends none.
ALTER TABLE staff ADD COLUMN agenda jsonb CHECK (agenda IS NULL OR jsonb_typeof(agenda) = 'object');

-- One row per booking, step and recipient (and the start it reminds of), or
-- per staff member and day for an agenda, written in the transaction that
-- makes it due: a booking's change deletes its rows still due and writes
-- what its new state asks. Workers on every replica take due rows with
-- SKIP LOCKED under a lease and mark each sent or skipped in the
-- transaction that queues its mail, so a row is mailed once.
CREATE TABLE reminders (
    id           bigserial PRIMARY KEY,
    kind         text NOT NULL CHECK (kind IN ('reminder', 'follow_up', 'agenda')),
    booking_id   text REFERENCES bookings ON DELETE CASCADE,
    staff_id     bigint REFERENCES staff ON DELETE CASCADE,
    -- the reminder's "before" or the follow-up's "after", in minutes; an
    -- agenda's 0
    offset_minutes int NOT NULL,
    -- booker, guest:<address>, staff:<id>
    recipient    text NOT NULL,
    -- the start reminded of; an agenda's day, as its midnight in the staff
    -- member's zone
    starts_at    timestamptz NOT NULL,
    due_at       timestamptz NOT NULL,
    state        text NOT NULL DEFAULT 'due' CHECK (state IN ('due', 'sent', 'skipped')),
    skip_reason  text NOT NULL DEFAULT '',
    leased_until timestamptz,
    lease        text,
    done_at      timestamptz,
    created_at   timestamptz NOT NULL DEFAULT now(),
    CHECK ((kind = 'agenda') = (booking_id IS NULL)),
    CHECK (kind <> 'agenda' OR staff_id IS NOT NULL)
);

CREATE UNIQUE INDEX reminders_once ON reminders (booking_id, kind, offset_minutes, recipient, starts_at)
    WHERE booking_id IS NOT NULL;
CREATE UNIQUE INDEX reminders_agenda_once ON reminders (staff_id, starts_at) WHERE kind = 'agenda';
-- The workers' one question: what is due. Only rows still due are indexed.
CREATE INDEX reminders_due ON reminders (due_at) WHERE state = 'due';

-- A mail that must go once whatever happens (a reminder) carries a key: a
-- second insert with it is refused.
ALTER TABLE outbox ADD COLUMN once_key text;
CREATE UNIQUE INDEX outbox_once ON outbox (once_key) WHERE once_key IS NOT NULL;

-- A follow-up's link to a form of the business carries a secret of its
-- own: it ties the answers to the booking, and opens nothing else.
ALTER TABLE booking_tokens DROP CONSTRAINT booking_tokens_purpose_check;
ALTER TABLE booking_tokens ADD CONSTRAINT booking_tokens_purpose_check CHECK (purpose IN ('manage', 'decide', 'followup'));
