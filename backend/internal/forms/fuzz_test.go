package forms

import (
	"encoding/json"
	"testing"
)

// FuzzWalkAndCheck sends any answers at the shared vectors' forms: the
// engine never panics, keeps only answers to fields the visitor could see,
// and every path it walks starts at the first step and only moves forward.
func FuzzWalkAndCheck(f *testing.F) {
	v := loadVectors(f)
	for _, c := range v.Cases {
		data, _ := json.Marshal(c.Answers)
		f.Add(c.Form, string(data))
	}
	f.Add("survey", `{"visited":["no","yes"],"stars":["\u0000"],"liked":["price","price"]}`)
	f.Fuzz(func(t *testing.T, form, answers string) {
		d, ok := v.Definitions[form]
		if !ok {
			return
		}
		var a Answers
		if json.Unmarshal([]byte(answers), &a) != nil {
			return
		}
		n := a.Normalized(d)
		reach := Walk(d, n)
		if len(reach.Path) == 0 || reach.Path[0] != 0 {
			t.Fatalf("path %v does not start at the first step", reach.Path)
		}
		for i := 1; i < len(reach.Path); i++ {
			if reach.Path[i] <= reach.Path[i-1] {
				t.Fatalf("path %v goes back", reach.Path)
			}
		}
		stored, _ := Check(d, n, reach, reach.Path, CheckContext{Today: "2026-11-23", Region: "DK"})
		for id := range stored {
			if !reach.Visible[id] {
				t.Fatalf("stored an answer to %s, which the visitor could not see", id)
			}
		}
		ScoreOf(d, stored, reach)
	})
}
