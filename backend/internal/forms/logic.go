package forms

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// Answers are a visitor's answers by field id. Every answer is a list: one
// value for most types, the choices of a multiple-choice field, none when
// skipped.
type Answers map[string][]string

// consentValues are what a checked box sends, as browsers and clients do.
var consentValues = map[string]bool{"on": true, "true": true, "yes": true, "1": true}

// Normalized trims every value and drops empty ones; a consent is "true"
// when given. Answers to fields the definition does not have are dropped.
func (a Answers) Normalized(d *Definition) Answers {
	out := Answers{}
	for _, f := range d.Fields() {
		var vals []string
		for _, v := range a[f.ID] {
			if v = strings.TrimSpace(v); v != "" {
				vals = append(vals, v)
			}
		}
		if f.Type == TypeConsent && len(vals) > 0 {
			if !consentValues[strings.ToLower(vals[0])] {
				continue
			}
			vals = []string{"true"}
		}
		if len(vals) > 0 {
			out[f.ID] = vals
		}
	}
	return out
}

// Reach is where a visitor could go with their answers.
type Reach struct {
	Path    []int           // the steps on their path, in order
	Visible map[string]bool // the fields they could see: on the path and not hidden by a rule
}

// Walk follows d over answers as the visitor would: step by step from the
// first, each field shown or hidden by the rules as far as the answers
// before it say, then on to the step a jump names or the next one. A rule
// reads only answers to fields the visitor could see.
func Walk(d *Definition, answers Answers) Reach {
	r := Reach{Visible: map[string]bool{}}
	known, multi := Answers{}, d.multiFields()
	for step := 0; step >= 0 && step < len(d.Steps); {
		r.Path = append(r.Path, step)
		for _, f := range d.Steps[step].Fields {
			if !shown(d, f.ID, known, multi) {
				continue
			}
			r.Visible[f.ID] = true
			if v, ok := answers[f.ID]; ok {
				known[f.ID] = v
			}
		}
		step = nextStep(d, step, known, multi)
	}
	return r
}

// shown applies the show and hide rules of a field: a matching hide rule
// hides it; with show rules, one must match.
func shown(d *Definition, field string, known Answers, multi map[string]bool) bool {
	hasShow, showMatched := false, false
	for _, rule := range d.Rules {
		if rule.Field != field {
			continue
		}
		switch rule.Action {
		case ActionHide:
			if rule.When.matches(known, multi) {
				return false
			}
		case ActionShow:
			hasShow = true
			showMatched = showMatched || rule.When.matches(known, multi)
		}
	}
	return !hasShow || showMatched
}

// nextStep is where the first matching jump from step goes, else the next
// step; -1 ends the form.
func nextStep(d *Definition, step int, known Answers, multi map[string]bool) int {
	id := d.Steps[step].ID
	for _, rule := range d.Rules {
		if rule.Action != ActionJump || rule.Step != id || !rule.When.matches(known, multi) {
			continue
		}
		if rule.To == StepEnd {
			return -1
		}
		if to := d.StepIndex(rule.To); to > step {
			return to
		}
	}
	return step + 1
}

// multiFields are the fields whose answer is a list.
func (d *Definition) multiFields() map[string]bool {
	out := map[string]bool{}
	for _, f := range d.Fields() {
		out[f.ID] = f.multi()
	}
	return out
}

// After is the step that follows step on the path, -1 when the form ends
// there; ok is false when step is not on the path at all.
func (r Reach) After(step int) (next int, ok bool) {
	i := slices.Index(r.Path, step)
	if i < 0 {
		return 0, false
	}
	if i+1 < len(r.Path) {
		return r.Path[i+1], true
	}
	return -1, true
}

// Prune keeps the answers to fields the visitor could see.
func (r Reach) Prune(a Answers) Answers {
	out := Answers{}
	for id, v := range a {
		if r.Visible[id] {
			out[id] = v
		}
	}
	return out
}

func (g Group) matches(known Answers, multi map[string]bool) bool {
	if len(g.Conditions) == 0 {
		return true
	}
	for _, c := range g.Conditions {
		ok := c.holds(known[c.Field], multi[c.Field])
		if g.Match == MatchAny && ok {
			return true
		}
		if g.Match != MatchAny && !ok {
			return false
		}
	}
	return g.Match != MatchAny
}

// numberSyntax is what a number answer looks like, in the browser too:
// no exponents, no hexadecimal, no Infinity.
var numberSyntax = regexp.MustCompile(`^-?[0-9]+(\.[0-9]+)?$`)

func parseNumber(s string) (float64, bool) {
	if !numberSyntax.MatchString(s) {
		return 0, false
	}
	n, err := strconv.ParseFloat(s, 64)
	return n, err == nil
}

func (c Condition) holds(vals []string, multi bool) bool {
	switch c.Op {
	case OpAnswered:
		return len(vals) > 0
	case OpSkipped:
		return len(vals) == 0
	case OpEquals:
		return equalAnswer(vals, c)
	case OpNotEquals:
		return !equalAnswer(vals, c)
	case OpContains:
		// A choice among several is included; a text holds the words,
		// whatever their case.
		if multi {
			return slices.Contains(vals, c.Value)
		}
		return len(vals) == 1 && strings.Contains(strings.ToLower(vals[0]), strings.ToLower(c.Value))
	case OpIncludesAny:
		return slices.ContainsFunc(vals, func(v string) bool { return slices.Contains(c.Values, v) })
	case OpGreater, OpLess:
		if len(vals) != 1 {
			return false
		}
		cmp, ok := compare(vals[0], c.Value)
		return ok && (c.Op == OpGreater && cmp > 0 || c.Op == OpLess && cmp < 0)
	}
	return false
}

// equalAnswer: one value equal to the condition's (numbers by value), or
// for a list, exactly the condition's values.
func equalAnswer(vals []string, c Condition) bool {
	want := c.Values
	if len(want) == 0 {
		want = []string{c.Value}
	}
	if len(vals) != len(want) {
		return false
	}
	if len(vals) == 1 {
		if cmp, ok := compare(vals[0], want[0]); ok {
			return cmp == 0
		}
		return vals[0] == want[0]
	}
	a, b := slices.Clone(vals), slices.Clone(want)
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(a, b)
}

// compare orders two numbers, or two dates (YYYY-MM-DD); ok is false for
// anything else.
func compare(a, b string) (int, bool) {
	x, okA := parseNumber(a)
	y, okB := parseNumber(b)
	if okA && okB {
		switch {
		case x < y:
			return -1, true
		case x > y:
			return 1, true
		}
		return 0, true
	}
	if isDate(a) && isDate(b) {
		return strings.Compare(a, b), true
	}
	return 0, false
}

var dateSyntax = regexp.MustCompile(`^[0-9]{4}-[0-9]{2}-[0-9]{2}$`)

func isDate(s string) bool { return dateSyntax.MatchString(s) }
