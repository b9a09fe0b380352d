package booking

import (
	"strings"
	"time"

	"slotwise/backend/internal/forms"
)

// checkQuestions runs the calendar's own questions through the form
// engine, as every form is run: it adds each problem to invalid under its
// field path (answers.<id>) and returns the answers the booker could reach,
// as they are stored. Booked for a client (forClient), a question left
// unanswered is no problem: the desk answers what the client told it.
func checkQuestions(cal *Calendar, answers map[string][]string, now time.Time, invalid *ValidationError, forClient bool) forms.Answers {
	if cal.Questions == nil {
		return nil
	}
	stored, problems := forms.CheckAll(cal.Questions, answers, forms.CheckContext{
		Today: forms.TodayIn(cal.Location.TimeZone, now), Region: cal.Location.Country,
	})
	for id, p := range problems {
		if forClient && unanswered(answers[id]) {
			continue // the desk answers what the client said; the rest is theirs
		}
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

// unanswered is a question sent without an answer (absent, or blank).
func unanswered(values []string) bool {
	for _, v := range values {
		if strings.TrimSpace(v) != "" {
			return false
		}
	}
	return true
}

// answerRows are a booking's answers as people read them, in locale: each
// question's label and the labels of the options chosen.
func answerRows(cal *Calendar, answers forms.Answers, locale string) []AnswerView {
	if cal == nil || cal.Questions == nil || len(answers) == 0 {
		return nil
	}
	var out []AnswerView
	for _, row := range cal.Questions.Readable(answers, locale, false) {
		out = append(out, AnswerView{Label: row.Label, Value: row.Value})
	}
	return out
}

// AnswerRows are the booking's answers to its calendar's questions as
// people read them, in locale.
func (b *Booking) AnswerRows(locale string) []AnswerView {
	return answerRows(b.Calendar, b.Answers, locale)
}
