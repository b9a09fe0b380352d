package route

import (
	"fmt"
	"net/url"
	"strings"
	"sync"

	"slotwise/locales"
	"slotwise/ui"
)

var (
	defaultOnce  sync.Once
	defaultTable *Table
)

// Default is the embedded route table, parsed once. A test guards its
// validity, so a broken table never reaches a build.
func Default() *Table {
	defaultOnce.Do(func() { defaultTable = MustParse(ui.RoutesJSON) })
	return defaultTable
}

// Path builds the path of route name's shape of that kind ("" for the
// route's first shape) with params filled in, each segment escaped. Of
// several shapes of the kind it takes the first whose parameters are
// exactly those given (a product with a shop path, or without), else the
// first. It fails on an unknown route or kind, a missing parameter, or a
// value its route's validation refuses: a link that would not match is a bug.
func (t *Table) Path(name, kind string, params map[string]string) (string, error) {
	r := t.byName[name]
	if r == nil {
		return "", fmt.Errorf("route: no route %q", name)
	}
	first := ""
	for _, spec := range r.Paths {
		if kind != "" && spec.Kind != kind {
			continue
		}
		if first == "" {
			first = spec.Path
		}
		if sameNames(paramNames(spec.Path), params) {
			return r.fill(spec.Path, params)
		}
	}
	if first == "" {
		return "", fmt.Errorf("route: route %q has no shape of kind %q", name, kind)
	}
	return r.fill(first, params)
}

// paramNames are the parameter names of a path shape.
func paramNames(source string) []string {
	var out []string
	for _, part := range splitPath(source) {
		if open := strings.IndexByte(part, '{'); open >= 0 {
			out = append(out, strings.TrimSuffix(part[open+1:len(part)-1], "+"))
		}
	}
	return out
}

func sameNames(names []string, params map[string]string) bool {
	given := 0
	for _, v := range params {
		if v != "" {
			given++
		}
	}
	if len(names) != given {
		return false
	}
	for _, n := range names {
		if params[n] == "" {
			return false
		}
	}
	return true
}

func (r *Route) fill(source string, params map[string]string) (string, error) {
	var b strings.Builder
	for _, part := range splitPath(source) {
		b.WriteByte('/')
		open := strings.IndexByte(part, '{')
		if open < 0 {
			b.WriteString(part)
			continue
		}
		name := strings.TrimSuffix(part[open+1:len(part)-1], "+")
		value, ok := params[name]
		if !ok || value == "" {
			return "", fmt.Errorf("route: %s needs {%s}", r.Name, name)
		}
		if re := r.validators[name]; re != nil && !re.MatchString(value) {
			return "", fmt.Errorf("route: %s refuses %s=%q", r.Name, name, value)
		}
		b.WriteString(part[:open])
		if strings.HasSuffix(part, "+}") {
			segments := strings.Split(strings.Trim(value, "/"), "/")
			for i, s := range segments {
				segments[i] = url.PathEscape(s)
			}
			b.WriteString(strings.Join(segments, "/"))
		} else {
			b.WriteString(url.PathEscape(value))
		}
	}
	if b.Len() == 0 {
		return "/", nil
	}
	return b.String(), nil
}

// Href is the site-relative link to a page in a language: the language
// prefix (locales.PathPrefix), the route's path, and the query. It panics
// on a link that cannot be built, which only a programming error causes
// (the route name and parameters come from code, not from visitors).
func (t *Table) Href(locale, name, kind string, params map[string]string, query url.Values) string {
	path, err := t.Path(name, kind, params)
	if err != nil {
		panic(err)
	}
	href := path
	if prefix := locales.PathPrefix(locale); prefix != "" {
		href = strings.TrimSuffix(prefix+path, "/")
	}
	if len(query) > 0 {
		href += "?" + query.Encode()
	}
	return href
}
