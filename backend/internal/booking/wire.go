package booking

// The booking domain's types that cross the wire: API request bodies and
// what the booker sees. ui/src/generated/booking.ts is generated from this
// file and view.go (make types); a test fails when it drifts.

// Field rules of a calendar's contact form.
const (
	FieldRequired = "required"
	FieldOptional = "optional"
	FieldHidden   = "hidden"
)

// LocationOption is one way to meet.
type LocationOption struct {
	Kind  string `json:"kind" tstype:"'address' | 'phone' | 'video' | 'booker'"` // booker: the booker types where they want to meet
	Value string `json:"value"`                                                  // the address, phone number or video link (empty for booker)
}

// Fields says which optional contact fields a calendar asks for.
type Fields struct {
	Phone       string `json:"phone" tstype:"FieldRule"`
	DateOfBirth string `json:"dateOfBirth" tstype:"FieldRule"`
	Location    string `json:"location" tstype:"FieldRule"`
	Notes       string `json:"notes" tstype:"FieldRule"`
}

// Contact is what the booker tells about themselves.
type Contact struct {
	FirstName string `json:"firstName"`
	LastName  string `json:"lastName"`
	Email     string `json:"email"`
	Phone     string `json:"phone"`
	// PhoneCountry is the region a phone number without a + is read in
	// (ISO 3166, "DE"); empty: the business's country.
	PhoneCountry string `json:"phoneCountry,omitempty"`
	DateOfBirth  string `json:"dateOfBirth,omitempty"`
	Location     string `json:"location,omitempty"`
	Notes        string `json:"notes,omitempty"`
	Consent      bool   `json:"consent,omitempty"`
}

// Guest is a person the booker brings.
type Guest struct {
	Name  string `json:"name"`
	Email string `json:"email"`
}

// BookCommand asks for a booking.
type BookCommand struct {
	Calendar    string  `json:"calendar"`
	Start       string  `json:"start"`
	TimeZone    string  `json:"tz"`
	StaffID     int64   `json:"staff,omitempty"`
	Locale      string  `json:"locale,omitempty"`
	AcceptTerms bool    `json:"acceptTerms,omitempty"`
	Contact     Contact `json:"contact"`
	Guests      []Guest `json:"guests,omitempty"`
	GuestCount  int     `json:"guestCount,omitempty"` // guests without names, when none are named
	OneTimeLink string  `json:"oneTimeLink,omitempty"`
	Repeat      *Repeat `json:"repeat,omitempty"` // a weekly or fortnightly series
	// Answers are to the calendar's own questions, by field id.
	Answers map[string][]string `json:"answers,omitempty"`
	// LocationChoice is a place chosen by its position among the
	// calendar's places (the details form's select, locationChoice): it
	// names the place Contact.Location would, or for the booker's own
	// place leaves the typed Contact.Location. Empty: Contact.Location is
	// the place, as the API sends it.
	LocationChoice string `json:"-"`
	// Team and Provider name the calendar as a booker's page does: a
	// team's calendar (instead of Calendar), and the person a provider's
	// page names by slug (instead of StaffID).
	Team     string `json:"-"`
	Provider string `json:"-"`
	// Admit, when set, is asked once the calendar and whom the booking
	// would mail are known, before anything is asked or written: the
	// caller's abuse limits (the booker's attempt and each address).
	Admit          Admit  `json:"-"`
	IdempotencyKey string `json:"-"`
	// ForClient is the business booking for its client (the dashboard):
	// the client's questions and the terms are theirs to answer, not
	// required here, a calendar that asks for confirmation books
	// confirmed, the business having decided, and one paid online is
	// paid at the appointment (the client is at no payment page).
	ForClient bool   `json:"-"`
	visit     string // the visit a cart's booking belongs to
	forGuest  bool   // a visit's service for Guests[0], not the booker
	anyMinute bool   // a visit's later service: any minute, not the calendar's grid
}

// Repeat asks for a series: the same time every week or every other week,
// Count times in all.
type Repeat struct {
	Every string `json:"every" tstype:"'week' | '2weeks'"`
	Count int    `json:"count"`
}

// DecideCommand confirms or declines a requested booking, with the secret
// of the business's mail.
type DecideCommand struct {
	ID             string `json:"-"`
	Token          string `json:"token"`
	Confirm        bool   `json:"confirm"`
	Reason         string `json:"reason,omitempty"`
	IdempotencyKey string `json:"-"`
}

// RescheduleCommand moves a booking.
type RescheduleCommand struct {
	ID             string `json:"-"`
	Token          string `json:"token"`
	Start          string `json:"start"`
	TimeZone       string `json:"tz"`
	IdempotencyKey string `json:"-"`
	// OutsideHours lets the business place it at any hour of the day
	// (an owner, on the dashboard); only RescheduleAsBusiness reads it.
	OutsideHours bool `json:"-"`
}

// CancelCommand cancels a booking.
type CancelCommand struct {
	ID     string `json:"-"`
	Token  string `json:"token"`
	Reason string `json:"reason"`
	// Only cancels this one service of a visit, where the business allows
	// it (Location.CancelOneOfVisit); without it the visit is cancelled whole.
	Only           bool   `json:"only,omitempty"`
	IdempotencyKey string `json:"-"`
}
