package forms

import "slices"

// ViewIn is the form as a page shows it in locale.
func (f *Form) ViewIn(locale, today string) View {
	return ViewOf(&f.Definition, f.Slug, f.Kind, locale, today, f.Business.Country)
}

// ViewOf is a definition as a page shows it in locale (a calendar's
// questions have no form row of their own to ask).
func ViewOf(d *Definition, slug, kind, locale, today, region string) View {
	t := func(x Text) string { return x.In(locale, d.Locale) }
	lang := func(x Text) string { return x.LangIn(locale, d.Locale) }
	v := View{Slug: slug, Kind: kind, Title: t(d.Title), Intro: t(d.Intro), Lang: lang(d.Title), Rules: d.Rules, Submit: t(d.Submit),
		Today: today, Region: region}
	for _, s := range d.Steps {
		sv := StepView{ID: s.ID, Title: t(s.Title), Fields: make([]FieldView, 0, len(s.Fields))}
		for i := range s.Fields {
			fv := fieldView(&s.Fields[i], t, today)
			fv.Lang = lang(s.Fields[i].Label)
			sv.Fields = append(sv.Fields, fv)
		}
		v.Steps = append(v.Steps, sv)
	}
	return v
}

func fieldView(f *Field, t func(Text) string, today string) FieldView {
	fv := FieldView{ID: f.ID, Type: f.Type, Label: t(f.Label), Help: t(f.Help), Placeholder: t(f.Placeholder),
		Required: f.Required, MinLength: f.MinLength, MaxLength: f.maxLength(), Pattern: f.Pattern,
		Min: f.Min, Max: f.Max, Integer: f.Integer, MinChoices: f.MinChoices, MaxChoices: f.MaxChoices, Param: f.Param}
	fv.MinDate = dateBound(f.MinDate, CheckContext{Today: today})
	fv.MaxDate = dateBound(f.MaxDate, CheckContext{Today: today})
	if f.Type == TypeRating {
		fv.Scale = f.scale()
	}
	for _, o := range f.Options {
		fv.Options = append(fv.Options, OptionView{Value: o.Value, Label: t(o.Label)})
	}
	return fv
}

// ResultIn is a submitted quiz response's result in locale: its score, its
// band's outcome, and each question with the right answers when the quiz
// reveals them.
func (f *Form) ResultIn(r *Response, locale string) ResultView {
	d := &f.Definition
	t := func(x Text) string { return x.In(locale, d.Locale) }
	var out ResultView
	if r.Score != nil {
		out.Score = *r.Score
	}
	if d.Quiz == nil {
		return out
	}
	if b := out.Score.Band; b >= 0 && b < len(d.Quiz.Bands) {
		out.Band, out.Text, out.Book = t(d.Quiz.Bands[b].Title), t(d.Quiz.Bands[b].Text), d.Quiz.Bands[b].Book
	}
	if !d.Quiz.RevealAnswers {
		return out
	}
	labels := func(f *Field, values []string) []string {
		out := []string{}
		for _, o := range f.Options {
			if slices.Contains(values, o.Value) {
				out = append(out, t(o.Label))
			}
		}
		return out
	}
	// Every question that counts is shown, so the answers add up to the
	// score: a right-or-wrong one with its right answer, one whose
	// options weigh points with the points it earned and the best answer.
	for _, field := range d.Fields() {
		chosen := r.Answers[field.ID]
		got, most := fieldScore(field, chosen)
		correct := field.Correct()
		if len(correct) > 0 {
			out.Answers = append(out.Answers, RevealedView{Label: t(field.Label), Chosen: labels(field, chosen),
				Correct: labels(field, correct), Right: got > 0})
			continue
		}
		if most == 0 {
			continue
		}
		out.Answers = append(out.Answers, RevealedView{Label: t(field.Label), Chosen: labels(field, chosen),
			Correct: labels(field, bestOptions(field)), Right: got >= most, Points: got, Max: most})
	}
	return out
}

// bestOptions are the values of a points-weighted question that earn the
// most: every option with points when several may be chosen, else those
// with the highest.
func bestOptions(f *Field) []string {
	best, out := 0, []string{}
	for _, o := range f.Options {
		switch {
		case o.Points <= 0:
		case f.multi():
			out = append(out, o.Value)
		case o.Points > best:
			best, out = o.Points, []string{o.Value}
		case o.Points == best:
			out = append(out, o.Value)
		}
	}
	return out
}
