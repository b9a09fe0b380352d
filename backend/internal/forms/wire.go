package forms

// The engine's types that cross the wire besides the definition
// (definition.go): a form as a page shows it, in the visitor's language,
// without what only the server may know (points, correct answers, where
// submissions are mailed). ui/src/generated/forms.ts is generated from both
// files (make types).

// Score is a quiz's result: the points the answers earned, the most the
// questions on the visitor's path could earn, and the outcome band.
type Score struct {
	Points int `json:"points"`
	Max    int `json:"max"`
	Band   int `json:"band"` // index into Quiz.Bands; -1 without bands
}

// View is a form as a page shows it.
type View struct {
	Slug  string `json:"slug"`
	Kind  string `json:"kind"`
	Title string `json:"title"`
	Intro string `json:"intro,omitempty"`
	// Lang is the language of its title, intro and submit where it is not
	// the page's: the business did not translate the form into it.
	Lang   string     `json:"lang,omitempty"`
	Steps  []StepView `json:"steps"`
	Rules  []Rule     `json:"rules" tstype:"Rule[] | null"`
	Submit string     `json:"submit,omitempty"`
	Today  string     `json:"today"`  // YYYY-MM-DD where the business is, for "today" bounds
	Region string     `json:"region"` // the country a phone number without + is read in
}

// StepView is one step as shown.
type StepView struct {
	ID     string      `json:"id"`
	Title  string      `json:"title,omitempty"`
	Fields []FieldView `json:"fields"`
}

// FieldView is one question as shown, with the bounds the browser checks.
type FieldView struct {
	ID          string       `json:"id"`
	Type        string       `json:"type"`
	Label       string       `json:"label"`
	Lang        string       `json:"lang,omitempty"` // of its label, help and options, where it is not the page's
	Help        string       `json:"help,omitempty"`
	Placeholder string       `json:"placeholder,omitempty"`
	Required    bool         `json:"required,omitempty"`
	MinLength   int          `json:"minLength,omitempty"`
	MaxLength   int          `json:"maxLength"`
	Pattern     string       `json:"pattern,omitempty"`
	Min         *float64     `json:"min,omitempty"`
	Max         *float64     `json:"max,omitempty"`
	Integer     bool         `json:"integer,omitempty"`
	MinDate     string       `json:"minDate,omitempty"` // YYYY-MM-DD, "today" resolved
	MaxDate     string       `json:"maxDate,omitempty"`
	Options     []OptionView `json:"options,omitempty"`
	MinChoices  int          `json:"minChoices,omitempty"`
	MaxChoices  int          `json:"maxChoices,omitempty"`
	Scale       int          `json:"scale,omitempty"`
	Param       string       `json:"param,omitempty"` // a hidden field's query parameter
}

// OptionView is one choice as shown.
type OptionView struct {
	Value string `json:"value"`
	Label string `json:"label"`
}

// ResultView is a quiz's result as its page shows it.
type ResultView struct {
	Score   Score          `json:"score"`
	Band    string         `json:"band,omitempty"` // the band's title
	Text    string         `json:"text,omitempty"` // the band's outcome text
	Book    string         `json:"-"`              // the calendar the band recommends (web makes it a link)
	Answers []RevealedView `json:"answers,omitempty"`
}

// RevealedView is one question of a quiz whose result reveals the answers.
type RevealedView struct {
	Label   string   `json:"label"`
	Chosen  []string `json:"chosen"`  // the labels the visitor chose
	Correct []string `json:"correct"` // the right options' labels, or the best ones'
	Right   bool     `json:"right"`   // every point the question gives
	// Points of Max the answer earned, for a question whose options
	// weigh points (no right or wrong); Max is 0 for a right-or-wrong one.
	Points int `json:"points"`
	Max    int `json:"max"`
}
