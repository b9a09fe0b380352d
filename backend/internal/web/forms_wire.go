package web

// The forms feature's types that cross the wire; ui/src/generated/web.ts is
// generated from this file with the other web wire files (make types).

import (
	"slotwise/backend/internal/forms"
	"slotwise/backend/internal/web/pages"
)

// FormPageData is the page of a form, a quiz or a survey, on any step.
type FormPageData struct {
	Form forms.View `json:"form"`
	// Key is the form key the page's posts carry: fresh for each visitor,
	// or the one that made the response being resumed.
	Key    string              `json:"key"`
	Step   string              `json:"step"`   // the step shown
	Values map[string][]string `json:"values"` // answers kept so far, or sent and refused
	// Query are the page's query parameters the form keeps across steps
	// (hidden fields and utm_*).
	Query  map[string]string `json:"query"`
	Done   bool              `json:"done"` // submitted: the thanks are shown
	Thanks string            `json:"thanks,omitempty"`
	// ResultHref is a submitted quiz's result page.
	ResultHref string `json:"resultHref,omitempty"`
	// WayOn is where the thanks lead: the website's home and, when the
	// business offers anything to book, its booking page.
	WayOn    *WayOn       `json:"wayOn,omitempty"`
	Business BusinessInfo `json:"business"`
	// Position and Total are the step's place among the form's steps (a
	// step an answer skips is counted, so the total never changes).
	Position int `json:"position"`
	Total    int `json:"total"`
	// Back is the previous step's URL on the visitor's path, if any.
	Back string `json:"back,omitempty"`
	// PhoneRegion is where a phone number without + is read, when the
	// form asks for one.
	PhoneRegion *PhoneRegion `json:"phoneRegion,omitempty"`
	// Quick asks a form sent sooner than Seconds after it was shown for a
	// proof of work of Bits (forms.ProofValid), which the page's script
	// makes while it sends: autofill is not refused.
	Quick *QuickProof `json:"quick,omitempty"`
}

// QuickProof is what a quick submission shows.
type QuickProof struct {
	Seconds int `json:"seconds"`
	Bits    int `json:"bits"`
}

// BusinessInfo is who a form belongs to, as its page shows them.
type BusinessInfo struct {
	Name    string `json:"name"`
	LogoURL string `json:"logoUrl,omitempty"`
}

// FormAnswerRequest is POST /api/forms/{kind}/{slug}/answers' body: one
// step of the form.
type FormAnswerRequest struct {
	Key     string              `json:"key"`
	Step    string              `json:"step"`
	Answers map[string][]string `json:"answers"`
	Query   map[string]string   `json:"query,omitempty"`
	Page    string              `json:"page,omitempty"`
	Locale  string              `json:"locale,omitempty"`
	Website string              `json:"website,omitempty"` // the field people leave empty
	// Proof is the browser's proof of work for a form sent sooner than a
	// person usually fills it (FormPageData.Quick).
	Proof string `json:"proof,omitempty"`
}

// FormAnswerResponse says where the visitor goes next.
type FormAnswerResponse struct {
	Next     string `json:"next,omitempty"` // the next step's id; empty when submitted
	Done     bool   `json:"done"`
	Href     string `json:"href"` // the next step, the quiz's result, the thanks, or the form's redirect
	External bool   `json:"external,omitempty"`
	// Sent is the step just sent, as a URL that shows it with its answers:
	// what Back should come to.
	Sent string `json:"sent"`
}

// QuizResultPageData is a quiz result's page. Result is nil when the score
// in the URL is not one the server computed for this visitor: the page
// then claims nothing.
type QuizResultPageData struct {
	Result   *forms.ResultView `json:"result"`
	Quiz     string            `json:"quiz,omitempty"` // the quiz's title
	QuizHref string            `json:"quizHref,omitempty"`
	Business BusinessInfo      `json:"business"`
	// Book is where the visitor books what the result recommends: its
	// band's calendar, or the business's page of everything it offers.
	Book string `json:"book,omitempty"`
	// Home is the website's home, for a result that is not the visitor's.
	Home string `json:"home,omitempty"`
}

// FormKeyExpired answers a step sent with a key too old (or not this
// site's): the error, and a new key to send the same answers with.
type FormKeyExpired struct {
	Error pages.APIErrorBody `json:"error"`
	Key   string             `json:"key"`
}

// WayOn is what a page that ends a visit offers next.
type WayOn struct {
	Home string `json:"home"`
	Book string `json:"book,omitempty"`
}
