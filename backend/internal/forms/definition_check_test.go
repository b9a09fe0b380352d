package forms

import (
	"encoding/json"
	"strings"
	"testing"
)

// A definition the engine could not run the same way on both sides, or
// whose rules could loop or look ahead, is refused with where and why.
func TestDefinitionsTheEngineCannotRunAreRefused(t *testing.T) {
	base := func() *Definition {
		v := loadVectors(t)
		data, _ := json.Marshal(v.Definitions["survey"])
		var d Definition
		_ = json.Unmarshal(data, &d)
		return &d
	}
	tests := []struct {
		name string
		edit func(d *Definition)
		path string
	}{
		{"a jump backwards", func(d *Definition) { d.Rules[1].Step, d.Rules[1].To = "likes", "visit" }, "rules[1].to"},
		{"a jump to itself", func(d *Definition) { d.Rules[1].To = "visit" }, "rules[1].to"},
		{"a rule that looks at a later question", func(d *Definition) { d.Rules[0].When.Conditions[0].Field = "comments" }, "rules[0].when.conditions[0].field"},
		{"a rule about its own field", func(d *Definition) { d.Rules[0].When.Conditions[0].Field = "stars" }, "rules[0].when.conditions[0].field"},
		{"a jump that looks past its step", func(d *Definition) { d.Rules[1].When.Conditions[0].Field = "liked" }, "rules[1].when.conditions[0].field"},
		{"a rule about a field that is not there", func(d *Definition) { d.Rules[0].Field = "nothing" }, "rules[0].field"},
		{"an unknown operator", func(d *Definition) { d.Rules[0].When.Conditions[0].Op = "matches" }, "rules[0].when.conditions[0].op"},
		{"two fields with one id", func(d *Definition) { d.Steps[1].Fields[1].ID = "liked" }, "steps[1].fields[1].id"},
		{"a step called end", func(d *Definition) { d.Steps[2].ID = "end" }, "steps[2].id"},
		{"a choice without options", func(d *Definition) { d.Steps[0].Fields[0].Options = nil }, "steps[0].fields[0].options"},
		{"two options with one value", func(d *Definition) { d.Steps[1].Fields[0].Options[1].Value = "staff" }, "steps[1].fields[0].options[1].value"},
		{"a pattern browsers read otherwise", func(d *Definition) { d.Steps[1].Fields[1].Pattern = `(?i)abc` }, "steps[1].fields[1].pattern"},
		{"a pattern that is no pattern", func(d *Definition) { d.Steps[1].Fields[1].Pattern = `[a-` }, "steps[1].fields[1].pattern"},
		{"bounds the wrong way round", func(d *Definition) { d.Steps[1].Fields[1].MinLength, d.Steps[1].Fields[1].MaxLength = 10, 5 }, "steps[1].fields[1].maxLength"},
		{"a rating of a hundred", func(d *Definition) { d.Steps[0].Fields[1].Scale = 100 }, "steps[0].fields[1].scale"},
		{"an unknown type", func(d *Definition) { d.Steps[2].Fields[0].Type = "signature" }, "steps[2].fields[0].type"},
		{"a language the product lacks", func(d *Definition) { d.Locale = "sv" }, "locale"},
		{"a redirect to another site nobody allowed", func(d *Definition) { d.Redirect = "https://evil.example/thanks" }, "redirect"},
		{"a protocol-relative redirect", func(d *Definition) { d.Redirect = "//evil.example/" }, "redirect"},
		{"a javascript: redirect", func(d *Definition) { d.Redirect = "javascript:alert(1)" }, "redirect"},
	}
	if err := CheckDefinition(base(), KindSurvey, nil); err != nil {
		t.Fatalf("the base definition is refused: %v", err)
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := base()
			tt.edit(d)
			err := CheckDefinition(d, KindSurvey, nil)
			if err == nil || !strings.Contains(err.Error(), tt.path+":") {
				t.Fatalf("err = %v, want a problem at %s", err, tt.path)
			}
		})
	}
}

func TestRedirectsGoOnlyWhereTheOperatorAllowed(t *testing.T) {
	allowed := []string{"https://shop.example"}
	for target, want := range map[string]bool{
		"/thanks":                          true,
		"/de/widget/bookings/demo":         true,
		"https://shop.example/thanks?x=1":  true,
		"https://shop.example.evil/thanks": false,
		"http://shop.example/thanks":       false,
		"https://user@shop.example/":       false,
		"//shop.example/":                  false,
		"/\\evil.example":                  false,
		"thanks":                           false,
		"":                                 false,
	} {
		if got := RedirectAllowed(target, allowed); got != want {
			t.Errorf("RedirectAllowed(%q) = %v, want %v", target, got, want)
		}
	}
}
