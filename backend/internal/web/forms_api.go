package web

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"strings"

	"github.com/gin-gonic/gin"

	"slotwise/backend/internal/forms"
	"slotwise/backend/internal/limits"
	"slotwise/backend/internal/web/pages"
)

// Buckets of the forms' abuse limits (SLOTWISE_LIMIT_FORMS_PER_IP,
// SLOTWISE_LIMIT_FORMS_PER_FORM): every step sent counts.
const (
	BucketFormsPerIP   = "form.ip"
	BucketFormsPerForm = "form.form"
)

// formsAPI holds the forms' JSON endpoints.
type formsAPI struct {
	s   *Server
	svc *forms.Service
}

// answer takes one step of a form from a script: the same engine, limits
// and answers as the form post without JavaScript.
func (a formsAPI) answer(c *gin.Context) {
	var in FormAnswerRequest
	if !decode(c, &in) {
		return
	}
	cat := apiLocale(c, in.Locale)
	kind, ok := formRoutes[c.Param("kind")]
	if !ok {
		a.s.apiError(c, forms.ErrNotFound, cat)
		return
	}
	req := &pages.Request{Locale: cat.Locale, Cat: cat, ClientIP: c.ClientIP()}
	if in.Page == "" {
		in.Page = c.GetHeader("Referer")
	}
	out, err := answerStep(c.Request.Context(), a.svc, a.s.limits, req, kind, c.Param("slug"), in, false)
	if errors.Is(err, forms.ErrKeyInvalid) && a.s.keys != nil {
		// A form left open too long is sent again with a new key, and
		// nothing the visitor typed is lost.
		c.AbortWithStatusJSON(http.StatusConflict, FormKeyExpired{Error: pages.APIErrorBody{Code: "form_expired", MessageID: "form.error.expired",
			Message: translate(cat, "form.error.expired", nil)}, Key: a.s.keys.Issue(c.Request.Context())})
		return
	}
	if err != nil {
		a.s.apiError(c, err, cat)
		return
	}
	c.Header("Cache-Control", "no-store")
	status := http.StatusOK
	if out.Done {
		status = http.StatusCreated
	}
	c.JSON(status, out)
}

// answerStep runs one step of a form for the web: the client's and the
// form's limits, the engine, and where the visitor goes next.
func answerStep(ctx context.Context, svc *forms.Service, lim *limits.Limiter, req *pages.Request, kind, slug string, in FormAnswerRequest, followUps bool) (FormAnswerResponse, error) {
	if err := lim.Hit(ctx, BucketFormsPerIP, req.ClientIP); err != nil {
		return FormAnswerResponse{}, err
	}
	if err := lim.Hit(ctx, BucketFormsPerForm, slug); err != nil {
		return FormAnswerResponse{}, err
	}
	res, err := svc.Answer(ctx, forms.StepCommand{Form: slug, Kind: kind, Key: in.Key, Step: in.Step, Answers: in.Answers,
		Query: in.Query, Locale: req.Locale, Page: in.Page, Honeypot: in.Website, Proof: in.Proof, FollowUps: followUps})
	if err != nil {
		return FormAnswerResponse{}, err
	}
	out := FormAnswerResponse{Next: res.Next, Done: res.Done, Sent: formStepHref(req, kind, slug, in.Step, in.Key, in.Query)}
	switch {
	case !res.Done:
		out.Href = formStepHref(req, kind, slug, res.Next, in.Key, in.Query)
	case res.Score != nil:
		out.Href = quizResultHref(req, res.Score.Points, in.Key)
	case res.Redirect != "":
		out.Href, out.External = res.Redirect, !strings.HasPrefix(res.Redirect, "/")
	default:
		out.Href = formStepHref(req, kind, slug, "", in.Key, in.Query)
	}
	return out, nil
}

// formAction takes one step of a form posted without JavaScript: fields
// named answers.<id> (several values for a multiple choice), the form key,
// the step and the field people leave empty.
func formAction(svc *forms.Service, lim *limits.Limiter, kind string) Action {
	return func(ctx context.Context, req *pages.Request, form url.Values) (string, error) {
		slug := req.Match.Params["id"]
		f, err := svc.Published(ctx, slug, kind)
		if err != nil {
			return "", err
		}
		// page: where the form was filled in (the page embedding it), which
		// the router's action adds from document.referrer.
		in := FormAnswerRequest{Key: form.Get("key"), Step: form.Get("step"), Answers: map[string][]string{},
			Query: keptQuery(f, req.Query), Website: form.Get("website"), Page: form.Get("page"), Proof: form.Get("proof")}
		for name, values := range form {
			if id, ok := strings.CutPrefix(name, "answers."); ok {
				in.Answers[id] = values
			}
		}
		// The page was drawn without the questions its answers may open
		// (no script to show them): a step that opens one stays, showing it.
		out, err := answerStep(ctx, svc, lim, req, kind, slug, in, true)
		return out.Href, err
	}
}
