package booking_test

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"strings"
	"testing"
	"time"

	"slotwise/backend/internal/booking"
	"slotwise/backend/internal/db/dbtest"
	"slotwise/backend/internal/demo"
)

type brokenRenderer struct{}

func (brokenRenderer) Call(context.Context, string, ...string) (string, error) {
	return "", errors.New("renderer is down")
}

func TestABookingStandsWhenItsMailCannotBeRendered(t *testing.T) {
	pool := dbtest.New(t)
	if err := demo.Seed(context.Background(), pool); err != nil {
		t.Fatal(err)
	}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	svc := booking.NewService(pool, &booking.MailNotifier{Renderer: brokenRenderer{}, BaseURL: "https://book.example.com", From: "b@example.com", Logger: log}, log)
	svc.SetClock(func() time.Time { return friday })
	b, _, err := book(svc, "2026-11-23T10:00:00+01:00")
	if err != nil {
		t.Fatalf("booking failed with the renderer down: %v", err)
	}
	rows, err := pool.Query(context.Background(), `SELECT subject, convert_from(mime, 'UTF8') FROM outbox ORDER BY id`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	n := 0
	for rows.Next() {
		var subject, mime string
		rows.Scan(&subject, &mime)
		n++
		if !strings.Contains(subject, "Consultation") || !strings.Contains(mime, "invite.ics") {
			t.Errorf("plain mail %q lacks the facts or the calendar file", subject)
		}
	}
	if n != 2 {
		t.Errorf("%d mails queued for %s, want 2 (booker and staff)", n, b.ID)
	}
}
