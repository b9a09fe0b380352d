ALTER TABLE locations
    DROP COLUMN phone,
    DROP COLUMN address,
    DROP COLUMN map_url,
    DROP COLUMN opening_hours,
    DROP COLUMN contact_form,
    DROP COLUMN privacy_url,
    DROP COLUMN imprint_url;
