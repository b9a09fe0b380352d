-- Row security: a forgotten WHERE cannot leak. Every business table shows
-- and takes only the rows of the business the transaction is for
-- (slotwise_business(): set_config('slotwise.business', id, true), or the
-- only business there is). 'every' is the deployment's own work across
-- businesses (a worker claiming due jobs, metrics), asked for by name in
-- code (db.WithEveryBusiness), never by leaving something out. The
-- policies read the business through a scalar subquery, so it is worked
-- out once per statement (an InitPlan) rather than for every row.
--
-- The server works as slotwise_app, which owns no table and cannot bypass
-- the policies; FORCE applies them to the tables' owner too, so only a
-- superuser or a BYPASSRLS role (migrations, the operator's psql) sees
-- across businesses.

CREATE OR REPLACE FUNCTION slotwise_business() RETURNS bigint
    LANGUAGE sql STABLE PARALLEL SAFE AS $$
    SELECT CASE
        WHEN current_setting('slotwise.business', true) ~ '^[0-9]+$'
            THEN current_setting('slotwise.business', true)::bigint
        WHEN current_setting('slotwise.business', true) = 'every'
            THEN NULL -- work across businesses names each row's business
        ELSE (SELECT min(id) FROM locations HAVING count(*) = 1)
    END
$$;

CREATE FUNCTION slotwise_every_business() RETURNS boolean
    LANGUAGE sql STABLE PARALLEL SAFE AS $$
    SELECT current_setting('slotwise.business', true) IS NOT DISTINCT FROM 'every'
$$;

DO $$
BEGIN
    CREATE ROLE slotwise_app NOLOGIN;
EXCEPTION WHEN duplicate_object OR unique_violation THEN
    NULL; -- roles belong to the cluster: another database made it first
END $$;
DO $$
BEGIN
    EXECUTE format('GRANT slotwise_app TO %I', current_user);
EXCEPTION WHEN insufficient_privilege OR invalid_grant_operation THEN
    NULL; -- a superuser needs no grant; an owner without it works as itself, under FORCE
END $$;

GRANT USAGE ON SCHEMA public TO slotwise_app;
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO slotwise_app;
REVOKE ALL ON schema_migrations FROM slotwise_app;
GRANT SELECT ON schema_migrations TO slotwise_app; -- the version, for health checks
GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO slotwise_app;
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO slotwise_app;
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO slotwise_app;

ALTER TABLE api_tokens ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
CREATE POLICY business ON api_tokens USING (location_id = (SELECT slotwise_business()) OR (SELECT slotwise_every_business()));
ALTER TABLE authors ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
CREATE POLICY business ON authors USING (location_id = (SELECT slotwise_business()) OR (SELECT slotwise_every_business()));
ALTER TABLE blog_categories ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
CREATE POLICY business ON blog_categories USING (location_id = (SELECT slotwise_business()) OR (SELECT slotwise_every_business()));
ALTER TABLE blogs ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
CREATE POLICY business ON blogs USING (location_id = (SELECT slotwise_business()) OR (SELECT slotwise_every_business()));
ALTER TABLE booking_guests ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
CREATE POLICY business ON booking_guests USING (location_id = (SELECT slotwise_business()) OR (SELECT slotwise_every_business()));
ALTER TABLE booking_tokens ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
CREATE POLICY business ON booking_tokens USING (location_id = (SELECT slotwise_business()) OR (SELECT slotwise_every_business()));
ALTER TABLE bookings ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
CREATE POLICY business ON bookings USING (location_id = (SELECT slotwise_business()) OR (SELECT slotwise_every_business()));
ALTER TABLE calendar_connections ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
CREATE POLICY business ON calendar_connections USING (location_id = (SELECT slotwise_business()) OR (SELECT slotwise_every_business()));
ALTER TABLE calendar_group_members ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
CREATE POLICY business ON calendar_group_members USING (location_id = (SELECT slotwise_business()) OR (SELECT slotwise_every_business()));
ALTER TABLE calendar_groups ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
CREATE POLICY business ON calendar_groups USING (location_id = (SELECT slotwise_business()) OR (SELECT slotwise_every_business()));
ALTER TABLE calendar_staff ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
CREATE POLICY business ON calendar_staff USING (location_id = (SELECT slotwise_business()) OR (SELECT slotwise_every_business()));
ALTER TABLE calendar_writes ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
CREATE POLICY business ON calendar_writes USING (location_id = (SELECT slotwise_business()) OR (SELECT slotwise_every_business()));
ALTER TABLE calendars ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
CREATE POLICY business ON calendars USING (location_id = (SELECT slotwise_business()) OR (SELECT slotwise_every_business()));
ALTER TABLE collection_products ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
CREATE POLICY business ON collection_products USING (location_id = (SELECT slotwise_business()) OR (SELECT slotwise_every_business()));
ALTER TABLE collections ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
CREATE POLICY business ON collections USING (location_id = (SELECT slotwise_business()) OR (SELECT slotwise_every_business()));
ALTER TABLE connection_calendars ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
CREATE POLICY business ON connection_calendars USING (location_id = (SELECT slotwise_business()) OR (SELECT slotwise_every_business()));
ALTER TABLE event_deliveries ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
CREATE POLICY business ON event_deliveries USING (location_id = (SELECT slotwise_business()) OR (SELECT slotwise_every_business()));
ALTER TABLE events ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
CREATE POLICY business ON events USING (location_id = (SELECT slotwise_business()) OR (SELECT slotwise_every_business()));
ALTER TABLE form_responses ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
CREATE POLICY business ON form_responses USING (location_id = (SELECT slotwise_business()) OR (SELECT slotwise_every_business()));
ALTER TABLE form_versions ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
CREATE POLICY business ON form_versions USING (location_id = (SELECT slotwise_business()) OR (SELECT slotwise_every_business()));
ALTER TABLE forms ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
CREATE POLICY business ON forms USING (location_id = (SELECT slotwise_business()) OR (SELECT slotwise_every_business()));
ALTER TABLE idempotency_keys ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
CREATE POLICY business ON idempotency_keys USING (location_id = (SELECT slotwise_business()) OR (SELECT slotwise_every_business()));
ALTER TABLE media ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
CREATE POLICY business ON media USING (location_id = (SELECT slotwise_business()) OR (SELECT slotwise_every_business()));
ALTER TABLE one_time_links ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
CREATE POLICY business ON one_time_links USING (location_id = (SELECT slotwise_business()) OR (SELECT slotwise_every_business()));
ALTER TABLE outbox ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
CREATE POLICY business ON outbox USING (location_id = (SELECT slotwise_business()) OR (SELECT slotwise_every_business()));
ALTER TABLE payment_events ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
CREATE POLICY business ON payment_events USING (location_id = (SELECT slotwise_business()) OR (SELECT slotwise_every_business()));
ALTER TABLE payments ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
CREATE POLICY business ON payments USING (location_id = (SELECT slotwise_business()) OR (SELECT slotwise_every_business()));
ALTER TABLE post_categories ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
CREATE POLICY business ON post_categories USING (location_id = (SELECT slotwise_business()) OR (SELECT slotwise_every_business()));
ALTER TABLE post_tags ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
CREATE POLICY business ON post_tags USING (location_id = (SELECT slotwise_business()) OR (SELECT slotwise_every_business()));
ALTER TABLE posts ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
CREATE POLICY business ON posts USING (location_id = (SELECT slotwise_business()) OR (SELECT slotwise_every_business()));
ALTER TABLE previews ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
CREATE POLICY business ON previews USING (location_id = (SELECT slotwise_business()) OR (SELECT slotwise_every_business()));
ALTER TABLE products ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
CREATE POLICY business ON products USING (location_id = (SELECT slotwise_business()) OR (SELECT slotwise_every_business()));
ALTER TABLE reminders ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
CREATE POLICY business ON reminders USING (location_id = (SELECT slotwise_business()) OR (SELECT slotwise_every_business()));
ALTER TABLE service_menu_categories ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
CREATE POLICY business ON service_menu_categories USING (location_id = (SELECT slotwise_business()) OR (SELECT slotwise_every_business()));
ALTER TABLE service_menu_items ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
CREATE POLICY business ON service_menu_items USING (location_id = (SELECT slotwise_business()) OR (SELECT slotwise_every_business()));
ALTER TABLE service_menus ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
CREATE POLICY business ON service_menus USING (location_id = (SELECT slotwise_business()) OR (SELECT slotwise_every_business()));
ALTER TABLE site_pages ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
CREATE POLICY business ON site_pages USING (location_id = (SELECT slotwise_business()) OR (SELECT slotwise_every_business()));
ALTER TABLE staff ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
CREATE POLICY business ON staff USING (location_id = (SELECT slotwise_business()) OR (SELECT slotwise_every_business()));
ALTER TABLE staff_busy ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
CREATE POLICY business ON staff_busy USING (location_id = (SELECT slotwise_business()) OR (SELECT slotwise_every_business()));
ALTER TABLE staff_feeds ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
CREATE POLICY business ON staff_feeds USING (location_id = (SELECT slotwise_business()) OR (SELECT slotwise_every_business()));
ALTER TABLE staff_overrides ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
CREATE POLICY business ON staff_overrides USING (location_id = (SELECT slotwise_business()) OR (SELECT slotwise_every_business()));
ALTER TABLE tags ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
CREATE POLICY business ON tags USING (location_id = (SELECT slotwise_business()) OR (SELECT slotwise_every_business()));
ALTER TABLE teams ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
CREATE POLICY business ON teams USING (location_id = (SELECT slotwise_business()) OR (SELECT slotwise_every_business()));
ALTER TABLE webhook_attempts ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
CREATE POLICY business ON webhook_attempts USING (location_id = (SELECT slotwise_business()) OR (SELECT slotwise_every_business()));
ALTER TABLE webhook_deliveries ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
CREATE POLICY business ON webhook_deliveries USING (location_id = (SELECT slotwise_business()) OR (SELECT slotwise_every_business()));
ALTER TABLE webhook_endpoints ENABLE ROW LEVEL SECURITY, FORCE ROW LEVEL SECURITY;
CREATE POLICY business ON webhook_endpoints USING (location_id = (SELECT slotwise_business()) OR (SELECT slotwise_every_business()));
