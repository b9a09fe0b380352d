package web

import (
	"strings"

	"github.com/nyaruka/phonenumbers"
	"golang.org/x/text/language"
	"golang.org/x/text/language/display"
)

// phoneRegion is a country of the phone field named in lang: the one the
// server renders (the business's), so the page it sends and the one the
// browser hydrates name it alike. The browser lists the others itself,
// with the phone field's script. nil for a country phone numbers do not
// know.
func phoneRegion(lang, region string) *PhoneRegion {
	region = strings.ToUpper(region)
	code := phonenumbers.GetCountryCodeForRegion(region)
	if code == 0 {
		return nil
	}
	name := region
	if r, err := language.ParseRegion(region); err == nil {
		if n := display.Regions(language.Make(lang)).Name(r); n != "" {
			name = n
		}
	}
	return &PhoneRegion{Region: region, Code: code, Name: name}
}
