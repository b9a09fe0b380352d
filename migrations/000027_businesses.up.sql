-- Many businesses on one deployment. A business is a row of locations; every
-- other table is either a business table, whose rows each carry the
-- business's id in location_id (in its primary key, its unique constraints
-- and both sides of its foreign keys, so slugs are unique per business and a
-- row can only point at its own business's rows), or a shared table of the
-- deployment (see backend/internal/db/tenancy_test.go for the list and why).
-- That is also the shape Citus needs to distribute the tables by business.

-- The business a transaction works for: set per transaction with
-- set_config('slotwise.business', id, true). Unset, it is the deployment's
-- only business when it has exactly one, and NULL otherwise, so a write
-- that forgot to say whose it is fails on NOT NULL instead of landing in
-- some business.
CREATE FUNCTION slotwise_business() RETURNS bigint
    LANGUAGE sql STABLE PARALLEL SAFE AS $$
    SELECT CASE WHEN current_setting('slotwise.business', true) ~ '^[0-9]+$'
        THEN current_setting('slotwise.business', true)::bigint
        ELSE (SELECT min(id) FROM locations HAVING count(*) = 1)
    END
$$;

-- The business that answers a host no business claims (at most one; none:
-- such a host gets a plain 404). The business there is today answers them,
-- as it always has.
ALTER TABLE locations ADD COLUMN is_default boolean NOT NULL DEFAULT false;
CREATE UNIQUE INDEX locations_one_default ON locations (is_default) WHERE is_default;
UPDATE locations SET is_default = true WHERE id = (SELECT min(id) FROM locations);

-- The hostnames a business answers on: its own domains and subdomains of the
-- operator's. One is primary (absolute links use it); a host with redirect
-- answers with a 301 to the primary. Shared: the host is resolved before any
-- business is known.
CREATE TABLE location_hosts (
    host        text PRIMARY KEY CHECK (host ~ '^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(:[0-9]{1,5})?$' AND length(host) <= 253),
    location_id bigint NOT NULL REFERENCES locations (id) ON DELETE CASCADE,
    is_primary  boolean NOT NULL DEFAULT false,
    redirect    boolean NOT NULL DEFAULT false,
    created_at  timestamptz NOT NULL DEFAULT now(),
    CHECK (NOT (is_primary AND redirect))
);
CREATE UNIQUE INDEX location_hosts_one_primary ON location_hosts (location_id) WHERE is_primary;
CREATE INDEX location_hosts_location ON location_hosts (location_id);

-- Every replica reloads its map of hosts when one changes.
CREATE FUNCTION hosts_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('slotwise_hosts', '');
    RETURN NULL;
END $$;
CREATE TRIGGER location_hosts_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON location_hosts
    FOR EACH STATEMENT EXECUTE FUNCTION hosts_changed();
CREATE TRIGGER locations_hosts_changed AFTER INSERT OR DELETE OR UPDATE OF is_default, slug, name ON locations
    FOR EACH STATEMENT EXECUTE FUNCTION hosts_changed();

-- A row that belongs to no business has no place in a business table.
DO $$
BEGIN
    IF NOT EXISTS (SELECT 1 FROM locations) AND (
        EXISTS (SELECT 1 FROM site_pages) OR EXISTS (SELECT 1 FROM events)
        OR EXISTS (SELECT 1 FROM outbox) OR EXISTS (SELECT 1 FROM idempotency_keys)
        OR EXISTS (SELECT 1 FROM media) OR EXISTS (SELECT 1 FROM blogs)
        OR EXISTS (SELECT 1 FROM products) OR EXISTS (SELECT 1 FROM api_tokens)
        OR EXISTS (SELECT 1 FROM webhook_endpoints) OR EXISTS (SELECT 1 FROM previews)) THEN
        RAISE EXCEPTION 'rows without a business: import the site (slotwise import) before migrating';
    END IF;
END $$;

-- The business column of every business table. The default fills the rows
-- there are with the one business a deployment could hold until now.
ALTER TABLE api_tokens ADD COLUMN location_id bigint NOT NULL DEFAULT slotwise_business();
ALTER TABLE authors ADD COLUMN location_id bigint NOT NULL DEFAULT slotwise_business();
ALTER TABLE blog_categories ADD COLUMN location_id bigint NOT NULL DEFAULT slotwise_business();
ALTER TABLE blogs ADD COLUMN location_id bigint NOT NULL DEFAULT slotwise_business();
ALTER TABLE booking_guests ADD COLUMN location_id bigint NOT NULL DEFAULT slotwise_business();
ALTER TABLE booking_tokens ADD COLUMN location_id bigint NOT NULL DEFAULT slotwise_business();
ALTER TABLE bookings ADD COLUMN location_id bigint NOT NULL DEFAULT slotwise_business();
ALTER TABLE calendar_connections ADD COLUMN location_id bigint NOT NULL DEFAULT slotwise_business();
ALTER TABLE calendar_group_members ADD COLUMN location_id bigint NOT NULL DEFAULT slotwise_business();
ALTER TABLE calendar_staff ADD COLUMN location_id bigint NOT NULL DEFAULT slotwise_business();
ALTER TABLE calendar_writes ADD COLUMN location_id bigint NOT NULL DEFAULT slotwise_business();
ALTER TABLE collection_products ADD COLUMN location_id bigint NOT NULL DEFAULT slotwise_business();
ALTER TABLE collections ADD COLUMN location_id bigint NOT NULL DEFAULT slotwise_business();
ALTER TABLE connection_calendars ADD COLUMN location_id bigint NOT NULL DEFAULT slotwise_business();
ALTER TABLE event_deliveries ADD COLUMN location_id bigint NOT NULL DEFAULT slotwise_business();
ALTER TABLE events ADD COLUMN location_id bigint NOT NULL DEFAULT slotwise_business();
ALTER TABLE form_responses ADD COLUMN location_id bigint NOT NULL DEFAULT slotwise_business();
ALTER TABLE form_versions ADD COLUMN location_id bigint NOT NULL DEFAULT slotwise_business();
ALTER TABLE idempotency_keys ADD COLUMN location_id bigint NOT NULL DEFAULT slotwise_business();
ALTER TABLE media ADD COLUMN location_id bigint NOT NULL DEFAULT slotwise_business();
ALTER TABLE one_time_links ADD COLUMN location_id bigint NOT NULL DEFAULT slotwise_business();
ALTER TABLE outbox ADD COLUMN location_id bigint NOT NULL DEFAULT slotwise_business();
ALTER TABLE payment_events ADD COLUMN location_id bigint NOT NULL DEFAULT slotwise_business();
ALTER TABLE payments ADD COLUMN location_id bigint NOT NULL DEFAULT slotwise_business();
ALTER TABLE post_categories ADD COLUMN location_id bigint NOT NULL DEFAULT slotwise_business();
ALTER TABLE post_tags ADD COLUMN location_id bigint NOT NULL DEFAULT slotwise_business();
ALTER TABLE posts ADD COLUMN location_id bigint NOT NULL DEFAULT slotwise_business();
ALTER TABLE previews ADD COLUMN location_id bigint NOT NULL DEFAULT slotwise_business();
ALTER TABLE products ADD COLUMN location_id bigint NOT NULL DEFAULT slotwise_business();
ALTER TABLE reminders ADD COLUMN location_id bigint NOT NULL DEFAULT slotwise_business();
ALTER TABLE service_menu_categories ADD COLUMN location_id bigint NOT NULL DEFAULT slotwise_business();
ALTER TABLE service_menu_items ADD COLUMN location_id bigint NOT NULL DEFAULT slotwise_business();
ALTER TABLE site_pages ADD COLUMN location_id bigint NOT NULL DEFAULT slotwise_business();
ALTER TABLE staff_busy ADD COLUMN location_id bigint NOT NULL DEFAULT slotwise_business();
ALTER TABLE staff_feeds ADD COLUMN location_id bigint NOT NULL DEFAULT slotwise_business();
ALTER TABLE staff_overrides ADD COLUMN location_id bigint NOT NULL DEFAULT slotwise_business();
ALTER TABLE tags ADD COLUMN location_id bigint NOT NULL DEFAULT slotwise_business();
ALTER TABLE webhook_attempts ADD COLUMN location_id bigint NOT NULL DEFAULT slotwise_business();
ALTER TABLE webhook_deliveries ADD COLUMN location_id bigint NOT NULL DEFAULT slotwise_business();
ALTER TABLE webhook_endpoints ADD COLUMN location_id bigint NOT NULL DEFAULT slotwise_business();
ALTER TABLE calendar_groups ALTER COLUMN location_id SET DEFAULT slotwise_business();
ALTER TABLE calendars ALTER COLUMN location_id SET DEFAULT slotwise_business();
ALTER TABLE forms ALTER COLUMN location_id SET DEFAULT slotwise_business();
ALTER TABLE service_menus ALTER COLUMN location_id SET DEFAULT slotwise_business();
ALTER TABLE staff ALTER COLUMN location_id SET DEFAULT slotwise_business();
ALTER TABLE teams ALTER COLUMN location_id SET DEFAULT slotwise_business();

-- Foreign keys go first: they hang on the keys they are rebuilt with.
ALTER TABLE blog_categories DROP CONSTRAINT blog_categories_blog_id_fkey;
ALTER TABLE booking_guests DROP CONSTRAINT booking_guests_booking_id_fkey;
ALTER TABLE booking_tokens DROP CONSTRAINT booking_tokens_booking_id_fkey;
ALTER TABLE bookings DROP CONSTRAINT bookings_calendar_id_fkey;
ALTER TABLE bookings DROP CONSTRAINT bookings_holds_for_fkey;
ALTER TABLE bookings DROP CONSTRAINT bookings_staff_id_fkey;
ALTER TABLE calendar_connections DROP CONSTRAINT calendar_connections_staff_id_fkey;
ALTER TABLE calendar_group_members DROP CONSTRAINT calendar_group_members_calendar_id_fkey;
ALTER TABLE calendar_group_members DROP CONSTRAINT calendar_group_members_group_id_fkey;
ALTER TABLE calendar_staff DROP CONSTRAINT calendar_staff_calendar_id_fkey;
ALTER TABLE calendar_staff DROP CONSTRAINT calendar_staff_staff_id_fkey;
ALTER TABLE calendar_writes DROP CONSTRAINT calendar_writes_connection_id_calendar_url_fkey;
ALTER TABLE calendars DROP CONSTRAINT calendars_form_id_fkey;
ALTER TABLE collection_products DROP CONSTRAINT collection_products_collection_slug_fkey;
ALTER TABLE collection_products DROP CONSTRAINT collection_products_product_id_fkey;
ALTER TABLE connection_calendars DROP CONSTRAINT connection_calendars_connection_id_fkey;
ALTER TABLE event_deliveries DROP CONSTRAINT event_deliveries_event_id_fkey;
ALTER TABLE form_responses DROP CONSTRAINT form_responses_form_id_version_fkey;
ALTER TABLE form_versions DROP CONSTRAINT form_versions_form_id_fkey;
ALTER TABLE one_time_links DROP CONSTRAINT one_time_links_calendar_id_fkey;
ALTER TABLE one_time_links DROP CONSTRAINT one_time_links_used_by_fkey;
ALTER TABLE payments DROP CONSTRAINT payments_booking_id_fkey;
ALTER TABLE post_categories DROP CONSTRAINT post_categories_category_id_fkey;
ALTER TABLE post_categories DROP CONSTRAINT post_categories_post_id_fkey;
ALTER TABLE post_tags DROP CONSTRAINT post_tags_post_id_fkey;
ALTER TABLE post_tags DROP CONSTRAINT post_tags_tag_id_fkey;
ALTER TABLE posts DROP CONSTRAINT posts_author_id_fkey;
ALTER TABLE posts DROP CONSTRAINT posts_blog_id_fkey;
ALTER TABLE reminders DROP CONSTRAINT reminders_booking_id_fkey;
ALTER TABLE reminders DROP CONSTRAINT reminders_staff_id_fkey;
ALTER TABLE service_menu_categories DROP CONSTRAINT service_menu_categories_menu_id_fkey;
ALTER TABLE service_menu_items DROP CONSTRAINT service_menu_items_calendar_id_fkey;
ALTER TABLE service_menu_items DROP CONSTRAINT service_menu_items_category_id_fkey;
ALTER TABLE staff_busy DROP CONSTRAINT staff_busy_connection_id_calendar_url_fkey;
ALTER TABLE staff_busy DROP CONSTRAINT staff_busy_staff_id_fkey;
ALTER TABLE staff_feeds DROP CONSTRAINT staff_feeds_staff_id_fkey;
ALTER TABLE staff_overrides DROP CONSTRAINT staff_overrides_staff_id_fkey;
ALTER TABLE teams DROP CONSTRAINT teams_calendar_id_fkey;
ALTER TABLE webhook_attempts DROP CONSTRAINT webhook_attempts_delivery_id_fkey;
ALTER TABLE webhook_deliveries DROP CONSTRAINT webhook_deliveries_endpoint_id_fkey;

-- Every key, unique constraint and exclusion holds within one business.
ALTER TABLE api_tokens DROP CONSTRAINT api_tokens_pkey;
ALTER TABLE api_tokens ADD CONSTRAINT api_tokens_pkey PRIMARY KEY (id, location_id);
ALTER TABLE api_tokens DROP CONSTRAINT api_tokens_hash_key;
ALTER TABLE api_tokens ADD CONSTRAINT api_tokens_hash_key UNIQUE (hash, location_id);
ALTER TABLE authors DROP CONSTRAINT authors_pkey;
ALTER TABLE authors ADD CONSTRAINT authors_pkey PRIMARY KEY (id, location_id);
ALTER TABLE authors DROP CONSTRAINT authors_slug_key;
ALTER TABLE authors ADD CONSTRAINT authors_slug_key UNIQUE (slug, location_id);
ALTER TABLE blog_categories DROP CONSTRAINT blog_categories_pkey;
ALTER TABLE blog_categories ADD CONSTRAINT blog_categories_pkey PRIMARY KEY (id, location_id);
ALTER TABLE blog_categories DROP CONSTRAINT blog_categories_slug_key;
ALTER TABLE blog_categories ADD CONSTRAINT blog_categories_slug_key UNIQUE (slug, location_id);
ALTER TABLE blogs DROP CONSTRAINT blogs_pkey;
ALTER TABLE blogs ADD CONSTRAINT blogs_pkey PRIMARY KEY (id, location_id);
ALTER TABLE blogs DROP CONSTRAINT blogs_path_key;
ALTER TABLE blogs ADD CONSTRAINT blogs_path_key UNIQUE (path, location_id);
ALTER TABLE booking_guests DROP CONSTRAINT booking_guests_pkey;
ALTER TABLE booking_guests ADD CONSTRAINT booking_guests_pkey PRIMARY KEY (booking_id, "position", location_id);
ALTER TABLE booking_tokens DROP CONSTRAINT booking_tokens_pkey;
ALTER TABLE booking_tokens ADD CONSTRAINT booking_tokens_pkey PRIMARY KEY (token_hash, location_id);
ALTER TABLE bookings DROP CONSTRAINT bookings_pkey;
ALTER TABLE bookings ADD CONSTRAINT bookings_pkey PRIMARY KEY (id, location_id);
ALTER TABLE bookings DROP CONSTRAINT bookings_no_overlap;
ALTER TABLE bookings ADD CONSTRAINT bookings_no_overlap EXCLUDE USING gist (location_id WITH =, staff_id WITH =, blocked WITH &&, COALESCE(session, id) WITH <>) WHERE ((status <> 'cancelled'::text));
ALTER TABLE calendar_connections DROP CONSTRAINT calendar_connections_pkey;
ALTER TABLE calendar_connections ADD CONSTRAINT calendar_connections_pkey PRIMARY KEY (id, location_id);
ALTER TABLE calendar_group_members DROP CONSTRAINT calendar_group_members_pkey;
ALTER TABLE calendar_group_members ADD CONSTRAINT calendar_group_members_pkey PRIMARY KEY (group_id, calendar_id, location_id);
ALTER TABLE calendar_groups DROP CONSTRAINT calendar_groups_pkey;
ALTER TABLE calendar_groups ADD CONSTRAINT calendar_groups_pkey PRIMARY KEY (id, location_id);
ALTER TABLE calendar_groups DROP CONSTRAINT calendar_groups_slug_key;
ALTER TABLE calendar_groups ADD CONSTRAINT calendar_groups_slug_key UNIQUE (slug, location_id);
ALTER TABLE calendar_staff DROP CONSTRAINT calendar_staff_pkey;
ALTER TABLE calendar_staff ADD CONSTRAINT calendar_staff_pkey PRIMARY KEY (calendar_id, staff_id, location_id);
ALTER TABLE calendar_writes DROP CONSTRAINT calendar_writes_pkey;
ALTER TABLE calendar_writes ADD CONSTRAINT calendar_writes_pkey PRIMARY KEY (key, connection_id, calendar_url, location_id);
ALTER TABLE calendars DROP CONSTRAINT calendars_pkey;
ALTER TABLE calendars ADD CONSTRAINT calendars_pkey PRIMARY KEY (id, location_id);
ALTER TABLE calendars DROP CONSTRAINT calendars_slug_key;
ALTER TABLE calendars ADD CONSTRAINT calendars_slug_key UNIQUE (slug, location_id);
ALTER TABLE collection_products DROP CONSTRAINT collection_products_pkey;
ALTER TABLE collection_products ADD CONSTRAINT collection_products_pkey PRIMARY KEY (collection_slug, product_id, location_id);
ALTER TABLE collections DROP CONSTRAINT collections_pkey;
ALTER TABLE collections ADD CONSTRAINT collections_pkey PRIMARY KEY (slug, location_id);
ALTER TABLE connection_calendars DROP CONSTRAINT connection_calendars_pkey;
ALTER TABLE connection_calendars ADD CONSTRAINT connection_calendars_pkey PRIMARY KEY (connection_id, url, location_id);
ALTER TABLE event_deliveries DROP CONSTRAINT event_deliveries_pkey;
ALTER TABLE event_deliveries ADD CONSTRAINT event_deliveries_pkey PRIMARY KEY (consumer, event_id, location_id);
ALTER TABLE events DROP CONSTRAINT events_pkey;
ALTER TABLE events ADD CONSTRAINT events_pkey PRIMARY KEY (id, location_id);
ALTER TABLE form_responses DROP CONSTRAINT form_responses_pkey;
ALTER TABLE form_responses ADD CONSTRAINT form_responses_pkey PRIMARY KEY (id, location_id);
ALTER TABLE form_responses DROP CONSTRAINT form_responses_token_hash_key;
ALTER TABLE form_responses ADD CONSTRAINT form_responses_token_hash_key UNIQUE (token_hash, location_id);
ALTER TABLE form_versions DROP CONSTRAINT form_versions_pkey;
ALTER TABLE form_versions ADD CONSTRAINT form_versions_pkey PRIMARY KEY (form_id, version, location_id);
ALTER TABLE forms DROP CONSTRAINT forms_pkey;
ALTER TABLE forms ADD CONSTRAINT forms_pkey PRIMARY KEY (id, location_id);
ALTER TABLE forms DROP CONSTRAINT forms_slug_key;
ALTER TABLE forms ADD CONSTRAINT forms_slug_key UNIQUE (slug, location_id);
ALTER TABLE idempotency_keys DROP CONSTRAINT idempotency_keys_pkey;
ALTER TABLE idempotency_keys ADD CONSTRAINT idempotency_keys_pkey PRIMARY KEY (scope, key, location_id);
ALTER TABLE media DROP CONSTRAINT media_pkey;
ALTER TABLE media ADD CONSTRAINT media_pkey PRIMARY KEY (name, location_id);
ALTER TABLE one_time_links DROP CONSTRAINT one_time_links_pkey;
ALTER TABLE one_time_links ADD CONSTRAINT one_time_links_pkey PRIMARY KEY (slug_hash, location_id);
ALTER TABLE one_time_links DROP CONSTRAINT one_time_links_slug_key;
ALTER TABLE one_time_links ADD CONSTRAINT one_time_links_slug_key UNIQUE (slug, location_id);
ALTER TABLE outbox DROP CONSTRAINT outbox_pkey;
ALTER TABLE outbox ADD CONSTRAINT outbox_pkey PRIMARY KEY (id, location_id);
ALTER TABLE payment_events DROP CONSTRAINT payment_events_pkey;
ALTER TABLE payment_events ADD CONSTRAINT payment_events_pkey PRIMARY KEY (provider, event_id, location_id);
ALTER TABLE payments DROP CONSTRAINT payments_pkey;
ALTER TABLE payments ADD CONSTRAINT payments_pkey PRIMARY KEY (id, location_id);
ALTER TABLE payments DROP CONSTRAINT payments_session_id_key;
ALTER TABLE payments ADD CONSTRAINT payments_session_id_key UNIQUE (session_id, location_id);
ALTER TABLE post_categories DROP CONSTRAINT post_categories_pkey;
ALTER TABLE post_categories ADD CONSTRAINT post_categories_pkey PRIMARY KEY (post_id, category_id, location_id);
ALTER TABLE post_tags DROP CONSTRAINT post_tags_pkey;
ALTER TABLE post_tags ADD CONSTRAINT post_tags_pkey PRIMARY KEY (post_id, tag_id, location_id);
ALTER TABLE posts DROP CONSTRAINT posts_pkey;
ALTER TABLE posts ADD CONSTRAINT posts_pkey PRIMARY KEY (id, location_id);
ALTER TABLE posts DROP CONSTRAINT posts_slug_key;
ALTER TABLE posts ADD CONSTRAINT posts_slug_key UNIQUE (slug, location_id);
ALTER TABLE previews DROP CONSTRAINT previews_pkey;
ALTER TABLE previews ADD CONSTRAINT previews_pkey PRIMARY KEY (secret_hash, location_id);
ALTER TABLE products DROP CONSTRAINT products_pkey;
ALTER TABLE products ADD CONSTRAINT products_pkey PRIMARY KEY (id, location_id);
ALTER TABLE reminders DROP CONSTRAINT reminders_pkey;
ALTER TABLE reminders ADD CONSTRAINT reminders_pkey PRIMARY KEY (id, location_id);
ALTER TABLE service_menu_categories DROP CONSTRAINT service_menu_categories_pkey;
ALTER TABLE service_menu_categories ADD CONSTRAINT service_menu_categories_pkey PRIMARY KEY (id, location_id);
ALTER TABLE service_menu_items DROP CONSTRAINT service_menu_items_pkey;
ALTER TABLE service_menu_items ADD CONSTRAINT service_menu_items_pkey PRIMARY KEY (category_id, calendar_id, location_id);
ALTER TABLE service_menus DROP CONSTRAINT service_menus_pkey;
ALTER TABLE service_menus ADD CONSTRAINT service_menus_pkey PRIMARY KEY (id, location_id);
ALTER TABLE service_menus DROP CONSTRAINT service_menus_slug_key;
ALTER TABLE service_menus ADD CONSTRAINT service_menus_slug_key UNIQUE (slug, location_id);
ALTER TABLE site_pages DROP CONSTRAINT site_pages_pkey;
ALTER TABLE site_pages ADD CONSTRAINT site_pages_pkey PRIMARY KEY (id, location_id);
ALTER TABLE site_pages DROP CONSTRAINT site_pages_path_key;
ALTER TABLE site_pages ADD CONSTRAINT site_pages_path_key UNIQUE (path, location_id);
ALTER TABLE staff DROP CONSTRAINT staff_pkey;
ALTER TABLE staff ADD CONSTRAINT staff_pkey PRIMARY KEY (id, location_id);
ALTER TABLE staff_busy DROP CONSTRAINT staff_busy_pkey;
ALTER TABLE staff_busy ADD CONSTRAINT staff_busy_pkey PRIMARY KEY (id, location_id);
ALTER TABLE staff_feeds DROP CONSTRAINT staff_feeds_pkey;
ALTER TABLE staff_feeds ADD CONSTRAINT staff_feeds_pkey PRIMARY KEY (hash, location_id);
ALTER TABLE staff_overrides DROP CONSTRAINT staff_overrides_pkey;
ALTER TABLE staff_overrides ADD CONSTRAINT staff_overrides_pkey PRIMARY KEY (staff_id, day, location_id);
ALTER TABLE tags DROP CONSTRAINT tags_pkey;
ALTER TABLE tags ADD CONSTRAINT tags_pkey PRIMARY KEY (id, location_id);
ALTER TABLE tags DROP CONSTRAINT tags_slug_key;
ALTER TABLE tags ADD CONSTRAINT tags_slug_key UNIQUE (slug, location_id);
ALTER TABLE teams DROP CONSTRAINT teams_pkey;
ALTER TABLE teams ADD CONSTRAINT teams_pkey PRIMARY KEY (id, location_id);
ALTER TABLE teams DROP CONSTRAINT teams_slug_key;
ALTER TABLE teams ADD CONSTRAINT teams_slug_key UNIQUE (slug, location_id);
ALTER TABLE webhook_attempts DROP CONSTRAINT webhook_attempts_pkey;
ALTER TABLE webhook_attempts ADD CONSTRAINT webhook_attempts_pkey PRIMARY KEY (id, location_id);
ALTER TABLE webhook_deliveries DROP CONSTRAINT webhook_deliveries_pkey;
ALTER TABLE webhook_deliveries ADD CONSTRAINT webhook_deliveries_pkey PRIMARY KEY (id, location_id);
ALTER TABLE webhook_deliveries DROP CONSTRAINT webhook_deliveries_endpoint_id_source_event_id_event_type_key;
ALTER TABLE webhook_deliveries ADD CONSTRAINT webhook_deliveries_endpoint_id_source_event_id_event_type_key UNIQUE (endpoint_id, source_event_id, event_type, location_id);
ALTER TABLE webhook_endpoints DROP CONSTRAINT webhook_endpoints_pkey;
ALTER TABLE webhook_endpoints ADD CONSTRAINT webhook_endpoints_pkey PRIMARY KEY (id, location_id);
DROP INDEX api_tokens_live_name;
CREATE UNIQUE INDEX api_tokens_live_name ON api_tokens USING btree (name, location_id) WHERE (revoked_at IS NULL);
DROP INDEX calendar_connections_once;
CREATE UNIQUE INDEX calendar_connections_once ON calendar_connections USING btree (staff_id, kind, url, location_id);
DROP INDEX connection_calendars_one_to_write;
CREATE UNIQUE INDEX connection_calendars_one_to_write ON connection_calendars USING btree (connection_id, location_id) WHERE write_to;
DROP INDEX outbox_once;
CREATE UNIQUE INDEX outbox_once ON outbox USING btree (once_key, location_id) WHERE (once_key IS NOT NULL);
DROP INDEX payments_one_open;
CREATE UNIQUE INDEX payments_one_open ON payments USING btree (booking_id, location_id) WHERE (status = ANY (ARRAY['open'::text, 'processing'::text]));
DROP INDEX reminders_agenda_once;
CREATE UNIQUE INDEX reminders_agenda_once ON reminders USING btree (staff_id, starts_at, location_id) WHERE (kind = 'agenda'::text);
DROP INDEX reminders_once;
CREATE UNIQUE INDEX reminders_once ON reminders USING btree (booking_id, kind, offset_minutes, recipient, starts_at, location_id) WHERE (booking_id IS NOT NULL);

-- Every reference names the business on both sides, so a row can only
-- point at a row of its own business.
ALTER TABLE blog_categories ADD CONSTRAINT blog_categories_blog_id_fkey FOREIGN KEY (blog_id, location_id) REFERENCES blogs(id, location_id) ON DELETE CASCADE;
ALTER TABLE booking_guests ADD CONSTRAINT booking_guests_booking_id_fkey FOREIGN KEY (booking_id, location_id) REFERENCES bookings(id, location_id) ON DELETE CASCADE;
ALTER TABLE booking_tokens ADD CONSTRAINT booking_tokens_booking_id_fkey FOREIGN KEY (booking_id, location_id) REFERENCES bookings(id, location_id) ON DELETE CASCADE;
ALTER TABLE bookings ADD CONSTRAINT bookings_calendar_id_fkey FOREIGN KEY (calendar_id, location_id) REFERENCES calendars(id, location_id);
ALTER TABLE bookings ADD CONSTRAINT bookings_holds_for_fkey FOREIGN KEY (holds_for, location_id) REFERENCES bookings(id, location_id) ON DELETE CASCADE;
ALTER TABLE bookings ADD CONSTRAINT bookings_staff_id_fkey FOREIGN KEY (staff_id, location_id) REFERENCES staff(id, location_id);
ALTER TABLE calendar_connections ADD CONSTRAINT calendar_connections_staff_id_fkey FOREIGN KEY (staff_id, location_id) REFERENCES staff(id, location_id) ON DELETE CASCADE;
ALTER TABLE calendar_group_members ADD CONSTRAINT calendar_group_members_calendar_id_fkey FOREIGN KEY (calendar_id, location_id) REFERENCES calendars(id, location_id) ON DELETE CASCADE;
ALTER TABLE calendar_group_members ADD CONSTRAINT calendar_group_members_group_id_fkey FOREIGN KEY (group_id, location_id) REFERENCES calendar_groups(id, location_id) ON DELETE CASCADE;
ALTER TABLE calendar_staff ADD CONSTRAINT calendar_staff_calendar_id_fkey FOREIGN KEY (calendar_id, location_id) REFERENCES calendars(id, location_id) ON DELETE CASCADE;
ALTER TABLE calendar_staff ADD CONSTRAINT calendar_staff_staff_id_fkey FOREIGN KEY (staff_id, location_id) REFERENCES staff(id, location_id) ON DELETE CASCADE;
ALTER TABLE calendar_writes ADD CONSTRAINT calendar_writes_connection_id_calendar_url_fkey FOREIGN KEY (connection_id, calendar_url, location_id) REFERENCES connection_calendars(connection_id, url, location_id) ON DELETE CASCADE;
ALTER TABLE calendars ADD CONSTRAINT calendars_form_id_fkey FOREIGN KEY (form_id, location_id) REFERENCES forms(id, location_id);
ALTER TABLE collection_products ADD CONSTRAINT collection_products_collection_slug_fkey FOREIGN KEY (collection_slug, location_id) REFERENCES collections(slug, location_id) ON UPDATE CASCADE ON DELETE CASCADE;
ALTER TABLE collection_products ADD CONSTRAINT collection_products_product_id_fkey FOREIGN KEY (product_id, location_id) REFERENCES products(id, location_id) ON UPDATE CASCADE ON DELETE CASCADE;
ALTER TABLE connection_calendars ADD CONSTRAINT connection_calendars_connection_id_fkey FOREIGN KEY (connection_id, location_id) REFERENCES calendar_connections(id, location_id) ON DELETE CASCADE;
ALTER TABLE event_deliveries ADD CONSTRAINT event_deliveries_event_id_fkey FOREIGN KEY (event_id, location_id) REFERENCES events(id, location_id) ON DELETE CASCADE;
ALTER TABLE form_responses ADD CONSTRAINT form_responses_form_id_version_fkey FOREIGN KEY (form_id, version, location_id) REFERENCES form_versions(form_id, version, location_id) ON DELETE CASCADE;
ALTER TABLE form_versions ADD CONSTRAINT form_versions_form_id_fkey FOREIGN KEY (form_id, location_id) REFERENCES forms(id, location_id) ON DELETE CASCADE;
ALTER TABLE one_time_links ADD CONSTRAINT one_time_links_calendar_id_fkey FOREIGN KEY (calendar_id, location_id) REFERENCES calendars(id, location_id) ON DELETE CASCADE;
ALTER TABLE one_time_links ADD CONSTRAINT one_time_links_used_by_fkey FOREIGN KEY (used_by, location_id) REFERENCES bookings(id, location_id) ON DELETE SET NULL (used_by);
ALTER TABLE payments ADD CONSTRAINT payments_booking_id_fkey FOREIGN KEY (booking_id, location_id) REFERENCES bookings(id, location_id) ON DELETE CASCADE;
ALTER TABLE post_categories ADD CONSTRAINT post_categories_category_id_fkey FOREIGN KEY (category_id, location_id) REFERENCES blog_categories(id, location_id) ON DELETE CASCADE;
ALTER TABLE post_categories ADD CONSTRAINT post_categories_post_id_fkey FOREIGN KEY (post_id, location_id) REFERENCES posts(id, location_id) ON DELETE CASCADE;
ALTER TABLE post_tags ADD CONSTRAINT post_tags_post_id_fkey FOREIGN KEY (post_id, location_id) REFERENCES posts(id, location_id) ON DELETE CASCADE;
ALTER TABLE post_tags ADD CONSTRAINT post_tags_tag_id_fkey FOREIGN KEY (tag_id, location_id) REFERENCES tags(id, location_id) ON DELETE CASCADE;
ALTER TABLE posts ADD CONSTRAINT posts_author_id_fkey FOREIGN KEY (author_id, location_id) REFERENCES authors(id, location_id);
ALTER TABLE posts ADD CONSTRAINT posts_blog_id_fkey FOREIGN KEY (blog_id, location_id) REFERENCES blogs(id, location_id) ON DELETE CASCADE;
ALTER TABLE reminders ADD CONSTRAINT reminders_booking_id_fkey FOREIGN KEY (booking_id, location_id) REFERENCES bookings(id, location_id) ON DELETE CASCADE;
ALTER TABLE reminders ADD CONSTRAINT reminders_staff_id_fkey FOREIGN KEY (staff_id, location_id) REFERENCES staff(id, location_id) ON DELETE CASCADE;
ALTER TABLE service_menu_categories ADD CONSTRAINT service_menu_categories_menu_id_fkey FOREIGN KEY (menu_id, location_id) REFERENCES service_menus(id, location_id) ON DELETE CASCADE;
ALTER TABLE service_menu_items ADD CONSTRAINT service_menu_items_calendar_id_fkey FOREIGN KEY (calendar_id, location_id) REFERENCES calendars(id, location_id) ON DELETE CASCADE;
ALTER TABLE service_menu_items ADD CONSTRAINT service_menu_items_category_id_fkey FOREIGN KEY (category_id, location_id) REFERENCES service_menu_categories(id, location_id) ON DELETE CASCADE;
ALTER TABLE staff_busy ADD CONSTRAINT staff_busy_connection_id_calendar_url_fkey FOREIGN KEY (connection_id, calendar_url, location_id) REFERENCES connection_calendars(connection_id, url, location_id) ON DELETE CASCADE;
ALTER TABLE staff_busy ADD CONSTRAINT staff_busy_staff_id_fkey FOREIGN KEY (staff_id, location_id) REFERENCES staff(id, location_id) ON DELETE CASCADE;
ALTER TABLE staff_feeds ADD CONSTRAINT staff_feeds_staff_id_fkey FOREIGN KEY (staff_id, location_id) REFERENCES staff(id, location_id) ON DELETE CASCADE;
ALTER TABLE staff_overrides ADD CONSTRAINT staff_overrides_staff_id_fkey FOREIGN KEY (staff_id, location_id) REFERENCES staff(id, location_id) ON DELETE CASCADE;
ALTER TABLE teams ADD CONSTRAINT teams_calendar_id_fkey FOREIGN KEY (calendar_id, location_id) REFERENCES calendars(id, location_id) ON DELETE CASCADE;
ALTER TABLE webhook_attempts ADD CONSTRAINT webhook_attempts_delivery_id_fkey FOREIGN KEY (delivery_id, location_id) REFERENCES webhook_deliveries(id, location_id) ON DELETE CASCADE;
ALTER TABLE webhook_deliveries ADD CONSTRAINT webhook_deliveries_endpoint_id_fkey FOREIGN KEY (endpoint_id, location_id) REFERENCES webhook_endpoints(id, location_id) ON DELETE CASCADE;

-- A business removed takes all of its rows with it.
ALTER TABLE api_tokens ADD CONSTRAINT api_tokens_location_id_fkey FOREIGN KEY (location_id) REFERENCES locations(id) ON DELETE CASCADE;
ALTER TABLE authors ADD CONSTRAINT authors_location_id_fkey FOREIGN KEY (location_id) REFERENCES locations(id) ON DELETE CASCADE;
ALTER TABLE blog_categories ADD CONSTRAINT blog_categories_location_id_fkey FOREIGN KEY (location_id) REFERENCES locations(id) ON DELETE CASCADE;
ALTER TABLE blogs ADD CONSTRAINT blogs_location_id_fkey FOREIGN KEY (location_id) REFERENCES locations(id) ON DELETE CASCADE;
ALTER TABLE booking_guests ADD CONSTRAINT booking_guests_location_id_fkey FOREIGN KEY (location_id) REFERENCES locations(id) ON DELETE CASCADE;
ALTER TABLE booking_tokens ADD CONSTRAINT booking_tokens_location_id_fkey FOREIGN KEY (location_id) REFERENCES locations(id) ON DELETE CASCADE;
ALTER TABLE bookings ADD CONSTRAINT bookings_location_id_fkey FOREIGN KEY (location_id) REFERENCES locations(id) ON DELETE CASCADE;
ALTER TABLE calendar_connections ADD CONSTRAINT calendar_connections_location_id_fkey FOREIGN KEY (location_id) REFERENCES locations(id) ON DELETE CASCADE;
ALTER TABLE calendar_group_members ADD CONSTRAINT calendar_group_members_location_id_fkey FOREIGN KEY (location_id) REFERENCES locations(id) ON DELETE CASCADE;
ALTER TABLE calendar_staff ADD CONSTRAINT calendar_staff_location_id_fkey FOREIGN KEY (location_id) REFERENCES locations(id) ON DELETE CASCADE;
ALTER TABLE calendar_writes ADD CONSTRAINT calendar_writes_location_id_fkey FOREIGN KEY (location_id) REFERENCES locations(id) ON DELETE CASCADE;
ALTER TABLE collection_products ADD CONSTRAINT collection_products_location_id_fkey FOREIGN KEY (location_id) REFERENCES locations(id) ON DELETE CASCADE;
ALTER TABLE collections ADD CONSTRAINT collections_location_id_fkey FOREIGN KEY (location_id) REFERENCES locations(id) ON DELETE CASCADE;
ALTER TABLE connection_calendars ADD CONSTRAINT connection_calendars_location_id_fkey FOREIGN KEY (location_id) REFERENCES locations(id) ON DELETE CASCADE;
ALTER TABLE event_deliveries ADD CONSTRAINT event_deliveries_location_id_fkey FOREIGN KEY (location_id) REFERENCES locations(id) ON DELETE CASCADE;
ALTER TABLE events ADD CONSTRAINT events_location_id_fkey FOREIGN KEY (location_id) REFERENCES locations(id) ON DELETE CASCADE;
ALTER TABLE form_responses ADD CONSTRAINT form_responses_location_id_fkey FOREIGN KEY (location_id) REFERENCES locations(id) ON DELETE CASCADE;
ALTER TABLE form_versions ADD CONSTRAINT form_versions_location_id_fkey FOREIGN KEY (location_id) REFERENCES locations(id) ON DELETE CASCADE;
ALTER TABLE idempotency_keys ADD CONSTRAINT idempotency_keys_location_id_fkey FOREIGN KEY (location_id) REFERENCES locations(id) ON DELETE CASCADE;
ALTER TABLE media ADD CONSTRAINT media_location_id_fkey FOREIGN KEY (location_id) REFERENCES locations(id) ON DELETE CASCADE;
ALTER TABLE one_time_links ADD CONSTRAINT one_time_links_location_id_fkey FOREIGN KEY (location_id) REFERENCES locations(id) ON DELETE CASCADE;
ALTER TABLE outbox ADD CONSTRAINT outbox_location_id_fkey FOREIGN KEY (location_id) REFERENCES locations(id) ON DELETE CASCADE;
ALTER TABLE payment_events ADD CONSTRAINT payment_events_location_id_fkey FOREIGN KEY (location_id) REFERENCES locations(id) ON DELETE CASCADE;
ALTER TABLE payments ADD CONSTRAINT payments_location_id_fkey FOREIGN KEY (location_id) REFERENCES locations(id) ON DELETE CASCADE;
ALTER TABLE post_categories ADD CONSTRAINT post_categories_location_id_fkey FOREIGN KEY (location_id) REFERENCES locations(id) ON DELETE CASCADE;
ALTER TABLE post_tags ADD CONSTRAINT post_tags_location_id_fkey FOREIGN KEY (location_id) REFERENCES locations(id) ON DELETE CASCADE;
ALTER TABLE posts ADD CONSTRAINT posts_location_id_fkey FOREIGN KEY (location_id) REFERENCES locations(id) ON DELETE CASCADE;
ALTER TABLE previews ADD CONSTRAINT previews_location_id_fkey FOREIGN KEY (location_id) REFERENCES locations(id) ON DELETE CASCADE;
ALTER TABLE products ADD CONSTRAINT products_location_id_fkey FOREIGN KEY (location_id) REFERENCES locations(id) ON DELETE CASCADE;
ALTER TABLE reminders ADD CONSTRAINT reminders_location_id_fkey FOREIGN KEY (location_id) REFERENCES locations(id) ON DELETE CASCADE;
ALTER TABLE service_menu_categories ADD CONSTRAINT service_menu_categories_location_id_fkey FOREIGN KEY (location_id) REFERENCES locations(id) ON DELETE CASCADE;
ALTER TABLE service_menu_items ADD CONSTRAINT service_menu_items_location_id_fkey FOREIGN KEY (location_id) REFERENCES locations(id) ON DELETE CASCADE;
ALTER TABLE site_pages ADD CONSTRAINT site_pages_location_id_fkey FOREIGN KEY (location_id) REFERENCES locations(id) ON DELETE CASCADE;
ALTER TABLE staff_busy ADD CONSTRAINT staff_busy_location_id_fkey FOREIGN KEY (location_id) REFERENCES locations(id) ON DELETE CASCADE;
ALTER TABLE staff_feeds ADD CONSTRAINT staff_feeds_location_id_fkey FOREIGN KEY (location_id) REFERENCES locations(id) ON DELETE CASCADE;
ALTER TABLE staff_overrides ADD CONSTRAINT staff_overrides_location_id_fkey FOREIGN KEY (location_id) REFERENCES locations(id) ON DELETE CASCADE;
ALTER TABLE tags ADD CONSTRAINT tags_location_id_fkey FOREIGN KEY (location_id) REFERENCES locations(id) ON DELETE CASCADE;
ALTER TABLE webhook_attempts ADD CONSTRAINT webhook_attempts_location_id_fkey FOREIGN KEY (location_id) REFERENCES locations(id) ON DELETE CASCADE;
ALTER TABLE webhook_deliveries ADD CONSTRAINT webhook_deliveries_location_id_fkey FOREIGN KEY (location_id) REFERENCES locations(id) ON DELETE CASCADE;
ALTER TABLE webhook_endpoints ADD CONSTRAINT webhook_endpoints_location_id_fkey FOREIGN KEY (location_id) REFERENCES locations(id) ON DELETE CASCADE;
ALTER TABLE forms DROP CONSTRAINT forms_location_id_fkey,
    ADD CONSTRAINT forms_location_id_fkey FOREIGN KEY (location_id) REFERENCES locations(id) ON DELETE CASCADE;
