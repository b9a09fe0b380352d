DROP TABLE IF EXISTS service_menu_items;
DROP TABLE IF EXISTS service_menu_categories;
DROP TABLE IF EXISTS service_menus;
ALTER TABLE calendars DROP COLUMN IF EXISTS price_cents;
DROP TABLE IF EXISTS one_time_links;
DELETE FROM bookings WHERE holds_for IS NOT NULL;
ALTER TABLE calendars DROP CONSTRAINT calendars_staff_mode_check;
ALTER TABLE calendars DROP CONSTRAINT IF EXISTS calendars_collective_not_class;
ALTER TABLE calendars DROP CONSTRAINT IF EXISTS calendars_seats_per_booking;
UPDATE calendars SET staff_mode = 'any' WHERE staff_mode = 'collective';
ALTER TABLE calendars ADD CONSTRAINT calendars_staff_mode_check CHECK (staff_mode IN ('any', 'named'));
DROP TABLE IF EXISTS calendar_group_members;
DROP TABLE IF EXISTS calendar_groups;
DROP TABLE IF EXISTS teams;
ALTER TABLE booking_tokens DROP COLUMN IF EXISTS purpose;
DROP TABLE IF EXISTS booking_guests;
DROP INDEX IF EXISTS bookings_session;
DROP INDEX IF EXISTS bookings_series;
ALTER TABLE bookings DROP CONSTRAINT bookings_no_overlap;
-- Seats of one class slot overlap; only the first of each keeps its time.
UPDATE bookings b SET status = 'cancelled' WHERE session IS NOT NULL AND status <> 'cancelled'
    AND EXISTS (SELECT 1 FROM bookings o WHERE o.session = b.session AND o.staff_id = b.staff_id
                AND o.status <> 'cancelled' AND o.created_at < b.created_at);
ALTER TABLE bookings ADD CONSTRAINT bookings_no_overlap EXCLUDE USING gist
    (staff_id WITH =, blocked WITH &&) WHERE (status <> 'cancelled');
ALTER TABLE bookings DROP COLUMN IF EXISTS for_guest, DROP COLUMN IF EXISTS holds_for, DROP COLUMN IF EXISTS series_id, DROP COLUMN IF EXISTS cancelled_by,
    DROP COLUMN IF EXISTS assignment, DROP COLUMN IF EXISTS session, DROP COLUMN IF EXISTS seats;
ALTER TABLE calendars DROP COLUMN IF EXISTS recurring_max, DROP COLUMN IF EXISTS max_seats_per_booking, DROP COLUMN IF EXISTS seats;
ALTER TABLE locations DROP COLUMN IF EXISTS country;
