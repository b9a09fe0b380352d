// Package route matches request paths against the one route table
// (ui/src/routes.json). Matching happens only here, on the server: the client
// asks the server for the matched route with the page data, so Go and React
// can never disagree about which screen a URL is.
package route

import (
	"encoding/json"
	"fmt"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"
)

// Layouts a route can have; <body data-layout> names one of them.
const (
	LayoutCalendar = "calendar"
	LayoutForm     = "form"
	LayoutPage     = "page"
	LayoutError    = "error"
	// LayoutAdmin is the business's dashboard: its people's pages, never
	// cached, indexed or framed.
	LayoutAdmin = "admin"
)

// Route is one entry of the table.
type Route struct {
	Name   string            `json:"name"`
	Layout string            `json:"layout"`
	Paths  []PathSpec        `json:"paths"`
	Params map[string]string `json:"params"`
	// KeepScroll opts a route out of scrolling to the top on navigation.
	KeepScroll bool `json:"keepScroll"`
	// Caseless routes answer an address in capitals with a redirect to
	// the same address in lower case (the website's pages: people type them).
	Caseless bool `json:"caseless"`
	// Query, when the route declares it, is every query parameter its
	// pages read (Go's loader and the screen alike): any other is dropped
	// before the page is loaded, cached or rendered (KeepQuery). Only such
	// routes are cached, so a query string cannot bust or flood a cache.
	Query []string `json:"query"`

	validators map[string]*regexp.Regexp
}

// KeepQuery is raw, an encoded query string, with only the parameters the
// route reads, in their order and encoding; raw itself when the route does
// not declare them.
func (r *Route) KeepQuery(raw string) string {
	if r.Query == nil || raw == "" {
		return raw
	}
	kept := make([]string, 0, 4)
	for _, pair := range strings.Split(raw, "&") {
		name, _, _ := strings.Cut(pair, "=")
		if n, err := url.QueryUnescape(name); err == nil && slices.Contains(r.Query, n) {
			kept = append(kept, pair)
		}
	}
	return strings.Join(kept, "&")
}

// PathSpec is one path shape of a route; Kind tells a loader which shape matched.
type PathSpec struct {
	Path string `json:"path"`
	Kind string `json:"kind"`
}

// Table is the parsed route table, ready to match.
type Table struct {
	Routes           []*Route `json:"routes"`
	ReservedPrefixes []string `json:"reservedPrefixes"`

	patterns []*pattern
	// The patterns again, by what their first segment can take, each list
	// in table order: a path is tried only against those its first part
	// can match (best), not the whole table.
	rooted  []*pattern            // no segment: "/"
	byFirst map[string][]*pattern // a fixed first segment
	open    []*pattern            // a parameter first
	byName  map[string]*Route
	// reservedLower is ReservedPrefixes in lower case: an ASCII segment is
	// looked up, not compared with each.
	reservedLower map[string]bool
}

// Parse reads the JSON route table and compiles its patterns.
func Parse(data []byte) (*Table, error) {
	var t Table
	if err := json.Unmarshal(data, &t); err != nil {
		return nil, fmt.Errorf("route: unable to parse route table: %w", err)
	}
	t.byName = make(map[string]*Route, len(t.Routes))
	for _, r := range t.Routes {
		if r.Name == "" || !validLayout(r.Layout) {
			return nil, fmt.Errorf("route: route %q has no name or an unknown layout %q", r.Name, r.Layout)
		}
		if _, dup := t.byName[r.Name]; dup {
			return nil, fmt.Errorf("route: route %q is declared twice", r.Name)
		}
		t.byName[r.Name] = r
		r.validators = map[string]*regexp.Regexp{}
		for param, expr := range r.Params {
			re, err := regexp.Compile(expr)
			if err != nil {
				return nil, fmt.Errorf("route: route %q param %q: %w", r.Name, param, err)
			}
			r.validators[param] = re
		}
		for _, spec := range r.Paths {
			p, err := compile(spec.Path)
			if err != nil {
				return nil, fmt.Errorf("route: route %q: %w", r.Name, err)
			}
			p.route, p.kind = r, spec.Kind
			t.patterns = append(t.patterns, p)
		}
	}
	t.index()
	t.reservedLower = map[string]bool{}
	for _, p := range t.ReservedPrefixes {
		// reserved looks an ASCII segment of at most 32 bytes up: a prefix
		// past that could never be found.
		if len(p) == 0 || len(p) > 32 || strings.ContainsFunc(p, func(r rune) bool { return r >= utf8.RuneSelf }) {
			return nil, fmt.Errorf("route: reserved prefix %q must be 1 to 32 ASCII characters", p)
		}
		t.reservedLower[strings.ToLower(p)] = true
	}
	return &t, nil
}

func (t *Table) index() {
	t.byFirst = map[string][]*pattern{}
	for _, p := range t.patterns {
		switch {
		case len(p.segments) == 0:
			t.rooted = append(t.rooted, p)
		case p.segments[0].kind == segStatic:
			t.byFirst[p.segments[0].text] = append(t.byFirst[p.segments[0].text], p)
		default:
			t.open = append(t.open, p)
		}
	}
}

// MustParse is Parse for the embedded table, whose validity a test guards.
func MustParse(data []byte) *Table {
	t, err := Parse(data)
	if err != nil {
		panic(err)
	}
	return t
}

// Route returns the route with that name, or nil.
func (t *Table) Route(name string) *Route { return t.byName[name] }

// Names lists every route name in table order.
func (t *Table) Names() []string {
	names := make([]string, 0, len(t.Routes))
	for _, r := range t.Routes {
		names = append(names, r.Name)
	}
	return names
}

func validLayout(l string) bool {
	switch l {
	case LayoutCalendar, LayoutForm, LayoutPage, LayoutError, LayoutAdmin:
		return true
	}
	return false
}

// Reserved tells whether a path's first segment belongs to the server (a
// widget, the API, a language prefix …), so no website page may take it.
func (t *Table) Reserved(segment string) bool { return t.reserved(segment) }

func (t *Table) reserved(segment string) bool {
	var lower [32]byte
	if len(segment) <= len(lower) {
		ascii := true
		for i := range len(segment) {
			c := segment[i]
			if c >= utf8.RuneSelf {
				ascii = false
				break
			}
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			lower[i] = c
		}
		if ascii {
			return t.reservedLower[string(lower[:len(segment)])]
		}
	} else if !strings.ContainsFunc(segment, func(r rune) bool { return r >= utf8.RuneSelf }) {
		return false // longer than any prefix, and no letter folds shorter
	}
	// Unicode folds some letters to ASCII ones (ſ to s, K to k): compared
	// as before, by EqualFold.
	for _, p := range t.ReservedPrefixes {
		if strings.EqualFold(segment, p) {
			return true
		}
	}
	return false
}
