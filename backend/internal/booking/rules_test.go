package booking_test

// Rules a booking must keep whatever carries it: the manage token on every
// write, the daily limit under concurrency, buffers, and what a reschedule
// may and may not do. Each test fails when its rule is removed or off by one.

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"slotwise/backend/internal/booking"
	"slotwise/backend/internal/command"
	"slotwise/backend/internal/db"
)

func facial(start string) booking.BookCommand {
	c := ada()
	c.Location = ""
	return booking.BookCommand{Calendar: "facial-treatment", Start: start, TimeZone: "Europe/Berlin", Contact: c}
}

func staffID(t *testing.T, pool *db.Pool, slug string) int64 {
	t.Helper()
	var id int64
	if err := pool.QueryRow(context.Background(), `SELECT id FROM staff WHERE slug = $1`, slug).Scan(&id); err != nil {
		t.Fatal(err)
	}
	return id
}

func TestWritesNeedTheManageToken(t *testing.T) {
	svc, pool, _ := newService(t)
	b, token, err := book(svc, "2026-11-23T10:00:00+01:00")
	if err != nil {
		t.Fatal(err)
	}
	for _, wrong := range []string{"", "wrong", token + "x", token[:len(token)-1]} {
		_, err := svc.Reschedule(context.Background(), booking.RescheduleCommand{ID: b.ID, Token: wrong, Start: "2026-11-24T11:00:00+01:00", TimeZone: "Europe/Berlin"})
		if !errors.Is(err, booking.ErrBookingNotFound) {
			t.Errorf("reschedule with token %q: %v, want ErrBookingNotFound", wrong, err)
		}
		if _, err := svc.Cancel(context.Background(), booking.CancelCommand{ID: b.ID, Token: wrong}); !errors.Is(err, booking.ErrBookingNotFound) {
			t.Errorf("cancel with token %q: %v, want ErrBookingNotFound", wrong, err)
		}
	}
	// Another booking's token opens only that booking.
	other, otherToken, err := book(svc, "2026-11-23T11:00:00+01:00")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := svc.Cancel(context.Background(), booking.CancelCommand{ID: b.ID, Token: otherToken}); !errors.Is(err, booking.ErrBookingNotFound) {
		t.Errorf("cancel with another booking's token: %v", err)
	}
	got, err := svc.Get(context.Background(), b.ID, token)
	if err != nil || got.Status != booking.StatusScheduled || !got.Start.Equal(b.Start) {
		t.Errorf("after refused writes: %+v, %v", got, err)
	}
	if _, err := svc.Get(context.Background(), other.ID, otherToken); err != nil {
		t.Errorf("the other booking: %v", err)
	}
	assertStoredOnlyHashed(t, pool, token)
}

// assertStoredOnlyHashed fails when the secret appears in clear in any row
// of any table, or when its SHA-256 is stored nowhere.
func assertStoredOnlyHashed(t *testing.T, pool *db.Pool, secret string) {
	t.Helper()
	if len(secret) < 16 {
		t.Fatalf("%q is no secret", secret)
	}
	ctx := context.Background()
	rows, err := pool.Query(ctx, `SELECT quote_ident(table_name) FROM information_schema.tables
		WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`)
	if err != nil {
		t.Fatal(err)
	}
	var tables []string
	for rows.Next() {
		var name string
		rows.Scan(&name)
		tables = append(tables, name)
	}
	rows.Close()
	sum := sha256.Sum256([]byte(secret))
	hashed := 0
	for _, table := range tables {
		var clear, hash int
		q := fmt.Sprintf(`SELECT count(*) FILTER (WHERE t::text LIKE '%%' || $1 || '%%'),
			count(*) FILTER (WHERE t::text LIKE '%%' || $2 || '%%') FROM %s t`, table)
		if err := pool.QueryRow(ctx, q, secret, hex.EncodeToString(sum[:])).Scan(&clear, &hash); err != nil {
			t.Fatal(err)
		}
		if clear > 0 {
			t.Errorf("table %s holds the secret in clear", table)
		}
		hashed += hash
	}
	if hashed == 0 {
		t.Errorf("the secret's hash is stored nowhere")
	}
}

func TestBuffersWidenTheBlockedTime(t *testing.T) {
	svc, pool, _ := newService(t)
	// Facials last 60 minutes with 15 minutes after: both people busy until 10:15.
	for range 2 {
		if _, _, err := svc.Book(context.Background(), facial("2026-11-23T09:00:00+01:00")); err != nil {
			t.Fatal(err)
		}
	}
	var widened int
	pool.QueryRow(context.Background(), `SELECT count(*) FROM bookings WHERE upper(blocked) = ends_at + interval '15 minutes'`).Scan(&widened)
	if widened != 2 {
		t.Errorf("%d bookings block their buffer, want 2", widened)
	}
	if _, _, err := svc.Book(context.Background(), facial("2026-11-23T10:00:00+01:00")); !errors.Is(err, booking.ErrSlotUnavailable) {
		t.Errorf("inside the buffer: %v, want ErrSlotUnavailable", err)
	}
	res, err := svc.Slots(context.Background(), booking.SlotsQuery{Calendar: "facial-treatment", From: "2026-11-23", To: "2026-11-23", TimeZone: "Europe/Berlin"})
	if err != nil {
		t.Fatal(err)
	}
	first := res.Days[0].Slots[0].Start.In(res.Zone).Format("15:04")
	if first != "10:15" {
		t.Errorf("first free facial at %s, want 10:15", first)
	}
	if _, _, err := svc.Book(context.Background(), facial("2026-11-23T10:15:00+01:00")); err != nil {
		t.Errorf("right after the buffer: %v", err)
	}
}

func TestSlotsStopOfferingADayAtTheDailyLimit(t *testing.T) {
	svc, _, _ := newService(t)
	mondaySlots := func() int {
		res, err := svc.Slots(context.Background(), booking.SlotsQuery{Calendar: "facial-treatment", From: "2026-11-23", To: "2026-11-24", TimeZone: "Europe/Berlin"})
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range res.Days {
			if d.Date.String() == "2026-11-23" {
				return len(d.Slots)
			}
		}
		return 0
	}
	booked := 0
	for _, start := range []string{"09:00", "10:15", "11:30", "12:45"} {
		for range 2 {
			if _, _, err := svc.Book(context.Background(), facial("2026-11-23T"+start+":00+01:00")); err != nil {
				t.Fatalf("%s: %v", start, err)
			}
			booked++
		}
		if booked < 8 && mondaySlots() == 0 {
			t.Fatalf("Monday closed after %d facials, want after 8", booked)
		}
	}
	if n := mondaySlots(); n != 0 {
		t.Errorf("%d Monday slots offered with both people at their limit of 4", n)
	}
}

// Eighteen requests race for six Monday times, three for each: two people
// could take twelve of them, but their limit of four a day lets exactly
// eight through, four each, and refuses the other ten as unavailable.
func TestDailyLimitHoldsUnderConcurrentBookings(t *testing.T) {
	svc, pool, _ := newService(t)
	starts := []string{"09:00", "10:15", "11:30", "12:45", "14:00", "15:15"}
	var (
		mu      sync.Mutex
		booked  []*booking.Booking
		refused int
		wg      sync.WaitGroup
	)
	for _, s := range starts {
		for range 3 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				b, _, err := svc.Book(context.Background(), facial("2026-11-23T"+s+":00+01:00"))
				mu.Lock()
				defer mu.Unlock()
				switch {
				case err == nil:
					booked = append(booked, b)
				case errors.Is(err, booking.ErrSlotUnavailable):
					refused++
				default:
					t.Errorf("%s: %v, want a booking or ErrSlotUnavailable", s, err)
				}
			}()
		}
	}
	wg.Wait()
	if len(booked) != 8 || refused != 10 {
		t.Errorf("%d booked and %d refused as unavailable, want 8 and 10", len(booked), refused)
	}
	perPerson := map[int64]int{}
	for _, b := range booked {
		perPerson[b.Staff.ID]++
	}
	if len(perPerson) != 2 {
		t.Errorf("bookings went to %d people, want both", len(perPerson))
	}
	for staff, n := range perPerson {
		if n != 4 {
			t.Errorf("staff %d got %d bookings, want their limit of 4", staff, n)
		}
	}
	assertDailyLimit(t, pool, "2026-11-23", 4)
}

// assertDailyLimit fails when a person has more than max active facials on day.
func assertDailyLimit(t *testing.T, pool *db.Pool, day string, max int) {
	t.Helper()
	rows, err := pool.Query(context.Background(), `SELECT staff_id, count(*) FROM bookings
		WHERE status <> 'cancelled' AND (starts_at AT TIME ZONE 'Europe/Berlin')::date = $1::date GROUP BY staff_id`, day)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	for rows.Next() {
		var staff int64
		var n int
		rows.Scan(&staff, &n)
		if n > max {
			t.Errorf("staff %d has %d bookings on %s, limit %d", staff, n, day, max)
		}
	}
}

func TestRescheduleRules(t *testing.T) {
	ctx := context.Background()
	move := func(svc *booking.Service, b *booking.Booking, token, start string) (*booking.Booking, error) {
		return svc.Reschedule(ctx, booking.RescheduleCommand{ID: b.ID, Token: token, Start: start, TimeZone: "Europe/Berlin"})
	}
	t.Run("to a time nobody is free is refused and changes nothing", func(t *testing.T) {
		svc, _, _ := newService(t)
		b, token, _ := book(svc, "2026-11-23T10:00:00+01:00")
		book(svc, "2026-11-23T11:00:00+01:00")
		book(svc, "2026-11-23T11:00:00+01:00")
		if _, err := move(svc, b, token, "2026-11-23T11:00:00+01:00"); !errors.Is(err, booking.ErrSlotUnavailable) {
			t.Errorf("err = %v, want ErrSlotUnavailable", err)
		}
		if got, _ := svc.Get(ctx, b.ID, token); !got.Start.Equal(b.Start) || got.Sequence != 0 {
			t.Errorf("a refused move changed the booking: %+v", got)
		}
	})
	t.Run("a past booking cannot move", func(t *testing.T) {
		svc, _, _ := newService(t)
		b, token, _ := book(svc, "2026-11-23T10:00:00+01:00")
		svc.SetClock(func() time.Time { return friday.Add(4 * 24 * time.Hour) })
		if _, err := move(svc, b, token, "2026-11-26T10:00:00+01:00"); !errors.Is(err, booking.ErrExpired) {
			t.Errorf("err = %v, want ErrExpired", err)
		}
	})
	t.Run("the same person keeps it when free", func(t *testing.T) {
		svc, _, _ := newService(t)
		first, _, _ := book(svc, "2026-11-23T10:00:00+01:00")
		second, token, _ := book(svc, "2026-11-23T10:00:00+01:00")
		if first.Staff.ID == second.Staff.ID {
			t.Fatal("both bookings went to one person")
		}
		for _, start := range []string{"2026-11-24T14:00:00+01:00", "2026-11-25T09:00:00+01:00"} {
			moved, err := move(svc, second, token, start)
			if err != nil {
				t.Fatal(err)
			}
			if moved.Staff.ID != second.Staff.ID {
				t.Errorf("moved to %s with staff %d, want %d", start, moved.Staff.ID, second.Staff.ID)
			}
		}
	})
	t.Run("a busy person hands over to a free one on an any-available calendar", func(t *testing.T) {
		svc, _, _ := newService(t)
		b, token, _ := book(svc, "2026-11-23T10:00:00+01:00")
		blocker, _, _ := svc.Book(ctx, booking.BookCommand{Calendar: "demo-consultation", Start: "2026-11-24T10:00:00+01:00", TimeZone: "Europe/Berlin", Contact: ada(), StaffID: b.Staff.ID})
		if blocker == nil {
			t.Fatal("could not block the person")
		}
		moved, err := move(svc, b, token, "2026-11-24T10:00:00+01:00")
		if err != nil || moved.Staff.ID == b.Staff.ID {
			t.Errorf("moved = %+v, %v; want the other person", moved, err)
		}
	})
	t.Run("on a calendar that needs confirmation it is requested again", func(t *testing.T) {
		svc, _, _ := newService(t)
		b, token, err := svc.Book(ctx, facial("2026-11-23T09:00:00+01:00"))
		if err != nil {
			t.Fatal(err)
		}
		moved, err := move(svc, b, token, "2026-11-24T09:00:00+01:00")
		if err != nil || moved.Status != booking.StatusRequested || moved.Sequence != 1 {
			t.Errorf("moved = %+v, %v; want requested, sequence 1", moved, err)
		}
	})
	t.Run("a retried move with one key moves once", func(t *testing.T) {
		svc, _, _ := newService(t)
		b, token, _ := book(svc, "2026-11-23T10:00:00+01:00")
		cmd := booking.RescheduleCommand{ID: b.ID, Token: token, Start: "2026-11-24T11:00:00+01:00", TimeZone: "Europe/Berlin", IdempotencyKey: "move-1"}
		var wg sync.WaitGroup
		for range 4 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if _, err := svc.Reschedule(ctx, cmd); err != nil {
					t.Error(err)
				}
			}()
		}
		wg.Wait()
		got, _ := svc.Get(ctx, b.ID, token)
		if got.Sequence != 1 {
			t.Errorf("sequence %d after retries of one move, want 1", got.Sequence)
		}
		cmd.Start = "2026-11-25T11:00:00+01:00"
		if _, err := svc.Reschedule(ctx, cmd); !errors.Is(err, command.ErrKeyReused) {
			t.Errorf("same key, other time: %v, want ErrKeyReused", err)
		}
	})
}

func TestDailyLimitHoldsUnderConcurrentBookingsAndReschedules(t *testing.T) {
	svc, pool, _ := newService(t)
	ctx := context.Background()
	type held struct {
		b     *booking.Booking
		token string
	}
	var tuesday []held
	for _, s := range []string{"09:00", "10:15", "11:30", "12:45"} {
		for range 2 {
			b, token, err := svc.Book(ctx, facial("2026-11-24T"+s+":00+01:00"))
			if err != nil {
				t.Fatal(err)
			}
			tuesday = append(tuesday, held{b, token})
		}
	}
	mondays := []string{"09:00", "10:15", "11:30", "12:45", "14:00", "15:15"}
	var wg sync.WaitGroup
	for i, h := range tuesday {
		wg.Add(2)
		go func() {
			defer wg.Done()
			_, _ = svc.Reschedule(ctx, booking.RescheduleCommand{ID: h.b.ID, Token: h.token, Start: "2026-11-23T" + mondays[i%len(mondays)] + ":00+01:00", TimeZone: "Europe/Berlin"})
		}()
		go func() {
			defer wg.Done()
			_, _, _ = svc.Book(ctx, facial("2026-11-23T"+mondays[(i+3)%len(mondays)]+":00+01:00"))
		}()
	}
	wg.Wait()
	assertDailyLimit(t, pool, "2026-11-23", 4)
	var monday int
	pool.QueryRow(ctx, `SELECT count(*) FROM bookings WHERE status <> 'cancelled' AND starts_at < '2026-11-24T00:00:00+01:00'`).Scan(&monday)
	if monday != 8 {
		t.Errorf("%d facials on Monday after the race, want both people full (8)", monday)
	}
}

func TestRescheduleWithinTheDayAtTheLimitIsAllowed(t *testing.T) {
	svc, _, _ := newService(t)
	var last *booking.Booking
	var token string
	for _, s := range []string{"09:00", "10:15", "11:30", "12:45"} {
		for range 2 {
			b, tok, err := svc.Book(context.Background(), facial("2026-11-23T"+s+":00+01:00"))
			if err != nil {
				t.Fatal(err)
			}
			last, token = b, tok
		}
	}
	// Both people are at four; moving one of them later that day keeps four.
	moved, err := svc.Reschedule(context.Background(), booking.RescheduleCommand{ID: last.ID, Token: token, Start: "2026-11-23T15:15:00+01:00", TimeZone: "Europe/Berlin"})
	if err != nil || moved.Staff.ID != last.Staff.ID {
		t.Errorf("move within the full day: %+v, %v", moved, err)
	}
}

func TestNamesInAnyScriptAreText(t *testing.T) {
	svc, _, _ := newService(t)
	cmd := booking.BookCommand{Calendar: "demo-consultation", Start: "2026-11-23T10:00:00+01:00", TimeZone: "Europe/Berlin", Contact: ada()}
	cmd.Contact.FirstName, cmd.Contact.LastName = "Zoë 李", "Nguyễn 👩‍⚕️"
	cmd.Contact.Notes = "Zweite Zeile:\nmit\tTab"
	b, _, err := svc.Book(context.Background(), cmd)
	if err != nil || b.Contact.LastName != "Nguyễn 👩‍⚕️" {
		t.Errorf("booked %+v, %v", b, err)
	}
}

func TestAddressesThatMailCanReach(t *testing.T) {
	svc, _, _ := newService(t)
	tests := []struct {
		email, problem string
	}{
		{"ada@exämple.com", ""},
		{"ada@例え.jp", ""},
		{"ädä@example.com", "validation.emailNotAscii"},
		{"ada@-bad-.com", "validation.emailInvalid"},
	}
	for i, tt := range tests {
		cmd := booking.BookCommand{Calendar: "demo-consultation", Start: "2026-11-2" + fmt.Sprint(3+i) + "T10:00:00+01:00", TimeZone: "Europe/Berlin", Contact: ada()}
		cmd.Contact.Email = tt.email
		_, _, err := svc.Book(context.Background(), cmd)
		var invalid *booking.ValidationError
		switch {
		case tt.problem == "" && err != nil:
			t.Errorf("%s: %v", tt.email, err)
		case tt.problem != "" && (!errors.As(err, &invalid) || invalid.Fields["contact.email"] != tt.problem):
			t.Errorf("%s: %v, want %s", tt.email, err, tt.problem)
		}
	}
}
