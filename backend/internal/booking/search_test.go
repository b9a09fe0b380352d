package booking_test

import (
	"context"
	"testing"

	"slotwise/backend/internal/booking"
	"slotwise/backend/internal/db/dbtest"
)

// Each search reads the same whether it finds a few bookings (read by
// their ids) or is broad (read from its rarest word's terms).
func TestASearchFindsABookingByTheBeginningOfAnyWordOfItsClient(t *testing.T) {
	t.Run("a few found", testSearch)
	t.Run("broad", func(t *testing.T) {
		booking.SearchAsBroad(t)
		testSearch(t)
	})
}

func testSearch(t *testing.T) {
	svc, pool, _ := newService(t)
	b, _, err := book(svc, "2026-11-23T10:00:00+01:00") // Ada Lovelace, ada@example.com, +49 30 1234567
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	finds := func(search string) bool {
		t.Helper()
		list, _, err := svc.List(ctx, booking.ListQuery{Search: search})
		if err != nil {
			t.Fatalf("%q: %v", search, err)
		}
		for _, r := range list {
			if r.ID == b.ID {
				return true
			}
		}
		return false
	}
	tests := []struct {
		search string
		found  bool
	}{
		{"ada", true},
		{"LOVE", true},
		{"ada love", true},
		{"love ada", true},
		{"ada lovelace ada", true},
		{"ADA@ex", true},
		{"example", true},
		{"ada@example.com", true},
		{"lace", false}, // the middle of a word
		{"ada smith", false},
		{"+49 30 123", true},
		{"1234567", true},
		{"4567", true},  // the number's end, as said on the phone
		{"30 12", true}, // digits however they are grouped
		{"999", false},
		{"%_\\", false},       // wildcards are themselves
		{"\x00ada\xff", true}, // what text cannot hold is left out
	}
	for _, tt := range tests {
		if got := finds(tt.search); got != tt.found {
			t.Errorf("%q finds the booking: %v, want %v", tt.search, got, tt.found)
		}
	}
	// A changed name is found by its new words, and no longer by the old.
	dbtest.AsOwner(t, pool, `UPDATE bookings SET last_name = 'O''Brien-Byron' WHERE id = '`+b.ID+`'`)
	for search, want := range map[string]bool{"lovelace": false, "o'brien": true, "brien": true, "byron": true} {
		if got := finds(search); got != want {
			t.Errorf("after the change %q finds the booking: %v, want %v", search, got, want)
		}
	}
}

// A brief list leaves out a booking's notes and answers, and only them.
func TestABriefListLeavesOutNotesAndAnswers(t *testing.T) {
	svc, pool, _ := newService(t)
	b, _, err := book(svc, "2026-11-23T10:00:00+01:00")
	if err != nil {
		t.Fatal(err)
	}
	dbtest.AsOwner(t, pool, `UPDATE bookings SET notes = 'Bring the forms', answers = '{"goal": ["rest"]}' WHERE id = '`+b.ID+`'`)
	for _, tt := range []struct {
		brief               bool
		wantNotes, wantGoal string
	}{{false, "Bring the forms", "rest"}, {true, "", ""}} {
		list, _, err := svc.List(context.Background(), booking.ListQuery{Brief: tt.brief})
		if err != nil || len(list) != 1 {
			t.Fatalf("brief %v: %d bookings, %v", tt.brief, len(list), err)
		}
		r := list[0]
		goal := ""
		if g := r.Answers["goal"]; len(g) > 0 {
			goal = g[0]
		}
		if r.Customer.Notes != tt.wantNotes || goal != tt.wantGoal || r.ID != b.ID || r.Customer.Email != "ada@example.com" || r.CalendarName == "" {
			t.Errorf("brief %v: notes %q, goal %q, %+v; want notes %q, goal %q and the rest", tt.brief, r.Customer.Notes, goal, r, tt.wantNotes, tt.wantGoal)
		}
	}
}
