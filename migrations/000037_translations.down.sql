DROP TABLE post_translations;
DROP TABLE page_translations;
DROP FUNCTION translation_changed();
