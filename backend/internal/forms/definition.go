package forms

import (
	"slices"
	"strings"

	"slotwise/locales"
)

// Kinds of form.
const (
	KindForm    = "form"
	KindQuiz    = "quiz"
	KindSurvey  = "survey"
	KindBooking = "booking" // a calendar's booking questions
)

// Field types.
const (
	TypeText     = "text"     // one line
	TypeTextarea = "textarea" // several lines
	TypeName     = "name"     // a person's name
	TypeEmail    = "email"
	TypePhone    = "phone"
	TypeNumber   = "number"
	TypeDate     = "date"
	TypeSingle   = "single"   // radio buttons
	TypeDropdown = "dropdown" // a select
	TypeMultiple = "multiple" // checkboxes
	TypeRating   = "rating"   // 1 to Scale
	TypeConsent  = "consent"  // one checkbox
	TypeHidden   = "hidden"   // filled from the page's URL, never shown
)

var fieldTypes = []string{TypeText, TypeTextarea, TypeName, TypeEmail, TypePhone, TypeNumber, TypeDate,
	TypeSingle, TypeDropdown, TypeMultiple, TypeRating, TypeConsent, TypeHidden}

// Rule actions and condition operators.
const (
	ActionShow = "show"
	ActionHide = "hide"
	ActionJump = "jump"

	OpEquals      = "equals"
	OpNotEquals   = "notEquals"
	OpContains    = "contains"
	OpGreater     = "greaterThan"
	OpLess        = "lessThan"
	OpAnswered    = "answered"
	OpSkipped     = "skipped"
	OpIncludesAny = "includesAny"

	MatchAll = "all"
	MatchAny = "any"

	// StepEnd is a jump's target that ends the form.
	StepEnd = "end"
)

// Text is a text of a definition in the languages it is written in, keyed
// by the URL's locale code ("en-US", "de", "pt-br").
type Text map[string]string

// In is the text in locale, else in the same language's other variant
// (pt-br for pt), else in fallback (the definition's own language), else
// in en-US, else in any language it has.
func (t Text) In(locale, fallback string) string {
	s, _ := t.choose(locale, fallback)
	return s
}

// LangIn is the language In shows t in for locale, where it is another
// language than locale's (as a lang attribute writes it), else "": a text
// the business did not translate says its own language (WCAG 3.1.2).
func (t Text) LangIn(locale, fallback string) string {
	_, k := t.choose(locale, fallback)
	base := func(l string) string { b, _, _ := strings.Cut(strings.ToLower(l), "-"); return b }
	if k == "" || base(k) == base(locale) {
		return ""
	}
	return locales.Lang(k)
}

// choose is In's text and the language it is in.
func (t Text) choose(locale, fallback string) (string, string) {
	if len(t) == 0 {
		return "", ""
	}
	if locale == "en" {
		locale = "en-US"
	}
	if s, ok := t[locale]; ok {
		return s, locale
	}
	base, _, _ := strings.Cut(locale, "-")
	for k, s := range t {
		if kb, _, _ := strings.Cut(k, "-"); kb == base && base != "" {
			return s, k
		}
	}
	for _, k := range []string{fallback, "en-US"} {
		if s, ok := t[k]; ok {
			return s, k
		}
	}
	keys := make([]string, 0, len(t))
	for k := range t {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return t[keys[0]], keys[0]
}

// Definition is one version of a form: what it asks, in which steps, and
// what happens after.
type Definition struct {
	Locale string `json:"locale"` // the language its texts are written in first
	Title  Text   `json:"title"`
	Intro  Text   `json:"intro,omitempty"`
	Steps  []Step `json:"steps"`
	Rules  []Rule `json:"rules,omitempty"`
	Submit Text   `json:"submit,omitempty"` // the last step's button; "Send" by default
	// Thanks is shown after a submission, unless Redirect names a page
	// to go to (a path of this site, or an origin the operator allowed).
	Thanks   Text   `json:"thanks,omitempty"`
	Redirect string `json:"redirect,omitempty"`
	Quiz     *Quiz  `json:"quiz,omitempty"`
	// MinFillSeconds: a submission sooner after the form was shown is
	// refused as automated (default 3; 0 keeps the default, -1 turns it off).
	MinFillSeconds int `json:"minFillSeconds,omitempty"`
	// Notify is where each submission is mailed; the business's address
	// when empty.
	Notify string `json:"notify,omitempty"`
}

// Step is one page of a form.
type Step struct {
	ID     string  `json:"id"`
	Title  Text    `json:"title,omitempty"`
	Fields []Field `json:"fields"`
}

// Field is one question.
type Field struct {
	ID          string `json:"id"`
	Type        string `json:"type"`
	Label       Text   `json:"label"`
	Help        Text   `json:"help,omitempty"`
	Placeholder Text   `json:"placeholder,omitempty"`
	Required    bool   `json:"required,omitempty"`
	// Text bounds, in characters; MaxLength 0 is the type's default.
	MinLength int `json:"minLength,omitempty"`
	MaxLength int `json:"maxLength,omitempty"`
	// Pattern is a regular expression the whole text must match, in the
	// syntax Go and browsers read alike; the field's Help says what it wants.
	Pattern string `json:"pattern,omitempty"`
	// Number bounds; Integer allows whole numbers only.
	Min     *float64 `json:"min,omitempty"`
	Max     *float64 `json:"max,omitempty"`
	Integer bool     `json:"integer,omitempty"`
	// Date bounds: YYYY-MM-DD or "today" (in the business's time zone).
	MinDate string `json:"minDate,omitempty"`
	MaxDate string `json:"maxDate,omitempty"`
	// Choices of single, dropdown and multiple; bounds of multiple.
	Options    []Option `json:"options,omitempty"`
	MinChoices int      `json:"minChoices,omitempty"`
	MaxChoices int      `json:"maxChoices,omitempty"`
	Scale      int      `json:"scale,omitempty"` // rating: 1 to Scale (default 5)
	// Param is the query parameter a hidden field is filled from (its id
	// by default).
	Param string `json:"param,omitempty"`
	// Points is what a quiz question with correct options gives when
	// answered exactly right (1 by default).
	Points int `json:"points,omitempty"`
}

// Option is one choice.
type Option struct {
	Value   string `json:"value"`
	Label   Text   `json:"label"`
	Points  int    `json:"points,omitempty"`  // quiz: what choosing it scores
	Correct bool   `json:"correct,omitempty"` // quiz: a right answer
}

// Rule shows or hides Field, or jumps from Step to To, when When matches.
type Rule struct {
	Action string `json:"action"`
	Field  string `json:"field,omitempty"`
	Step   string `json:"step,omitempty"`
	To     string `json:"to,omitempty"`
	When   Group  `json:"when"`
}

// Group is conditions that must all, or any one of them, hold.
type Group struct {
	Match      string      `json:"match"`
	Conditions []Condition `json:"conditions"`
}

// Condition compares a field's answer with Value (or Values for includesAny).
type Condition struct {
	Field  string   `json:"field"`
	Op     string   `json:"op"`
	Value  string   `json:"value,omitempty"`
	Values []string `json:"values,omitempty"`
}

// Quiz holds what a quiz adds: bands of outcome by score, and whether the
// result page shows the right answers.
type Quiz struct {
	Bands         []Band `json:"bands"`
	RevealAnswers bool   `json:"revealAnswers,omitempty"`
}

// Band is an outcome for scores from Min up to the next band's Min.
type Band struct {
	Min   int  `json:"min"`
	Title Text `json:"title"`
	Text  Text `json:"text,omitempty"`
	// Book is the slug of the calendar the band recommends: its result's
	// Book button books it.
	Book string `json:"book,omitempty"`
}

// Fields lists every field in form order.
func (d *Definition) Fields() []*Field {
	var out []*Field
	for i := range d.Steps {
		for j := range d.Steps[i].Fields {
			out = append(out, &d.Steps[i].Fields[j])
		}
	}
	return out
}

// Field finds a field by id.
func (d *Definition) Field(id string) *Field {
	for _, f := range d.Fields() {
		if f.ID == id {
			return f
		}
	}
	return nil
}

// StepIndex is the index of the step with id, or -1.
func (d *Definition) StepIndex(id string) int {
	return slices.IndexFunc(d.Steps, func(s Step) bool { return s.ID == id })
}

// multi tells whether a field's answer is a list.
func (f *Field) multi() bool { return f.Type == TypeMultiple }

// hasOptions: the answer is one of the field's options.
func (f *Field) hasOptions() bool {
	return f.Type == TypeSingle || f.Type == TypeDropdown || f.Type == TypeMultiple
}

// option finds the option with value.
func (f *Field) option(value string) *Option {
	for i := range f.Options {
		if f.Options[i].Value == value {
			return &f.Options[i]
		}
	}
	return nil
}

// scale is a rating's top.
func (f *Field) scale() int {
	if f.Scale == 0 {
		return 5
	}
	return f.Scale
}

// maxLength is a text's bound: the field's, else its type's.
func (f *Field) maxLength() int {
	if f.MaxLength > 0 {
		return f.MaxLength
	}
	switch f.Type {
	case TypeTextarea:
		return 5000
	case TypeName:
		return 100
	case TypeEmail:
		return 254
	case TypeHidden:
		return 500
	}
	return 300
}

// minFill is how soon a submission may come, in seconds.
func (d *Definition) minFill() int {
	switch {
	case d.MinFillSeconds < 0:
		return 0
	case d.MinFillSeconds == 0:
		return 3
	}
	return d.MinFillSeconds
}
