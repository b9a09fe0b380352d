ALTER TABLE site_pages DROP COLUMN sections;
