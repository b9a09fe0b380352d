ALTER TABLE service_menus DROP COLUMN translations;
