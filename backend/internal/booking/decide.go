package booking

import (
	"context"
	"log/slog"

	"github.com/jackc/pgx/v5"
)

// Requests: a calendar that requires confirmation books as "requested"; the
// time is held, and the business confirms or declines from the link in its
// mail (a decide secret, never the booker's manage secret). The booker is
// told the outcome by mail.

// Events of a decision.
const (
	EventConfirmed = "booking.confirmed"
	EventDeclined  = "booking.declined"
)

// Decide confirms or declines a requested booking.
func (s *Service) Decide(ctx context.Context, cmd DecideCommand) (*Booking, error) {
	return s.decide(ctx, cmd, purposeDecide)
}

func (s *Service) decide(ctx context.Context, cmd DecideCommand, purpose string) (*Booking, error) {
	reason, err := reasonOf(cmd.Reason)
	if err != nil {
		return nil, err
	}
	event := EventDeclined
	if cmd.Confirm {
		event = EventConfirmed
	}
	decided, err := s.change(ctx, "booking.decide", event, purpose, cmd.ID, cmd.Token, cmd.IdempotencyKey, cmd,
		func(ctx context.Context, tx pgx.Tx, b *Booking) error {
			if b.Status != StatusRequested {
				return ErrNotRequested
			}
			b.Sequence++
			if cmd.Confirm {
				b.Status = StatusScheduled
				// The rows holding other people's time (collective) follow.
				return s.store.confirmBooking(ctx, tx, b)
			}
			b.Status, b.CancellationReason, b.CancelledBy = StatusCancelled, reason, "business"
			b.Money.oweEverything() // declined: whatever was paid goes back, whatever the policy
			return s.store.cancelBooking(ctx, tx, b)
		})
	if err == nil {
		s.log.InfoContext(ctx, "decided", slog.String("booking", decided.ID), slog.String("status", decided.Status))
	}
	return decided, err
}

// issueDecideToken makes the business's secret for a request's decision.
func issueDecideToken(ctx context.Context, q pgx.Tx, bookingID string) (string, error) {
	token := newToken()
	return token, storeToken(ctx, q, bookingID, token, purposeDecide)
}
