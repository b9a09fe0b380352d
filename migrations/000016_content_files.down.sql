ALTER TABLE one_time_links DROP COLUMN slug;
ALTER TABLE posts DROP COLUMN body_format;
