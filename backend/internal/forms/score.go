package forms

import "slices"

// ScoreOf scores the answers to the questions the visitor could see. A
// question with correct options earns its points when the choice is
// exactly right; otherwise each chosen option earns its own points.
func ScoreOf(d *Definition, a Answers, r Reach) Score {
	var s Score
	for _, f := range d.Fields() {
		if !r.Visible[f.ID] || !f.hasOptions() {
			continue
		}
		got, most := fieldScore(f, a[f.ID])
		s.Points += got
		s.Max += most
	}
	s.Band = -1
	if d.Quiz != nil {
		for i, b := range d.Quiz.Bands {
			if s.Points >= b.Min {
				s.Band = i
			}
		}
	}
	return s
}

func fieldScore(f *Field, chosen []string) (got, most int) {
	var correct []string
	for _, o := range f.Options {
		if o.Correct {
			correct = append(correct, o.Value)
		}
	}
	if len(correct) > 0 {
		points := f.Points
		if points == 0 {
			points = 1
		}
		a, b := slices.Clone(chosen), correct
		slices.Sort(a)
		slices.Sort(b)
		if slices.Equal(a, b) {
			return points, points
		}
		return 0, points
	}
	best := 0
	for _, o := range f.Options {
		if slices.Contains(chosen, o.Value) {
			got += o.Points
		}
		switch {
		case f.multi() && o.Points > 0:
			most += o.Points
		case !f.multi() && o.Points > best:
			best = o.Points
		}
	}
	if !f.multi() {
		most = best
	}
	return got, most
}

// Correct lists a quiz question's right options, for a result page that
// reveals them.
func (f *Field) Correct() []string {
	var out []string
	for _, o := range f.Options {
		if o.Correct {
			out = append(out, o.Value)
		}
	}
	return out
}
