package notify

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
)

// Kinds of booking e-mail: the first four go to the booker, the staff ones
// to the staff member who takes the appointment.
const (
	KindConfirmation     = "booking.confirmation"
	KindRequested        = "booking.requested"
	KindRescheduled      = "booking.rescheduled"
	KindCancelled        = "booking.cancelled"
	KindStaffBooked      = "staff.booked"
	KindStaffRescheduled = "staff.rescheduled"
	KindStaffCancelled   = "staff.cancelled"
)

// Renderer calls a global function of the server bundle (ssr.Pool does).
type Renderer interface {
	Call(ctx context.Context, fn string, args ...string) (string, error)
}

// EmailData is what the bundle's renderEmail needs, as it expects it.
type EmailData struct {
	Locale   string            `json:"locale"`   // as in URLs: "de", "pt-br", "en-US"
	Lang     string            `json:"lang"`     // BCP 47 for Intl: "de", "pt-BR", "en-US"
	Messages map[string]string `json:"messages"` // the locale's catalogue merged over en-US
	// Booking is the booking as the pages see it (BookingView in
	// ui/src/features/booking/types.ts), links relative to BaseURL.
	Booking   any    `json:"booking"`
	BaseURL   string `json:"baseUrl"`   // origin the links start with, e.g. https://book.example.com
	StaffName string `json:"staffName"` // the recipient of staff.* mails
}

// ErrRender wraps every failure of Compose.
var ErrRender = errors.New("notify: unable to render e-mail")

// Compose renders the subject, plain text and HTML of a kind of e-mail with
// the server bundle's renderEmail(kind, dataJSON), so that dates, times and
// zones read exactly as on the pages. data is usually an EmailData.
func Compose(ctx context.Context, r Renderer, kind string, data any) (subject, text, html string, err error) {
	payload, err := json.Marshal(data)
	if err != nil {
		return "", "", "", fmt.Errorf("%w %s: %v", ErrRender, kind, err)
	}
	out, err := r.Call(ctx, "renderEmail", kind, string(payload))
	if err != nil {
		return "", "", "", fmt.Errorf("%w %s: %w", ErrRender, kind, err)
	}
	var res struct {
		Subject string `json:"subject"`
		Text    string `json:"text"`
		HTML    string `json:"html"`
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		return "", "", "", fmt.Errorf("%w %s: the bundle answered %.80q: %v", ErrRender, kind, out, err)
	}
	if res.Subject == "" || res.Text == "" {
		return "", "", "", fmt.Errorf("%w %s: empty subject or text", ErrRender, kind)
	}
	return res.Subject, res.Text, res.HTML, nil
}
