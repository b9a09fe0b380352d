package web

import (
	"slices"
	"sync"

	"github.com/nyaruka/phonenumbers"
	"golang.org/x/text/collate"
	"golang.org/x/text/language"
	"golang.org/x/text/language/display"
)

var phoneRegionCache sync.Map // BCP 47 language → []PhoneRegion

// phoneRegions lists the countries a phone number can be from, named in
// lang and sorted as lang sorts, with their calling codes. Names come from
// the server, so the page the server renders and the one the browser
// hydrates list them alike.
func phoneRegions(lang string) []PhoneRegion {
	if v, ok := phoneRegionCache.Load(lang); ok {
		return v.([]PhoneRegion)
	}
	tag := language.Make(lang)
	names := display.Regions(tag)
	var out []PhoneRegion
	for region := range phonenumbers.GetSupportedRegions() {
		r, err := language.ParseRegion(region)
		name := ""
		if err == nil {
			name = names.Name(r)
		}
		if name == "" {
			name = region
		}
		out = append(out, PhoneRegion{Region: region, Code: phonenumbers.GetCountryCodeForRegion(region), Name: name})
	}
	c := collate.New(tag)
	slices.SortFunc(out, func(a, b PhoneRegion) int { return c.CompareString(a.Name, b.Name) })
	phoneRegionCache.Store(lang, out)
	return out
}
