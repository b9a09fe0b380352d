package web_test

import (
	"net/http"
	"net/url"
	"testing"
	"time"
)

// Responses are read by the owner and the front desk, with their answers
// under their questions, filtered and exported; a staff member and
// another business find nothing.
func TestResponsesAreReadFilteredAndExportedByWhoMayReadThem(t *testing.T) {
	d := newDashboard(t)
	path := "/widget/form/demo-contact"
	key := formKey(t, d.fixture, path)
	d.fill(20 * time.Second)
	sent := contactForm(key)
	sent.Set("answers.message", "=1+1 Is the facial right for dry skin?")
	if rec := d.post(path, sent, nil); rec.Code != http.StatusSeeOther {
		t.Fatalf("sending the contact form: %d %s", rec.Code, rec.Body)
	}
	data := func(target string) string { return "/api/page-data?path=" + url.QueryEscape(target) }
	tests := []struct {
		name, who, host, target string
		want                    int
		shows, hides            []string
	}{
		{"signed out", "", "", "/admin/responses", 303, nil, nil},
		{"the owner", "owner", "", data("/admin/responses"), 200,
			[]string{`"form":"demo-contact"`, `"label":"Message","value":"=1+1 Is the facial right for dry skin?"`, `"status":"submitted"`}, nil},
		{"the front desk, by form", "desk", "", data("/admin/responses?form=demo-contact"), 200, []string{"Is the facial right for dry skin?"}, nil},
		{"another form", "desk", "", data("/admin/responses?form=demo-quiz"), 200, []string{`"responses":[]`}, []string{"dry skin"}},
		{"unfinished only", "desk", "", data("/admin/responses?status=partial"), 200, []string{`"responses":[]`}, nil},
		{"days before it", "owner", "", data("/admin/responses?to=2020-01-01"), 200, []string{`"responses":[]`}, nil},
		{"a cursor that is not", "owner", "", data("/admin/responses?cursor=zzz"), 200, []string{"dry skin"}, nil},
		{"a staff member", "jonas", "", "/admin/responses", 404, nil, []string{"dry skin"}},
		{"a staff member's export", "jonas", "", "/api/dashboard/responses.csv", 404, nil, []string{"dry skin"}},
		{"signed out, the export", "", "", "/api/dashboard/responses.csv", 401, nil, []string{"dry skin"}},
		{"another business", "betaOwner", hostB, data("/admin/responses"), 200, []string{`"responses":[]`}, []string{"dry skin"}},
		{"another business's export", "betaOwner", hostB, "/api/dashboard/responses.csv", 200, nil, []string{"dry skin"}},
		{"the export", "desk", "", "/api/dashboard/responses.csv?form=demo-contact", 200,
			[]string{"\ufeffid,form,status,started,submitted,score,max_score,", "Is the facial right for dry skin?", `'=1+1 Is the facial`}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := d.do(http.MethodGet, tt.target, d.browser(tt.who, tt.host))
			expect(t, rec, tt.want, tt.shows, tt.hides)
		})
	}
}
