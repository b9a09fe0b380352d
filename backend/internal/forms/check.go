package forms

import (
	"regexp"
	"slices"
	"strconv"
	"sync"
	"time"
	"unicode/utf8"

	"slotwise/backend/internal/fieldcheck"
)

// Message ids of the checks, shared with the client (locales/*.json).
const (
	MsgRequired      = "validation.required"
	MsgNameInvalid   = "validation.nameInvalid"
	MsgPhoneInvalid  = "validation.phoneInvalid"
	MsgChooseOne     = "validation.chooseOne"
	MsgChooseAtLeast = "validation.chooseAtLeast"
	MsgChooseAtMost  = "validation.chooseAtMost"
	MsgOptionInvalid = "validation.optionInvalid"
	MsgTooLong       = "validation.tooLong"
	MsgTooShort      = "validation.tooShort"
	MsgPattern       = "validation.patternMismatch"
	MsgNumberInvalid = "validation.numberInvalid"
	MsgNumberWhole   = "validation.numberWhole"
	MsgNumberMin     = "validation.numberMin"
	MsgNumberMax     = "validation.numberMax"
	MsgDateInvalid   = "validation.dateInvalid"
	MsgDateMin       = "validation.dateMin"
	MsgDateMax       = "validation.dateMax"
	MsgInvalidText   = fieldcheck.MsgInvalidText
)

// FieldError is one field's problem: a message id and its arguments.
type FieldError struct {
	ID   string            `json:"id"`
	Args map[string]string `json:"args,omitempty"`
}

// CheckContext is what checks need beyond the answers.
type CheckContext struct {
	Today  string // YYYY-MM-DD in the business's time zone, for "today" bounds
	Region string // the country a phone number without + is read in
}

// Check validates the answers to the fields the visitor could see on the
// given steps, in form order. It returns the answers as they are stored
// (a phone number in E.164) and a problem per invalid field id.
func Check(d *Definition, a Answers, r Reach, steps []int, ctx CheckContext) (Answers, map[string]FieldError) {
	out, errs := Answers{}, map[string]FieldError{}
	for _, s := range steps {
		for i := range d.Steps[s].Fields {
			f := &d.Steps[s].Fields[i]
			if !r.Visible[f.ID] {
				continue
			}
			vals, problem := checkField(f, a[f.ID], ctx)
			if problem != nil {
				errs[f.ID] = *problem
			} else if len(vals) > 0 {
				out[f.ID] = vals
			}
		}
	}
	return out, errs
}

func fail(id string, args ...string) *FieldError {
	e := &FieldError{ID: id}
	if len(args) > 0 {
		e.Args = map[string]string{}
		for i := 0; i+1 < len(args); i += 2 {
			e.Args[args[i]] = args[i+1]
		}
	}
	return e
}

// checkField checks one field's values (already trimmed, empty ones dropped).
func checkField(f *Field, vals []string, ctx CheckContext) ([]string, *FieldError) {
	for _, v := range vals {
		if !fieldcheck.IsText(v, f.Type == TypeTextarea) {
			return nil, fail(MsgInvalidText)
		}
	}
	if len(vals) == 0 {
		if f.Required && f.Type != TypeHidden {
			return nil, fail(requiredMessage(f.Type))
		}
		return nil, nil
	}
	if !f.multi() && len(vals) > 1 {
		return nil, fail(MsgOptionInvalid)
	}
	v := vals[0]
	switch f.Type {
	case TypeText, TypeTextarea, TypeName, TypeHidden:
		return checkText(f, v)
	case TypeEmail:
		if utf8.RuneCountInString(v) > f.maxLength() {
			return nil, fail(MsgTooLong, "max", strconv.Itoa(f.maxLength()))
		}
		if msg := fieldcheck.EmailProblem(v); msg != "" {
			return nil, fail(msg)
		}
	case TypePhone:
		e164, ok := fieldcheck.PhoneE164(v, ctx.Region)
		if !ok {
			return nil, fail(MsgPhoneInvalid)
		}
		return []string{e164}, nil
	case TypeNumber:
		return checkNumber(f, v)
	case TypeDate:
		return checkDate(f, v, ctx)
	case TypeSingle, TypeDropdown:
		if f.option(v) == nil {
			return nil, fail(MsgOptionInvalid)
		}
	case TypeMultiple:
		return checkChoices(f, vals)
	case TypeRating:
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > f.scale() || strconv.Itoa(n) != v {
			return nil, fail(MsgOptionInvalid)
		}
	}
	return vals, nil
}

// requiredMessage is what an empty required field says. A form's fields
// are named by the business, so every one says it alike ("This field is
// required"); a multiple choice asks for a choice.
func requiredMessage(typ string) string {
	if typ == TypeMultiple {
		return MsgChooseOne
	}
	return MsgRequired
}

// nameSyntax: letters of any script with their marks, and the spaces,
// dots, apostrophes, commas and hyphens names have.
var nameSyntax = regexp.MustCompile(`^[\p{L}\p{M}][\p{L}\p{M} .'’,-]*$`)

func checkText(f *Field, v string) ([]string, *FieldError) {
	n := utf8.RuneCountInString(v)
	switch {
	case n > f.maxLength():
		return nil, fail(MsgTooLong, "max", strconv.Itoa(f.maxLength()))
	case n < f.MinLength:
		return nil, fail(MsgTooShort, "min", strconv.Itoa(f.MinLength))
	case f.Type == TypeName && !nameSyntax.MatchString(v):
		return nil, fail(MsgNameInvalid)
	case f.Pattern != "":
		if re, err := compilePattern(f.Pattern); err != nil || !re.MatchString(v) {
			return nil, fail(MsgPattern)
		}
	}
	return []string{v}, nil
}

func checkNumber(f *Field, v string) ([]string, *FieldError) {
	n, ok := parseNumber(v)
	switch {
	case !ok:
		return nil, fail(MsgNumberInvalid)
	case f.Integer && n != float64(int64(n)):
		return nil, fail(MsgNumberWhole)
	case f.Min != nil && n < *f.Min:
		return nil, fail(MsgNumberMin, "min", formatNumber(*f.Min))
	case f.Max != nil && n > *f.Max:
		return nil, fail(MsgNumberMax, "max", formatNumber(*f.Max))
	}
	return []string{v}, nil
}

func formatNumber(n float64) string { return strconv.FormatFloat(n, 'f', -1, 64) }

func checkDate(f *Field, v string, ctx CheckContext) ([]string, *FieldError) {
	if _, err := time.Parse(time.DateOnly, v); err != nil || !isDate(v) {
		return nil, fail(MsgDateInvalid)
	}
	if lo := dateBound(f.MinDate, ctx); lo != "" && v < lo {
		return nil, fail(MsgDateMin, "min", lo)
	}
	if hi := dateBound(f.MaxDate, ctx); hi != "" && v > hi {
		return nil, fail(MsgDateMax, "max", hi)
	}
	return []string{v}, nil
}

func dateBound(b string, ctx CheckContext) string {
	if b == "today" {
		return ctx.Today
	}
	return b
}

func checkChoices(f *Field, vals []string) ([]string, *FieldError) {
	seen := map[string]bool{}
	for _, v := range vals {
		if f.option(v) == nil || seen[v] {
			return nil, fail(MsgOptionInvalid)
		}
		seen[v] = true
	}
	switch {
	case f.MinChoices > 0 && len(vals) < f.MinChoices:
		return nil, fail(MsgChooseAtLeast, "min", strconv.Itoa(f.MinChoices))
	case f.MaxChoices > 0 && len(vals) > f.MaxChoices:
		return nil, fail(MsgChooseAtMost, "max", strconv.Itoa(f.MaxChoices))
	}
	// Stored in the options' order, whatever order they were sent in.
	out := make([]string, 0, len(vals))
	for _, o := range f.Options {
		if slices.Contains(vals, o.Value) {
			out = append(out, o.Value)
		}
	}
	return out, nil
}

var patterns sync.Map // pattern → *regexp.Regexp

// compilePattern compiles a field's pattern to match the whole answer.
func compilePattern(p string) (*regexp.Regexp, error) {
	if re, ok := patterns.Load(p); ok {
		return re.(*regexp.Regexp), nil
	}
	re, err := regexp.Compile(`^(?:` + p + `)$`)
	if err != nil {
		return nil, err
	}
	patterns.Store(p, re)
	return re, nil
}
