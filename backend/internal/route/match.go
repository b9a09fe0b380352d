package route

import (
	"fmt"
	"net/url"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Segment kinds, in the order of specificity used to pick the best match.
const (
	segSplat    = 1
	segParam    = 2
	segPrefixed = 3
	segStatic   = 4
)

type segment struct {
	kind  int
	text  string // the static text, or the prefix of a prefixed parameter
	param string
	splat bool
}

type pattern struct {
	source   string
	segments []segment
	route    *Route
	kind     string
	splat    bool // one segment takes one part or more: the path may be longer
}

// fits tells whether a path of n parts can match by its length alone.
func (p *pattern) fits(n int) bool {
	return n == len(p.segments) || p.splat && n > len(p.segments)
}

// Match is the outcome of matching a path.
type Match struct {
	Route   *Route
	Kind    string            // the matched path shape's kind, "" when it has none
	Pattern string            // the matched path shape, as written in the table
	Params  map[string]string // decoded parameter values
}

func compile(source string) (*pattern, error) {
	if !strings.HasPrefix(source, "/") {
		return nil, fmt.Errorf("path %q must start with /", source)
	}
	p := &pattern{source: source}
	splats := 0
	for _, part := range splitPath(source) {
		open := strings.IndexByte(part, '{')
		if open < 0 {
			p.segments = append(p.segments, segment{kind: segStatic, text: part})
			continue
		}
		if !strings.HasSuffix(part, "}") {
			return nil, fmt.Errorf("path %q: a parameter must end its segment", source)
		}
		name := part[open+1 : len(part)-1]
		splat := strings.HasSuffix(name, "+")
		name = strings.TrimSuffix(name, "+")
		seg := segment{kind: segParam, param: name, splat: splat}
		switch {
		case splat && open > 0:
			return nil, fmt.Errorf("path %q: a {name+} parameter takes whole segments", source)
		case splat && splats > 0:
			return nil, fmt.Errorf("path %q: at most one {name+} parameter", source)
		case splat:
			seg.kind = segSplat
			splats++
			p.splat = true
		case open > 0:
			seg.kind, seg.text = segPrefixed, part[:open]
		}
		p.segments = append(p.segments, seg)
	}
	return p, nil
}

// splitPath turns "/a/b/" into ["a", "b"] and "/" into [].
func splitPath(path string) []string {
	path = strings.Trim(path, "/")
	if path == "" {
		return nil
	}
	return strings.Split(path, "/")
}

// Limits of a path worth matching: no page of the product comes near them,
// and past them a request is refused before any work.
const (
	MaxPathBytes = 2048
	MaxSegments  = 32
)

// Match finds the most specific route for a path (without a language prefix).
// ok is false when nothing matches or the match fails its route's validation;
// both are a 404 for the caller. Its cost is linear in the path: each
// pattern is tried once, and a {name+} takes exactly the parts that the
// fixed segments after it leave.
func (t *Table) Match(path string) (m Match, ok bool) {
	var buf [MaxSegments + 2]string
	parts, ok := pathParts(path, buf[:0])
	if !ok {
		return Match{}, false
	}
	var scores [2][MaxSegments + 2]int
	best, score := t.best(parts, &scores)
	if best == nil {
		return Match{}, false
	}
	params := make(map[string]string, len(best.segments))
	t.matchFrom(best.segments, parts, params, score[:0])
	m = Match{Route: best.route, Kind: best.kind, Pattern: best.source, Params: params}
	return m, best.route.valid(params)
}

// RouteOf is the route Match would try for a path, its parameters neither
// read nor checked: enough to name a page's route (what its cache key
// holds, the query it keeps) on every request, with no allocation for a
// path without escapes; not enough to serve it, which Match decides.
func (t *Table) RouteOf(path string) (*Route, bool) {
	var buf [MaxSegments + 2]string
	parts, ok := pathParts(path, buf[:0])
	if !ok {
		return nil, false
	}
	var scores [2][MaxSegments + 2]int
	if best, _ := t.best(parts, &scores); best != nil {
		return best.route, true
	}
	return nil, false
}

// pathParts appends path's decoded segments to buf, which holds at least
// MaxSegments+2; false for a path past the limits or with a segment that
// cannot be one (empty, a bad escape, an escaped /).
func pathParts(path string, buf []string) ([]string, bool) {
	if len(path) > MaxPathBytes || strings.Count(path, "/") > MaxSegments+1 {
		return nil, false
	}
	path = strings.Trim(path, "/")
	if path == "" {
		return buf, true
	}
	for part := range strings.SplitSeq(path, "/") {
		if strings.IndexByte(part, '%') >= 0 {
			s, err := url.PathUnescape(part)
			if err != nil || strings.ContainsRune(s, '/') {
				return nil, false
			}
			part = s
		}
		if part == "" {
			return nil, false
		}
		buf = append(buf, part)
	}
	return buf, true
}

// best is the most specific pattern matching parts and its specificity.
// Patterns are tried without their parameters, into two score buffers
// taking turns: the match costs no allocation per pattern. Only the
// patterns parts' first can match are tried: one whose first segment is
// fixed outranks every one whose first is a parameter (better compares the
// first part first), so those are tried only when none of the fixed ones
// matched; within each list, table order breaks ties as before.
func (t *Table) best(parts []string, bufs *[2][MaxSegments + 2]int) (*pattern, []int) {
	if len(parts) == 0 {
		return t.bestOf(t.rooted, parts, bufs)
	}
	if p, s := t.bestOf(t.byFirst[parts[0]], parts, bufs); p != nil {
		return p, s
	}
	return t.bestOf(t.open, parts, bufs)
}

func (t *Table) bestOf(patterns []*pattern, parts []string, bufs *[2][MaxSegments + 2]int) (*pattern, []int) {
	var best *pattern
	bestScore, score := bufs[0][:0], bufs[1][:0]
	for _, p := range patterns {
		if !p.fits(len(parts)) {
			continue
		}
		s, matched := t.matchFrom(p.segments, parts, nil, score[:0])
		switch {
		case matched && (best == nil || better(s, bestScore)):
			best = p
			bestScore, score = s, bestScore
		case s != nil:
			score = s
		}
	}
	return best, bestScore
}

// matchFrom matches segments against parts, filling params (when not nil)
// and returning the per-part specificity. A splat takes as few parts as
// leave the rest matching, then more: the first way found is kept, which
// is deterministic.
func (t *Table) matchFrom(segs []segment, parts []string, params map[string]string, score []int) ([]int, bool) {
	if len(segs) == 0 {
		return score, len(parts) == 0
	}
	if len(parts) == 0 {
		return nil, false
	}
	seg, part := segs[0], parts[0]
	switch seg.kind {
	case segStatic:
		if part != seg.text {
			return nil, false
		}
		return t.matchFrom(segs[1:], parts[1:], params, append(score, segStatic))
	case segPrefixed:
		if !strings.HasPrefix(part, seg.text) || len(part) == len(seg.text) {
			return nil, false
		}
		if params != nil {
			params[seg.param] = part[len(seg.text):]
		}
		return t.matchFrom(segs[1:], parts[1:], params, append(score, segPrefixed))
	case segParam:
		if params != nil {
			params[seg.param] = part
		}
		return t.matchFrom(segs[1:], parts[1:], params, append(score, segParam))
	}
	if t.reserved(part) {
		return nil, false
	}
	// A pattern has at most one {name+} (compile checks), so it takes what
	// the segments after it do not: one way, no backtracking.
	n := len(parts) - (len(segs) - 1)
	if n < 1 {
		return nil, false
	}
	for range n {
		score = append(score, segSplat)
	}
	s, ok := t.matchFrom(segs[1:], parts[n:], params, score)
	if ok && params != nil {
		params[seg.param] = strings.Join(parts[:n], "/")
	}
	return s, ok
}

// better compares specificity part by part: the first more specific part wins.
func better(a, b []int) bool {
	for i := range a {
		if i >= len(b) || a[i] != b[i] {
			return i < len(b) && a[i] > b[i]
		}
	}
	return false
}

// valid runs the route's validation hook: every parameter is printable and at
// most 200 characters, and matches the route's own expression where it has one.
func (r *Route) valid(params map[string]string) bool {
	for name, value := range params {
		if len(value) > 200 && name != "path" || !utf8.ValidString(value) {
			return false
		}
		for _, c := range value {
			if !unicode.IsPrint(c) {
				return false
			}
		}
		if re := r.validators[name]; re != nil && !re.MatchString(value) {
			return false
		}
	}
	return true
}
