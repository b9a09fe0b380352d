-- A business's calendars, forms, pages, posts, products and the rest are
-- listed by business (the dashboard's filters on every page, the
-- responses' forms, a blog's posts, the admin API's lists), but each of
-- these tables was indexed by its key first (id or slug, then business):
-- a list read the key's whole index, every business's entries, for a
-- business's ten rows. Among 10,000 businesses that was 7 ms for a
-- dashboard's calendars, on every page. Each now has an index that
-- begins with the business. The tables hold content, rows in the tens of
-- thousands, so the indexes are built at once.
--
-- The dashboard's cancelled bookings, latest first, were read from every
-- booking of the business (23 ms for one with 10,000 and none
-- cancelled); cancelled bookings get an index of their own. Building it
-- reads the bookings once, holding their writes for that long.
CREATE INDEX IF NOT EXISTS calendars_business ON calendars (location_id);
CREATE INDEX IF NOT EXISTS calendar_groups_business ON calendar_groups (location_id);
CREATE INDEX IF NOT EXISTS forms_business ON forms (location_id, slug);
CREATE INDEX IF NOT EXISTS site_pages_business ON site_pages (location_id);
CREATE INDEX IF NOT EXISTS blogs_business ON blogs (location_id);
CREATE INDEX IF NOT EXISTS posts_business ON posts (location_id);
CREATE INDEX IF NOT EXISTS authors_business ON authors (location_id);
CREATE INDEX IF NOT EXISTS tags_business ON tags (location_id);
CREATE INDEX IF NOT EXISTS products_business ON products (location_id);
CREATE INDEX IF NOT EXISTS collections_business ON collections (location_id);
CREATE INDEX IF NOT EXISTS service_menus_business ON service_menus (location_id);
CREATE INDEX IF NOT EXISTS media_business ON media (location_id);
CREATE INDEX IF NOT EXISTS people_business ON people (location_id);
CREATE INDEX IF NOT EXISTS webhook_endpoints_business ON webhook_endpoints (location_id);
CREATE INDEX IF NOT EXISTS bookings_cancelled ON bookings (location_id, starts_at, id) WHERE status = 'cancelled';
