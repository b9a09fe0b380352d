DROP TRIGGER locations_changed ON locations;
DROP FUNCTION location_changed();
ALTER TABLE bookings DROP COLUMN answers, DROP COLUMN form_version;
ALTER TABLE calendars DROP COLUMN form_id;
DROP TABLE app_secrets;
DROP TABLE form_responses;
DROP TABLE form_versions;
DROP TABLE forms;
