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
		INSERT INTO locations (slug, name, brand_color, time_zone, currency, default_locale, consent_text, terms_url, email)
		VALUES ('demo-studio', 'Slotwise Demo Studio', '#0f766e', 'Europe/Berlin', 'EUR', 'en-US',
		        'I would like to receive news and offers from Slotwise Demo Studio by e-mail or phone.', '', 'studio@slotwise.localhost')
		ON CONFLICT (slug) DO UPDATE SET name = EXCLUDED.name
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
		slug, name, description, options, fields string
		duration, interval, after, maxPerDay     int
		confirm                                  bool
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
	}
	for _, c := range calendars {
		var id int64
		err := q.QueryRow(ctx, `
			INSERT INTO calendars (location_id, slug, name, description, duration_minutes, slot_interval_minutes,
				buffer_after_minutes, min_notice_minutes, booking_window_days, max_per_staff_per_day,
				requires_confirmation, location_options, fields)
			VALUES ($1, $2, $3, $4, $5, $11, $6, 120, 60, $7, $8, $9, $10)
			ON CONFLICT (slug) DO UPDATE SET name = EXCLUDED.name, description = EXCLUDED.description
			RETURNING id`, locationID, c.slug, c.name, c.description, c.duration, c.after, c.maxPerDay,
			c.confirm, c.options, c.fields, c.interval).Scan(&id)
		if err != nil {
			return fmt.Errorf("demo: calendar %s: %w", c.slug, err)
		}
		for _, sid := range staffIDs {
			if _, err := q.Exec(ctx, `INSERT INTO calendar_staff (calendar_id, staff_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`, id, sid); err != nil {
				return fmt.Errorf("demo: calendar staff: %w", err)
			}
		}
	}
	return nil
}
