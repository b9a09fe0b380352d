package forms

import "testing"

// A form shows each text in the visitor's language where the business
// wrote one, and says the language of each it did not translate, so a
// page never mixes languages unmarked.
func TestAFormSaysTheLanguageOfTheTextsItDidNotTranslate(t *testing.T) {
	d := &Definition{Locale: "en-US", Title: Text{"en-US": "Get in touch", "de": "Kontakt", "pt-br": "Contato"},
		Steps: []Step{{ID: "s", Fields: []Field{
			{ID: "name", Type: TypeText, Label: Text{"en-US": "Your name", "de": "Ihr Name"}},
			{ID: "note", Type: TypeText, Label: Text{"en-US": "Anything else?"}},
		}}}}
	tests := []struct {
		locale, title, formLang, nameLang, noteLang string
	}{
		{"en-US", "Get in touch", "", "", ""},
		{"en", "Get in touch", "", "", ""},
		{"de", "Kontakt", "", "", "en-US"},
		{"fr", "Get in touch", "en-US", "en-US", "en-US"},
		// Portuguese reads the Brazilian text: one language, not marked.
		{"pt", "Contato", "", "en-US", "en-US"},
	}
	for _, tt := range tests {
		t.Run(tt.locale, func(t *testing.T) {
			v := ViewOf(d, "contact", KindForm, tt.locale, "2026-11-29", "DE")
			fields := v.Steps[0].Fields
			if v.Title != tt.title || v.Lang != tt.formLang || fields[0].Lang != tt.nameLang || fields[1].Lang != tt.noteLang {
				t.Errorf("title %q lang %q, name %q, note %q; want %q %q %q %q",
					v.Title, v.Lang, fields[0].Lang, fields[1].Lang, tt.title, tt.formLang, tt.nameLang, tt.noteLang)
			}
		})
	}
}
