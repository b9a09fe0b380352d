-- A service menu's texts in other languages, kept on it as a calendar's
-- are (000038).
ALTER TABLE service_menus ADD COLUMN translations jsonb NOT NULL DEFAULT '{}';
