DELETE FROM booking_tokens WHERE purpose = 'followup';
ALTER TABLE booking_tokens DROP CONSTRAINT booking_tokens_purpose_check;
ALTER TABLE booking_tokens ADD CONSTRAINT booking_tokens_purpose_check CHECK (purpose IN ('manage', 'decide'));
DROP INDEX outbox_once;
ALTER TABLE outbox DROP COLUMN once_key;
DROP TABLE reminders;
ALTER TABLE staff DROP COLUMN agenda;
ALTER TABLE calendars DROP COLUMN follow_up, DROP COLUMN reminders;
