DO $$
DECLARE
    t text;
BEGIN
    FOR t IN SELECT tablename FROM pg_policies WHERE schemaname = 'public' AND policyname = 'business' LOOP
        EXECUTE format('DROP POLICY IF EXISTS every_business ON %I', t);
        EXECUTE format('ALTER POLICY business ON %I USING (location_id BETWEEN (SELECT slotwise_business_from()) AND (SELECT slotwise_business_to()))', t);
    END LOOP;
END $$;
ALTER DEFAULT PRIVILEGES IN SCHEMA public REVOKE ALL ON TABLES FROM slotwise_every;
ALTER DEFAULT PRIVILEGES IN SCHEMA public REVOKE ALL ON SEQUENCES FROM slotwise_every;
REVOKE ALL ON ALL TABLES IN SCHEMA public FROM slotwise_every;
REVOKE ALL ON ALL SEQUENCES IN SCHEMA public FROM slotwise_every;
REVOKE USAGE ON SCHEMA public FROM slotwise_every;
DROP FUNCTION slotwise_business_id();
REVOKE slotwise_every FROM slotwise_app;
ALTER ROLE slotwise_app INHERIT;
