package web_test

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"slotwise/locales"
)

// addStrictCalendar writes a calendar that asks for everything the rules
// know: a named person, a date of birth, the booker's own address, no
// phone, and terms to accept.
func addStrictCalendar(t *testing.T, f *fixture) {
	t.Helper()
	_, err := f.pool.Exec(context.Background(), `
		UPDATE locations SET terms_url = 'https://example.com/terms';
		WITH c AS (
			INSERT INTO calendars (location_id, slug, name, duration_minutes, min_notice_minutes, staff_mode, location_options, fields)
			SELECT id, 'house-call', 'House call', 30, 120, 'named', '[{"kind":"booker","value":""}]',
			       '{"phone":"hidden","dateOfBirth":"required","location":"required","notes":"optional"}'
			FROM locations RETURNING id)
		INSERT INTO calendar_staff (calendar_id, staff_id) SELECT c.id, s.id FROM c, staff s`)
	if err != nil {
		t.Fatal(err)
	}
}

func TestServerSideFieldRulesThroughTheAPI(t *testing.T) {
	f := newFixture(t, sharedRenderer(t))
	addStrictCalendar(t, f)
	var mia, jonas int64
	f.pool.QueryRow(context.Background(), `SELECT id FROM staff WHERE slug = 'mia'`).Scan(&mia)
	f.pool.QueryRow(context.Background(), `SELECT id FROM staff WHERE slug = 'jonas'`).Scan(&jonas)
	strict := func(edit func(b map[string]any)) string {
		return bookingBody(nextMonday10(), func(b map[string]any) {
			b["calendar"], b["staff"], b["acceptTerms"] = "house-call", mia, true
			c := b["contact"].(map[string]any)
			c["dateOfBirth"], c["location"] = "1990-05-17", "Gartenstraße 5, Berlin"
			if edit != nil {
				edit(b)
			}
		})
	}
	contact := func(field string, value any) func(b map[string]any) {
		return func(b map[string]any) { b["contact"].(map[string]any)[field] = value }
	}
	tests := []struct {
		name    string
		body    string
		status  int
		field   string // the one field refused
		id      string
		message string // part of the English text
	}{
		{"terms not accepted", strict(func(b map[string]any) { delete(b, "acceptTerms") }), 422, "acceptTerms", "validation.termsRequired", "terms"},
		{"date of birth missing", strict(contact("dateOfBirth", "")), 422, "contact.dateOfBirth", "validation.required.dateOfBirth", ""},
		{"date of birth not a date", strict(contact("dateOfBirth", "17.05.1990")), 422, "contact.dateOfBirth", "validation.dateOfBirthInvalid", ""},
		{"date of birth in the future", strict(contact("dateOfBirth", "2999-01-01")), 422, "contact.dateOfBirth", "validation.dateOfBirthInvalid", ""},
		{"typed location missing", strict(contact("location", "")), 422, "contact.location", "validation.required.location", ""},
		{"typed location too long", strict(contact("location", strings.Repeat("a", 301))), 422, "contact.location", "validation.tooLong", "300"},
		{"notes too long", strict(contact("notes", strings.Repeat("a", 2001))), 422, "contact.notes", "validation.tooLong", "2000"},
		{"name too long", strict(contact("firstName", strings.Repeat("a", 101))), 422, "contact.firstName", "validation.tooLong", "100"},
		{"no person on a named calendar", strict(func(b map[string]any) { delete(b, "staff") }), 422, "staff", "validation.required", ""},
		{"a hidden phone is dropped, not checked", strict(contact("phone", "not a phone")), 201, "", "", ""},
		{"a typed location is kept", strict(func(b map[string]any) {
			b["staff"] = jonas
			contact("location", "Am Hang 3, Potsdam")(b)
		}), 201, "", "", ""},
		{"the chosen person is taken", strict(nil), 409, "", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := f.send(http.MethodPost, "/api/bookings", tt.body, nil)
			if rec.Code != tt.status {
				t.Fatalf("status %d, want %d: %s", rec.Code, tt.status, rec.Body)
			}
			if tt.status != 422 {
				return
			}
			e := decodeJSON[apiErr](t, rec).Error
			if len(e.Fields) != 1 || e.Fields[tt.field].ID != tt.id {
				t.Fatalf("fields %v, want only %s: %s", e.Fields, tt.field, tt.id)
			}
			if !strings.Contains(e.Fields[tt.field].Message, tt.message) || strings.Contains(e.Fields[tt.field].Message, "{") {
				t.Errorf("message %q, want it to say %q", e.Fields[tt.field].Message, tt.message)
			}
		})
	}
	var phone, location string
	f.pool.QueryRow(context.Background(), `SELECT phone, location FROM bookings WHERE location = 'Am Hang 3, Potsdam'`).Scan(&phone, &location)
	if phone != "" || location == "" {
		t.Errorf("stored phone %q, location %q; want the hidden phone dropped", phone, location)
	}
}

func TestCancelReasonLimitIsStatedInTheMessage(t *testing.T) {
	f := newFixture(t, sharedRenderer(t))
	created := decodeJSON[bookingJSON](t, f.send(http.MethodPost, "/api/bookings", bookingBody(nextMonday10(), nil), nil))
	body := `{"token":"` + tokenOf(t, created.ManageURL) + `","reason":"` + strings.Repeat("a", 501) + `"}`
	rec := f.send(http.MethodPost, "/api/bookings/"+created.ID+"/cancel", body, nil)
	if rec.Code != 422 || !strings.Contains(decodeJSON[apiErr](t, rec).Error.Fields["reason"].Message, "500") {
		t.Errorf("long reason: %d %s", rec.Code, rec.Body)
	}
}

// A message with a plural reaches the visitor formatted in every language,
// never as ICU syntax: guests on a calendar with one place per booking.
func TestAPIMessagesLeaveFormattedInEveryLanguage(t *testing.T) {
	f := newFixture(t, sharedRenderer(t))
	for _, lang := range locales.Prefixes {
		t.Run(lang, func(t *testing.T) {
			rec := f.send(http.MethodPost, "/api/bookings", bookingBody(nextMonday10(), func(b map[string]any) {
				b["guestCount"] = 2
			}), map[string]string{"Accept-Language": lang})
			e := decodeJSON[apiErr](t, rec).Error
			field := e.Fields["guestCount"]
			if rec.Code != 422 || field.ID != "validation.maxGuests" {
				t.Fatalf("%d %s, want 422 with validation.maxGuests", rec.Code, rec.Body)
			}
			if strings.ContainsAny(field.Message, "{}#") || !strings.Contains(field.Message, "1") {
				t.Errorf("guestCount: %q, want the message formatted for one place", field.Message)
			}
		})
	}
}
