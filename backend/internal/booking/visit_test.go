package booking_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"slotwise/backend/internal/booking"
)

// bookVisit books a haircut then a manicure on Monday 2026-11-23 at 09:00.
func bookVisit(t *testing.T, svc *booking.Service) ([]*booking.Booking, string) {
	return bookVisitAt(t, svc, "2026-11-23T09:00:00+01:00")
}

func bookVisitAt(t *testing.T, svc *booking.Service, start string) ([]*booking.Booking, string) {
	t.Helper()
	ctx := context.Background()
	menu, err := svc.MenuBySlug(ctx, "demo-salon")
	if err != nil {
		t.Fatal(err)
	}
	b, token, err := svc.BookCart(ctx, menu, booking.CartCommand{Menu: menu.ID, Items: []string{"salon-haircut", "salon-manicure"},
		BookCommand: booking.BookCommand{Start: start, TimeZone: "Europe/Berlin", Contact: ada()}})
	if err != nil {
		t.Fatal(err)
	}
	all, err := svc.SeriesOf(ctx, b)
	if err != nil || len(all) != 2 {
		t.Fatalf("the visit: %d bookings, %v", len(all), err)
	}
	return all, token
}

func TestAVisitIsMovedWholeAndKeepsItsOrder(t *testing.T) {
	tests := []struct {
		name       string
		booked     string
		move       int // which service's link moves the visit
		to         string
		wantFirst  string
		wantSecond string
	}{
		{"from the first service, to another day", "2026-11-23T09:00:00+01:00", 0, "2026-11-24T10:00:00+01:00", "10:00", "10:45"},
		{"from the second service, a quarter later", "2026-11-23T09:00:00+01:00", 1, "2026-11-23T10:00:00+01:00", "09:15", "10:00"},
		{"a quarter earlier", "2026-11-23T10:00:00+01:00", 0, "2026-11-23T09:45:00+01:00", "09:45", "10:30"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			svc, pool, _ := newService(t)
			ctx := context.Background()
			all, token := bookVisitAt(t, svc, tc.booked)
			if _, err := svc.Reschedule(ctx, booking.RescheduleCommand{ID: all[tc.move].ID, Token: token, Start: tc.to, TimeZone: "Europe/Berlin"}); err != nil {
				t.Fatal(err)
			}
			moved, err := svc.MadeWith(ctx, pool, all[0].ID)
			if err != nil {
				t.Fatal(err)
			}
			berlin, _ := time.LoadLocation("Europe/Berlin")
			got := []string{moved[0].Start.In(berlin).Format("15:04"), moved[1].Start.In(berlin).Format("15:04")}
			if got[0] != tc.wantFirst || got[1] != tc.wantSecond || moved[0].Calendar.Slug != "salon-haircut" {
				t.Errorf("moved to %v (%s first), want %s then %s", got, moved[0].Calendar.Slug, tc.wantFirst, tc.wantSecond)
			}
			if !moved[1].Start.Equal(moved[0].End) {
				t.Errorf("the manicure starts at %s, not when the haircut ends (%s)", moved[1].Start, moved[0].End)
			}
			for _, b := range moved {
				if b.Status != booking.StatusRescheduled || b.PreviousStart == nil {
					t.Errorf("%s: status %s, previous %v", b.Calendar.Slug, b.Status, b.PreviousStart)
				}
			}
		})
	}
}

func TestAVisitMovesOnlyToTimesWhereEveryServiceFits(t *testing.T) {
	svc, pool, _ := newService(t)
	ctx := context.Background()
	all, token := bookVisit(t, svc)
	// Both people busy Tuesday 11:00–11:30: a haircut at 10:15 fits, its manicure does not.
	for _, who := range []string{"mia", "jonas"} {
		if _, _, err := svc.Book(ctx, booking.BookCommand{Calendar: "demo-consultation", Start: "2026-11-24T11:00:00+01:00", TimeZone: "Europe/Berlin",
			StaffID: staffID(t, pool, who), Contact: ada()}); err != nil {
			t.Fatal(err)
		}
	}
	res, err := svc.VisitSlots(ctx, all[0], booking.SlotsQuery{From: "2026-11-24", To: "2026-11-24", TimeZone: "Europe/Berlin"})
	if err != nil {
		t.Fatal(err)
	}
	offered := offeredAt(res)
	if offered["10:15"] || !offered["11:30"] || !offered["09:00"] {
		t.Errorf("offered %v: want 09:00 and 11:30, not 10:15", offered)
	}
	_, err = svc.Reschedule(ctx, booking.RescheduleCommand{ID: all[0].ID, Token: token, Start: "2026-11-24T10:15:00+01:00", TimeZone: "Europe/Berlin"})
	if !errors.Is(err, booking.ErrSlotUnavailable) {
		t.Errorf("a move whose manicure does not fit: %v, want the time refused", err)
	}
	kept, _ := svc.MadeWith(ctx, pool, all[0].ID)
	for i, b := range kept {
		if !b.Start.Equal(all[i].Start) || b.Status != booking.StatusScheduled {
			t.Errorf("%s changed by a refused move: %s %s", b.Calendar.Slug, b.Start, b.Status)
		}
	}
}

func TestAVisitIsCancelledWholeAndOneServiceOnlyWhereTheBusinessAllows(t *testing.T) {
	svc, pool, _ := newService(t)
	ctx := context.Background()
	all, token := bookVisit(t, svc)
	var v *booking.ValidationError
	if _, err := svc.Cancel(ctx, booking.CancelCommand{ID: all[1].ID, Token: token, Only: true}); !errors.As(err, &v) || v.Fields["only"] == "" {
		t.Fatalf("one service cancelled where the business does not allow it: %v", err)
	}
	if _, err := pool.Exec(ctx, `UPDATE locations SET cancel_one_of_visit = true`); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.Cancel(ctx, booking.CancelCommand{ID: all[1].ID, Token: token, Only: true}); err != nil {
		t.Fatal(err)
	}
	left, _ := svc.MadeWith(ctx, pool, all[0].ID)
	if left[0].Status == booking.StatusCancelled || left[1].Status != booking.StatusCancelled {
		t.Errorf("after cancelling the manicure alone: %s, %s", left[0].Status, left[1].Status)
	}
	// The rest is still one visit: cancelling it ends what holds.
	if _, err := svc.Cancel(ctx, booking.CancelCommand{ID: all[0].ID, Token: token, Reason: "Ill"}); err != nil {
		t.Fatal(err)
	}
	left, _ = svc.MadeWith(ctx, pool, all[0].ID)
	if left[0].Status != booking.StatusCancelled || left[0].CancellationReason != "Ill" {
		t.Errorf("the haircut: %s %q", left[0].Status, left[0].CancellationReason)
	}

	other, token2 := bookVisit(t, svc)
	if _, err := svc.Cancel(ctx, booking.CancelCommand{ID: other[0].ID, Token: token2}); err != nil {
		t.Fatal(err)
	}
	gone, _ := svc.MadeWith(ctx, pool, other[0].ID)
	for _, b := range gone {
		if b.Status != booking.StatusCancelled {
			t.Errorf("%s still %s after the visit was cancelled", b.Calendar.Slug, b.Status)
		}
	}
}

// A visit moved or cancelled whole is one mail to the booker, telling of
// every service and carrying each in its calendar file.
func TestAVisitMovedOrCancelledIsOneMail(t *testing.T) {
	svc, pool, d := mailFixture(t)
	ctx := context.Background()
	all, token := bookVisit(t, svc)
	deliverAndRead(t, pool, d)
	if _, err := pool.Exec(ctx, `DELETE FROM outbox`); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.Reschedule(ctx, booking.RescheduleCommand{ID: all[0].ID, Token: token, Start: "2026-11-24T10:00:00+01:00", TimeZone: "Europe/Berlin"}); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.Cancel(ctx, booking.CancelCommand{ID: all[0].ID, Token: token}); err != nil {
		t.Fatal(err)
	}
	kinds := map[string]int{}
	for _, m := range deliverAndRead(t, pool, d) {
		if m.recipient != "ada@example.com" {
			continue
		}
		kinds[m.kind]++
		if n := strings.Count(m.mime, "BEGIN:VEVENT"); n != 2 {
			t.Errorf("the booker's %s mail carries %d events, want both services", m.kind, n)
		}
	}
	if kinds["booking.rescheduled"] != 1 || kinds["booking.cancelled"] != 1 {
		t.Errorf("the booker's mails: %v, want one of each", kinds)
	}
}

// Two moves of one visit at once, from its two links: each is whole, one
// after the other, and the services stay back to back.
func TestTwoMovesOfOneVisitAtOnceLeaveItWhole(t *testing.T) {
	svc, pool, _ := newService(t)
	ctx := context.Background()
	all, token := bookVisit(t, svc)
	moves := []booking.RescheduleCommand{
		{ID: all[0].ID, Token: token, Start: "2026-11-24T10:00:00+01:00", TimeZone: "Europe/Berlin", IdempotencyKey: "a"},
		{ID: all[1].ID, Token: token, Start: "2026-11-25T14:45:00+01:00", TimeZone: "Europe/Berlin", IdempotencyKey: "b"},
	}
	errs := make(chan error, len(moves))
	for _, cmd := range moves {
		go func() {
			_, err := svc.Reschedule(ctx, cmd)
			errs <- err
		}()
	}
	for range moves {
		if err := <-errs; err != nil && !errors.Is(err, booking.ErrSlotUnavailable) {
			t.Errorf("a move at the same time: %v", err)
		}
	}
	moved, err := svc.MadeWith(ctx, pool, all[0].ID)
	if err != nil {
		t.Fatal(err)
	}
	if !moved[1].Start.Equal(moved[0].End) || moved[0].Calendar.Slug != "salon-haircut" {
		t.Errorf("after two moves at once: %s %s–%s, %s %s", moved[0].Calendar.Slug, moved[0].Start, moved[0].End, moved[1].Calendar.Slug, moved[1].Start)
	}
}
