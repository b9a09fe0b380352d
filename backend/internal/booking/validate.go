package booking

import (
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"slotwise/backend/internal/fieldcheck"
)

// Message ids of validation errors, shared with the client (locales/*.json).
const (
	msgRequired          = "validation.required"
	msgFirstNameRequired = "validation.required.firstName"
	msgLastNameRequired  = "validation.required.lastName"
	msgEmailRequired     = "validation.required.email"
	msgPhoneRequired     = "validation.required.phone"
	msgPhoneInvalid      = "validation.phoneInvalid"
	msgLocationRequired  = "validation.required.location"
	msgDateOfBirth       = "validation.dateOfBirthInvalid"
	msgDateOfBirthNeeded = "validation.required.dateOfBirth"
	msgNotesRequired     = "validation.required.notes"
	msgTooLong           = "validation.tooLong"
	msgTermsRequired     = "validation.termsRequired"
	msgStartInvalid      = "validation.startInvalid"
	msgTimeZoneInvalid   = "validation.timeZoneInvalid"
	msgReasonTooLong     = "validation.reasonTooLong"
)

// Limits of free-text fields.
const (
	MaxNameLen   = 100
	MaxEmailLen  = fieldcheck.MaxEmailLen
	MaxTextLen   = 2000
	MaxReasonLen = 500
	// MaxLocationLen bounds an address the booker types.
	MaxLocationLen = 300
)

// phoneE164, emailProblem: the checks every input shares (fieldcheck).
var (
	phoneE164    = fieldcheck.PhoneE164
	emailProblem = fieldcheck.EmailProblem
)

// normalize trims every field, so " Ada " is stored as "Ada".
func (c *Contact) normalize() {
	for _, f := range []*string{&c.FirstName, &c.LastName, &c.Email, &c.Phone, &c.PhoneCountry, &c.DateOfBirth, &c.Location, &c.Notes} {
		*f = strings.TrimSpace(*f)
	}
}

// validateContact checks a contact against a calendar's field rules and
// returns field path → message id; a place chosen by its position
// (BookCommand.LocationChoice) becomes the contact's Location.
func validateContact(c *Contact, locationChoice string, cal *Calendar, termsAccepted bool, now time.Time) *ValidationError {
	c.normalize()
	errs := map[string]string{}
	required := func(field, value, msg string) bool {
		if value == "" {
			errs[field] = msg
			return false
		}
		return true
	}
	args := map[string]map[string]string{}
	tooLong := func(field, value string, max int) {
		if utf8.RuneCountInString(value) > max {
			errs[field] = msgTooLong
			args[field] = map[string]string{"max": strconv.Itoa(max)}
		}
	}
	required("contact.firstName", c.FirstName, msgFirstNameRequired)
	tooLong("contact.firstName", c.FirstName, MaxNameLen)
	required("contact.lastName", c.LastName, msgLastNameRequired)
	tooLong("contact.lastName", c.LastName, MaxNameLen)
	if required("contact.email", c.Email, msgEmailRequired) {
		if msg := emailProblem(c.Email); msg != "" {
			errs["contact.email"] = msg
		}
	}
	if askFor("contact.phone", &c.Phone, cal.Fields.Phone, msgPhoneRequired, errs) {
		region := strings.ToUpper(c.PhoneCountry)
		if !fieldcheck.SupportedRegion(region) {
			region = cal.Location.Country
		}
		if e164, ok := phoneE164(c.Phone, region); ok {
			c.Phone = e164
		} else {
			errs["contact.phone"] = msgPhoneInvalid
		}
	}
	c.PhoneCountry = ""
	if askFor("contact.dateOfBirth", &c.DateOfBirth, cal.Fields.DateOfBirth, msgDateOfBirthNeeded, errs) {
		dob, err := time.Parse("2006-01-02", c.DateOfBirth)
		if err != nil || dob.After(now) || dob.Year() < now.Year()-130 {
			errs["contact.dateOfBirth"] = msgDateOfBirth
		}
	}
	validateLocation(c, locationChoice, cal, errs)
	tooLong("contact.location", c.Location, MaxLocationLen)
	askFor("contact.notes", &c.Notes, cal.Fields.Notes, msgNotesRequired, errs)
	tooLong("contact.notes", c.Notes, MaxTextLen)
	if cal.Location.TermsURL != "" && !termsAccepted {
		errs["acceptTerms"] = msgTermsRequired
	}
	for field, value := range map[string]string{
		"contact.firstName": c.FirstName, "contact.lastName": c.LastName, "contact.email": c.Email,
		"contact.phone": c.Phone, "contact.dateOfBirth": c.DateOfBirth, "contact.location": c.Location,
	} {
		if !isText(value, false) {
			errs[field] = msgInvalidText
		}
	}
	if !isText(c.Notes, true) {
		errs["contact.notes"] = msgInvalidText
	}
	return &ValidationError{Fields: errs, Args: args}
}

// validateLocation: with one fixed way to meet there is nothing to choose;
// with several the booker picks one of them, by its value (the API) or its
// position (choice, the form's select); with "booker" they type their own
// place. Either way one rule judges the place, so a form and the API book
// the same contact alike.
func validateLocation(c *Contact, choice string, cal *Calendar, errs map[string]string) {
	if choice != "" {
		place, ok := cal.chosenPlace(choice, c.Location)
		if !ok {
			errs["contact.location"] = msgLocationRequired
			return
		}
		c.Location = place
	}
	var fixed []string
	typed := false
	for _, o := range cal.LocationOptions {
		if o.Kind == "booker" {
			typed = true
		} else {
			fixed = append(fixed, o.Value)
		}
	}
	switch {
	case len(fixed) == 1 && !typed:
		c.Location = fixed[0]
	case cal.Fields.Location == FieldHidden && len(cal.LocationOptions) == 0:
		c.Location = ""
	case c.Location == "":
		if cal.Fields.Location == FieldRequired || (len(fixed) > 1 && !typed) {
			errs["contact.location"] = msgLocationRequired
		}
	case !typed && len(fixed) > 0 && !slices.Contains(fixed, c.Location):
		errs["contact.location"] = msgLocationRequired
	}
}

// chosenPlace is the place at a position (choice) among the calendar's
// places: its value, or what the booker typed when it is their own place.
// ok is false for a position the calendar does not have.
func (cal *Calendar) chosenPlace(choice, typed string) (place string, ok bool) {
	i, err := strconv.Atoi(choice)
	if err != nil || i < 0 || i >= len(cal.LocationOptions) {
		return "", false
	}
	if opt := cal.LocationOptions[i]; opt.Kind != "booker" {
		return opt.Value, true
	}
	return typed, true
}

// askFor applies a calendar's rule to an optional contact field: a hidden
// field is dropped, a missing required one gets msg. It tells whether a
// value is there to check further.
func askFor(field string, value *string, rule, msg string, errs map[string]string) bool {
	switch {
	case rule == FieldHidden:
		*value = ""
	case *value == "":
		if rule == FieldRequired {
			errs[field] = msg
		}
	default:
		return true
	}
	return false
}

// reasonOf is the reason a booker or the business gives for a cancellation
// or a decline, trimmed, or the field's message when it is not one.
func reasonOf(text string) (string, error) {
	reason := strings.TrimSpace(text)
	if !isText(reason, true) {
		return "", &ValidationError{Fields: map[string]string{"reason": msgInvalidText}}
	}
	if utf8.RuneCountInString(reason) > MaxReasonLen {
		return "", &ValidationError{Fields: map[string]string{"reason": msgReasonTooLong},
			Args: map[string]map[string]string{"reason": {"max": strconv.Itoa(MaxReasonLen)}}}
	}
	return reason, nil
}
