package web

import (
	"encoding/csv"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"slotwise/backend/internal/booking"
)

// The bookings list as a spreadsheet: GET /api/dashboard/bookings.csv with
// the list's own query (tab, q, calendar, staff, from, to), every row the
// viewer may see, in the business's time zone. A cell a spreadsheet would
// run as a formula (=, +, -, @) is written as text.

// maxExportRows bounds one export: a year of a busy salon's bookings.
const maxExportRows = 20_000

func (d dashboardFeature) export(c *gin.Context) {
	cat := apiLocale(c, "")
	c.Header("Cache-Control", "no-store")
	ses, ok := d.session(c, cat)
	if !ok {
		return
	}
	ctx := c.Request.Context()
	v := &viewer{session: ses, svc: d.svc}
	b, err := d.svc.Business(ctx)
	if err != nil {
		d.s.apiError(c, err, cat)
		return
	}
	zone := zoneOf(b.TimeZone)
	query := c.Request.URL.Query()
	tab := query.Get("tab")
	if !adminTabs[tab] {
		tab = "upcoming"
	}
	now := d.svc.Now()
	q := tabQuery(tab, filtersOf(query), zone, now, "")
	q.Limit = 100
	rows, err := allPages(maxExportRows, func(cursor string) ([]booking.Record, string, error) {
		q.Cursor = cursor
		return v.bookings(ctx, q)
	})
	if err != nil {
		d.s.apiError(c, err, cat)
		return
	}
	sheet := startSheet(c, "bookings-"+tab+"-"+now.In(zone).Format(time.DateOnly)+".csv", []string{"id", "status", "start", "end", "time_zone",
		"service", "staff", "first_name", "last_name", "email", "phone", "seats", "payment", "currency", "total", "paid", "refunded",
		"cancelled_by", "reason", "booked_at"})
	money := func(minor int64) string { return strconv.FormatFloat(float64(minor)/100, 'f', 2, 64) }
	for _, r := range rows {
		line := []string{r.ID, r.Status, r.Start.In(zone).Format(time.RFC3339), r.End.In(zone).Format(time.RFC3339), b.TimeZone,
			r.CalendarName, r.StaffName, r.Customer.FirstName, r.Customer.LastName, r.Customer.Email, r.Customer.Phone,
			strconv.Itoa(r.Seats), "", "", "", "", "", r.CancelledBy, r.CancellationReason, r.CreatedAt.In(zone).Format(time.RFC3339)}
		if p := r.Payment; p != nil {
			line[12], line[13], line[14], line[15], line[16] = p.State, p.Currency, money(p.Total), money(p.Paid), money(p.Refunded)
		}
		sheet.row(line)
	}
	sheet.done()
}

// allPages reads a list page after page, from its start, until its end
// or at least most rows.
func allPages[T any](most int, page func(cursor string) ([]T, string, error)) ([]T, error) {
	rows, next, err := page("")
	if err != nil {
		return nil, err
	}
	return pagesFrom(rows, next, most, page)
}

// pagesFrom goes on from rows, read already, to the pages after them from
// cursor ("": there are none), until most are read.
func pagesFrom[T any](rows []T, cursor string, most int, page func(cursor string) ([]T, string, error)) ([]T, error) {
	for cursor != "" && len(rows) < most {
		list, next, err := page(cursor)
		if err != nil {
			return nil, err
		}
		rows, cursor = append(rows, list...), next
	}
	return rows, nil
}

// sheet is a CSV download under way.
type sheet struct{ w *csv.Writer }

// startSheet answers a CSV download named name, its head written: a byte
// order mark first, so spreadsheets read the text as UTF-8.
func startSheet(c *gin.Context, name string, head []string) sheet {
	c.Header("Content-Type", "text/csv; charset=utf-8")
	c.Header("Content-Disposition", `attachment; filename="`+name+`"`)
	c.Status(http.StatusOK)
	_, _ = c.Writer.WriteString("\ufeff")
	s := sheet{csv.NewWriter(c.Writer)}
	s.row(head)
	return s
}

// row writes a line, no cell of it a formula.
func (s sheet) row(cells []string) {
	for i := range cells {
		cells[i] = asText(cells[i])
	}
	_ = s.w.Write(cells)
}

func (s sheet) done() { s.w.Flush() }

// asText keeps a cell from being run as a formula by a spreadsheet
// (OWASP's CSV injection): one starting with =, +, -, @, a tab or a
// carriage return is written after a quote.
func asText(cell string) string {
	if cell != "" && strings.ContainsRune("=+-@\t\r", rune(cell[0])) {
		return "'" + cell
	}
	return cell
}
