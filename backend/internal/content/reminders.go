package content

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
)

// Reminder is one mail before an appointment: Before its start (absolute
// time: "24h" is 24 hours, across a daylight-saving change too), to the
// booker (and each guest with an address of their own) or to the staff.
// A body's list replaces the default's, each reminder read from zero (as
// strictjson's reading does), so one sent without Before is refused rather
// than keeping the default's 24h.
type Reminder struct {
	Before Span   `yaml:"before" json:"before"` // 30m, 2h, 1d, or minutes
	To     string `yaml:"to" json:"to"`         // booker, staff
}

// Span is a duration as people write it: "30m", "2h", "1d", or a number
// of minutes (90, in YAML and in JSON alike).
type Span string

// UnmarshalJSON takes a string or a whole number of minutes. Its bytes
// come checked by strictjson, text and all: it only tells which is sent.
func (s *Span) UnmarshalJSON(data []byte) error {
	var n json.Number
	if err := json.Unmarshal(data, &n); err == nil {
		*s = Span(n.String())
		return nil
	}
	var text string
	if err := json.Unmarshal(data, &text); err != nil {
		return fmt.Errorf("a duration is a string such as 2h or a number of minutes")
	}
	*s = Span(text)
	return nil
}

// FollowUp is the thank-you After an appointment's end, with a "book
// again" link and, when Form names one, a link to that form of the business.
type FollowUp struct {
	After Span   `yaml:"after" json:"after"`
	Form  string `yaml:"form,omitempty" json:"form,omitempty"`
}

// Agenda is a staff member's mail of their appointments of the Day
// (today or tomorrow), At an hour of their own zone.
type Agenda struct {
	At  string `yaml:"at" json:"at"`                       // 07:30
	Day string `yaml:"day,omitempty" json:"day,omitempty"` // today (default), tomorrow
}

// defaultReminders is what a calendar without the key sends: the booker,
// a day before.
func defaultReminders() []Reminder { return []Reminder{{Before: "24h", To: "booker"}} }

const (
	maxReminders = 10
	maxOffset    = 90 * 24 * 60 // minutes: 90 days
)

var durationSyntax = regexp.MustCompile(`^([0-9]{1,6})(m|h|d)?$`)

// minutesOf reads "30m", "2h", "1d" or a bare number of minutes.
func minutesOf(s Span) (int, bool) {
	m := durationSyntax.FindStringSubmatch(string(s))
	if m == nil {
		return 0, false
	}
	n, _ := strconv.Atoi(m[1])
	switch m[2] {
	case "h":
		n *= 60
	case "d":
		n *= 24 * 60
	}
	return n, true
}

// spanText writes minutes in the largest unit that says them exactly;
// a day or two is said in hours, as people set reminders (24h, 48h).
func spanText(minutes int) Span { return Span(spanString(minutes)) }

func spanString(minutes int) string {
	switch {
	case minutes > 48*60 && minutes%(24*60) == 0:
		return strconv.Itoa(minutes/(24*60)) + "d"
	case minutes > 0 && minutes%60 == 0:
		return strconv.Itoa(minutes/60) + "h"
	}
	return strconv.Itoa(minutes) + "m"
}

func (r report) span(field string, value Span, lo int) {
	n, ok := minutesOf(value)
	switch {
	case !ok:
		r.add(field, "%q is a duration such as 30m, 2h or 1d", value)
	case n < lo || n > maxOffset:
		r.add(field, "is %s to 90d, not %s", spanString(lo), value)
	}
}

// canonSteps spells each duration one way (a copy: the calendar's lists
// are shared), so a file saying 1440m and a database holding 1440 minutes
// are the same calendar.
func canonSteps(c *Calendar) {
	if c.Reminders != nil {
		rs := make([]Reminder, len(c.Reminders))
		for i, r := range c.Reminders {
			rs[i] = r
			if n, ok := minutesOf(r.Before); ok {
				rs[i].Before = spanText(n)
			}
		}
		c.Reminders = rs
	}
	if c.FollowUp != nil {
		f := *c.FollowUp
		if n, ok := minutesOf(f.After); ok {
			f.After = spanText(n)
		}
		c.FollowUp = &f
	}
}

func checkReminders(c *Calendar, r report, x *index) {
	if len(c.Reminders) > maxReminders {
		r.add("reminders", "holds at most %d reminders", maxReminders) // one problem, not one per reminder of a flood
	} else {
		seen := map[string]bool{}
		for i, rm := range c.Reminders {
			f := fmt.Sprintf("reminders.%d", i)
			r.span(f+".before", rm.Before, 1)
			r.oneOf(f+".to", rm.To, "booker", "staff")
			n, _ := minutesOf(rm.Before)
			key := fmt.Sprint(n, rm.To)
			if seen[key] {
				r.add(f, "the same reminder is listed twice")
			}
			seen[key] = true
		}
	}
	if c.FollowUp == nil {
		return
	}
	r.span("followUp.after", c.FollowUp.After, 0)
	if c.FollowUp.Form != "" {
		if kind, ok := x.formKinds[c.FollowUp.Form]; !ok {
			r.add("followUp.form", "there is no form %q", c.FollowUp.Form)
		} else if kind == "booking" {
			r.add("followUp.form", "%q is a booking form: a follow-up links to a form, quiz or survey", c.FollowUp.Form)
		}
	}
}

var clockSyntax = regexp.MustCompile(`^([01][0-9]|2[0-3]):[0-5][0-9]$`)

func checkAgenda(a *Agenda, r report) {
	if a == nil {
		return
	}
	r.syntax("agenda.at", a.At, clockSyntax, "a time of day such as 07:30")
	if a.Day != "" {
		r.oneOf("agenda.day", a.Day, "today", "tomorrow")
	}
}

// What is stored: minutes, as the booking service plans from them.
type (
	storedReminder struct {
		Before int    `json:"before"`
		To     string `json:"to"`
	}
	storedFollowUp struct {
		After int    `json:"after"`
		Form  string `json:"form,omitempty"`
	}
)

func remindersJSON(rs []Reminder) []byte {
	out := make([]storedReminder, len(rs))
	for i, r := range rs {
		out[i].Before, _ = minutesOf(r.Before)
		out[i].To = r.To
	}
	data, _ := json.Marshal(out)
	return data
}

func followUpJSON(f *FollowUp) []byte {
	if f == nil {
		return nil
	}
	after, _ := minutesOf(f.After)
	data, _ := json.Marshal(storedFollowUp{After: after, Form: f.Form})
	return data
}

func agendaJSON(a *Agenda) []byte {
	if a == nil {
		return nil
	}
	stored := *a
	if stored.Day == "" {
		stored.Day = "today"
	}
	data, _ := json.Marshal(stored)
	return data
}

func remindersFrom(data []byte) ([]Reminder, error) {
	var stored []storedReminder
	if err := json.Unmarshal(data, &stored); err != nil {
		return nil, err
	}
	out := make([]Reminder, len(stored))
	for i, s := range stored {
		out[i] = Reminder{Before: spanText(s.Before), To: s.To}
	}
	return out, nil
}

func followUpFrom(data []byte) (*FollowUp, error) {
	if data == nil {
		return nil, nil
	}
	var s storedFollowUp
	if err := json.Unmarshal(data, &s); err != nil {
		return nil, err
	}
	return &FollowUp{After: spanText(s.After), Form: s.Form}, nil
}

func agendaFrom(data []byte) (*Agenda, error) {
	if data == nil {
		return nil, nil
	}
	a := &Agenda{}
	return a, json.Unmarshal(data, a)
}
