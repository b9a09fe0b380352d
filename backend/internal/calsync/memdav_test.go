package calsync_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-ical"
	"github.com/emersion/go-webdav"
	"github.com/emersion/go-webdav/caldav"

	"slotwise/backend/internal/icalbusy"
)

// memDAV is a CalDAV server in memory (go-webdav's handler): for the
// benchmarks, so they measure Slotwise's side of a sync rather than a
// Python server's. Each account /NAME/ has the calendars /NAME/cal/X/.
type memDAV struct {
	URL string
}

func newMemDAV(tb testing.TB, accounts map[string]map[string]string) *memDAV {
	tb.Helper()
	mux := http.NewServeMux()
	for name, cals := range accounts {
		mux.Handle("/"+name+"/", &caldav.Handler{Backend: newMemBackend(tb, name, cals)})
	}
	srv := httptest.NewServer(mux)
	tb.Cleanup(srv.Close)
	return &memDAV{URL: srv.URL}
}

// newMemBackend holds one account's calendars, each an ICS text by name.
func newMemBackend(tb testing.TB, name string, cals map[string]string) *memBackend {
	tb.Helper()
	b := &memBackend{principal: "/" + name + "/", home: "/" + name + "/cal/", cals: map[string]*memCalendar{}}
	for cal, ics := range cals {
		parsed, err := icalbusy.Parse([]byte(ics))
		if err != nil {
			tb.Fatal(err)
		}
		path := b.home + cal + "/"
		mc := &memCalendar{cal: caldav.Calendar{Path: path, Name: cal, SupportedComponentSet: []string{ical.CompEvent}}}
		for _, whole := range parsed {
			for i, ev := range whole.Children {
				one := ical.NewCalendar()
				one.Props = whole.Props
				one.Children = append(one.Children, ev)
				mc.objs = append(mc.objs, caldav.CalendarObject{Path: fmt.Sprintf("%s%d.ics", path, i), ETag: fmt.Sprintf(`"%d"`, i), Data: one})
				mc.extents = append(mc.extents, extentOf(tb, ev))
			}
		}
		b.cals[path] = mc
	}
	return b
}

type memCalendar struct {
	cal  caldav.Calendar
	objs []caldav.CalendarObject
	// extents are the objects' first start and last end, found once, as a
	// server indexes its events by time: a calendar-query filters only the
	// objects that may match. go-webdav's Filter alone reads every event's
	// time zone from disk again at every query (time.LoadLocation does not
	// cache), which took two-thirds of a booking-time check's time, the
	// server's and not Slotwise's.
	extents [][2]time.Time
}

// extentOf is when an event may be busy: from its first start to its last
// end, without end when it recurs for ever.
func extentOf(tb testing.TB, comp *ical.Component) [2]time.Time {
	tb.Helper()
	ev := ical.Event{Component: comp}
	start, err := ev.DateTimeStart(time.UTC)
	if err != nil {
		tb.Fatal(err)
	}
	end, err := ev.DateTimeEnd(time.UTC)
	if err != nil {
		tb.Fatal(err)
	}
	set, err := comp.RecurrenceSet(time.UTC)
	if err != nil {
		tb.Fatal(err)
	}
	if set == nil {
		return [2]time.Time{start, end}
	}
	if r := set.GetRRule(); r != nil && r.OrigOptions.Count == 0 && r.OrigOptions.Until.IsZero() {
		return [2]time.Time{start, forever}
	}
	all := set.All()
	if len(all) == 0 {
		return [2]time.Time{start, end}
	}
	return [2]time.Time{all[0], all[len(all)-1].Add(end.Sub(start))}
}

var forever = time.Date(9999, 1, 1, 0, 0, 0, 0, time.UTC)

type memBackend struct {
	principal, home string
	cals            map[string]*memCalendar
}

var errReadOnly = errors.New("memdav: read-only")

func (b *memBackend) CurrentUserPrincipal(context.Context) (string, error) { return b.principal, nil }
func (b *memBackend) CalendarHomeSetPath(context.Context) (string, error)  { return b.home, nil }
func (b *memBackend) CreateCalendar(context.Context, *caldav.Calendar) error {
	return errReadOnly
}

func (b *memBackend) ListCalendars(context.Context) ([]caldav.Calendar, error) {
	var out []caldav.Calendar
	for _, c := range b.cals {
		out = append(out, c.cal)
	}
	return out, nil
}

func (b *memBackend) GetCalendar(_ context.Context, path string) (*caldav.Calendar, error) {
	if c, ok := b.cals[path]; ok {
		return &c.cal, nil
	}
	return nil, webdavNotFound
}

func (b *memBackend) GetCalendarObject(_ context.Context, path string, _ *caldav.CalendarCompRequest) (*caldav.CalendarObject, error) {
	for _, c := range b.cals {
		for i := range c.objs {
			if c.objs[i].Path == path {
				return &c.objs[i], nil
			}
		}
	}
	return nil, webdavNotFound
}

func (b *memBackend) ListCalendarObjects(_ context.Context, path string, _ *caldav.CalendarCompRequest) ([]caldav.CalendarObject, error) {
	if c, ok := b.cals[path]; ok {
		return c.objs, nil
	}
	return nil, webdavNotFound
}

// QueryCalendarObjects answers as go-webdav's Filter does, asked of the
// objects whose extent meets the query's time range (a day's margin each
// side) rather than of all.
func (b *memBackend) QueryCalendarObjects(_ context.Context, path string, q *caldav.CalendarQuery) ([]caldav.CalendarObject, error) {
	c, ok := b.cals[path]
	if !ok {
		return nil, webdavNotFound
	}
	if len(q.CompFilter.Comps) != 1 || q.CompFilter.Comps[0].Start.IsZero() {
		return caldav.Filter(q, c.objs)
	}
	from, to := q.CompFilter.Comps[0].Start.Add(-24*time.Hour), q.CompFilter.Comps[0].End
	if to.IsZero() {
		to = forever
	}
	var near []caldav.CalendarObject
	for i, e := range c.extents {
		if e[0].Before(to.Add(24*time.Hour)) && e[1].After(from) {
			near = append(near, c.objs[i])
		}
	}
	return caldav.Filter(q, near)
}

func (b *memBackend) PutCalendarObject(context.Context, string, *ical.Calendar, *caldav.PutCalendarObjectOptions) (*caldav.CalendarObject, error) {
	return nil, errReadOnly
}

func (b *memBackend) DeleteCalendarObject(context.Context, string) error { return errReadOnly }

var webdavNotFound = webdav.NewHTTPError(http.StatusNotFound, errors.New("memdav: not found"))

// The benchmarks' server answers a calendar-query exactly as go-webdav's
// Filter over every object would: its index only skips what cannot match.
func TestMemDAVAnswersAQueryAsFilteringEveryObject(t *testing.T) {
	daily := vcal("BEGIN:VEVENT\r\nUID:daily\r\nDTSTAMP:20270101T000000Z\r\nDTSTART:20270101T090000Z\r\nDURATION:PT1H\r\nRRULE:FREQ=DAILY\r\nEND:VEVENT\r\n")
	b := newMemBackend(t, "jonas", map[string]string{"work": busyCalendar(500), "daily": daily})
	at := func(s string) time.Time { return time.Date(2027, 3, 1, 0, 0, 0, 0, time.UTC).Add(mustDuration(t, s)) }
	ranges := []struct{ name, from, to string }{
		{"an hour", "206h", "207h"},
		{"a week", "0h", "168h"},
		{"before every event", "-2000h", "-1999h"},
		{"a day after the last", "4000h", "4024h"},
		{"open ended", "300h", ""},
	}
	for _, cal := range []string{"work", "daily"} {
		c := b.cals[b.home+cal+"/"]
		for _, r := range ranges {
			t.Run(cal+"/"+r.name, func(t *testing.T) {
				q := &caldav.CalendarQuery{CompFilter: caldav.CompFilter{Name: ical.CompCalendar, Comps: []caldav.CompFilter{{Name: ical.CompEvent, Start: at(r.from)}}}}
				if r.to != "" {
					q.CompFilter.Comps[0].End = at(r.to)
				}
				got, err := b.QueryCalendarObjects(context.Background(), b.home+cal+"/", q)
				if err != nil {
					t.Fatal(err)
				}
				want, err := caldav.Filter(q, c.objs)
				if err != nil {
					t.Fatal(err)
				}
				if paths(got) != paths(want) {
					t.Fatalf("got %d objects, Filter %d:\n%s\n%s", len(got), len(want), paths(got), paths(want))
				}
			})
		}
	}
}

func paths(objs []caldav.CalendarObject) string {
	var b strings.Builder
	for _, o := range objs {
		b.WriteString(o.Path + " ")
	}
	return b.String()
}

func mustDuration(t *testing.T, s string) time.Duration {
	d, err := time.ParseDuration(s)
	if err != nil {
		t.Fatal(err)
	}
	return d
}
