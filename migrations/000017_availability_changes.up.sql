-- Booking pages are cached too (backend/internal/web/page_cache.go), so
-- every change to what is free tells each replica which of them it makes
-- stale, on the channel the content changes use: a booking (made, moved,
-- cancelled, declined, a payment hold released) names its calendar and
-- its person, whose time it takes in every calendar they work in; a change
-- to the settings of calendars, people, places, teams, groups or menus
-- names them all ("booking-config"), as such changes are rare. Row
-- triggers, so a statement that changes nothing (an import that finds
-- everything as it was) tells nothing; PostgreSQL sends one notice per
-- payload per transaction however many rows change.

CREATE FUNCTION booking_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    r record;
BEGIN
    FOR r IN SELECT * FROM (SELECT NEW AS row WHERE TG_OP <> 'DELETE' UNION ALL SELECT OLD WHERE TG_OP <> 'INSERT') rows LOOP
        PERFORM notify_content('calendar:' || (r.row).calendar_id);
        PERFORM notify_content('staff:' || (r.row).staff_id);
    END LOOP;
    RETURN NULL;
END
$$;

CREATE FUNCTION booking_config_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM notify_content('booking-config');
    RETURN NULL;
END
$$;

CREATE TRIGGER bookings_changed AFTER INSERT OR UPDATE OR DELETE ON bookings FOR EACH ROW EXECUTE FUNCTION booking_changed();
CREATE TRIGGER calendars_changed AFTER INSERT OR UPDATE OR DELETE ON calendars FOR EACH ROW EXECUTE FUNCTION booking_config_changed();
CREATE TRIGGER calendar_staff_changed AFTER INSERT OR UPDATE OR DELETE ON calendar_staff FOR EACH ROW EXECUTE FUNCTION booking_config_changed();
CREATE TRIGGER staff_changed AFTER INSERT OR UPDATE OR DELETE ON staff FOR EACH ROW EXECUTE FUNCTION booking_config_changed();
CREATE TRIGGER staff_overrides_changed AFTER INSERT OR UPDATE OR DELETE ON staff_overrides FOR EACH ROW EXECUTE FUNCTION booking_config_changed();
CREATE TRIGGER locations_booking_changed AFTER INSERT OR UPDATE OR DELETE ON locations FOR EACH ROW EXECUTE FUNCTION booking_config_changed();
CREATE TRIGGER teams_changed AFTER INSERT OR UPDATE OR DELETE ON teams FOR EACH ROW EXECUTE FUNCTION booking_config_changed();
CREATE TRIGGER calendar_groups_changed AFTER INSERT OR UPDATE OR DELETE ON calendar_groups FOR EACH ROW EXECUTE FUNCTION booking_config_changed();
CREATE TRIGGER calendar_group_members_changed AFTER INSERT OR UPDATE OR DELETE ON calendar_group_members FOR EACH ROW EXECUTE FUNCTION booking_config_changed();
CREATE TRIGGER service_menus_changed AFTER INSERT OR UPDATE OR DELETE ON service_menus FOR EACH ROW EXECUTE FUNCTION booking_config_changed();
CREATE TRIGGER service_menu_categories_changed AFTER INSERT OR UPDATE OR DELETE ON service_menu_categories FOR EACH ROW EXECUTE FUNCTION booking_config_changed();
CREATE TRIGGER service_menu_items_changed AFTER INSERT OR UPDATE OR DELETE ON service_menu_items FOR EACH ROW EXECUTE FUNCTION booking_config_changed();
