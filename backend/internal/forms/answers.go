package forms

import (
	"fmt"
	"maps"
	"strings"
	"time"
)

// param is the query parameter a hidden field is filled from.
func (f *Field) param() string {
	if f.Param != "" {
		return f.Param
	}
	return f.ID
}

// HiddenParams are the query parameters the hidden fields read.
func (d *Definition) HiddenParams() []string {
	var out []string
	for _, f := range d.Fields() {
		if f.Type == TypeHidden {
			out = append(out, f.param())
		}
	}
	return out
}

// WithQuery is answers with the hidden fields filled from the page's query.
func (d *Definition) WithQuery(a Answers, query map[string]string) Answers {
	out := maps.Clone(a)
	if out == nil {
		out = Answers{}
	}
	for _, f := range d.Fields() {
		if v, ok := query[f.param()]; ok && f.Type == TypeHidden {
			out[f.ID] = []string{v}
		}
	}
	return out
}

// CheckAll walks the whole form over answers and checks every step on the
// visitor's path: what a form sent in one go is judged by (a calendar's
// booking questions).
func CheckAll(d *Definition, answers Answers, ctx CheckContext) (Answers, map[string]FieldError) {
	n := answers.Normalized(d)
	reach := Walk(d, n)
	return Check(d, n, reach, reach.Path, ctx)
}

// TodayIn is the date in zone (UTC when the zone is unknown), for "today"
// bounds.
func TodayIn(zone string, now time.Time) string {
	loc, err := time.LoadLocation(zone)
	if err != nil {
		loc = time.UTC
	}
	return now.In(loc).Format(time.DateOnly)
}

// Row is one answer as people read it.
type Row struct {
	Label string
	Value string
}

// Readable is answers as people read them in locale: each question
// answered, in form order, with the labels of the options chosen; hidden
// fields (the campaign, the page's parameters) only with withHidden.
func (d *Definition) Readable(a Answers, locale string, withHidden bool) []Row {
	t := func(x Text) string { return x.In(locale, d.Locale) }
	var out []Row
	for _, field := range d.Fields() {
		vals, ok := a[field.ID]
		if !ok || field.Type == TypeHidden && !withHidden {
			continue
		}
		label := t(field.Label)
		if label == "" {
			label = field.ID
		}
		shown := make([]string, 0, len(vals))
		for _, v := range vals {
			switch {
			case field.hasOptions() && field.option(v) != nil:
				shown = append(shown, t(field.option(v).Label))
			case field.Type == TypeConsent:
				shown = append(shown, "✓")
			case field.Type == TypeRating:
				shown = append(shown, fmt.Sprintf("%s / %d", v, field.scale()))
			default:
				shown = append(shown, v)
			}
		}
		out = append(out, Row{Label: label, Value: strings.Join(shown, ", ")})
	}
	return out
}
