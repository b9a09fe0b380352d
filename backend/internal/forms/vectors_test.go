package forms

import (
	"encoding/json"
	"maps"
	"os"
	"reflect"
	"slices"
	"testing"
)

// vectors are the cases the browser's engine runs too (vectors.test.ts).
type vectors struct {
	Definitions map[string]*Definition `json:"definitions"`
	Cases       []struct {
		Name    string                       `json:"name"`
		Form    string                       `json:"form"`
		Answers Answers                      `json:"answers"`
		Today   string                       `json:"today"`
		Region  string                       `json:"region"`
		Steps   []int                        `json:"steps"`
		Path    []int                        `json:"path"`
		Visible []string                     `json:"visible"`
		Errors  map[string]string            `json:"errors"`
		Args    map[string]map[string]string `json:"args"`
		Stored  Answers                      `json:"stored"`
		Score   *Score                       `json:"score"`
	} `json:"cases"`
}

func loadVectors(t testing.TB) vectors {
	t.Helper()
	data, err := os.ReadFile("testdata/vectors.json")
	if err != nil {
		t.Fatal(err)
	}
	var v vectors
	if err := json.Unmarshal(data, &v); err != nil {
		t.Fatal(err)
	}
	return v
}

func TestSharedVectorsDefinitionsAreValid(t *testing.T) {
	v := loadVectors(t)
	kinds := map[string]string{"contact": KindForm, "survey": KindSurvey, "quiz": KindQuiz, "bounds": KindForm}
	for name, d := range v.Definitions {
		if err := CheckDefinition(d, kinds[name], nil); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}

func TestSharedVectors(t *testing.T) {
	v := loadVectors(t)
	for _, c := range v.Cases {
		t.Run(c.Name, func(t *testing.T) {
			d := v.Definitions[c.Form]
			answers := c.Answers.Normalized(d)
			reach := Walk(d, answers)
			if !slices.Equal(reach.Path, c.Path) {
				t.Errorf("path = %v, want %v", reach.Path, c.Path)
			}
			visible := slices.Sorted(maps.Keys(reach.Visible))
			if !slices.Equal(visible, c.Visible) {
				t.Errorf("visible = %v, want %v", visible, c.Visible)
			}
			steps := c.Steps
			if steps == nil {
				steps = reach.Path
			}
			region := c.Region
			if region == "" {
				region = "DK"
			}
			stored, problems := Check(d, answers, reach, steps, CheckContext{Today: c.Today, Region: region})
			got := map[string]string{}
			for id, p := range problems {
				got[id] = p.ID
				if want := c.Args[id]; want != nil && !reflect.DeepEqual(p.Args, want) {
					t.Errorf("args of %s = %v, want %v", id, p.Args, want)
				}
			}
			if !maps.Equal(got, c.Errors) {
				t.Errorf("errors = %v, want %v", got, c.Errors)
			}
			if c.Stored != nil && !reflect.DeepEqual(stored, c.Stored) {
				t.Errorf("stored = %v, want %v", stored, c.Stored)
			}
			if c.Score != nil {
				if s := ScoreOf(d, stored, reach); s != *c.Score {
					t.Errorf("score = %+v, want %+v", s, *c.Score)
				}
			}
		})
	}
}
