package web_test

import (
	"context"
	"fmt"
	"net/http"
	"testing"
	"time"
)

// refusedPage is a form post's refusal asked for as data: the page with
// what was refused.
type refusedPage struct {
	Action struct {
		Fields map[string]struct{ ID string }
	}
}

// The details form and POST /api/bookings are two spellings of one
// command: the same place books alike, or is refused alike.
func TestTheDetailsFormAndTheAPITakeThePlaceAlike(t *testing.T) {
	f := newFixture(t, sharedRenderer(t))
	const studio, video = "Lindenstraße 12, 10969 Berlin", "https://meet.slotwise.localhost/demo-studio"
	first, err := time.Parse(time.RFC3339, nextMonday10())
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name           string
		apiLocation    string // the API names the place by its value
		typed, choice  string // the form: the address field and the select's position
		booked         bool
		storedLocation string
	}{
		{"a place typed, none chosen", studio, studio, "", true, studio},
		{"a place chosen", video, "", "1", true, video},
		{"an address that is none of the calendar's places", "Am Hang 3, Potsdam", "Am Hang 3, Potsdam", "", false, ""},
		{"neither typed nor chosen", "", "", "", false, ""},
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			start := first.Add(time.Duration(2*i) * 30 * time.Minute).Format(time.RFC3339)
			apiEmail, formEmail := fmt.Sprintf("api%d@example.com", i), fmt.Sprintf("form%d@example.com", i)
			api := f.send(http.MethodPost, "/api/bookings", bookingBody(start, func(b map[string]any) {
				c := b["contact"].(map[string]any)
				c["location"], c["email"] = tt.apiLocation, apiEmail
			}), nil)
			form := adaForm(start)
			form.Set("contact.email", formEmail)
			form.Set("contact.location", tt.typed)
			form.Set("locationChoice", tt.choice)
			form.Set("idempotencyKey", fmt.Sprintf("place-%d", i))
			if tt.choice == "" {
				form.Del("locationChoice")
			}
			if tt.typed == "" {
				form.Del("contact.location")
			}
			// The second time is the half hour after the API's.
			slot := first.Add(time.Duration(2*i+1) * 30 * time.Minute).Format(time.RFC3339)
			form.Set("start", slot)
			posted := f.post(detailsURL(slot), form, nil)

			if tt.booked {
				if api.Code != http.StatusCreated || posted.Code != http.StatusSeeOther {
					t.Fatalf("API %d, form %d; want both booked: %.300s", api.Code, posted.Code, posted.Body)
				}
				for _, email := range []string{apiEmail, formEmail} {
					var got string
					if err := f.pool.QueryRow(context.Background(), `SELECT location FROM bookings WHERE email = $1`, email).Scan(&got); err != nil || got != tt.storedLocation {
						t.Errorf("%s's place %q (%v), want %q", email, got, err, tt.storedLocation)
					}
				}
				return
			}
			if api.Code != http.StatusUnprocessableEntity || posted.Code != http.StatusUnprocessableEntity {
				t.Fatalf("API %d, form %d; want both refused", api.Code, posted.Code)
			}
			if e := decodeJSON[apiErr](t, api).Error; e.Fields["contact.location"].ID != "validation.required.location" {
				t.Errorf("API refused %v, want the place", e.Fields)
			}
			asData := f.post(detailsURL(slot), form, map[string]string{"Accept": "application/json"})
			if got := decodeJSON[refusedPage](t, asData).Action.Fields; got["contact.location"].ID != "validation.required.location" {
				t.Errorf("the form refused %v, want the place", got)
			}
		})
	}
}
