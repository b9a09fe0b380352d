package web

import (
	"context"
	"net/url"
	"strconv"
	"time"

	"github.com/gin-gonic/gin"

	"slotwise/backend/internal/availability"
	"slotwise/backend/internal/cursor"
	"slotwise/backend/internal/forms"
	"slotwise/backend/internal/web/pages"
)

// Responses to the business's forms, quizzes and surveys: newest first,
// each answer under its question's label, a quiz's score; filtered by
// form, state and the days they were started, and exported as a
// spreadsheet. The owner and the front desk read them; a staff member's
// work is their bookings, and this page is not found for them.

// responseFilters is the list's query, as the address says it.
type responseFilters struct {
	form, status, from, to string
}

func responseFiltersOf(q url.Values) responseFilters {
	f := responseFilters{form: q.Get("form"), status: q.Get("status"), from: q.Get("from"), to: q.Get("to")}
	if f.status != forms.StatusSubmitted && f.status != forms.StatusPartial {
		f.status = ""
	}
	if len(f.form) > 100 {
		f.form = ""
	}
	return f
}

// query is the filters as the forms service asks, days in zone.
func (f responseFilters) query(zone *time.Location) forms.SubmissionQuery {
	q := forms.SubmissionQuery{Form: f.form, Status: f.status}
	if d, err := availability.ParseDate(f.from); err == nil {
		q.From, _ = availability.DayRange(d, d, zone)
	}
	if d, err := availability.ParseDate(f.to); err == nil {
		_, q.To = availability.DayRange(d, d, zone)
	}
	return q
}

func (f responseFilters) values() url.Values {
	q := url.Values{}
	for k, v := range map[string]string{"form": f.form, "status": f.status, "from": f.from, "to": f.to} {
		if v != "" {
			q.Set(k, v)
		}
	}
	return q
}

func (d dashboardFeature) responsesPage(ctx context.Context, req *pages.Request, v *viewer) (*pages.Result, error) {
	if v.ownOnly() != 0 || d.deps.Forms == nil {
		return nil, pages.NotFound(req.FullPath)
	}
	f, err := v.frame()
	if err != nil {
		return nil, err
	}
	zone := zoneOf(f.Business.TimeZone)
	choices, err := d.deps.Forms.FormChoices(ctx, req.Locale)
	if err != nil {
		return nil, err
	}
	filters := responseFiltersOf(req.Query)
	q := filters.query(zone)
	if q.Cursor = req.Query.Get("cursor"); q.Cursor != "" {
		if _, _, err := cursor.Decode(q.Cursor); err != nil {
			q.Cursor = "" // a cursor this server did not write: the list from its start
		}
	}
	q.Limit = adminPageSize
	list, next, err := d.deps.Forms.ReadableSubmissions(ctx, q, req.Locale)
	if err != nil {
		return nil, err
	}
	data := AdminResponsesPageData{Frame: f, Forms: make([]AdminFormChoice, len(choices)), Responses: make([]AdminResponse, len(list)),
		Form: filters.form, Status: filters.status, From: filters.from, To: filters.to,
		Export: "/api/dashboard/responses.csv?" + filters.values().Encode()}
	for i, c := range choices {
		data.Forms[i] = AdminFormChoice{Slug: c.Slug, Kind: c.Kind, Title: c.Title}
	}
	for i, s := range list {
		data.Responses[i] = responseOf(s)
	}
	if next != "" {
		more := filters.values()
		more.Set("cursor", next)
		data.More = adminHref(req, "adminResponses", "", nil, more)
	}
	return &pages.Result{Title: req.T("admin.responses.title"), Data: data, Parts: screenTexts("responses")}, nil
}

func responseOf(s forms.ReadableSubmission) AdminResponse {
	r := AdminResponse{ID: s.ID, Form: s.Form, Kind: s.Kind, Status: s.Status, Started: s.StartedAt.UTC().Format(time.RFC3339),
		Page: s.Page, Answers: make([]AdminAnswer, len(s.Rows))}
	if s.SubmittedAt != nil {
		r.Submitted = s.SubmittedAt.UTC().Format(time.RFC3339)
	}
	if s.Score != nil {
		r.Points, r.Max = s.Score.Points, s.Score.Max
		r.Scored = true
	}
	for i, row := range s.Rows {
		r.Answers[i] = AdminAnswer{Label: row.Label, Value: row.Value}
	}
	return r
}

// exportResponses is GET /api/dashboard/responses.csv: the filtered list,
// every row, one column per question (by its label, in the order first
// met), formulas written as text.
func (d dashboardFeature) exportResponses(c *gin.Context) {
	cat := apiLocale(c, "")
	c.Header("Cache-Control", "no-store")
	ses, ok := d.session(c, cat)
	if !ok {
		return
	}
	v := &viewer{session: ses, svc: d.svc}
	if v.ownOnly() != 0 || d.deps.Forms == nil {
		d.s.apiError(c, errOwnersOnly, cat) // not found, as the page is
		return
	}
	ctx := c.Request.Context()
	b, err := d.svc.Business(ctx)
	if err != nil {
		d.s.apiError(c, err, cat)
		return
	}
	zone := zoneOf(b.TimeZone)
	filters := responseFiltersOf(c.Request.URL.Query())
	q := filters.query(zone)
	q.Limit = 100
	rows, err := allPages(maxExportRows, func(cursor string) ([]forms.ReadableSubmission, string, error) {
		q.Cursor = cursor
		return d.deps.Forms.ReadableSubmissions(ctx, q, b.DefaultLocale)
	})
	if err != nil {
		d.s.apiError(c, err, cat)
		return
	}
	var labels []string
	column := map[string]int{}
	for _, r := range rows {
		for _, a := range r.Rows {
			if _, ok := column[a.Label]; !ok {
				column[a.Label] = len(labels)
				labels = append(labels, a.Label)
			}
		}
	}
	name := "responses"
	if filters.form != "" {
		name += "-" + filters.form
	}
	sheet := startSheet(c, name+"-"+d.svc.Now().In(zone).Format(time.DateOnly)+".csv",
		append([]string{"id", "form", "status", "started", "submitted", "score", "max_score"}, labels...))
	for _, r := range rows {
		line := make([]string, 7+len(labels))
		line[0], line[1], line[2], line[3] = r.ID, r.Form, r.Status, r.StartedAt.In(zone).Format(time.RFC3339)
		if r.SubmittedAt != nil {
			line[4] = r.SubmittedAt.In(zone).Format(time.RFC3339)
		}
		if r.Score != nil {
			line[5], line[6] = strconv.Itoa(r.Score.Points), strconv.Itoa(r.Score.Max)
		}
		for _, a := range r.Rows {
			line[7+column[a.Label]] = a.Value
		}
		sheet.row(line)
	}
	sheet.done()
}
