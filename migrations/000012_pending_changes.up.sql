-- A published post can carry changes not yet published: pending holds them
-- ({"title", "excerpt", "body_source", "body"}), shown only through a
-- preview until PublishPostChanges makes them the post.
ALTER TABLE posts ADD COLUMN pending jsonb;
