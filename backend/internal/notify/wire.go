package notify

// What Go hands the server bundle's renderEmail and what it answers;
// ui/src/generated/notify.ts is generated from this file (make types).

// Kinds of booking e-mail: booking.* go to the booker, staff.* to the staff
// member who takes the appointment, guest.* to the booker's guests.
const (
	KindConfirmation     = "booking.confirmation"
	KindRequested        = "booking.requested"
	KindRescheduled      = "booking.rescheduled"
	KindCancelled        = "booking.cancelled"
	KindStaffBooked      = "staff.booked"
	KindStaffRescheduled = "staff.rescheduled"
	KindStaffCancelled   = "staff.cancelled"
	KindDeclined         = "booking.declined" // the business declined a request
	KindGuestInvited     = "guest.invited"    // to each guest with an e-mail, once the booking holds
	KindGuestCancelled   = "guest.cancelled"
	// Between booking and appointment: a reminder to the booker, a guest
	// or the staff; the booker's follow-up after it; a staff member's
	// agenda of their day.
	KindReminder      = "booking.reminder"
	KindGuestReminder = "guest.reminder"
	KindStaffReminder = "staff.reminder"
	KindFollowUp      = "booking.followup"
	KindStaffAgenda   = "staff.agenda"
	// KindLinks answers a booker who asked for the links to their
	// upcoming bookings.
	KindLinks = "booking.links"
	// KindFormSubmitted goes to the business: a form, quiz or survey was
	// submitted, with its answers.
	KindFormSubmitted = "form.submitted"
	// An order's mails: to the buyer once it is paid (with its receipt),
	// shipped, ready for pick-up and refunded; to the business, each new
	// paid order.
	KindOrderConfirmation = "order.confirmation"
	KindOrderShipped      = "order.shipped"
	KindOrderReady        = "order.ready"
	KindOrderRefunded     = "order.refunded"
	KindOrderReceived     = "order.received"
	// KindSignIn is a person's link into their business's dashboard.
	KindSignIn = "admin.sign_in"
	// KindPasskeyAdded tells a person a passkey now signs them in.
	KindPasskeyAdded = "admin.passkey_added"
)

// EmailData is what the bundle's renderEmail needs, as it expects it.
type EmailData struct {
	Locale   string            `json:"locale"`   // as in URLs: "de", "pt-br", "en-US"
	Lang     string            `json:"lang"`     // BCP 47 for Intl: "de", "pt-BR", "en-US"
	Messages map[string]string `json:"messages"` // the locale's catalogue merged over en-US
	// Booking is the booking as the pages see it (booking.View), links
	// relative to BaseURL.
	Booking   any    `json:"booking,omitempty" tstype:"booking.View"`
	BaseURL   string `json:"baseUrl"`             // origin the links start with, e.g. https://book.example.com
	StaffName string `json:"staffName,omitempty"` // the recipient of staff.* mails
	Brand     string `json:"brand,omitempty"`     // #rrggbb, the business's colour, as its pages wear it
	// Also are the bookings made together with Booking (a series' later
	// times, a visit's other services), told in the same mail.
	Also any `json:"also,omitempty" tstype:"booking.View[]"`
	// Form is what a form.submitted mail tells (instead of a booking).
	Form *FormEmail `json:"form,omitempty"`
	// Reminder is what a reminder, follow-up or agenda adds.
	Reminder *ReminderEmail `json:"reminder,omitempty"`
	// SignIn is what an admin.sign_in mail tells (instead of a booking).
	SignIn *SignInEmail `json:"signIn,omitempty"`
	// Passkey is what an admin.passkey_added mail tells.
	Passkey *PasskeyEmail `json:"passkey,omitempty"`
	// Order is what an order.* mail tells.
	Order *OrderEmail `json:"order,omitempty"`
}

// OrderEmail is an order as its mails tell it: what was bought, what it
// cost, how it reaches the buyer, and what just happened to it.
type OrderEmail struct {
	Business string           `json:"business"`
	Number   int64            `json:"number"`
	Customer string           `json:"customer"`
	Email    string           `json:"email"`
	Phone    string           `json:"phone,omitempty"`
	Currency string           `json:"currency"`
	Lines    []OrderEmailLine `json:"lines"`
	// The totals, as every screen shows them (tax inside the total or
	// added to it).
	SubtotalCents int64  `json:"subtotalCents"`
	ShippingCents int64  `json:"shippingCents"`
	TaxCents      int64  `json:"taxCents"`
	TotalCents    int64  `json:"totalCents"`
	TaxInclusive  bool   `json:"taxInclusive"`
	TaxName       string `json:"taxName,omitempty"`
	// Delivery is "ship" (to Address, by ShippingName) or "pickup" (at
	// PickupAddress, ready from ReadyAt).
	Delivery      string   `json:"delivery"`
	ShippingName  string   `json:"shippingName,omitempty"`
	Address       []string `json:"address,omitempty"` // the lines of the delivery address, but its country
	Country       string   `json:"country,omitempty"` // ISO 3166-1 alpha-2, named in the reader's language
	PickupAddress string   `json:"pickupAddress,omitempty"`
	ReadyAt       string   `json:"readyAt,omitempty"` // RFC 3339
	PaidAt        string   `json:"paidAt,omitempty"`  // RFC 3339
	TimeZone      string   `json:"timeZone"`          // the business's, for the times
	TrackingURL   string   `json:"trackingUrl,omitempty"`
	// RefundedCents is what this refund gave back; Cancelled and SoldOut
	// say why (the business cancelled; it sold out before the payment).
	RefundedCents int64 `json:"refundedCents,omitempty"`
	Cancelled     bool  `json:"cancelled,omitempty"`
	SoldOut       bool  `json:"soldOut,omitempty"`
	// Link opens the order: the buyer's page, or the business's in its
	// dashboard (relative to BaseURL).
	Link string `json:"link"`
}

// OrderEmailLine is one thing bought.
type OrderEmailLine struct {
	Name        string `json:"name"`
	VariantName string `json:"variantName,omitempty"`
	Quantity    int    `json:"quantity"`
	AmountCents int64  `json:"amountCents"`
}

// SignInEmail is a link that signs a person in to the business's
// dashboard once.
type SignInEmail struct {
	Business string `json:"business"`
	Email    string `json:"email"`   // whom it signs in
	Link     string `json:"link"`    // relative to BaseURL
	Minutes  int    `json:"minutes"` // how long it works
	// Invited: an owner just added the person (the link lives a day).
	Invited bool `json:"invited,omitempty"`
}

// PasskeyEmail tells a person that a passkey was added to their sign-in:
// if they did not add it, their account's page removes it and signs every
// browser out.
type PasskeyEmail struct {
	Business string `json:"business"`
	Email    string `json:"email"`   // whose sign-in it is
	Name     string `json:"name"`    // the passkey's name: the browser it was made in
	Account  string `json:"account"` // the account's page, relative to BaseURL
}

// ReminderEmail is what a mail between booking and appointment adds to
// the booking it tells of.
type ReminderEmail struct {
	// BusinessTimeZone is told beside the booker's when they differ.
	BusinessTimeZone string `json:"businessTimeZone,omitempty"`
	// FormURL is the follow-up's form, tied to the booking (relative).
	FormURL string `json:"formUrl,omitempty"`
	// Day (YYYY-MM-DD) and StaffTimeZone are an agenda's day and zone.
	Day           string `json:"day,omitempty"`
	StaffTimeZone string `json:"staffTimeZone,omitempty"`
	// Who comes to each appointment told (the booking and each of Also),
	// for the staff: a class's people by name, where one booking would
	// name only its own booker.
	Who []string `json:"who,omitempty"`
	// RemindBefore, in a booker's confirmation, says which reminders will
	// come: minutes before the start.
	RemindBefore []int `json:"remindBefore,omitempty"`
}

// FormEmail is a submitted response as the business reads it: each
// question answered, in the business's language.
type FormEmail struct {
	Title     string     `json:"title"`
	Business  string     `json:"business"`
	Kind      string     `json:"kind"` // form, quiz or survey
	Response  string     `json:"response"`
	Submitted string     `json:"submitted"` // RFC 3339
	TimeZone  string     `json:"timeZone"`  // the business's, for the time
	Rows      []EmailRow `json:"rows"`
	Score     string     `json:"score,omitempty"` // "4 / 6", for a quiz
	Page      string     `json:"page,omitempty"`  // where the form was
}

// EmailRow is one question and its answer.
type EmailRow struct {
	Label string `json:"label"`
	Value string `json:"value"`
}

// RenderedEmail is renderEmail's answer.
type RenderedEmail struct {
	Subject string `json:"subject"`
	Text    string `json:"text"`
	HTML    string `json:"html"`
}
