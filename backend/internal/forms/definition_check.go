package forms

import (
	"fmt"
	"net/url"
	"regexp"
	"slices"
	"strings"

	"slotwise/locales"
)

// Problem is one thing wrong with a definition: where (a JSON path such as
// steps[1].fields[0].options) and what.
type Problem struct {
	Path    string `json:"path"`
	Message string `json:"message"`
}

// DefinitionError lists a definition's problems.
type DefinitionError struct{ Problems []Problem }

func (e *DefinitionError) Error() string {
	parts := make([]string, len(e.Problems))
	for i, p := range e.Problems {
		parts[i] = p.Path + ": " + p.Message
	}
	return "forms: invalid definition: " + strings.Join(parts, "; ")
}

var idSyntax = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_]{0,39}$`)

// unportablePattern: syntax that Go's regexp and a browser's RegExp read
// differently, or only one of them reads (flags, \A, \z, \Q, POSIX classes).
var unportablePattern = regexp.MustCompile(`\(\?|\\[AzQECbB]|\[\[:`)

// CheckDefinition tells whether d is a definition of kind that the engine
// can run the same way on both sides: ids unique and well formed, choices
// present, bounds in order, patterns portable, rules that look only
// backwards and jump only forwards, a redirect that is a path of this site
// or starts with an origin in allowedOrigins.
func CheckDefinition(d *Definition, kind string, allowedOrigins []string) error {
	c := &checker{d: d}
	c.top(kind, allowedOrigins)
	order := map[string]int{} // field id → position in form order
	stepOf := map[string]int{}
	for si, s := range d.Steps {
		at := fmt.Sprintf("steps[%d]", si)
		if !idSyntax.MatchString(s.ID) {
			c.add(at+".id", "a step's id is a letter, then letters, digits or _ (at most 40)")
		}
		if d.StepIndex(s.ID) != si {
			c.add(at+".id", "two steps have the id "+s.ID)
		}
		if s.ID == StepEnd {
			c.add(at+".id", `"end" is the end of the form, not a step`)
		}
		if len(s.Fields) == 0 {
			c.add(at+".fields", "a step asks at least one question")
		}
		for fi := range s.Fields {
			f := &s.Fields[fi]
			fat := fmt.Sprintf("%s.fields[%d]", at, fi)
			if _, dup := order[f.ID]; dup {
				c.add(fat+".id", "two fields have the id "+f.ID)
			}
			order[f.ID], stepOf[f.ID] = len(order), si
			c.field(fat, f, kind)
		}
	}
	for ri, r := range d.Rules {
		c.rule(fmt.Sprintf("rules[%d]", ri), r, order, stepOf)
	}
	if len(c.problems) > 0 {
		return &DefinitionError{Problems: c.problems}
	}
	return nil
}

type checker struct {
	d        *Definition
	problems []Problem
}

func (c *checker) add(path, msg string) { c.problems = append(c.problems, Problem{path, msg}) }

func (c *checker) top(kind string, allowedOrigins []string) {
	d := c.d
	if !slices.Contains([]string{KindForm, KindQuiz, KindSurvey, KindBooking}, kind) {
		c.add("kind", "a form is a form, quiz, survey or booking")
	}
	if locales.Get(d.Locale).Locale != d.Locale {
		c.add("locale", "the definition's language is one of the product's locales")
	}
	if kind != KindBooking && strings.TrimSpace(d.Title.In(d.Locale, d.Locale)) == "" {
		c.add("title", "a form has a title")
	}
	if len(d.Steps) == 0 && kind != KindBooking {
		c.add("steps", "a form has at least one step")
	}
	if kind == KindQuiz && (d.Quiz == nil || len(d.Quiz.Bands) == 0) {
		c.add("quiz.bands", "a quiz has at least one band of outcome")
	}
	if d.Quiz != nil {
		for i, b := range d.Quiz.Bands {
			if i > 0 && b.Min <= d.Quiz.Bands[i-1].Min {
				c.add(fmt.Sprintf("quiz.bands[%d].min", i), "bands go from the lowest score up")
			}
		}
	}
	if d.Redirect != "" && !RedirectAllowed(d.Redirect, allowedOrigins) {
		c.add("redirect", "a redirect is a path of this site or an address on an allowed origin (SLOTWISE_REDIRECT_ORIGINS)")
	}
}

func (c *checker) field(at string, f *Field, kind string) {
	if !idSyntax.MatchString(f.ID) {
		c.add(at+".id", "a field's id is a letter, then letters, digits or _ (at most 40)")
	}
	if !slices.Contains(fieldTypes, f.Type) {
		c.add(at+".type", "unknown field type "+f.Type)
		return
	}
	if f.Type != TypeHidden && strings.TrimSpace(f.Label.In(c.d.Locale, c.d.Locale)) == "" {
		c.add(at+".label", "a question has a label")
	}
	if f.MinLength < 0 || f.MaxLength < 0 || f.MaxLength > 10000 || (f.MaxLength > 0 && f.MinLength > f.MaxLength) {
		c.add(at+".maxLength", "length bounds are 0 to 10000, the least first")
	}
	if f.Pattern != "" {
		if _, err := compilePattern(f.Pattern); err != nil || unportablePattern.MatchString(f.Pattern) || len(f.Pattern) > 500 {
			c.add(at+".pattern", "the pattern is not a regular expression that browsers read alike")
		}
	}
	if f.Min != nil && f.Max != nil && *f.Min > *f.Max {
		c.add(at+".min", "min is at most max")
	}
	for _, b := range []string{f.MinDate, f.MaxDate} {
		if b != "" && b != "today" && !isDate(b) {
			c.add(at+".minDate", "a date bound is YYYY-MM-DD or today")
		}
	}
	if f.hasOptions() {
		if len(f.Options) == 0 {
			c.add(at+".options", "a choice has options")
		}
		for oi, o := range f.Options {
			if o.Value == "" || len(o.Value) > 100 || f.option(o.Value) != &f.Options[oi] {
				c.add(fmt.Sprintf("%s.options[%d].value", at, oi), "each option has its own value of 1 to 100 bytes")
			}
		}
	} else if len(f.Options) > 0 {
		c.add(at+".options", "only single, dropdown and multiple fields have options")
	}
	if f.MinChoices < 0 || f.MaxChoices < 0 || (f.MaxChoices > 0 && f.MinChoices > f.MaxChoices) {
		c.add(at+".maxChoices", "choice bounds are positive, the least first")
	}
	if f.Type == TypeRating && (f.Scale != 0 && (f.Scale < 3 || f.Scale > 10)) {
		c.add(at+".scale", "a rating goes up to 3 to 10")
	}
	if f.Param != "" && !idSyntax.MatchString(f.Param) {
		c.add(at+".param", "a parameter name is a letter, then letters, digits or _")
	}
}

func (c *checker) rule(at string, r Rule, order, stepOf map[string]int) {
	// before is the position every condition's field must come before.
	before := -1
	switch r.Action {
	case ActionShow, ActionHide:
		pos, ok := order[r.Field]
		if !ok {
			c.add(at+".field", "no field "+r.Field)
			return
		}
		before = pos
	case ActionJump:
		from := c.d.StepIndex(r.Step)
		if from < 0 {
			c.add(at+".step", "no step "+r.Step)
			return
		}
		if to := c.d.StepIndex(r.To); r.To != StepEnd && to <= from {
			c.add(at+".to", "a jump goes to a later step or to end")
		}
		before = len(order)
		for id, s := range stepOf {
			if s > from && order[id] < before {
				before = order[id]
			}
		}
	default:
		c.add(at+".action", "a rule shows, hides or jumps")
		return
	}
	if r.When.Match != MatchAll && r.When.Match != MatchAny {
		c.add(at+".when.match", "a group matches all or any")
	}
	for ci, cond := range r.When.Conditions {
		cat := fmt.Sprintf("%s.when.conditions[%d]", at, ci)
		pos, ok := order[cond.Field]
		switch {
		case !ok:
			c.add(cat+".field", "no field "+cond.Field)
		case pos >= before:
			c.add(cat+".field", "a rule looks only at questions asked before what it decides")
		}
		if !slices.Contains([]string{OpEquals, OpNotEquals, OpContains, OpGreater, OpLess, OpAnswered, OpSkipped, OpIncludesAny}, cond.Op) {
			c.add(cat+".op", "unknown operator "+cond.Op)
		}
		if cond.Op == OpIncludesAny && len(cond.Values) == 0 {
			c.add(cat+".values", "includesAny names the values")
		}
	}
}

// RedirectAllowed tells whether a form may send its visitor to target: a
// path of this site, or a URL on an origin the operator allowed.
func RedirectAllowed(target string, allowedOrigins []string) bool {
	u, err := url.Parse(target)
	if err != nil || strings.ContainsAny(target, "\\\x00\r\n\t") {
		return false
	}
	if u.Scheme == "" && u.Host == "" {
		return strings.HasPrefix(target, "/") && !strings.HasPrefix(target, "//")
	}
	if u.Scheme != "https" && u.Scheme != "http" || u.User != nil {
		return false
	}
	return slices.Contains(allowedOrigins, u.Scheme+"://"+u.Host)
}
