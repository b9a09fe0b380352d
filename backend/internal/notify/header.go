package notify

import (
	"encoding/base64"
	"mime"
	"net/mail"
	"strings"
	"unicode/utf8"
)

// Header text comes from visitors (a booker's name goes into the staff
// mail's subject and the booker's own To), so it is always encoded by us
// and never trusted to be encoded already: mime.QEncoding leaves ASCII as
// it is, and an ASCII name such as "=?UTF-8?B?QmNjOiB4QGV2aWwuZXhhbXBsZQ==?="
// would reach mail clients as an encoded word they decode into
// "Bcc: x@evil.example", or into a line break. Text holding "=?" is
// therefore encoded whole, so what a client decodes is the text as typed.

// headerText is s as an unstructured header value (RFC 2047).
func headerText(s string) string {
	s = oneLine(s)
	if strings.Contains(s, "=?") {
		return encodedWords(s)
	}
	return mime.QEncoding.Encode("utf-8", s)
}

// formatAddress is a as a mailbox, its display name encoded as headerText
// encodes text. A name with a backslash is encoded whole too: net/mail
// leaves a backslash bare inside the Q-encoded word of a name that is not
// all ASCII, where no parser of addresses (net/mail's own included) reads
// the mailbox any more.
func formatAddress(a *mail.Address) string {
	if !strings.Contains(a.Name, "=?") && !strings.Contains(a.Name, `\`) {
		return a.String()
	}
	return encodedWords(a.Name) + " " + (&mail.Address{Address: a.Address}).String()
}

// encodedWordBytes is how much text one encoded word carries: base64 of 45
// bytes is 60 characters, and with "=?utf-8?b?" and "?=" the word stays
// within the 75 that RFC 2047 allows.
const encodedWordBytes = 45

// encodedWords encodes all of s as base64 encoded words, split between
// characters, never inside one; decoders join adjacent words without the
// space between them.
func encodedWords(s string) string {
	var words []string
	for len(s) > 0 {
		n := min(len(s), encodedWordBytes)
		for n < len(s) && !utf8.RuneStart(s[n]) {
			n--
		}
		words = append(words, "=?utf-8?b?"+base64.StdEncoding.EncodeToString([]byte(s[:n]))+"?=")
		s = s[n:]
	}
	return strings.Join(words, " ")
}
