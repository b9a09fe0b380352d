package web_test

import (
	"context"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"slotwise/backend/internal/db"
)

// An owner gives back what was paid, all or part, from the booking's
// page; nobody else is offered it or can; and the page lists the
// booking's reminders and what became of them.
func TestAnOwnerRefundsFromTheBookingsPageWhichListsItsReminders(t *testing.T) {
	d := newDashboard(t)
	ctx := db.WithEveryBusiness(context.Background())
	if _, err := d.pool.Exec(ctx, `UPDATE bookings SET payment = 'paid', currency = 'EUR', total_cents = 6000, pay_now_cents = 6000, paid_cents = 6000
		WHERE id = $1`, d.miaBooking); err != nil {
		t.Fatal(err)
	}
	page := func(who string) string {
		return d.do(http.MethodGet, "/api/page-data?path="+url.QueryEscape("/admin/booking/"+d.miaBooking), map[string]string{"Cookie": d.cookies[who]}).Body.String()
	}
	if body := page("owner"); !strings.Contains(body, `"refundable":6000`) || !strings.Contains(body, `"reminders":[{"kind":"reminder","before":1440,"to":"booker"`) {
		t.Errorf("the owner's page: %s", body)
	}
	if body := page("desk"); !strings.Contains(body, `"refundable":0`) {
		t.Errorf("the front desk is offered a refund: %s", body)
	}
	tests := []struct {
		name, who, amount string
		want              int
	}{
		{"the front desk", "desk", "", 404},
		{"a staff member", "mia", "", 404},
		{"more than was paid", "owner", "61", 422},
		{"no amount", "owner", "ten euros", 422},
		{"a part, written the German way", "owner", "12,50", 303},
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := d.post("/admin/booking/"+d.miaBooking, url.Values{"do": {"refund"}, "amount": {tt.amount}, "idempotencyKey": {"refund-" + strconv.Itoa(i)}},
				map[string]string{"Cookie": d.cookies[tt.who]})
			if rec.Code != tt.want {
				t.Fatalf("%d, want %d: %s", rec.Code, tt.want, rec.Body)
			}
		})
	}
	var state string
	var due int64
	if err := d.pool.QueryRow(ctx, `SELECT payment, refund_due_cents FROM bookings WHERE id = $1`, d.miaBooking).Scan(&state, &due); err != nil {
		t.Fatal(err)
	}
	if state != "refund_due" || due != 1250 {
		t.Errorf("after the refund: %s, %d due; want refund_due, 1250", state, due)
	}
}

// An owner places a booking outside the person's hours, saying so; the
// front desk cannot, and what does not read is refused by name.
func TestAnOwnerPlacesABookingOutsideTheHours(t *testing.T) {
	d := newDashboard(t)
	start, _ := time.Parse(time.RFC3339, nextMonday10())
	day := start.In(berlin()).Format(time.DateOnly)
	tests := []struct {
		name, who, at string
		want          int
	}{
		{"the front desk", "desk", "19:00", 404},
		{"a staff member, their own", "mia", "19:00", 404},
		{"no time", "owner", "", 422},
		{"a time that is not", "owner", "25:61", 422},
		{"the owner, at seven in the evening", "owner", "19:00", 303},
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := d.post("/admin/booking/"+d.miaBooking, url.Values{"do": {"rescheduleOutside"}, "date": {day}, "time": {tt.at},
				"idempotencyKey": {"outside-" + strconv.Itoa(i)}}, map[string]string{"Cookie": d.cookies[tt.who]})
			if rec.Code != tt.want {
				t.Fatalf("%d, want %d: %s", rec.Code, tt.want, rec.Body)
			}
		})
	}
	var at time.Time
	if err := d.pool.QueryRow(db.WithEveryBusiness(context.Background()), `SELECT starts_at FROM bookings WHERE id = $1`, d.miaBooking).Scan(&at); err != nil {
		t.Fatal(err)
	}
	if got := at.In(berlin()).Format("2006-01-02 15:04"); got != day+" 19:00" {
		t.Errorf("moved to %s, want %s 19:00", got, day)
	}
	// Outside the hours, not over another booking: Jonas's request holds
	// his Monday at ten.
	rec := d.post("/admin/booking/"+d.jonasRequest, url.Values{"do": {"rescheduleOutside"}, "date": {day}, "time": {"19:30"}, "idempotencyKey": {"over"}},
		map[string]string{"Cookie": d.cookies["owner"]})
	if rec.Code != 303 {
		t.Fatalf("jonas's request to 19:30: %d %s", rec.Code, rec.Body)
	}
	second := d.bookWith("", "facial-treatment", "jonas", start, "ada2@example.com")
	rec = d.post("/admin/booking/"+second, url.Values{"do": {"rescheduleOutside"}, "date": {day}, "time": {"19:30"}, "idempotencyKey": {"clash"}},
		map[string]string{"Cookie": d.cookies["owner"]})
	if rec.Code == 303 || rec.Code >= 500 {
		t.Errorf("over another booking: %d", rec.Code)
	}
}
