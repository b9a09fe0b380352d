-- Whether a booker may cancel one service of a visit (a cart booked back to
-- back) and keep the rest; by default a visit is cancelled whole.
ALTER TABLE locations ADD COLUMN cancel_one_of_visit boolean NOT NULL DEFAULT false;

COMMENT ON COLUMN locations.cancel_one_of_visit IS
    'A booker may cancel one service of a visit and keep the rest; otherwise a visit is cancelled whole.';
