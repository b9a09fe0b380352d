-- The outbox holds every e-mail from the moment the transaction that caused
-- it (a booking, a reschedule, a cancellation) commits until an SMTP server
-- accepts it. Writing it in that same transaction is what makes delivery
-- reliable: no mail for a booking that rolled back, no booking whose mail
-- was lost because the server was down. Workers on any replica claim due
-- rows with FOR UPDATE SKIP LOCKED.
CREATE TABLE outbox (
    id              bigserial   PRIMARY KEY,
    kind            text        NOT NULL,
    recipient       text        NOT NULL,
    subject         text        NOT NULL,
    mime            bytea       NOT NULL,
    attempts        int         NOT NULL DEFAULT 0,
    next_attempt_at timestamptz NOT NULL DEFAULT now(),
    last_error      text        NOT NULL DEFAULT '',
    sent_at         timestamptz,
    dead            boolean     NOT NULL DEFAULT false,
    created_at      timestamptz NOT NULL DEFAULT now()
);

COMMENT ON COLUMN outbox.kind IS
    'What the message is about, e.g. booking.confirmation or staff.cancelled.';
COMMENT ON COLUMN outbox.mime IS
    'The complete rendered RFC 5322 message, sent as it is.';
COMMENT ON COLUMN outbox.dead IS
    'Given up after too many failed attempts or a permanent rejection; last_error says why.';

-- Only pending rows are ever looked up by time, and they are few.
CREATE INDEX outbox_due_idx ON outbox (next_attempt_at) WHERE sent_at IS NULL AND NOT dead;
