package calsync_test

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"testing"
	"time"

	"slotwise/backend/internal/booking"
	"slotwise/backend/internal/calsync"
	"slotwise/backend/internal/calsync/caldavtest"
)

func TestABookingAsksAStaleCalendarAboutItsTime(t *testing.T) {
	svc, pool := newService(t)
	ctx := context.Background()
	dav := caldavtest.Start(t)
	work := dav.MakeCalendar("work", "Work")
	_, err := svc.Create(ctx, calsync.Input{Staff: "jonas", Kind: calsync.KindCalDAV, URL: dav.URL + "/", Username: dav.User, Password: dav.Password})
	if err != nil {
		t.Fatal(err)
	}
	// One booking service a choice of the operator's: the live check of the
	// default, and of one that refuses a person whose server is silent.
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	on := func(check booking.LiveCheck) *booking.Service {
		return booking.NewService(pool, quiet, booking.Options{Clock: func() time.Time { return monday }, LiveCheck: check})
	}
	bookings := on(svc.CheckLive)
	jonas := staffOf(t, bookings, "demo-consultation", "jonas")
	mia := staffOf(t, bookings, "demo-consultation", "mia")
	book := func(start string, staff int64) (*booking.Booking, error) {
		b, _, err := bookings.Book(ctx, booking.BookCommand{Calendar: "demo-consultation", Start: start, TimeZone: "Europe/Berlin", Contact: ada(), StaffID: staff})
		return b, err
	}

	// A minute after the last sync, Jonas adds a dentist's appointment.
	dav.Put(work, "dentist", vcal(event("dentist", "20270302T090000Z", "20270302T100000Z")))
	svc.SetClock(func() time.Time { return monday.Add(calsync.FreshFor + time.Second) })
	if _, err := book("2027-03-02T10:00:00+01:00", jonas); !errors.Is(err, booking.ErrStaffBusy) {
		t.Fatalf("Jonas at his new dentist's time: %v, want ErrStaffBusy", err)
	}
	if b, err := book("2027-03-02T10:30:00+01:00", 0); err != nil || b.Staff.ID != mia {
		t.Errorf("any available at 10:30: %v, want Mia", err)
	}
	if b, err := book("2027-03-02T11:00:00+01:00", jonas); err != nil || b.Staff.ID != jonas {
		t.Errorf("Jonas after the dentist: %v", err)
	}

	// The operator may choose to refuse a person whose server is silent;
	// while it answers, nothing changes.
	opt := testOptions()
	opt.RefuseUnanswered = true
	refusing := calsync.NewService(pool, opt)
	refusing.SetClock(func() time.Time { return monday.Add(calsync.FreshFor + time.Second) })
	bookings = on(refusing.CheckLive)
	if _, err := book("2027-03-02T11:30:00+01:00", jonas); err != nil {
		t.Errorf("refusal chosen, the server answering: %v, want booked", err)
	}

	// His server stops answering: with refusal chosen, he is not booked;
	dav.Stop()
	if _, err := book("2027-03-02T13:00:00+01:00", jonas); !errors.Is(err, booking.ErrStaffBusy) {
		t.Errorf("with the server silent and refusal chosen: %v, want ErrStaffBusy", err)
	}
	// by default he is booked on what was stored.
	bookings = on(svc.CheckLive)
	if _, err := book("2027-03-02T12:00:00+01:00", jonas); err != nil {
		t.Errorf("with the server silent, by default: %v, want booked", err)
	}
}
