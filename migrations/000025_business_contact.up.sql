-- How a business is reached and what it owes its visitors by law: its
-- address, phone, opening hours and map, the contact form it answers, and
-- the addresses of its imprint and privacy policy (its terms already had
-- one). The website's footer, its LocalBusiness data, the cookie banner
-- and every "contact the business" read them.
ALTER TABLE locations
    ADD COLUMN phone text NOT NULL DEFAULT '',
    ADD COLUMN address text NOT NULL DEFAULT '',
    ADD COLUMN map_url text NOT NULL DEFAULT '',
    ADD COLUMN opening_hours jsonb NOT NULL DEFAULT '{}',
    ADD COLUMN contact_form text NOT NULL DEFAULT '',
    ADD COLUMN privacy_url text NOT NULL DEFAULT '',
    ADD COLUMN imprint_url text NOT NULL DEFAULT '';
