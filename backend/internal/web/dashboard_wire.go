package web

// What the dashboard's pages are rendered from (ui/src/features/dashboard);
// ui/src/generated/web.ts is generated from this file (make types).

import (
	"slotwise/backend/internal/forms"
	"slotwise/backend/internal/shop"
)

// AdminBusiness is the business a dashboard page belongs to.
type AdminBusiness struct {
	Name     string `json:"name"`
	LogoURL  string `json:"logoUrl,omitempty"`
	TimeZone string `json:"timeZone"` // the business's, which times are told in
}

// AdminFrame is what every signed-in page wears: the business, who is
// signed in, and how many requests wait for an answer.
type AdminFrame struct {
	Business AdminBusiness `json:"business"`
	Email    string        `json:"email"`
	Role     string        `json:"role" tstype:"'owner' | 'desk' | 'staff'"`
	Requests int           `json:"requests"`
	// Shop: the business sells products, and its orders are worked here.
	Shop bool `json:"shop,omitempty"`
}

// AdminSignInPageData is the sign-in page: the address to mail a link to.
type AdminSignInPageData struct {
	Business AdminBusiness `json:"business"`
	// State tells what became of the last request: a link is on its way
	// (sent), or the visitor signed out (out); "" before any.
	State   string `json:"state" tstype:"'' | 'sent' | 'out'"`
	Minutes int    `json:"minutes"` // how long a mailed link works
}

// AdminLinkPageData is the page a sign-in link opens: whom it signs in,
// and the button that does it, or that the link is spent.
type AdminLinkPageData struct {
	Business AdminBusiness `json:"business"`
	Email    string        `json:"email,omitempty"` // "" when the link opens nothing
	FormKey  string        `json:"formKey"`
}

// AdminSignOutPageData offers to sign out of this browser or everywhere.
type AdminSignOutPageData struct {
	Frame AdminFrame `json:"frame"`
}

// AdminFilters are the bookings list's filters, as the query says them.
type AdminFilters struct {
	Search   string `json:"q"`
	Calendar string `json:"calendar"`
	Staff    string `json:"staff"`
	From     string `json:"from"` // YYYY-MM-DD, in the business's zone
	To       string `json:"to"`   // YYYY-MM-DD, the last day shown
}

// AdminChoice is a calendar or staff member to filter by.
type AdminChoice struct {
	Slug string `json:"slug"`
	Name string `json:"name"`
}

// AdminBookingsPageData is a tab of the bookings list.
type AdminBookingsPageData struct {
	Frame     AdminFrame        `json:"frame"`
	Tab       string            `json:"tab" tstype:"'upcoming' | 'requests' | 'past' | 'cancelled'"`
	Filters   AdminFilters      `json:"filters"`
	Calendars []AdminChoice     `json:"calendars"`
	Staff     []AdminChoice     `json:"staff"` // none for a staff member, who sees their own
	Bookings  []AdminBookingRow `json:"bookings"`
	// Next is the address of the list's next page, "" at its end.
	Next string `json:"next,omitempty"`
	// Today is the business's date (YYYY-MM-DD) by the server's clock: the
	// list's "today" and "tomorrow". A date, not the moment, so the page
	// renders the same all day (the engine keeps a render by its payload).
	Today string `json:"today"`
	// Now is the start of the business's day (RFC 3339), for a page whose
	// script came before Today: a tab left open across an upgrade reads
	// its "today" from it, and would fail without it.
	Now     string `json:"now"`
	FormKey string `json:"formKey"`
	// Done tells what the last change did (confirmed, declined,
	// cancelled), shown once.
	Done string `json:"done,omitempty"`
}

// AdminBookingRow is a booking as the list shows it.
type AdminBookingRow struct {
	ID       string `json:"id"`
	Status   string `json:"status"`
	Calendar string `json:"calendar"` // its name
	Staff    string `json:"staff"`    // their name
	Start    string `json:"start"`    // RFC 3339
	End      string `json:"end"`
	Name     string `json:"name"`
	Email    string `json:"email"`
	Phone    string `json:"phone,omitempty"`
	Seats    int    `json:"seats"`
	Payment  string `json:"payment,omitempty"` // the payment's state, when it has one
}

// AdminAnswer is one question of a booking's form and its answer.
type AdminAnswer struct {
	Label string `json:"label"`
	Value string `json:"value"`
}

// AdminBookingPageData is one booking's page.
type AdminBookingPageData struct {
	Frame   AdminFrame      `json:"frame"`
	Booking AdminBookingRow `json:"booking"`
	// The booker's own time zone and language, as they booked.
	TimeZone      string        `json:"timeZone"`
	Locale        string        `json:"locale"`
	Notes         string        `json:"notes,omitempty"`
	Guests        []string      `json:"guests"`
	Answers       []AdminAnswer `json:"answers"`
	PreviousStart string        `json:"previousStart,omitempty"`
	CancelledBy   string        `json:"cancelledBy,omitempty"`
	Reason        string        `json:"reason,omitempty"`
	Money         *AdminMoney   `json:"money,omitempty"`
	Created       string        `json:"created"`
	// What may be done with it now.
	CanDecide bool   `json:"canDecide"`
	CanCancel bool   `json:"canCancel"`
	FormKey   string `json:"formKey"`
	Done      string `json:"done,omitempty"`
	Back      string `json:"back"` // the list it was opened from
	// History is every change, the first first.
	History []AdminChange `json:"history"`
	// Attendance is whether the client came (attended, no_show), once the
	// booking has begun and CanMark; "" before anyone said.
	Attendance string `json:"attendance,omitempty" tstype:"'' | 'attended' | 'no_show'"`
	CanMark    bool   `json:"canMark"`
	// TeamNotes are the business's people's notes of it.
	TeamNotes []AdminNote `json:"teamNotes"`
	// Move is where it may move to, when it can still change.
	Move *AdminMove `json:"move,omitempty"`
	// Reminders are its reminders and follow-up: whom, when, and whether
	// they went.
	Reminders []AdminReminder `json:"reminders"`
	// Refundable is what an owner may still give back of what was paid
	// (minor units); 0 when nothing is, or the viewer is no owner.
	Refundable int64 `json:"refundable"`
}

// AdminReminder is one of a booking's reminders or its follow-up.
type AdminReminder struct {
	Kind   string `json:"kind" tstype:"'reminder' | 'follow_up'"`
	Before int    `json:"before"` // minutes before the start (after the end, for a follow-up)
	To     string `json:"to" tstype:"'booker' | 'guest' | 'staff'"`
	Due    string `json:"due"`
	State  string `json:"state" tstype:"'due' | 'sent' | 'skipped'"`
	Reason string `json:"reason,omitempty"` // why it was skipped
	Done   string `json:"done,omitempty"`   // when it went or was skipped
}

// AdminMove is a day's free times a booking may move to, in the
// business's time zone.
type AdminMove struct {
	Date  string   `json:"date"`  // YYYY-MM-DD, the day shown
	Times []string `json:"times"` // RFC 3339 starts
}

// AdminNote is one of a booking's notes, never shown to the client.
type AdminNote struct {
	ByKind string `json:"byKind" tstype:"'' | 'person' | 'token'"`
	By     string `json:"by,omitempty"`
	Body   string `json:"body"`
	At     string `json:"at"` // RFC 3339
}

// AdminChange is a line of a booking's history.
type AdminChange struct {
	Type string `json:"type"` // the event: booked, held, paid, confirmed, declined, rescheduled, cancelled, released, late_paid, refund_due, refunded
	// ByKind and By say who made it: one of the business's people (their
	// address), an admin API token (its name), or neither (the client, a
	// payment provider, the server itself).
	ByKind string `json:"byKind" tstype:"'' | 'person' | 'token'"`
	By     string `json:"by,omitempty"`
	Start  string `json:"start"` // RFC 3339: the booking's start after it
	Reason string `json:"reason,omitempty"`
	At     string `json:"at"` // RFC 3339
}

// AdminMoney is what a booking costs and what happened to its money, in
// the currency's minor unit.
type AdminMoney struct {
	State    string `json:"state"`
	Currency string `json:"currency"`
	Total    int64  `json:"total"`
	Paid     int64  `json:"paid"`
	Refunded int64  `json:"refunded"`
}

// AdminAccountPageData is a person's own page: their passkeys.
type AdminAccountPageData struct {
	Frame AdminFrame `json:"frame"`
	// Recent tells whether the session may add a passkey now (signed in
	// within half an hour); else the page offers a fresh sign-in by mail.
	Recent   bool           `json:"recent"`
	Passkeys []AdminPasskey `json:"passkeys"`
	FormKey  string         `json:"formKey"`
	Done     string         `json:"done,omitempty" tstype:"'' | 'removed' | 'sent' | 'added'"`
}

// AdminPasskey is one of a person's passkeys.
type AdminPasskey struct {
	ID       string `json:"id"` // base64url, for its remove form
	Name     string `json:"name"`
	Created  string `json:"created"` // RFC 3339
	LastUsed string `json:"lastUsed,omitempty"`
}

// AdminPeoplePageData is the owner's page of the business's people.
type AdminPeoplePageData struct {
	Frame  AdminFrame    `json:"frame"`
	People []AdminPerson `json:"people"`
	Staff  []AdminChoice `json:"staff"` // whom a staff member's person may be
	// Recent tells whether the session may invite now (signed in within
	// half an hour); else the page offers a fresh sign-in by mail.
	Recent  bool   `json:"recent"`
	FormKey string `json:"formKey"`
	Done    string `json:"done,omitempty" tstype:"'' | 'invited' | 'removed' | 'sent'"`
}

// AdminPerson is one of the business's people.
type AdminPerson struct {
	Email string `json:"email"`
	Role  string `json:"role" tstype:"'owner' | 'desk' | 'staff'"`
	Staff string `json:"staff,omitempty"` // a staff member's name
	Added string `json:"added"`           // RFC 3339
	You   bool   `json:"you"`             // the person signed in
}

// AdminDayHours is one day of a person's week: its spans as the form
// shows them ("09:00–12:00, 13:00–17:00"; "" a day off).
type AdminDayHours struct {
	Day   string `json:"day" tstype:"'monday' | 'tuesday' | 'wednesday' | 'thursday' | 'friday' | 'saturday' | 'sunday'"`
	Hours string `json:"hours"`
}

// AdminTimeOff is days in a row from today on with hours other than the
// week's: none (Hours "", time off) or others.
type AdminTimeOff struct {
	From  string `json:"from"` // YYYY-MM-DD, in the person's zone
	To    string `json:"to"`   // the last day
	Hours string `json:"hours"`
}

// AdminWeekHours is a week's working time, as it is and as proposed, in
// minutes.
type AdminWeekHours struct {
	From   string `json:"from"` // the week's first date
	Before int    `json:"before"`
	After  int    `json:"after"`
}

// AdminProposal is a change of hours under review: what it is, the hours
// of the next weeks, and the bookings it would leave outside the hours.
type AdminProposal struct {
	Kind    string            `json:"kind" tstype:"'hours' | 'off'"`
	From    string            `json:"from,omitempty"` // time off's days
	To      string            `json:"to,omitempty"`
	Hours   string            `json:"hours,omitempty"`
	Weeks   []AdminWeekHours  `json:"weeks"`
	Outside []AdminBookingRow `json:"outside"`
	More    bool              `json:"more"` // more than those listed
}

// AdminConnection is one of a person's calendar connections and how its
// last sync went.
type AdminConnection struct {
	Kind      string   `json:"kind"`
	Host      string   `json:"host"`
	Calendars []string `json:"calendars"` // the calendars checked for busy times
	State     string   `json:"state"`
	LastSync  string   `json:"lastSync,omitempty"`
	Error     string   `json:"error,omitempty"`
	LeftOut   string   `json:"leftOut,omitempty"` // what the last sync could not read
}

// AdminAgenda is a person's agenda mail: at what time ("" none), of which
// day.
type AdminAgenda struct {
	At  string `json:"at"`
	Day string `json:"day" tstype:"'today' | 'tomorrow'"`
}

// AdminAvailabilityPageData is a person's availability: whose (and whose
// else the viewer may open), their week, time off, calendars and agenda,
// and a change under review.
type AdminAvailabilityPageData struct {
	Frame       AdminFrame        `json:"frame"`
	People      []AdminChoice     `json:"people"`
	Staff       string            `json:"staff"` // the person's slug
	Name        string            `json:"name"`
	TimeZone    string            `json:"timeZone"`
	Week        []AdminDayHours   `json:"week"`
	TimeOff     []AdminTimeOff    `json:"timeOff"`
	Connections []AdminConnection `json:"connections"`
	Agenda      AdminAgenda       `json:"agenda"`
	Proposal    *AdminProposal    `json:"proposal,omitempty"`
	FormKey     string            `json:"formKey"`
	Done        string            `json:"done" tstype:"'' | 'saved' | 'removed'"`
}

// AdminWhyReason is one reason a time is not free: its code, and what it
// names (a booking only to who may open it).
type AdminWhyReason struct {
	Code     string `json:"code"`
	Booking  string `json:"booking,omitempty"`  // the booking in the way's id
	Name     string `json:"name,omitempty"`     // its client
	Calendar string `json:"calendar,omitempty"` // its calendar, or the own calendar's name
	From     string `json:"from,omitempty"`     // the booking's or the event's time
	To       string `json:"to,omitempty"`
	Hours    string `json:"hours,omitempty"` // outside_hours: the person's hours that day ("" none)
	Limit    int    `json:"limit,omitempty"`
	At       string `json:"at,omitempty"` // min_notice, window: the bound
}

// AdminWhyPerson is one person's answer.
type AdminWhyPerson struct {
	Name    string           `json:"name"`
	Free    bool             `json:"free"`
	Reasons []AdminWhyReason `json:"reasons"`
}

// AdminWhyAnswer is whether the time is free, the calendar's reasons
// and each person's.
type AdminWhyAnswer struct {
	Free     bool             `json:"free"`
	Start    string           `json:"start"`
	Calendar string           `json:"calendar"`
	Step     int              `json:"step"` // minutes between the starts slots are offered at
	Reasons  []AdminWhyReason `json:"reasons"`
	People   []AdminWhyPerson `json:"people"`
}

// AdminWhyPageData is the question (from the address) and its answer.
type AdminWhyPageData struct {
	Frame     AdminFrame        `json:"frame"`
	Calendars []AdminChoice     `json:"calendars"`
	Staff     []AdminChoice     `json:"staff"` // whom the viewer may ask of
	Calendar  string            `json:"calendar"`
	Person    string            `json:"person"` // "" anyone
	Date      string            `json:"date"`   // YYYY-MM-DD, in the business's zone
	Time      string            `json:"time"`   // HH:MM
	Errors    map[string]string `json:"errors"` // by field, in the page's language
	Answer    *AdminWhyAnswer   `json:"answer,omitempty"`
}

// AdminFormChoice is a form to filter responses by.
type AdminFormChoice struct {
	Slug  string `json:"slug"`
	Kind  string `json:"kind" tstype:"'form' | 'quiz' | 'survey'"`
	Title string `json:"title"`
}

// AdminResponse is one response: its form, state, times, score and
// answers as people read them.
type AdminResponse struct {
	ID        string        `json:"id"`
	Form      string        `json:"form"`
	Kind      string        `json:"kind"`
	Status    string        `json:"status" tstype:"'submitted' | 'partial'"`
	Started   string        `json:"started"`
	Submitted string        `json:"submitted,omitempty"`
	Page      string        `json:"page,omitempty"` // where it was answered
	Scored    bool          `json:"scored"`
	Points    int           `json:"points"`
	Max       int           `json:"max"`
	Answers   []AdminAnswer `json:"answers"`
}

// AdminResponsesPageData is a page of responses, newest first, with its
// filters, the next page's address and the export's.
type AdminResponsesPageData struct {
	Frame     AdminFrame        `json:"frame"`
	Forms     []AdminFormChoice `json:"forms"`
	Form      string            `json:"form"`
	Status    string            `json:"status"`
	From      string            `json:"from"`
	To        string            `json:"to"`
	Responses []AdminResponse   `json:"responses"`
	More      string            `json:"more,omitempty"`
	Export    string            `json:"export"`
}

// AdminSpan is a stretch of time, RFC 3339.
type AdminSpan struct {
	Start string `json:"start"`
	End   string `json:"end"`
}

// AdminBusy is an event of a person's own calendar: busy, by the
// calendar's name (never the event's title, which stays theirs).
type AdminBusy struct {
	Calendar string `json:"calendar"`
	Start    string `json:"start"`
	End      string `json:"end"`
}

// AdminCalendarColumn is one person over the calendar's range: their
// working hours, bookings, own events, and the chosen service's free
// starts.
type AdminCalendarColumn struct {
	Slug     string            `json:"slug"`
	Name     string            `json:"name"`
	Hours    []AdminSpan       `json:"hours"`
	Bookings []AdminBookingRow `json:"bookings"`
	Busy     []AdminBusy       `json:"busy"`
	Free     []string          `json:"free"`
}

// AdminCalendarPageData is a day or a week of some people, as the
// address asked.
type AdminCalendarPageData struct {
	Frame     AdminFrame            `json:"frame"`
	View      string                `json:"view" tstype:"'day' | 'week'"`
	Date      string                `json:"date"`  // the day asked for, YYYY-MM-DD
	Today     string                `json:"today"` // in TimeZone
	From      string                `json:"from"`  // the range's first day
	To        string                `json:"to"`    // its last
	TimeZone  string                `json:"timeZone"`
	Staff     string                `json:"staff"` // one person's slug; "" everyone's
	Book      string                `json:"book"`  // the service whose free times show; "" none
	People    []AdminChoice         `json:"people"`
	Calendars []AdminChoice         `json:"calendars"`
	Columns   []AdminCalendarColumn `json:"columns"`
}

// AdminNewBookingPageData is a free time to book for a client: the
// service, the person, the time, and what its form asks.
type AdminNewBookingPageData struct {
	Frame    AdminFrame `json:"frame"`
	Calendar string     `json:"calendar"` // the service's name
	Staff    string     `json:"staff"`    // the person's
	Start    string     `json:"start"`
	End      string     `json:"end"`
	Phone    string     `json:"phone" tstype:"booking.FieldRule"` // what the service asks of the client
	Notes    string     `json:"notes" tstype:"booking.FieldRule"`
	// Places are the service's places to choose among; TypedPlace, the
	// client says their own; AskPlace, the form asks; PlaceRequired, a
	// booking needs one.
	Places        []string `json:"places"`
	TypedPlace    bool     `json:"typedPlace"`
	AskPlace      bool     `json:"askPlace"`
	PlaceRequired bool     `json:"placeRequired"`
	FormKey       string   `json:"formKey"`
	Back          string   `json:"back"` // the calendar it came from
	// Price is what the service costs one client, in Currency's minor
	// unit, paid at the appointment (0: free, or paid outside Slotwise);
	// PaidOnline, a service its clients pay online when they book it
	// themselves, paid at the appointment when booked here.
	Price      int64  `json:"price"`
	Currency   string `json:"currency"`
	PaidOnline bool   `json:"paidOnline"`
	// Questions are the service's own, for the desk to answer what the
	// client tells it (none required here: the rest stays unanswered).
	Questions *forms.View `json:"questions,omitempty"`
}

// AdminSettingsPageData is the business as its owner changes it.
type AdminSettingsPageData struct {
	Frame         AdminFrame `json:"frame"`
	Name          string     `json:"name"`
	BrandColor    string     `json:"brandColor"`
	LogoURL       string     `json:"logoUrl"`
	Email         string     `json:"email"`
	Phone         string     `json:"phone"`
	Address       string     `json:"address"`
	DefaultLocale string     `json:"defaultLocale"`
	TimeZone      string     `json:"timeZone"` // shown, not changed here: every booking's time hangs on it
	Currency      string     `json:"currency"`
	FormKey       string     `json:"formKey"`
	Done          string     `json:"done" tstype:"'' | 'saved' | 'reminders'"`
	// Reminders are each calendar's mails around its appointments.
	Reminders []AdminCalendarReminders `json:"reminders"`
}

// AdminCalendarReminders is a calendar's mails around its appointments as
// the owner writes them: durations such as "24h, 2h", each list empty for
// none.
type AdminCalendarReminders struct {
	Slug     string `json:"slug"`
	Name     string `json:"name"`
	Booker   string `json:"booker"`   // before the start, to the client and their guests
	Staff    string `json:"staff"`    // before the start, to the person booked
	FollowUp string `json:"followUp"` // after the end, the thank-you; "" for none
}

// AdminConnectionsPageData is what the business's own systems reach it
// by, as its owner keeps them: its accounts at payment providers (their
// keys written, never shown again), the webhook endpoints that hear its
// events, and the admin API's tokens.
type AdminConnectionsPageData struct {
	Frame AdminFrame `json:"frame"`
	// Providers are those an account can be connected at; none where the
	// deployment keeps no keys of businesses.
	Providers []string              `json:"providers"`
	Accounts  []AdminPaymentAccount `json:"accounts"`
	// Provider takes the online payments, chosen among the accounts; ""
	// leaves it to the one account there is.
	Provider   string         `json:"provider"`
	Webhooks   []AdminWebhook `json:"webhooks"`
	EventTypes []string       `json:"eventTypes"` // what an endpoint can hear
	Tokens     []AdminToken   `json:"tokens"`
	// Secret is the one this page's post just made, shown this once.
	Secret  *AdminSecret `json:"secret,omitempty"`
	Recent  bool         `json:"recent"` // signed in recently enough for a sensitive change
	FormKey string       `json:"formKey"`
	Done    string       `json:"done" tstype:"'' | 'connected' | 'disconnected' | 'chosen' | 'webhookRemoved' | 'webhookPaused' | 'webhookResumed' | 'tokenRevoked' | 'sent' | 'made'"`
}

// AdminPaymentAccount is an account as shown: never its keys.
type AdminPaymentAccount struct {
	Provider string `json:"provider"`
	Hint     string `json:"hint"` // live or test, and the key's last characters
	Since    string `json:"since"`
}

// AdminWebhook is an endpoint as listed.
type AdminWebhook struct {
	ID          string   `json:"id"`
	URL         string   `json:"url"`
	Description string   `json:"description"`
	Events      []string `json:"events"`
	Enabled     bool     `json:"enabled"`
	// Paused says why deliveries stopped when it was not the owner (its
	// address failing for days); "".
	Paused string `json:"paused,omitempty"`
}

// AdminToken is an admin API token as listed: never its secret.
type AdminToken struct {
	Name     string `json:"name"`
	Scope    string `json:"scope" tstype:"'read' | 'write'"`
	Prefix   string `json:"prefix"`
	Created  string `json:"created"`
	LastUsed string `json:"lastUsed,omitempty"`
}

// AdminSecret is a secret shown once: a new token's, or a webhook
// endpoint's signing secret.
type AdminSecret struct {
	Kind   string `json:"kind" tstype:"'token' | 'webhook'"`
	Name   string `json:"name"`
	Secret string `json:"secret"`
}

// AdminOrderRow is an order as the list shows it.
type AdminOrderRow struct {
	ID       string `json:"id"`
	Number   int64  `json:"number"`
	Status   string `json:"status" tstype:"'pending' | 'paid' | 'fulfilled' | 'expired' | 'cancelled' | 'refunded'"`
	Created  string `json:"created"` // RFC 3339
	Customer string `json:"customer"`
	Email    string `json:"email"`
	Delivery string `json:"delivery" tstype:"'ship' | 'pickup'"`
	Items    int    `json:"items"` // units
	Total    int64  `json:"total"`
	Currency string `json:"currency"`
	// Ready: a pick-up order whose buyer was told it is ready.
	Ready bool `json:"ready,omitempty"`
}

// AdminOrdersPageData is a page of the business's orders, newest first,
// with its filters and the next page's address.
type AdminOrdersPageData struct {
	Frame    AdminFrame      `json:"frame"`
	Status   string          `json:"status"`
	Search   string          `json:"q"`
	Statuses []string        `json:"statuses"`
	Orders   []AdminOrderRow `json:"orders"`
	More     string          `json:"more,omitempty"`
}

// AdminOrderStep is one step of an order's history, with who took it as
// a booking's history tells it (ByKind, By).
type AdminOrderStep struct {
	shop.Step `tstype:",extends"`
	ByKind    string `json:"byKind" tstype:"'' | 'person' | 'token'"`
	By        string `json:"by,omitempty"`
}

// AdminOrderPageData is one order as the business works on it: what was
// bought and where it goes, its money, what happened to it, and what
// the viewer may do next.
type AdminOrderPageData struct {
	Frame   AdminFrame       `json:"frame"`
	Order   shop.Record      `json:"order"`
	History []AdminOrderStep `json:"history"`
	Back    string           `json:"back"`
	Done    string           `json:"done,omitempty"` // what the last post did
	FormKey string           `json:"formKey"`
	// What may be done now: ship (with a tracking link) or hand over;
	// tell a pick-up's buyer it is ready; refund up to Refundable; cancel
	// (its stock back on the shelf, its money back).
	CanFulfil  bool  `json:"canFulfil"`
	CanReady   bool  `json:"canReady"`
	CanCancel  bool  `json:"canCancel"`
	Refundable int64 `json:"refundable"`
}
