package web_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"

	"slotwise/backend/internal/admin"
)

// The operator scope adds a business, gives it hosts and removes it;
// only an operator token opens it, an operator token opens nothing of a
// business, and a new host answers at once.
func TestTheOperatorScopeManagesBusinessesAndHostsOnly(t *testing.T) {
	af := newAdminFixture(t)
	_, op, err := admin.CreateToken(context.Background(), af.pool, "ops", admin.ScopeOperator)
	if err != nil {
		t.Fatal(err)
	}
	const base = "/api/admin/operator"
	for _, tc := range []struct {
		name, method, target, token, body string
		header                            map[string]string
		status                            int
		holds                             string
	}{
		{"a business's token", http.MethodGet, base + "/businesses", af.write, "", nil, 401, "not a live"},
		{"no token", http.MethodGet, base + "/businesses", "", "", nil, 401, "unauthorized"},
		{"the operator's token on a business's path", http.MethodGet, "/api/admin/bookings", op, "", nil, 401, "not a live"},
		{"listed", http.MethodGet, base + "/businesses", op, "", nil, 200, `"default":true`},
		{"a bad slug and zone", http.MethodPost, base + "/businesses", op, `{"slug":"Yoga!","name":"Yoga","timeZone":"Mars/Base"}`, nil, 422, `"timeZone"`},
		{"a name with a NUL", http.MethodPost, base + "/businesses", op, `{"slug":"yoga","name":"Yo\u0000ga"}`, nil, 422, `"name"`},
		{"added", http.MethodPost, base + "/businesses", op, `{"slug":"yoga","name":"Yoga am Kanal","timeZone":"Europe/Berlin"}`, nil, 201, `"slug":"yoga"`},
		{"added twice", http.MethodPost, base + "/businesses", op, `{"slug":"yoga","name":"Yoga"}`, nil, 409, "exists"},
		{"a host that is not one", http.MethodPost, base + "/businesses/yoga/hosts", op, `{"host":"yoga example"}`, nil, 422, `"host"`},
		{"a host", http.MethodPost, base + "/businesses/yoga/hosts", op, `{"host":"Yoga.Example","primary":true}`, nil, 201, `"host":"yoga.example"`},
		{"a host claimed", http.MethodPost, base + "/businesses/yoga/hosts", op, `{"host":"yoga.example"}`, nil, 409, "claimed"},
		{"a host of nobody", http.MethodPost, base + "/businesses/nobody/hosts", op, `{"host":"x.example"}`, nil, 404, "not_found"},
		{"on the business's own host", http.MethodGet, base + "/businesses/yoga", op, "", map[string]string{"Host": "yoga.example"}, 200, `"primary":true`},
		{"another business's host removed through this one", http.MethodDelete, base + "/businesses/demo-studio/hosts/yoga.example", op, "", nil, 404, "not_found"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rec := af.call(tc.method, tc.target, tc.token, tc.body, tc.header)
			if rec.Code != tc.status || !strings.Contains(rec.Body.String(), tc.holds) {
				t.Fatalf("%d %s, want %d holding %s", rec.Code, rec.Body, tc.status, tc.holds)
			}
		})
	}
	// The new host answers as its business at once (every replica hears
	// the change), though the business is still empty.
	waitFor(t, "the server to hear of yoga.example", func() bool {
		a, ok := af.deps.Hosts.Resolve("yoga.example")
		return ok && a.Business.Slug == "yoga"
	})
	for _, step := range []struct {
		method, target string
		status         int
	}{
		{http.MethodPost, base + "/businesses/yoga/default", 200},
		{http.MethodDelete, base + "/default", 204},
		{http.MethodDelete, base + "/businesses/yoga/hosts/yoga.example", 204},
		{http.MethodDelete, base + "/businesses/yoga", 204},
		{http.MethodDelete, base + "/businesses/yoga", 404},
	} {
		if rec := af.call(step.method, step.target, op, "", nil); rec.Code != step.status {
			t.Fatalf("%s %s: %d %s", step.method, step.target, rec.Code, rec.Body)
		}
	}
}

// The operator's list of businesses comes a page at a time, by slug: every
// business once, however many there are, and a cursor no page gave is a
// 400.
func TestTheOperatorListsBusinessesAPageAtATime(t *testing.T) {
	af := newAdminFixture(t)
	_, op, err := admin.CreateToken(context.Background(), af.pool, "ops", admin.ScopeOperator)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"demo-studio"}
	for _, slug := range []string{"yoga", "atelier", "zen", "barber", "moss"} {
		if _, err := admin.AddBusiness(context.Background(), af.pool, admin.NewBusiness{Slug: slug, Name: slug}); err != nil {
			t.Fatal(err)
		}
		want = append(want, slug)
	}
	slices.Sort(want)
	var got []string
	target := "/api/admin/operator/businesses?limit=2"
	for pages := 0; target != ""; pages++ {
		if pages > len(want) {
			t.Fatalf("more pages than businesses: %v", got)
		}
		rec := af.call(http.MethodGet, target, op, "", nil)
		var page struct {
			Data       []admin.Business `json:"data"`
			NextCursor *string          `json:"nextCursor"`
		}
		if err := json.Unmarshal(rec.Body.Bytes(), &page); rec.Code != http.StatusOK || err != nil || len(page.Data) > 2 {
			t.Fatalf("%s: %d %s", target, rec.Code, rec.Body)
		}
		for _, b := range page.Data {
			got = append(got, b.Slug)
		}
		target = ""
		if page.NextCursor != nil {
			target = "/api/admin/operator/businesses?limit=2&cursor=" + url.QueryEscape(*page.NextCursor)
		}
	}
	if !slices.Equal(got, want) {
		t.Errorf("listed %v, want %v", got, want)
	}
	for _, bad := range []string{"?cursor=not-one", "?limit=0", "?limit=101"} {
		if rec := af.call(http.MethodGet, "/api/admin/operator/businesses"+bad, op, "", nil); rec.Code != http.StatusBadRequest {
			t.Errorf("%s: %d, want 400", bad, rec.Code)
		}
	}
}
