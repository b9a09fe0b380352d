DROP INDEX bookings_business_start;
DO $$
DECLARE
    t text;
BEGIN
    FOR t IN SELECT tablename FROM pg_policies WHERE schemaname = 'public' AND policyname = 'business' LOOP
        EXECUTE format('ALTER POLICY business ON %I USING (location_id = (SELECT slotwise_business()) OR (SELECT slotwise_every_business()))', t);
    END LOOP;
END $$;
DROP FUNCTION slotwise_business_to();
DROP FUNCTION slotwise_business_from();
