package web_test

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"slotwise/backend/internal/db"
)

// The dashboard's people through the admin API: an invitation adds the
// person and mails their link, field by field refusals, a read token
// reads only, the last owner stays, and nothing of it as the document
// does not say.
func TestTheAdminAPIInvitesListsAndRemovesTheDashboardsPeople(t *testing.T) {
	af := newAdminFixtureOn(t, demoPool(t), "")
	for _, tc := range []struct {
		name, method, target, token, body string
		status                            int
		holds                             string
	}{
		{"nobody yet", http.MethodGet, "/api/admin/people", af.read, "", 200, `"data":[]`},
		{"a read token invites nobody", http.MethodPost, "/api/admin/people", af.read, `{"email":"owner@example.com","role":"owner"}`, 403, "insufficient_scope"},
		{"an owner", http.MethodPost, "/api/admin/people", af.write, `{"email":"Owner@Example.com","role":"owner"}`, 201, `"role":"owner"`},
		{"again", http.MethodPost, "/api/admin/people", af.write, `{"email":"owner@example.com","role":"desk"}`, 422, `"email"`},
		{"an address that is not", http.MethodPost, "/api/admin/people", af.write, `{"email":"owner@","role":"desk"}`, 422, `"email"`},
		{"a role that is not", http.MethodPost, "/api/admin/people", af.write, `{"email":"desk@example.com","role":"boss"}`, 422, `"role"`},
		{"a staff member without a staff row", http.MethodPost, "/api/admin/people", af.write, `{"email":"mia@example.com","role":"staff","staff":"nobody"}`, 422, `"staff"`},
		{"a staff member", http.MethodPost, "/api/admin/people", af.write, `{"email":"mia@example.com","role":"staff","staff":"mia","locale":"de"}`, 201, `"staff":"mia"`},
		{"listed", http.MethodGet, "/api/admin/people", af.read, "", 200, `"email":"mia@example.com","role":"staff","staff":"mia"`},
		{"the last owner stays", http.MethodDelete, "/api/admin/people/" + url.PathEscape("owner@example.com"), af.write, "", 409, "last_owner"},
		{"nobody of that address", http.MethodDelete, "/api/admin/people/" + url.PathEscape("ghost@example.com"), af.write, "", 404, "not_found"},
		{"removed", http.MethodDelete, "/api/admin/people/" + url.PathEscape("mia@example.com"), af.write, "", 204, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rec := af.call(tc.method, tc.target, tc.token, tc.body, nil)
			if rec.Code != tc.status || !strings.Contains(rec.Body.String(), tc.holds) {
				t.Fatalf("%d, want %d holding %s: %s", rec.Code, tc.status, tc.holds, rec.Body)
			}
		})
	}
	// Each invitation is a sign-in request to mail, in its language.
	var invited int
	if err := af.pool.QueryRow(db.WithEveryBusiness(context.Background()),
		`SELECT count(*) FROM events WHERE type = 'people.sign_in_requested' AND payload->>'invited' = 'true'`).Scan(&invited); err != nil || invited != 2 {
		t.Errorf("%d invitations to mail (%v), want 2", invited, err)
	}
}
