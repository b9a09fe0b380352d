// Package payments takes the money a booking asks for when it is made:
// a hosted checkout at a provider (no card data touches the server), the
// provider's events (signed, each taken in once, worked on after the
// answer), the hold of an unpaid booking and its release, and refunds.
//
// The rules, in order of importance:
//   - Amounts are integers in the currency's minor unit.
//   - The provider's word decides: its webhook is the source of truth, and
//     the return page asks the provider before it says anything. Whichever
//     comes first records the payment (booking.RecordPayment, under the
//     bookings' row locks), never twice.
//   - Our hold timer is the authority on an unpaid slot: when it ends the
//     booking is released and the provider's session expired. A payment
//     that arrives after that is refunded and the booker told.
//   - Provider calls happen outside database transactions, driven by
//     events, with idempotency keys derived from our own ids.
//
// The booking knows only how a calendar is paid (online, on site); which
// provider takes an online payment is this package's business (Provider),
// so another provider is a new implementation and nothing else.
package payments

import (
	"context"
	"errors"
	"net/http"
	"net/url"
)

// Sentinel errors.
var (
	ErrNotFound     = errors.New("payments: payment not found")
	ErrNotPayable   = errors.New("payments: the booking is not waiting for a payment")
	ErrBadSignature = errors.New("payments: the event's signature does not verify")
	ErrBadEvent     = errors.New("payments: the event cannot be read")
	ErrUnavailable  = errors.New("payments: the payment provider could not be reached")
	ErrKeysRefused  = errors.New("payments: the payment provider refused the account's keys")
)

// KeyChecker is a provider that can tell whether it takes the keys it was
// made with, asked the cheapest question the account must be able to
// answer anyway: nil when it takes them, ErrKeysRefused when it does not,
// ErrUnavailable when it cannot be asked.
type KeyChecker interface {
	CheckKeys(ctx context.Context) error
}

// Provider is a payment provider with a hosted checkout.
type Provider interface {
	// Name is the provider's name in URLs and stored rows ("stripe").
	Name() string
	// Checkout opens a hosted checkout for one amount; the same key gives
	// the same session however often it is asked.
	Checkout(ctx context.Context, r CheckoutRequest) (Session, error)
	// Session asks the provider how a checkout stands.
	Session(ctx context.Context, id string) (Session, error)
	// Expire closes an open checkout so it can no longer be paid.
	Expire(ctx context.Context, id string) error
	// Refund gives back amount of a payment; the same key refunds once.
	Refund(ctx context.Context, r RefundRequest) (string, error)
	// Verify checks an event delivery's signature and reads it. A
	// provider that must be asked (PayPal) answers ErrUnavailable while
	// it cannot be, and the delivery is refused so that it comes again.
	Verify(ctx context.Context, payload []byte, header http.Header) (Event, error)
}

// Capturer is a provider whose checkout, once the booker approves it, is
// paid only when we capture it (PayPal's orders): an approval is not
// money, and one that comes after our hold ended is never captured.
type Capturer interface {
	Provider
	// Capture takes an approved checkout's money; the same key captures
	// once.
	Capture(ctx context.Context, sessionID, key string) (Session, error)
}

// RedirectReturn is a provider that sends the booker back by adding its
// own parameters to our address (PayPal adds token and PayerID). Ours
// would clash with them, so it returns to our return address, where the
// booking's secret goes by another name (ReturnKeyParam), and the booker
// is sent on to the result page.
type RedirectReturn interface {
	Provider
	ReturnsByRedirect()
}

// ReturnKeyParam names the booking's secret in a RedirectReturn
// provider's return address.
const ReturnKeyParam = "key"

// FormCheckout is a provider whose checkout page is opened by a form the
// booker's browser posts to it (Razorpay's hosted checkout), not by a
// link, and which posts the booker back to Slotwise with a signed answer.
type FormCheckout interface {
	Provider
	// CheckoutForm is the form's fields for an open checkout; the form is
	// posted to the session's URL.
	CheckoutForm(sessionID string, r CheckoutRequest) url.Values
	// VerifyReturn checks the answer posted back with the booker.
	VerifyReturn(form url.Values) bool
}

// CheckoutRequest is one checkout: an amount for a booking or an order.
type CheckoutRequest struct {
	Key         string // idempotency key: the payment's id
	Amount      int64
	Currency    string // ISO 4217, upper case
	Description string // what is paid for, in the booker's language
	Merchant    string // the business's name, shown on the provider's page
	Email       string
	Locale      string // the booker's language, BCP 47
	Reference   string // the booking's or the order's id, the provider's reference
	PaymentID   string
	SuccessURL  string // the provider puts its session id in place of {SESSION_ID}
	CancelURL   string
	ExpiresAt   int64 // Unix seconds; the provider may not close sooner than it allows
}

// SessionIDTemplate stands in the return URLs for the provider's session
// id, which the provider writes in when it sends the booker back.
const SessionIDTemplate = "{SESSION_ID}"

// Session is a checkout as the provider sees it.
type Session struct {
	ID       string
	URL      string
	Status   string // SessionOpen, SessionApproved, SessionComplete, SessionExpired, SessionFailed
	Paid     bool   // the money arrived
	IntentID string // the provider's payment, for refunds
	Amount   int64
}

// Session statuses.
const (
	SessionOpen     = "open"
	SessionApproved = "approved" // the booker said yes; the money is taken by Capturer.Capture
	SessionComplete = "complete"
	SessionExpired  = "expired"
	SessionFailed   = "failed"
)

// RefundRequest gives back money of a payment.
type RefundRequest struct {
	Key      string
	IntentID string
	Amount   int64
	Currency string // the payment's, ISO 4217
}

// Event types, as this package reads the provider's.
const (
	EventCompleted      = "completed"       // the booker finished the checkout (paid, or a delayed method is confirming)
	EventAsyncSucceeded = "async_succeeded" // a delayed method confirmed
	EventAsyncFailed    = "async_failed"    // a delayed method failed
	EventExpired        = "expired"         // the session closed unpaid
	EventApproved       = "approved"        // the booker approved a Capturer's checkout: capture it while the hold lasts
	EventOther          = ""                // acknowledged and left alone
)

// EventOrderRefundDue is the shop's event of money an order owes back
// (shop.EventRefundDue): the fulfiller gives it back at the provider.
const EventOrderRefundDue = "order.refund_due"

// Event is one provider event, read.
type Event struct {
	ID        string `json:"id"`
	Type      string `json:"type"`     // one of the Event… types
	Original  string `json:"original"` // the provider's own name for it
	SessionID string `json:"sessionId"`
	Paid      bool   `json:"paid"`
	IntentID  string `json:"intentId,omitempty"`
	Amount    int64  `json:"amount"`
}
