package web_test

import (
	"net/http"
	"net/url"
	"testing"
	"time"
)

// The question is answered with every reason, by name: the booking in
// the way to who may open it; a staff member asks only of themselves.
func TestWhyNotFreeAnswersEachRoleWithItsReasons(t *testing.T) {
	d := newDashboard(t)
	start, _ := time.Parse(time.RFC3339, nextMonday10())
	day := start.In(berlin()).Format(time.DateOnly)
	ask := func(calendar, staff, date, at string) string {
		return "/admin/why-not-free?" + url.Values{"calendar": {calendar}, "staff": {staff}, "date": {date}, "time": {at}}.Encode()
	}
	data := func(target string) string { return "/api/page-data?path=" + url.QueryEscape(target) }
	tests := []struct {
		name, who, target string
		want              int
		shows, hides      []string
	}{
		{"signed out", "", ask("facial-treatment", "jonas", day, "10:00"), 303, nil, nil},
		{"the question alone", "desk", "/admin/why-not-free", 200, []string{`"calendars":[`, `"date":"`}, []string{`"answer"`}},
		{"the front desk: jonas is booked", "desk", data(ask("facial-treatment", "jonas", day, "10:00")), 200,
			[]string{`"free":false`, `"code":"booked","booking":"` + d.jonasRequest + `","name":"Ada Lovelace"`}, nil},
		{"anyone: mia can take it", "owner", data(ask("facial-treatment", "", day, "10:00")), 200,
			[]string{`"free":true`, `"name":"Mia Weber","free":true`}, nil},
		{"a saturday", "owner", data(ask("facial-treatment", "mia", start.AddDate(0, 0, 5).In(berlin()).Format(time.DateOnly), "10:00")), 200,
			[]string{`"code":"outside_hours"`}, nil},
		{"a time between starts", "owner", data(ask("facial-treatment", "mia", day, "10:20")), 200, []string{`"code":"not_a_start"`}, nil},
		{"a staff member asks of another: the answer is their own", "mia", data(ask("facial-treatment", "jonas", day, "10:00")), 200,
			[]string{`"name":"Mia Weber","free":true`}, []string{"Ada Lovelace", "Jonas Becker"}},
		{"a staff member asks of themselves", "jonas", data(ask("facial-treatment", "", day, "10:00")), 200,
			[]string{`"name":"Jonas Becker","free":false`, `"name":"Ada Lovelace"`}, []string{"Mia Weber"}},
		{"a time that is not", "owner", data(ask("facial-treatment", "", day, "25:99")), 200, []string{`"time":"Choose a time such as 07:30."`}, []string{`"answer"`}},
		{"a date that is not", "owner", data(ask("facial-treatment", "", "2026-02-30", "10:00")), 200, []string{`"date":"Choose a date."`}, nil},
		{"a calendar that is not", "owner", data(ask("nothing-here", "", day, "10:00")), 200, []string{`"calendar":"Choose a calendar."`}, nil},
		{"a person who does not take it", "owner", data(ask("demo-yoga", "jonas", day, "10:00")), 200, []string{`"staff":"This person does not take this calendar."`}, nil},
		{"another business's owner", "betaOwner", data(ask("facial-treatment", "jonas", day, "10:00")), 200, nil, []string{d.jonasRequest}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			host := ""
			if tt.who == "betaOwner" {
				host = hostB
			}
			rec := d.do(http.MethodGet, tt.target, d.browser(tt.who, host))
			expect(t, rec, tt.want, tt.shows, tt.hides)
		})
	}
}
