-- Row security as one business's id, which the planner can count on.
--
-- Every statement of a business's rows now names its business itself
-- (location_id = $n, db.ThisBusiness). Beside 000033's range of business
-- ids, PostgreSQL judged the two conditions on the same column apart and
-- multiplied them: it expected a row or two of any table, whatever else
-- the statement asked for, and took an index of the business alone over
-- the one the statement needed (a booking found by its id walked every
-- booking of its business). As an equality with the one business, the
-- policy and the statement's own condition are one equivalence class:
-- PostgreSQL checks once that they agree and counts a business's rows as
-- they are.
--
-- An equality cannot also mean "every business", so the deployment's own
-- work across businesses (db.WithEveryBusiness) reads as slotwise_every, a
-- role the server's role may take for one transaction: its second policy
-- shows it every row. Nothing else can take it; and a transaction that
-- says 'every' without it reads nothing.
--
-- The business is 000034's bound with no value for every business: one
-- call PostgreSQL inlines, of a function compiled once per connection.
CREATE FUNCTION slotwise_business_id() RETURNS bigint
    LANGUAGE sql STABLE PARALLEL SAFE AS $$ SELECT slotwise_business_bound(NULL) $$;

DO $$
BEGIN
    CREATE ROLE slotwise_every NOLOGIN;
EXCEPTION WHEN duplicate_object OR unique_violation THEN
    NULL; -- roles belong to the cluster: another database made it first
END $$;
-- The server's role may take it (and so every login that may take the
-- server's), but does not hold its privileges: a policy for a role holds
-- for the roles that inherit from it, and slotwise_app must see one
-- business only.
GRANT slotwise_every TO slotwise_app;
ALTER ROLE slotwise_app NOINHERIT;

GRANT USAGE ON SCHEMA public TO slotwise_every;
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO slotwise_every;
REVOKE ALL ON schema_migrations FROM slotwise_every;
GRANT SELECT ON schema_migrations TO slotwise_every;
GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO slotwise_every;
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO slotwise_every;
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO slotwise_every;

DO $$
DECLARE
    t text;
BEGIN
    FOR t IN SELECT tablename FROM pg_policies WHERE schemaname = 'public' AND policyname = 'business' LOOP
        EXECUTE format('ALTER POLICY business ON %I USING (location_id = (SELECT slotwise_business_id()))', t);
        EXECUTE format('CREATE POLICY every_business ON %I TO slotwise_every USING (true)', t);
    END LOOP;
END $$;
