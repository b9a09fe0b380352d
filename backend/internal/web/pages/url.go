package pages

import (
	"net/url"
	"unicode"
	"unicode/utf8"
)

// MaxQueryBytes bounds a query string: no page or API takes more than a
// few short parameters.
const MaxQueryBytes = 4096

// CleanLine tells whether s is valid UTF-8 without control characters.
func CleanLine(s string) bool {
	if !utf8.ValidString(s) {
		return false
	}
	for _, r := range s {
		if unicode.IsControl(r) {
			return false
		}
	}
	return true
}

// CleanQuery tells a query that parses and whose names and values are all
// text (CleanLine).
func CleanQuery(raw string) bool {
	query, err := url.ParseQuery(raw)
	if err != nil {
		return false
	}
	for k, values := range query {
		if !CleanLine(k) {
			return false
		}
		for _, v := range values {
			if !CleanLine(v) {
				return false
			}
		}
	}
	return true
}

// cleanPageURL is the test of the page a /api/page-data request names in
// its path parameter: an escaped path and query of their own, which the
// server's check of every URL saw only still escaped.
func cleanPageURL(escapedPath, rawQuery string) bool {
	p, err := url.PathUnescape(escapedPath)
	return err == nil && CleanLine(p) && CleanQuery(rawQuery)
}
