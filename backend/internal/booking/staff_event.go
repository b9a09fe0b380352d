package booking

import (
	"fmt"
	"slices"
	"strings"

	"slotwise/backend/internal/notify"
)

// StaffEvent is a booking as its person's own calendar shows it (their
// feed, and the calendar bookings are written to): who comes and how to
// reach them, their guests and answers, the place, and url when given.
// It names no organizer or attendee, so a calendar server that schedules
// never mails the booker an invitation of its own.
func StaffEvent(r Record, url string) notify.Event {
	who := strings.TrimSpace(r.Customer.FirstName + " " + r.Customer.LastName)
	var desc []string
	desc = append(desc, who+" <"+r.Customer.Email+">")
	if r.Customer.Phone != "" {
		desc = append(desc, r.Customer.Phone)
	}
	if r.Seats > 1 {
		desc = append(desc, fmt.Sprintf("%d people", r.Seats))
	}
	for _, g := range r.Guests {
		desc = append(desc, "Guest: "+strings.TrimSpace(g.Name+" <"+g.Email+">"))
	}
	if r.Customer.Notes != "" {
		desc = append(desc, r.Customer.Notes)
	}
	keys := make([]string, 0, len(r.Answers))
	for k := range r.Answers {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		desc = append(desc, k+": "+strings.Join(r.Answers[k], ", "))
	}
	status := notify.StatusConfirmed
	if r.Status == StatusPending || r.Status == StatusRequested {
		status = notify.StatusTentative
		desc = append(desc, "Status: "+r.Status)
	}
	if url != "" {
		desc = append(desc, url)
	}
	return notify.Event{UID: r.ID + "@slotwise", Start: r.Start, End: r.End, Stamp: r.CreatedAt,
		Summary: r.CalendarName + " · " + who, Description: strings.Join(desc, "\n"), Location: r.Customer.Location,
		URL: url, Status: status}
}
