// Package fieldcheck holds the checks that every kind of visitor input
// shares, whoever asks for it (the booker's details, a form's fields, a
// guest): text without control characters, an e-mail address a mail can
// reach, and a phone number read as people type it. The browser runs the
// same rules (the forms' engine, ui/src/features/forms/engine/check.ts)
// with the same message ids.
package fieldcheck

import (
	"errors"
	"net/mail"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/nyaruka/phonenumbers"

	"slotwise/backend/internal/notify"
)

// Message ids, shared with the client (locales/*.json).
const (
	MsgInvalidText   = "validation.invalidText"
	MsgEmailInvalid  = "validation.emailInvalid"
	MsgEmailNotASCII = "validation.emailNotAscii"
)

// MaxEmailLen is the longest address SMTP carries.
const MaxEmailLen = 254

// IsText tells whether s is valid UTF-8 without control characters;
// multiline text may also hold line breaks and tabs. PostgreSQL refuses NUL
// and invalid UTF-8 outright, and escapes have no place in a name that a
// staff member reads in a terminal or a mail.
func IsText(s string, multiline bool) bool {
	if !utf8.ValidString(s) {
		return false
	}
	for _, r := range s {
		if multiline && (r == '\n' || r == '\r' || r == '\t') {
			continue
		}
		if unicode.IsControl(r) || r == '\u2028' || r == '\u2029' || unicode.Is(unicode.Cf, r) && r != '\u200d' {
			return false
		}
	}
	return true
}

// PhoneE164 reads a phone number as people type it, in region unless it
// starts with + (libphonenumber's rules: length, prefixes, number ranges)
// and gives its E.164 form, the one form it is stored in.
func PhoneE164(s, region string) (string, bool) {
	if len(s) > 40 {
		return "", false
	}
	n, err := phonenumbers.Parse(s, strings.ToUpper(region))
	if err != nil || !phonenumbers.IsValidNumber(n) {
		return "", false
	}
	return phonenumbers.Format(n, phonenumbers.E164), true
}

// SupportedRegion tells whether libphonenumber knows region ("DE").
func SupportedRegion(region string) bool {
	return phonenumbers.GetSupportedRegions()[strings.ToUpper(region)]
}

// EmailProblem says what is wrong with an address, if anything (a message
// id): an address accepted here is one the mail can reach (its domain has
// an ASCII form; its local part needs no SMTPUTF8).
func EmailProblem(s string) string {
	if !validEmail(s) {
		return MsgEmailInvalid
	}
	if _, err := notify.ASCIIAddress(s); errors.Is(err, notify.ErrLocalPartNotASCII) {
		return MsgEmailNotASCII
	} else if err != nil {
		return MsgEmailInvalid
	}
	return ""
}

// validEmail accepts one plain address with a dotted domain.
func validEmail(s string) bool {
	if len(s) > MaxEmailLen || strings.ContainsAny(s, " <>\"") {
		return false
	}
	a, err := mail.ParseAddress(s)
	if err != nil || a.Address != s {
		return false
	}
	at := strings.LastIndexByte(s, '@')
	domain := s[at+1:]
	return at > 0 && strings.Contains(domain, ".") && !strings.HasSuffix(domain, ".") && !strings.HasPrefix(domain, ".")
}
