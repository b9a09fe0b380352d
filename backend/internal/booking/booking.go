// Package booking is the heart of the product: the business (location), its
// staff and their hours, bookable calendars, and bookings with their
// reschedule and cancel flows. Free times come from the pure availability
// package; "no double booking" is enforced by PostgreSQL itself (an
// exclusion constraint over staff and blocked time), so it holds under any
// concurrency and across replicas.
//
// Where the SQL lives. store.go holds the statements on bookings,
// calendars, staff and the business. The smaller entities keep theirs in
// their own file, beside the few methods that use them: links.go (one-time
// links), teams.go (teams and groups), menus.go (service menus), token.go
// (manage and decide secrets). place.go keeps the placement's advisory
// locks and its seat and daily counts beside the rule they serve: the
// order in which they are taken is what makes the rule hold under
// concurrency, so they are read together. admin.go builds the admin list's
// query filter by filter beside the Record it scans into. people.go is
// what other packages may ask of these tables (a person by slug, their
// longest booking window, who holds a class time): booking owns them, and
// the layers' table test keeps other packages' SQL off them.
package booking

import (
	"errors"
	"time"

	"slotwise/backend/internal/forms"
)

// Sentinel errors; the web layer maps them to status codes in one place.
var (
	ErrCalendarNotFound = errors.New("booking: calendar not found")
	ErrBookingNotFound  = errors.New("booking: booking not found")
	ErrSlotUnavailable  = errors.New("booking: slot unavailable")
	ErrStaffBusy        = errors.New("booking: the chosen staff member is not free then")
	ErrExpired          = errors.New("booking: booking can no longer be changed")
	ErrLinkUsed         = errors.New("booking: one-time link used or expired")
	ErrNotRequested     = errors.New("booking: booking is not waiting for a decision")
)

// SeatsError refuses a booking for more seats than a class slot has left.
type SeatsError struct{ Left int }

func (e *SeatsError) Error() string { return "booking: not enough seats left" }

// ValidationError lists invalid fields: field path (contact.email) →
// message id, and the arguments of the messages that take some.
type ValidationError struct {
	Fields map[string]string
	Args   map[string]map[string]string
}

func (e *ValidationError) Error() string { return "booking: invalid fields" }

// Status of a booking.
const (
	StatusScheduled = "scheduled"
	// StatusPending (money.go): waiting for its payment, holding its time.
	StatusRequested   = "requested"
	StatusRescheduled = "rescheduled"
	StatusCancelled   = "cancelled"
)

// Location is the business.
type Location struct {
	ID            int64
	Slug          string
	Name          string
	LogoURL       string
	BrandColor    string
	TimeZone      string
	Currency      string
	DefaultLocale string
	ConsentText   string
	TermsURL      string
	Email         string
	Country       string // ISO 3166 region: the phone field's default country
	// PaymentProvider is who takes its online payments; empty is the
	// operator's default.
	PaymentProvider string
	// PaymentAccounts are the providers it has an account of its own at;
	// Default tells the deployment's default business, which the
	// operator's own accounts pay when it has none.
	PaymentAccounts []string
	Default         bool
	// Phone and ContactForm (a form's slug) are, with Email, the ways a
	// visitor reaches it; PrivacyURL is its privacy policy.
	Phone, ContactForm, PrivacyURL string
	// CancelOneOfVisit lets a booker cancel one service of a visit and keep
	// the rest; otherwise a visit is cancelled whole.
	CancelOneOfVisit bool
	// Lang is the language its consent text is in (In).
	Lang string
	// Sells: it ships or hands over products (its shop settings name a
	// way), read with the business alone (its dashboard's orders).
	Sells bool
	// translations are its name and consent text in other languages
	// (location.de.yaml), by URL prefix: In reads them.
	translations []byte
}

// Staff is a person who takes appointments.
type Staff struct {
	ID       int64
	Slug     string
	Name     string
	Email    string
	TimeZone string
	// Weekly maps weekday (0 = Sunday) to wall-clock ranges [from, to].
	Weekly    map[int][][2]string
	Overrides []Override
}

// Override replaces a staff member's hours on one date.
type Override struct {
	Day    string // YYYY-MM-DD
	Closed bool
	Hours  [][2]string
}

// Calendar is something bookable.
type Calendar struct {
	ID                   int64
	Slug                 string
	Name                 string
	Description          string
	Duration             time.Duration
	Interval             time.Duration
	BufferBefore         time.Duration
	BufferAfter          time.Duration
	MinNotice            time.Duration
	WindowDays           int
	MaxPerStaffPerDay    int
	StaffMode            string // any, named, collective (everyone takes part)
	RequiresConfirmation bool
	Seats                int           // 0: one booking per slot; N: a class with N seats per slot
	MaxSeatsPerBooking   int           // the booker and their guests
	RecurringMax         int           // 0: single appointments; N: series of up to N
	PriceCents           int           // in the calendar's currency (CurrencyCode); 0: free or not shown
	Currency             string        // "": the business's
	PricePerPerson       bool          // each seat (the booker and each guest) pays the price
	DepositKind          string        // none, fixed, percent: what of the price is due when booking online
	DepositValue         int64         // the fixed amount, or the percentage
	Payment              string        // PaymentNone, PaymentOnline, PaymentOnSite
	Hold                 time.Duration // how long an unpaid booking holds its time
	RefundPolicy         string        // RefundWindow, RefundBusiness, RefundNever
	RefundWindow         time.Duration // refunds up to this long before the start
	LocationOptions      []LocationOption
	Fields               Fields
	// Questions are the calendar's own questions after the contact fields
	// (its booking form, a definition of the form engine); nil: none.
	Questions        *forms.Definition
	QuestionsVersion int
	// Reminders are sent before each booking (docs/content.md); their
	// rows are planned by planReminders, from the database's copy.
	Reminders []ReminderStep

	Location *Location
	Staff    []*Staff
	// Lang is the language of its name, description and places: the
	// business's, or a translation's (In).
	Lang         string
	translations []byte
}

// ReminderStep is one reminder of a calendar: Before minutes before the
// start, to the booker or the staff.
type ReminderStep struct {
	Before int    `json:"before"`
	To     string `json:"to"`
}

// Collective tells whether every person of the calendar takes part in
// each booking (so each must be free).
func (c *Calendar) Collective() bool { return c.StaffMode == "collective" }

// Class tells whether bookings share a slot's seats.
func (c *Calendar) Class() bool { return c.Seats > 0 }

// StaffByID returns the calendar's staff member with that id, or nil.
func (c *Calendar) StaffByID(id int64) *Staff {
	for _, s := range c.Staff {
		if s.ID == id {
			return s
		}
	}
	return nil
}

// Booking is one appointment.
type Booking struct {
	ID                 string
	Status             string
	Start, End         time.Time
	TimeZone           string // the booker's
	Locale             string
	Contact            Contact
	TermsAccepted      bool
	CancellationReason string
	PreviousStart      *time.Time
	Sequence           int
	CreatedAt          time.Time
	Seats              int           // the booker and their guests
	Guests             []Guest       // the guests named by the booker (the rest are a count)
	Assignment         string        // named, any
	CancelledBy        string        // booker, business
	SeriesID           string        // occurrences of one series share it
	ForGuest           bool          // the service is for Guests[0], not the booker
	Answers            forms.Answers // to the calendar's own questions
	FormVersion        int           // the version of the questions answered; 0: none
	Money              Money         // what it costs and what happened to its payment
	Attendance         string        // once it has begun: attended, no_show, or "" (not marked)

	together []string // the bookings changed with it in one command, told in its event

	Calendar *Calendar
	Staff    *Staff
}

// Assignment of a booking's person.
const (
	AssignedNamed = "named"
	AssignedAny   = "any"
)

// Active tells whether the booking still holds its time.
func (b *Booking) Active() bool { return b.Status != StatusCancelled }

// CanChange tells whether the booker may still reschedule or cancel.
func (b *Booking) CanChange(now time.Time) bool { return b.Active() && b.Start.After(now) }

// FieldMessages gives the web layer the invalid fields and their message
// arguments.
func (e *ValidationError) FieldMessages() (map[string]string, map[string]map[string]string) {
	return e.Fields, e.Args
}
