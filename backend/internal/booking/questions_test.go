package booking_test

// A calendar's own questions run through the form engine like any form:
// checked, reached or dropped, stored on the booking, shown in German.

import (
	"context"
	"errors"
	"testing"

	"slotwise/backend/internal/booking"
)

func TestACalendarsOwnQuestionsAreCheckedAndKeptOnTheBooking(t *testing.T) {
	svc, pool, _ := newService(t)
	tests := []struct {
		name    string
		answers map[string][]string
		invalid map[string]string // field path → message id; nil: booked
		stored  string
	}{
		{"no answer to an optional question", nil, nil, `{}`},
		{"a choice, and an answer to a question it hides, forged", map[string][]string{"topic": {"dry"}, "details": {"forged"}}, nil, `{"topic": ["dry"]}`},
		{"something else needs a few words more", map[string][]string{"topic": {"other"}}, map[string]string{"answers.details": "validation.required"}, ""},
		{"a choice that is not offered", map[string][]string{"topic": {"tattoos"}}, map[string]string{"answers.topic": "validation.optionInvalid"}, ""},
		{"something else, told", map[string][]string{"topic": {"other"}, "details": {"  Rosacea  "}}, nil, `{"topic": ["other"], "details": ["Rosacea"]}`},
	}
	starts := []string{"2026-11-23T09:00:00+01:00", "2026-11-23T10:00:00+01:00", "2026-11-23T11:00:00+01:00", "2026-11-23T12:00:00+01:00", "2026-11-23T13:00:00+01:00"}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, token, err := svc.Book(context.Background(), booking.BookCommand{Calendar: "demo-consultation", Start: starts[i], TimeZone: "Europe/Berlin", Locale: "de", Contact: ada(), Answers: tt.answers})
			var invalid *booking.ValidationError
			if tt.invalid != nil {
				if !errors.As(err, &invalid) {
					t.Fatalf("err = %v, want invalid fields", err)
				}
				for path, id := range tt.invalid {
					if invalid.Fields[path] != id {
						t.Errorf("%s = %q, want %q", path, invalid.Fields[path], id)
					}
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var stored string
			var version *int
			if err := pool.QueryRow(context.Background(), `SELECT answers::text, form_version FROM bookings WHERE id = $1`, b.ID).Scan(&stored, &version); err != nil {
				t.Fatal(err)
			}
			if stored != tt.stored || version == nil || *version != 1 {
				t.Fatalf("stored %s (version %v), want %s (version 1)", stored, version, tt.stored)
			}
			got, err := svc.Get(context.Background(), b.ID, token)
			if err != nil {
				t.Fatal(err)
			}
			if v := booking.NewView(got, token, "de", got.CreatedAt); tt.answers["topic"] != nil && (len(v.Answers) == 0 || v.Answers[0].Label != "Worüber möchten Sie sprechen?") {
				t.Fatalf("the booking's page shows %+v", v.Answers)
			}
		})
	}
}
