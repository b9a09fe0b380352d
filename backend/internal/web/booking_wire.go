package web

// The booking feature's types that cross the wire: the pages of the
// booker, a team, a group, a service menu and a booking, and the answers
// of its JSON endpoints. ui/src/generated/web.ts is generated from this
// file with the other web wire files (tygo.yaml, make types); a test fails
// when it drifts.

import (
	"time"

	"slotwise/backend/internal/booking"
	"slotwise/backend/internal/forms"
)

// BookingPageData is the booking screen's payload.
type BookingPageData struct {
	Calendar   CalendarInfo  `json:"calendar"`
	Location   LocationInfo  `json:"location"`
	TimeZone   string        `json:"timeZone"`
	Month      string        `json:"month"`
	Slots      PageSlots     `json:"slots"`
	Now        time.Time     `json:"now"`
	Reschedule *booking.View `json:"reschedule,omitempty"`
	Token      string        `json:"token,omitempty"`
	// Team is set on a team's page; OneTimeLink on a one-time link's, whose
	// booking must carry it.
	Team        *TeamInfo `json:"team,omitempty"`
	OneTimeLink string    `json:"oneTimeLink,omitempty"`
	// SlotsStaff is the person Slots are for (0: everyone who can be booked).
	SlotsStaff int64 `json:"slotsStaff"`
	// FormKey is the idempotency key of the details form's post, so a
	// double submit without JavaScript books once.
	FormKey string `json:"formKey"`
	// PhoneRegion is the business's country, where the phone field reads a
	// number without +, when it asks for a phone; the other countries come
	// with the phone field's script.
	PhoneRegion *PhoneRegion `json:"phoneRegion,omitempty"`
	// Cart is set when the booker books a service menu's cart: the
	// services, back to back, from the time chosen.
	Cart *CartInfo `json:"cart,omitempty"`
	// PaymentsOff: the calendar is paid online and its business has no
	// provider configured; the first screen says so and offers no time.
	PaymentsOff bool `json:"paymentsOff,omitempty"`
}

// CartInfo is a cart being booked: its menu, its services in order, and
// the menu page to go back to.
type CartInfo struct {
	Menu       string          `json:"menu"`
	Items      []MenuService   `json:"items"`
	GuestItems [][]MenuService `json:"guestItems"` // each guest's own services
	Raw        string          `json:"raw"`        // the cart as the URL has it
	MenuHref   string          `json:"menuHref"`
}

// MenuPageData is a service menu's page: its services by category, and
// what is in the cart (from ?cart=).
type MenuPageData struct {
	ID          string         `json:"id"`
	Name        string         `json:"name"`
	Description string         `json:"description"`
	Lang        string         `json:"lang,omitempty"` // the language of its texts, where it is not the page's
	Location    LocationInfo   `json:"location"`
	Categories  []MenuCategory `json:"categories"`
	Cart        []string       `json:"cart"`
	TimeHref    string         `json:"timeHref"`          // the cart's time step
	Problem     string         `json:"problem,omitempty"` // why the cart cannot go on to a time, in the page's language
	MaxServices int            `json:"maxServices"`       // a person's services at most (booking.MaxCartItems)
	MaxPeople   int            `json:"maxPeople"`         // the booker and guests at most (booking.MaxCartPeople)
}

// MenuCategory groups a menu's services.
type MenuCategory struct {
	Name     string        `json:"name"`
	Lang     string        `json:"lang,omitempty"` // the language of its name, where it is not the page's
	Services []MenuService `json:"services"`
}

// MenuService is one service of a menu.
type MenuService struct {
	Slug                 string `json:"slug"`
	Name                 string `json:"name"`
	Description          string `json:"description"`
	Lang                 string `json:"lang,omitempty"` // the language of its name and description, where it is not the page's
	DurationMinutes      int    `json:"durationMinutes"`
	PriceCents           int    `json:"priceCents"`
	RequiresConfirmation bool   `json:"requiresConfirmation"`
}

// CartBookCommand is POST /api/bookings/cart's body: a booking's fields
// for the whole visit, the menu and its services in order.
type CartBookCommand struct {
	Menu       string     `json:"menu"`
	Items      []string   `json:"items"`
	GuestItems [][]string `json:"guestItems,omitempty"` // each guest's own services, in the order of guests
	booking.BookCommand
}

// TeamInfo names the team whose page this is.
type TeamInfo struct {
	Slug        string `json:"slug"`
	Name        string `json:"name"`
	Description string `json:"description"`
	Lang        string `json:"lang,omitempty"` // the language of its name and description, where it is not the page's
}

// GroupPageData is a group's page: its calendars, each a link to its booker.
type GroupPageData struct {
	Name        string          `json:"name"`
	Description string          `json:"description"`
	Lang        string          `json:"lang,omitempty"` // the language of its name and description, where it is not the page's
	Location    LocationInfo    `json:"location"`
	Calendars   []GroupCalendar `json:"calendars"`
}

// GroupCalendar is one calendar of a group.
type GroupCalendar struct {
	Slug                 string `json:"slug"`
	Name                 string `json:"name"`
	Description          string `json:"description"`
	Lang                 string `json:"lang,omitempty"` // the language of its name and description, where it is not the page's
	DurationMinutes      int    `json:"durationMinutes"`
	Seats                int    `json:"seats"`
	RequiresConfirmation bool   `json:"requiresConfirmation"`
	Href                 string `json:"href"`
	// Price is what a booking costs as the page's language writes money
	// (per person when PerPerson); empty: free.
	Price     string `json:"price"`
	PerPerson bool   `json:"perPerson"`
}

// CalendarInfo is what the booker sees of a calendar.
type CalendarInfo struct {
	Slug                 string                   `json:"slug"`
	Name                 string                   `json:"name"`
	Description          string                   `json:"description"`
	Lang                 string                   `json:"lang,omitempty"` // the language of its name, description and places, where it is not the page's
	DurationMinutes      int                      `json:"durationMinutes"`
	RequiresConfirmation bool                     `json:"requiresConfirmation"`
	StaffMode            string                   `json:"staffMode" tstype:"'any' | 'named' | 'collective'"`
	Staff                []StaffInfo              `json:"staff"`
	FixedStaff           *StaffInfo               `json:"fixedStaff" tstype:"StaffInfo | null,required"`
	LocationOptions      []booking.LocationOption `json:"locationOptions"`
	Fields               booking.Fields           `json:"fields"`
	WindowDays           int                      `json:"windowDays"`         // how far ahead it can be booked
	RecurringMax         int                      `json:"recurringMax"`       // 0: single appointments; N: series of up to N
	Seats                int                      `json:"seats"`              // 0: not a class
	MaxSeatsPerBooking   int                      `json:"maxSeatsPerBooking"` // the booker and their guests
	// Questions are the calendar's own questions after the contact fields.
	Questions *forms.View `json:"questions,omitempty"`
	// Price is what a booking costs and how it is paid; nil: free.
	Price *PriceInfo `json:"price,omitempty"`
}

// StaffInfo names a person.
type StaffInfo struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
}

// LocationInfo is what the booker sees of the business.
type LocationInfo struct {
	Name        string `json:"name"`
	LogoURL     string `json:"logoUrl"`
	BrandColor  string `json:"brandColor"`
	TimeZone    string `json:"timeZone"`
	Currency    string `json:"currency"`
	ConsentText string `json:"consentText"`
	// ConsentLang is the consent text's language where it is not the
	// page's (the business did not translate it): its lang attribute.
	ConsentLang string `json:"consentLang,omitempty"`
	TermsURL    string `json:"termsUrl"`
	Country     string `json:"country"` // ISO 3166: the phone field's default country
	// Contact are the ways to reach the business, for what a page cannot do.
	Contact []ContactWay `json:"contact"`
}

// ErrorFrame is what a widget's error page keeps of its business (data.frame
// of the error page): its name, how to reach it and the way on.
type ErrorFrame struct {
	Name    string       `json:"name"`
	LogoURL string       `json:"logoUrl,omitempty"`
	Contact []ContactWay `json:"contact"`
	Home    string       `json:"home"`           // the website's home
	Book    string       `json:"book,omitempty"` // the page of everything it offers
	// Lookup: the page was a booking's (a manage or cancel link), so the
	// error page offers to mail the links to the visitor's bookings.
	Lookup bool `json:"lookup,omitempty"`
}

// LinksRequest is POST /api/booking-links' body: the address to mail the
// links of its upcoming bookings to, and the mail's language.
type LinksRequest struct {
	Email  string `json:"email"`
	Locale string `json:"locale,omitempty"`
}

// ContactWay is one way to reach a business (call, write, its contact
// form), as a link already in the page's language.
type ContactWay struct {
	Label string `json:"label"`
	Href  string `json:"href"`
}

// PhoneRegion is a country of the phone field: its code, calling code and
// name in the page's language.
type PhoneRegion struct {
	Region string `json:"region"`
	Code   int    `json:"code"`
	Name   string `json:"name"`
}

// BookingViewData is the manage screens' payload. Decide is the business's
// secret when the page was opened from a request's decide link. FormKey is
// the idempotency key of the cancel form's post, on a cancel screen whose
// booking can still be cancelled, so a second post of it cancels once.
type BookingViewData struct {
	Bookings []booking.View `json:"bookings"`
	Token    string         `json:"token"`
	Decide   string         `json:"decide,omitempty"`
	FormKey  string         `json:"formKey,omitempty"`
	// Notice says why the last step did not go through (a "Pay now"
	// without JavaScript whose provider could not be reached), in the
	// page's language.
	Notice string `json:"notice,omitempty"`
}

// SlotsResponse is GET /api/booking/slots's answer: booker-local dates
// (YYYY-MM-DD) → slot starts, and the first free slot after the range.
type SlotsResponse struct {
	TimeZone string              `json:"timezone"`
	Slots    map[string][]string `json:"slots"`
	Next     *string             `json:"next" tstype:"string | null,required"`
	Seats    map[string]int      `json:"seats,omitempty"` // a class's seats left per slot start
}

// PageSlots is SlotsResponse as a booking page's data carries it,
// packed: a month of a busy calendar's starts written out whole is most
// of the page's data (some 370 starts of 28 bytes each). A day's start is
// its time of day, "09:30", followed by Suffix, the seconds and offset
// most starts share (":00+01:00"); any other (at another offset, on the
// days the clocks change) is whole. The booker unpacks it
// (ui/src/features/booking/hooks/useMonthSlots.ts); the API's answer stays whole.
type PageSlots struct {
	TimeZone string              `json:"timezone"`
	Suffix   string              `json:"suffix"` // ":00+01:00", or ":00Z"
	Slots    map[string][]string `json:"slots"`
	Next     *string             `json:"next" tstype:"string | null,required"`
	Seats    map[string]int      `json:"seats,omitempty"` // whole starts, as the API's
}

// SeriesResponse is GET /api/booking/series's answer: each time of the
// series and whether it is free.
type SeriesResponse struct {
	Occurrences []SeriesOccurrence `json:"occurrences"`
}

// SeriesOccurrence is one time of a series.
type SeriesOccurrence struct {
	Start string `json:"start"`
	Free  bool   `json:"free"`
}
