package booking

import (
	"strings"
	"time"

	"slotwise/backend/internal/forms"
)

// checkQuestions runs the calendar's own questions through the form
// engine, as every form is run: it adds each problem to invalid under its
// field path (answers.<id>) and returns the answers the booker could reach,
// as they are stored.
func checkQuestions(cal *Calendar, answers map[string][]string, now time.Time, invalid *ValidationError) forms.Answers {
	if cal.Questions == nil {
		return nil
	}
	d := cal.Questions
	a := forms.Answers(answers).Normalized(d)
	reach := forms.Walk(d, a)
	zone, err := time.LoadLocation(cal.Location.TimeZone)
	if err != nil {
		zone = time.UTC
	}
	stored, problems := forms.Check(d, a, reach, reach.Path, forms.CheckContext{Today: now.In(zone).Format(time.DateOnly), Region: cal.Location.Country})
	for id, p := range problems {
		invalid.Fields[forms.FieldPath(id)] = p.ID
		if p.Args != nil {
			if invalid.Args == nil {
				invalid.Args = map[string]map[string]string{}
			}
			invalid.Args[forms.FieldPath(id)] = p.Args
		}
	}
	return stored
}

// answerRows are a booking's answers as people read them, in locale: each
// question's label and the labels of the options chosen.
func answerRows(cal *Calendar, answers forms.Answers, locale string) []AnswerView {
	if cal == nil || cal.Questions == nil || len(answers) == 0 {
		return nil
	}
	d := cal.Questions
	var out []AnswerView
	for _, f := range d.Fields() {
		vals, ok := answers[f.ID]
		if !ok || f.Type == forms.TypeHidden {
			continue
		}
		shown := make([]string, 0, len(vals))
		for _, v := range vals {
			label := v
			for _, o := range f.Options {
				if o.Value == v {
					label = o.Label.In(locale, d.Locale)
				}
			}
			if f.Type == forms.TypeConsent {
				label = "✓"
			}
			shown = append(shown, label)
		}
		out = append(out, AnswerView{Label: f.Label.In(locale, d.Locale), Value: strings.Join(shown, ", ")})
	}
	return out
}
