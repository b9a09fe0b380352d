-- The dashboard finds a booking by the beginning of any word of its
-- client's name, of their address (or the whole address) and of any run of
-- their phone's digits. Row security keeps LIKE, ILIKE and trigram
-- matches (none is leakproof) out of an index condition, so a search read
-- every booking of the business; a term's beginning is a range of a btree
-- ("C" order: a prefix and the prefix followed by the last code point
-- bound it), whose comparisons are leakproof.
CREATE TABLE booking_terms (
    location_id bigint NOT NULL DEFAULT slotwise_business(),
    term        text COLLATE "C" NOT NULL,
    booking_id  text NOT NULL,
    PRIMARY KEY (location_id, term, booking_id),
    FOREIGN KEY (booking_id, location_id) REFERENCES bookings (id, location_id) ON DELETE CASCADE
);
CREATE INDEX booking_terms_booking ON booking_terms (location_id, booking_id);

ALTER TABLE booking_terms ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
CREATE POLICY business ON booking_terms USING (location_id = (SELECT slotwise_business_id()));
CREATE POLICY every_business ON booking_terms TO slotwise_every USING (true);

-- booking_terms_of are the terms a booking is found by: each word of the
-- name and the address, as written between spaces and between any other
-- marks (o'brien and brien), the whole address, and each run of the
-- phone's digits of three or more that ends its number.
CREATE FUNCTION booking_terms_of(first_name text, last_name text, email text, phone text) RETURNS SETOF text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT DISTINCT term FROM (
        SELECT regexp_split_to_table(lower(first_name || ' ' || last_name), '\s+') AS term
        UNION ALL SELECT regexp_split_to_table(lower(first_name || ' ' || last_name || ' ' || email), '[^[:alnum:]]+')
        UNION ALL SELECT lower(email)
        UNION ALL SELECT substr(d, i) FROM (SELECT regexp_replace(phone, '[^0-9]', '', 'g') AS d) p,
                  generate_series(1, length(d) - 2) i
    ) t WHERE term <> ''
$$;

CREATE FUNCTION booking_terms_keep() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'UPDATE' THEN
        DELETE FROM booking_terms WHERE location_id = NEW.location_id AND booking_id = NEW.id;
    END IF;
    INSERT INTO booking_terms (location_id, term, booking_id)
    SELECT NEW.location_id, t, NEW.id FROM booking_terms_of(NEW.first_name, NEW.last_name, NEW.email, NEW.phone) t;
    RETURN NULL;
END $$;

CREATE TRIGGER booking_terms_keep AFTER INSERT OR UPDATE OF first_name, last_name, email, phone ON bookings
    FOR EACH ROW EXECUTE FUNCTION booking_terms_keep();

INSERT INTO booking_terms (location_id, term, booking_id)
SELECT b.location_id, t, b.id FROM bookings b, booking_terms_of(b.first_name, b.last_name, b.email, b.phone) t;
