package demo

import (
	"context"
	"encoding/json"
	"fmt"

	"slotwise/backend/internal/db"
)

type demoStaff struct {
	slug, name, email string
}

var weekdays = map[string][][2]string{
	"1": {{"09:00", "17:00"}}, "2": {{"09:00", "17:00"}}, "3": {{"09:00", "17:00"}},
	"4": {{"09:00", "17:00"}}, "5": {{"09:00", "17:00"}},
}

// seedBooking writes the demo business: two people working Monday to Friday,
// nine to five in Berlin, and two things to book.
func seedBooking(ctx context.Context, q db.Querier) error {
	var locationID int64
	err := q.QueryRow(ctx, `
		INSERT INTO locations (slug, name, brand_color, time_zone, currency, default_locale, consent_text, terms_url, email, country)
		VALUES ('demo-studio', 'Slotwise Demo Studio', '#0f766e', 'Europe/Berlin', 'EUR', 'en-US',
		        'I would like to receive news and offers from Slotwise Demo Studio by e-mail or phone.', '', 'studio@slotwise.localhost', 'DE')
		ON CONFLICT (slug) DO UPDATE SET name = EXCLUDED.name, country = EXCLUDED.country
		RETURNING id`).Scan(&locationID)
	if err != nil {
		return fmt.Errorf("demo: location: %w", err)
	}
	hours, _ := json.Marshal(weekdays)
	var staffIDs []int64
	for _, s := range []demoStaff{
		{"mia", "Mia Weber", "mia@slotwise.localhost"},
		{"jonas", "Jonas Becker", "jonas@slotwise.localhost"},
	} {
		var id int64
		err := q.QueryRow(ctx, `
			INSERT INTO staff (location_id, slug, name, email, time_zone, weekly_hours)
			VALUES ($1, $2, $3, $4, 'Europe/Berlin', $5)
			ON CONFLICT (location_id, slug) DO UPDATE SET name = EXCLUDED.name, weekly_hours = EXCLUDED.weekly_hours
			RETURNING id`, locationID, s.slug, s.name, s.email, hours).Scan(&id)
		if err != nil {
			return fmt.Errorf("demo: staff %s: %w", s.slug, err)
		}
		staffIDs = append(staffIDs, id)
	}
	calendars := []struct {
		slug, name, description, options, fields, mode string
		duration, interval, after, maxPerDay           int
		seats, maxSeats, recurring, price              int
		confirm                                        bool
	}{
		{
			slug: "demo-consultation", name: "Consultation",
			description: "A free 30-minute consultation: we talk about your skin and what would help it most.",
			duration:    30,
			options:     `[{"kind":"address","value":"Lindenstraße 12, 10969 Berlin"},{"kind":"video","value":"https://meet.slotwise.localhost/demo-studio"}]`,
			fields:      `{"phone":"optional","dateOfBirth":"hidden","location":"required","notes":"optional"}`,
		},
		{
			slug: "facial-treatment", name: "Facial treatment",
			description: "A 60-minute facial tailored to your skin. We confirm every request by phone.",
			duration:    60, interval: 15, after: 15, maxPerDay: 4, confirm: true,
			options: `[{"kind":"address","value":"Lindenstraße 12, 10969 Berlin"}]`,
			fields:  `{"phone":"required","dateOfBirth":"optional","location":"hidden","notes":"optional"}`,
		},
		{
			slug: "demo-yoga", name: "Yoga class",
			description: "A 60-minute yoga class for every level. Eight mats per class; bring a friend or two.",
			duration:    60, seats: 8, maxSeats: 4,
			options: `[{"kind":"address","value":"Lindenstraße 12, 10969 Berlin"}]`,
			fields:  `{"phone":"optional","dateOfBirth":"hidden","location":"hidden","notes":"hidden"}`,
		},
		{slug: "salon-haircut", name: "Haircut", description: "Wash, cut and style.", duration: 45, interval: 15, price: 3900, options: salonPlace, fields: salonFields},
		{slug: "salon-colour", name: "Colour", description: "Full colour with a gloss finish.", duration: 90, interval: 15, price: 7900, options: salonPlace, fields: salonFields},
		{slug: "salon-manicure", name: "Manicure", description: "Shape, cuticle care and polish.", duration: 30, interval: 15, price: 2500, options: salonPlace, fields: salonFields},
		{slug: "salon-pedicure", name: "Pedicure", description: "A foot bath, care and polish.", duration: 45, interval: 15, price: 3500, options: salonPlace, fields: salonFields},
		{
			slug: "demo-duo", name: "Skin and body plan", mode: "collective",
			description: "A 45-minute talk with both of our therapists together, to plan treatments that work as a whole.",
			duration:    45, interval: 15, maxSeats: 1,
			options: `[{"kind":"address","value":"Lindenstraße 12, 10969 Berlin"},{"kind":"video","value":"https://meet.slotwise.localhost/demo-studio"}]`,
			fields:  `{"phone":"optional","dateOfBirth":"hidden","location":"required","notes":"optional"}`,
		},
		{
			slug: "demo-paid", name: "Deep-tissue massage",
			description: "A 75-minute deep-tissue massage. A deposit of 30 % secures your time; the rest is paid at the studio.",
			duration:    75, interval: 15, after: 15, maxSeats: 1, price: 9000,
			options: `[{"kind":"address","value":"Lindenstraße 12, 10969 Berlin"}]`,
			fields:  `{"phone":"required","dateOfBirth":"hidden","location":"hidden","notes":"optional"}`,
		},
		{
			slug: "demo-massage", name: "Massage",
			description: "A 50-minute massage with the therapist of your choice, or whoever is free. Book one, or the same time every week or two.",
			duration:    50, interval: 30, after: 10, maxSeats: 1, recurring: 12,
			options: `[{"kind":"address","value":"Lindenstraße 12, 10969 Berlin"}]`,
			fields:  `{"phone":"optional","dateOfBirth":"hidden","location":"hidden","notes":"optional"}`,
		},
	}
	for _, c := range calendars {
		var id int64
		err := q.QueryRow(ctx, `
			INSERT INTO calendars (location_id, slug, name, description, duration_minutes, slot_interval_minutes,
				buffer_after_minutes, min_notice_minutes, booking_window_days, max_per_staff_per_day,
				requires_confirmation, location_options, fields, seats, max_seats_per_booking, recurring_max, staff_mode, price_cents)
			VALUES ($1, $2, $3, $4, $5, $11, $6, 120, 60, $7, $8, $9, $10, $12, $13, $14, coalesce(nullif($15, ''), 'any'), $16)
			ON CONFLICT (slug) DO UPDATE SET name = EXCLUDED.name, description = EXCLUDED.description,
				seats = EXCLUDED.seats, max_seats_per_booking = EXCLUDED.max_seats_per_booking, recurring_max = EXCLUDED.recurring_max,
				staff_mode = EXCLUDED.staff_mode, price_cents = EXCLUDED.price_cents
			RETURNING id`, locationID, c.slug, c.name, c.description, c.duration, c.after, c.maxPerDay,
			c.confirm, c.options, c.fields, c.interval, c.seats, max(c.maxSeats, 1), c.recurring, c.mode, c.price).Scan(&id)
		if err != nil {
			return fmt.Errorf("demo: calendar %s: %w", c.slug, err)
		}
		// A class has one teacher: Mia.
		teachers := staffIDs
		if c.seats > 0 {
			teachers = staffIDs[:1]
		}
		for _, sid := range teachers {
			if _, err := q.Exec(ctx, `INSERT INTO calendar_staff (calendar_id, staff_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`, id, sid); err != nil {
				return fmt.Errorf("demo: calendar staff: %w", err)
			}
		}
	}
	if err := seedTeamsAndGroups(ctx, q, locationID); err != nil {
		return err
	}
	if err := seedMenu(ctx, q, locationID); err != nil {
		return err
	}
	return seedPrices(ctx, q)
}

// seedPrices makes three kinds of paying: the deep-tissue massage takes a
// 30 % deposit online (with the studio's terms, refunded up to a day
// before); the yoga class costs per mat and the salon's services are paid
// at the studio.
func seedPrices(ctx context.Context, q db.Querier) error {
	_, err := q.Exec(ctx, `
		UPDATE calendars SET payment = 'online', deposit_kind = 'percent', deposit_value = 30, hold_minutes = 10,
			refund_policy = 'window', refund_window_hours = 24, terms_url = '/terms' WHERE slug = 'demo-paid';
		UPDATE calendars SET price_cents = 1800, price_per_person = true, payment = 'on_site' WHERE slug = 'demo-yoga';
		UPDATE calendars SET payment = 'on_site' WHERE price_cents > 0 AND payment = 'none';`)
	if err != nil {
		return fmt.Errorf("demo: prices: %w", err)
	}
	return nil
}

const (
	salonPlace  = `[{"kind":"address","value":"Lindenstraße 12, 10969 Berlin"}]`
	salonFields = `{"phone":"optional","dateOfBirth":"hidden","location":"hidden","notes":"optional"}`
)

// seedMenu writes the salon's service menu: two categories of services
// that a booker puts in a cart and books back to back.
func seedMenu(ctx context.Context, q db.Querier, locationID int64) error {
	_, err := q.Exec(ctx, `
		INSERT INTO service_menus (id, location_id, slug, name, description)
		VALUES ('menu_salon', $1, 'demo-salon', 'Salon menu', 'Pick one service or several: we book them back to back.')
		ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, description = EXCLUDED.description`, locationID)
	if err != nil {
		return fmt.Errorf("demo: menu: %w", err)
	}
	if _, err := q.Exec(ctx, `DELETE FROM service_menu_categories WHERE menu_id = 'menu_salon'`); err != nil {
		return fmt.Errorf("demo: menu categories: %w", err)
	}
	for i, cat := range []struct {
		name  string
		slugs []string
	}{
		{"Hair", []string{"salon-haircut", "salon-colour"}},
		{"Hands and feet", []string{"salon-manicure", "salon-pedicure"}},
		{"Face and body", []string{"facial-treatment", "demo-massage"}},
	} {
		var id int64
		if err := q.QueryRow(ctx, `INSERT INTO service_menu_categories (menu_id, name, position) VALUES ('menu_salon', $1, $2) RETURNING id`,
			cat.name, i).Scan(&id); err != nil {
			return fmt.Errorf("demo: menu category: %w", err)
		}
		if _, err := q.Exec(ctx, `INSERT INTO service_menu_items (category_id, calendar_id, position)
			SELECT $1, c.id, o.position FROM unnest($2::text[]) WITH ORDINALITY AS o(slug, position) JOIN calendars c ON c.slug = o.slug`,
			id, cat.slugs); err != nil {
			return fmt.Errorf("demo: menu items: %w", err)
		}
	}
	_, err = q.Exec(ctx, `UPDATE calendars SET price_cents = CASE slug WHEN 'facial-treatment' THEN 6500 WHEN 'demo-massage' THEN 5500 ELSE price_cents END`)
	return err
}

// seedTeamsAndGroups: the massage team books "Massage" with a named
// therapist or whoever is free; the studio's group lists what it offers.
func seedTeamsAndGroups(ctx context.Context, q db.Querier, locationID int64) error {
	_, err := q.Exec(ctx, `
		INSERT INTO teams (location_id, slug, name, description, calendar_id)
		SELECT $1, 'demo-team', 'Massage team', 'Book a massage with Mia or Jonas, or with whoever is free first.', id
		FROM calendars WHERE slug = 'demo-massage'
		ON CONFLICT (slug) DO UPDATE SET name = EXCLUDED.name, description = EXCLUDED.description`, locationID)
	if err != nil {
		return fmt.Errorf("demo: team: %w", err)
	}
	_, err = q.Exec(ctx, `
		INSERT INTO calendar_groups (id, location_id, slug, name, description)
		VALUES ('grp_studio', $1, 'demo-group', 'Everything we offer', 'Pick what you would like to book.')
		ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, description = EXCLUDED.description`, locationID)
	if err != nil {
		return fmt.Errorf("demo: group: %w", err)
	}
	_, err = q.Exec(ctx, `
		INSERT INTO calendar_group_members (group_id, calendar_id, position)
		SELECT 'grp_studio', c.id, o.position
		FROM unnest(ARRAY['demo-consultation', 'facial-treatment', 'demo-massage', 'demo-yoga', 'demo-duo']) WITH ORDINALITY AS o(slug, position)
		JOIN calendars c ON c.slug = o.slug
		ON CONFLICT (group_id, calendar_id) DO UPDATE SET position = EXCLUDED.position`)
	if err != nil {
		return fmt.Errorf("demo: group calendars: %w", err)
	}
	return nil
}
