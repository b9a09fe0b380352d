package booking

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"slotwise/backend/internal/fieldcheck"
)

// Guests: a booker brings people by name and e-mail, or only a count of
// them. Every person (the booker too) takes a seat in a class; any
// calendar bounds how many one booking brings.
const (
	MaxGuestCount = 100

	msgNameRequired     = "validation.required.name"
	msgNameInvalid      = "validation.nameInvalid"
	msgGuestEmailUnique = "validation.guestEmailUnique"
	msgGuestCount       = "validation.guestCount"
	msgMaxGuests        = "validation.maxGuests"
)

// validateGuests checks the named guests or the count and returns how many
// people the booking brings, the booker included.
func validateGuests(cmd *BookCommand, cal *Calendar, v *ValidationError) int {
	if cmd.forGuest {
		// The guest's own service: they take the one place.
		checkGuests(cmd, v)
		return 1
	}
	if len(cmd.Guests) > 0 && cmd.GuestCount != 0 || len(cmd.Guests) > MaxGuestCount {
		v.Fields["guestCount"] = msgGuestCount
		return 1
	}
	seats := 1 + len(cmd.Guests)
	if len(cmd.Guests) == 0 && cmd.GuestCount != 0 {
		if cmd.GuestCount < 1 || cmd.GuestCount > MaxGuestCount {
			v.Fields["guestCount"] = msgGuestCount
			return 1
		}
		seats = 1 + cmd.GuestCount
	}
	checkGuests(cmd, v)
	if seats > cal.MaxSeatsPerBooking {
		field := "guests"
		if len(cmd.Guests) == 0 {
			field = "guestCount"
		}
		v.Fields[field] = msgMaxGuests
		v.Args[field] = map[string]string{"max": strconv.Itoa(cal.MaxSeatsPerBooking)}
	}
	return seats
}

// checkGuests checks each named guest: a name, and an e-mail address of
// their own.
func checkGuests(cmd *BookCommand, v *ValidationError) {
	seen := map[string]bool{strings.ToLower(strings.TrimSpace(cmd.Contact.Email)): true}
	for i := range cmd.Guests {
		g := &cmd.Guests[i]
		g.Name, g.Email = strings.TrimSpace(g.Name), strings.TrimSpace(g.Email)
		field := "guests." + strconv.Itoa(i)
		switch {
		case g.Name == "":
			v.Fields[field+".name"] = msgNameRequired
		case !isText(g.Name, false) || utf8.RuneCountInString(g.Name) > MaxNameLen:
			v.Fields[field+".name"] = msgNameInvalid
		}
		key := strings.ToLower(g.Email)
		switch {
		case g.Email == "":
			v.Fields[field+".email"] = msgEmailRequired
		case !isText(g.Email, false):
			v.Fields[field+".email"] = fieldcheck.MsgEmailInvalid
		case emailProblem(g.Email) != "":
			v.Fields[field+".email"] = emailProblem(g.Email)
		case seen[key]:
			v.Fields[field+".email"] = msgGuestEmailUnique
		}
		seen[key] = true
	}
}
