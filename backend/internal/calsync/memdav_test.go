package calsync_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"testing"

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
				}
			}
			b.cals[path] = mc
		}
		mux.Handle("/"+name+"/", &caldav.Handler{Backend: b})
	}
	srv := httptest.NewServer(mux)
	tb.Cleanup(srv.Close)
	return &memDAV{URL: srv.URL}
}

type memCalendar struct {
	cal  caldav.Calendar
	objs []caldav.CalendarObject
}

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

func (b *memBackend) QueryCalendarObjects(ctx context.Context, path string, q *caldav.CalendarQuery) ([]caldav.CalendarObject, error) {
	all, err := b.ListCalendarObjects(ctx, path, nil)
	if err != nil {
		return nil, err
	}
	return caldav.Filter(q, all)
}

func (b *memBackend) PutCalendarObject(context.Context, string, *ical.Calendar, *caldav.PutCalendarObjectOptions) (*caldav.CalendarObject, error) {
	return nil, errReadOnly
}

func (b *memBackend) DeleteCalendarObject(context.Context, string) error { return errReadOnly }

var webdavNotFound = webdav.NewHTTPError(http.StatusNotFound, errors.New("memdav: not found"))
