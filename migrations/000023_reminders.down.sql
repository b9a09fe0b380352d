DROP INDEX outbox_once;
ALTER TABLE outbox DROP COLUMN once_key;
DROP TABLE reminders;
ALTER TABLE staff DROP COLUMN agenda;
ALTER TABLE calendars DROP COLUMN follow_up, DROP COLUMN reminders;
