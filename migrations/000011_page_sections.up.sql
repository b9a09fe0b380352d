-- A page is its paragraphs of text followed by sections: headings, rich
-- text, pictures, buttons and embedded booking widgets (sites.Section),
-- checked and sanitised on the way in.
ALTER TABLE site_pages ADD COLUMN sections jsonb NOT NULL DEFAULT '[]';
