-- Row security a query plan can use. The policy of 000028 read
-- "location_id = business OR every": an OR of two parameters, which no
-- index can take, so a lookup by slug (unique per business) read that
-- slug's row of every business and threw all but one away; with ten
-- thousand businesses, a calendar took 800 ms to find. The same rule as a
-- range of business ids, one business's (from = to) or every one's (the
-- whole range), is two index conditions on the business column that every
-- key of a business table ends with: the same lookup reads one row.
CREATE FUNCTION slotwise_business_from() RETURNS bigint
    LANGUAGE sql STABLE PARALLEL SAFE AS $$
    SELECT CASE WHEN slotwise_every_business() THEN -9223372036854775808 ELSE slotwise_business() END
$$;
CREATE FUNCTION slotwise_business_to() RETURNS bigint
    LANGUAGE sql STABLE PARALLEL SAFE AS $$
    SELECT CASE WHEN slotwise_every_business() THEN 9223372036854775807 ELSE slotwise_business() END
$$;
DO $$
DECLARE
    t text;
BEGIN
    FOR t IN SELECT tablename FROM pg_policies WHERE schemaname = 'public' AND policyname = 'business' LOOP
        EXECUTE format('ALTER POLICY business ON %I USING (location_id BETWEEN (SELECT slotwise_business_from()) AND (SELECT slotwise_business_to()))', t);
    END LOOP;
END $$;

-- A business's bookings in start order, one range of one index: the admin
-- API's lists and the planning of reminders read them so, and without it
-- they would walk every business's bookings (row security filters rows;
-- the index to read is the plan's choice). With Citus it lives on each
-- shard.
CREATE INDEX bookings_business_start ON bookings (location_id, starts_at, id);
