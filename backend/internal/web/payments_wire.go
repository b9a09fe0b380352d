package web

import (
	"time"

	"slotwise/backend/internal/booking"
)

// PriceInfo is a calendar's price as the booker's details step shows it:
// amounts in the currency's minor unit. The booker's browser works out the
// amount for their seats and series the way booking.Quote does; the
// server's quote is the one charged.
type PriceInfo struct {
	Amount       int64  `json:"amount"` // per booking, or per person when PerPerson
	Currency     string `json:"currency"`
	PerPerson    bool   `json:"perPerson"`
	Payment      string `json:"payment" tstype:"'none' | 'online' | 'on_site'"`
	DepositKind  string `json:"depositKind" tstype:"'none' | 'fixed' | 'percent'"`
	DepositValue int64  `json:"depositValue"`
	// Online tells whether online payment is set up; a calendar paid
	// online without it books nothing.
	Online            bool   `json:"online"`
	HoldMinutes       int    `json:"holdMinutes"`
	RefundPolicy      string `json:"refundPolicy" tstype:"'window' | 'business' | 'never'"`
	RefundWindowHours int    `json:"refundWindowHours"`
	// Label is the price as the page's language writes money, for the
	// first screen (locales.FormatMoney, as Intl writes it); How, in the
	// same language, how and when it is paid (a deposit online and the
	// rest at the appointment), whether or not online payment is set up.
	Label string `json:"label"`
	How   string `json:"how,omitempty"`
}

// PaymentResultData is the payment result page's payload.
type PaymentResultData struct {
	State     string       `json:"state" tstype:"'paid' | 'pending' | 'failed' | 'expired' | 'refunded' | 'left'"`
	Amount    int64        `json:"amount"`
	Currency  string       `json:"currency"`
	Booking   booking.View `json:"booking"` // the first of the bookings paid for
	Count     int          `json:"count"`   // how many bookings the payment is for
	HoldUntil *time.Time   `json:"holdUntil" tstype:"string | null,required"`
	// PayAgain: the time is still held, so the booker can try again.
	PayAgain  bool   `json:"payAgain"`
	PaymentID string `json:"paymentId"`
	Token     string `json:"token"`
	Preview   bool   `json:"preview"` // a preview: nothing is asked or recorded
}

// CheckoutRequest asks where to pay a held booking: POST /api/bookings/{id}/checkout.
type CheckoutRequest struct {
	Token  string `json:"token"`
	Locale string `json:"locale,omitempty"`
}

// CheckoutResponse is where the booker pays.
type CheckoutResponse struct {
	URL    string `json:"url"`
	Result string `json:"result"` // our page that follows the payment
}
