ALTER TABLE locations DROP COLUMN cancel_one_of_visit;
