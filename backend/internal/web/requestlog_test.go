package web_test

import (
	"log/slog"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"slotwise/backend/internal/web"
)

// Every request is one line of the log, as the binary writes it: when,
// the method, the path without its query, the status, how long it took,
// and the request's id.
func TestEachRequestIsALineWithItsStatusDurationAndID(t *testing.T) {
	var logs strings.Builder
	f := newFixture(t, sharedRenderer(t), func(d *web.Deps, _ wiring) {
		d.Logger = slog.New(web.LogHandler(slog.NewTextHandler(&lockedWriter{w: &logs}, nil)))
	})
	tests := []struct {
		method, target, id string
		line               string // the line, its time and duration as \S+
	}{
		{http.MethodGet, "/about?utm_source=x", "req-1", `method=GET path=/about status=200`},
		{http.MethodGet, "/api/nothing", "req-2", `method=GET path=/api/nothing status=404`},
		{http.MethodPost, "/about", "req-3", `method=POST path=/about status=405`},
	}
	for _, tt := range tests {
		t.Run(tt.method+" "+tt.target, func(t *testing.T) {
			before := logs.Len()
			f.do(tt.method, tt.target, map[string]string{"X-Request-Id": tt.id})
			want := regexp.MustCompile(`(?m)^time=\S+ level=INFO msg=request ` + regexp.QuoteMeta(tt.line) + ` took=\S+ request_id=` + tt.id + `$`)
			if got := logs.String()[before:]; !want.MatchString(got) {
				t.Errorf("the log says:\n%s\nwant a line like %s", got, want)
			}
		})
	}
}
