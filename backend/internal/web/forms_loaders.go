package web

import (
	"context"
	"errors"
	"net/url"
	"slices"
	"strconv"

	"slotwise/backend/internal/forms"
	"slotwise/backend/internal/limits"
	"slotwise/backend/internal/route"
	"slotwise/backend/internal/web/pages"
)

// formLoader shows a published form of kind on the step the URL names
// (?step=), resuming the response its form key made (?response=): so Back,
// reload and a shared link land where the visitor was, with what they
// answered, and a submitted response shows its thanks.
func formLoader(svc *forms.Service, lim *limits.Limiter, srv *Server, kind string) pages.Loader {
	return func(ctx context.Context, req *pages.Request) (*pages.Result, error) {
		form, err := svc.Published(ctx, req.Match.Params["id"], kind)
		if errors.Is(err, forms.ErrNotFound) {
			return nil, pages.NotFound(req.FullPath)
		}
		if err != nil {
			return nil, err
		}
		fresh := req.FormKey()
		data := FormPageData{Key: fresh, Values: map[string][]string{}, Query: keptQuery(form, req.Query),
			Business: BusinessInfo{Name: form.Business.Name, LogoURL: form.Business.LogoURL}}
		if s := form.Definition.MinFill(); s > 0 {
			data.Quick = &QuickProof{Seconds: s, Bits: forms.ProofBits}
		}
		shown, lastStep := form, ""
		if key := req.Query.Get("response"); key != "" {
			resumed, err := guardedToken(ctx, lim, req.ClientIP, func(ctx context.Context) (*forms.Resumed, error) { return svc.Resume(ctx, form, key) })
			switch {
			case err == nil:
				shown, data.Key, data.Values, lastStep = resumed.Form, key, resumed.Response.Answers, resumed.Response.Step
				resp := resumed.Response
				data.Done = resp.Status == forms.StatusSubmitted
				if data.Done && resp.Score != nil {
					data.ResultHref = quizResultHref(req, resp.Score.Points, key)
				}
			case errors.Is(err, forms.ErrResponseNotFound):
				// A stale or mistyped link: the form, fresh.
			default:
				return nil, err
			}
		}
		d := &shown.Definition
		data.Form = shown.ViewIn(req.Locale, forms.TodayIn(shown.Business.TimeZone, svc.Now()))
		if data.Done {
			data.Thanks = d.Thanks.In(req.Locale, d.Locale)
			if data.WayOn, err = srv.wayOn(ctx, req.Locale); err != nil {
				return nil, err
			}
		}
		for _, f := range d.Fields() {
			if f.Type == forms.TypePhone {
				data.PhoneRegion = phoneRegion(req.Cat.Lang, form.Business.Country)
				break
			}
		}
		reach := forms.Walk(d, d.WithQuery(data.Values, data.Query).Normalized(d))
		step := currentStep(d, reach, req.Query.Get("step"), lastStep)
		data.Step = d.Steps[step].ID
		i := slices.Index(reach.Path, step)
		// Counted over the form's steps, not the visitor's path: an answer
		// that skips a step moves them on ("Step 3 of 3"), never recounts.
		data.Position, data.Total = step+1, len(d.Steps)
		if i > 0 && data.Key != fresh {
			data.Back = formStepHref(req, kind, form.Slug, d.Steps[reach.Path[i-1]].ID, data.Key, data.Query)
		}
		title := data.Form.Title
		return &pages.Result{Title: title + " · " + form.Business.Name, Description: data.Form.Intro, Brand: form.Business.BrandColor, Data: data}, nil
	}
}

// currentStep is the step the URL asks for when the visitor has come that
// far on their path (a step no further than the one after the last they
// answered); else the step after the last one they answered; else the
// first.
func currentStep(d *forms.Definition, reach forms.Reach, asked, last string) int {
	reached := slices.Index(reach.Path, d.StepIndex(last)) // -1: none answered
	if i := slices.Index(reach.Path, d.StepIndex(asked)); i >= 0 && i <= reached+1 {
		return reach.Path[i]
	}
	if reached >= 0 && reached+1 < len(reach.Path) {
		return reach.Path[reached+1]
	}
	if reached >= 0 {
		return reach.Path[reached]
	}
	return 0
}

// keptQuery is what of the page's query the form carries from step to
// step: its hidden fields' parameters, the campaign's utm_* and the
// booking a follow-up came from.
func keptQuery(form *forms.Form, q url.Values) map[string]string {
	out := map[string]string{}
	// booking: the appointment a follow-up mail linked the form from.
	for _, k := range append([]string{"utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content", "booking"}, form.Definition.HiddenParams()...) {
		if v := q.Get(k); v != "" && len(v) <= 500 {
			out[k] = v
		}
	}
	return out
}

// formStepHref is a step of a form being answered.
func formStepHref(req *pages.Request, kind, slug, step, key string, kept map[string]string) string {
	q := url.Values{}
	for k, v := range kept {
		q.Set(k, v)
	}
	if step != "" {
		q.Set("step", step)
	}
	if key != "" {
		q.Set("response", key)
	}
	return route.Default().Href(req.Locale, kindRoute(kind), "", map[string]string{"id": slug}, q)
}

func kindRoute(kind string) string {
	for name, k := range formRoutes {
		if k == kind {
			return name
		}
	}
	return "form"
}

// quizResultHref is the result page of a quiz response.
func quizResultHref(req *pages.Request, score int, key string) string {
	return route.Default().Href(req.Locale, "quizResult", "", map[string]string{"score": strconv.Itoa(score)}, url.Values{"response": {key}})
}

// withTheQuiz gives a result page that is not the visitor's the way to
// take the quiz, when the business has one.
func withTheQuiz(ctx context.Context, svc *forms.Service, req *pages.Request, neutral *pages.Result) (*pages.Result, error) {
	slug, err := svc.OnlyQuiz(ctx)
	if err != nil {
		return nil, err
	}
	if slug != "" {
		d := neutral.Data.(QuizResultPageData)
		d.QuizHref = route.Default().Href(req.Locale, "quiz", "", map[string]string{"id": slug}, nil)
		neutral.Data = d
	}
	return neutral, nil
}

// quizResultLoader shows the result of a quiz response the visitor holds
// the key of, when the score in the path is the one the server computed
// for it; any other score gets a neutral page that claims nothing.
func quizResultLoader(svc *forms.Service, lim *limits.Limiter, s *Server) pages.Loader {
	return func(ctx context.Context, req *pages.Request) (*pages.Result, error) {
		way, err := s.wayOn(ctx, req.Locale)
		if err != nil {
			return nil, err
		}
		// A result that is not this visitor's leads on all the same.
		neutral := &pages.Result{Title: req.T("screen.quizResult.title"), Robots: "noindex", Data: QuizResultPageData{Home: way.Home, Book: way.Book}}
		key := req.Query.Get("response")
		if key == "" {
			return withTheQuiz(ctx, svc, req, neutral)
		}
		res, err := guardedToken(ctx, lim, req.ClientIP, func(ctx context.Context) (*forms.Resumed, error) { return svc.QuizResult(ctx, key) })
		if errors.Is(err, forms.ErrResponseNotFound) {
			return withTheQuiz(ctx, svc, req, neutral)
		}
		if err != nil {
			return nil, err
		}
		form, resp := res.Form, res.Response
		if resp.Score == nil || strconv.Itoa(resp.Score.Points) != req.Match.Params["score"] {
			return withTheQuiz(ctx, svc, req, neutral)
		}
		result := form.ResultIn(resp, req.Locale)
		d := &form.Definition
		data := QuizResultPageData{
			Result: &result, Quiz: d.Title.In(req.Locale, d.Locale), Business: BusinessInfo{Name: form.Business.Name, LogoURL: form.Business.LogoURL},
			QuizHref: route.Default().Href(req.Locale, "quiz", "", map[string]string{"id": form.Slug}, nil),
		}
		// A result offers to book what it recommends, or else everything.
		data.Book = way.Book
		if result.Book != "" {
			data.Book = route.Default().Href(req.Locale, "bookings", "", map[string]string{"slug": result.Book}, nil)
		}
		return &pages.Result{Title: req.T("screen.quizResult.title") + " · " + d.Title.In(req.Locale, d.Locale), Robots: "noindex",
			Brand: form.Business.BrandColor, Data: data}, nil
	}
}
