package booking

import (
	"context"
	"slices"
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

// Admit admits a booking that would mail booker and guests (the named
// guests the booking would accept; none when it would refuse them), or
// refuses it with its error.
type Admit func(ctx context.Context, booker string, guests []string) error

// guestsToMail (below) are the addresses of the named guests a booking
// would mail, once they pass the checks the booking applies to them: each
// address's syntax, none named twice nor the booker's, at most as many
// people as the calendar seats in one booking. When the booking would
// refuse its guests there are none, so a request refused anyway counts no
// stranger's address against a limit (BookCommand.Admit).

// GuestsToMail is the same for a visit of the menu, checked as BookCart
// checks it: guests with services of their own one by one, guests who
// come along against the seats of the first service.
func (m *Menu) GuestsToMail(cmd CartCommand) []string {
	carts, err := m.People(append([][]string{cmd.Items}, cmd.GuestItems...))
	if err != nil || len(cmd.Guests) == 0 {
		return nil
	}
	if len(cmd.GuestItems) > 0 {
		if len(cmd.GuestItems) != len(cmd.Guests) {
			return nil
		}
		return guestsToMail(cmd.BookCommand, nil)
	}
	return guestsToMail(cmd.BookCommand, carts[0][0])
}

// guestsToMail checks the command's guests as a booking of cal does
// (without cal, each guest alone, as a guest booking their own services)
// and returns their addresses, or none if any is refused.
func guestsToMail(cmd BookCommand, cal *Calendar) []string {
	cmd.Guests = slices.Clone(cmd.Guests) // the checks trim them in place
	v := &ValidationError{Fields: map[string]string{}, Args: map[string]map[string]string{}}
	if cal == nil {
		checkGuests(&cmd, v)
	} else {
		validateGuests(&cmd, cal, v)
	}
	for field := range v.Fields {
		if strings.HasPrefix(field, "guest") {
			return nil
		}
	}
	out := make([]string, len(cmd.Guests))
	for i, g := range cmd.Guests {
		out[i] = g.Email
	}
	return out
}
