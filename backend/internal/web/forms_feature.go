package web

import (
	"net/http"

	"slotwise/backend/internal/forms"
)

// Forms is the form engine on the web: the pages of forms, quizzes and
// surveys, their posts with and without JavaScript, and quiz results.
func Forms(svc *forms.Service) Feature { return formsFeature{svc: svc} }

type formsFeature struct{ svc *forms.Service }

// formRoutes maps each route of a form's page to the kind of form it shows.
var formRoutes = map[string]string{"form": forms.KindForm, "quiz": forms.KindQuiz, "survey": forms.KindSurvey}

func (f formsFeature) Register(r *Registry) {
	lim := r.Server().limits
	for name, kind := range formRoutes {
		r.Page(name, formLoader(f.svc, lim, r.Server(), kind))
		r.Action(name, formAction(f.svc, lim, kind))
	}
	if f.svc != nil { // a server built without forms (some tests)
		r.RedirectOrigins(f.svc.RedirectOrigins()...)
	}
	r.Page("quizResult", quizResultLoader(f.svc, lim, r.Server()))
	h := formsAPI{s: r.Server(), svc: f.svc}
	r.API().POST("/forms/:kind/:slug/answers", h.answer)
	r.Errors(formErrors...)
}

var formErrors = []ErrorMapping{
	{Err: forms.ErrNotFound, Status: http.StatusNotFound, Code: "not_found", MessageID: "form.error.notFound"},
	{Err: forms.ErrKeyInvalid, Status: http.StatusConflict, Code: "form_expired", MessageID: "form.error.expired"},
	{Err: forms.ErrTooFast, Status: http.StatusUnprocessableEntity, Code: "too_fast", MessageID: "form.error.automated"},
	{Err: forms.ErrHoneypot, Status: http.StatusUnprocessableEntity, Code: "automated", MessageID: "form.error.automated"},
	{Err: forms.ErrStepUnreachable, Status: http.StatusConflict, Code: "step_unreachable", MessageID: "form.error.step"},
}
