package calsync

import (
	"bytes"
	"context"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"time"

	"github.com/emersion/go-ical"
	"github.com/emersion/go-webdav"
	"github.com/emersion/go-webdav/caldav"

	"slotwise/backend/internal/icalbusy"
)

// account is one CalDAV account reached with its credentials.
type account struct {
	base               *url.URL
	tap                *statusTap
	client             *caldav.Client
	username, password string
}

// statusTap remembers the last HTTP status, so a library's error can be
// told apart (a wrong password from a missing calendar); 0 after a
// request that got no answer.
type statusTap struct {
	inner  httpDoer
	status int
}

func (t *statusTap) Do(req *http.Request) (*http.Response, error) {
	req.Header.Set("User-Agent", userAgent)
	t.status = 0
	resp, err := t.inner.Do(req)
	if err == nil {
		t.status = resp.StatusCode
	}
	return resp, err
}

func newAccount(c httpDoer, rawURL, username, password string) (*account, error) {
	base, err := url.Parse(rawURL)
	if err != nil {
		return nil, err
	}
	a := &account{tap: &statusTap{inner: c}, username: username, password: password}
	return a, a.rebase(base)
}

// rebase points the account's client at another URL of the server.
func (a *account) rebase(base *url.URL) error {
	client, err := caldav.NewClient(a.authed(), base.String())
	if err != nil {
		return err
	}
	a.base, a.client = base, client
	return nil
}

func (a *account) authed() webdav.HTTPClient {
	return webdav.HTTPClientWithBasicAuth(a.tap, a.username, a.password)
}

// found is a calendar the account holds.
type found struct {
	URL, Name string
}

// explain turns a failed request into words a business can act on.
func (a *account) explain(err error) error {
	var ce *ConnectError
	if errors.As(err, &ce) {
		return err
	}
	switch a.tap.status {
	case http.StatusUnauthorized, http.StatusForbidden, http.StatusNotFound, http.StatusGone:
		return statusError(a.tap.status)
	}
	if errors.Is(err, ErrTooLarge) {
		return &ConnectError{Message: fmt.Sprintf("The server's answer is larger than %d MB", MaxResponseBytes>>20)}
	}
	return reachError(err)
}

// discover finds the account's event calendars from the URL given: the
// server (its /.well-known/caldav, RFC 6764), the principal, the calendar
// home or one calendar; then the principal's calendar home set and its
// calendars (RFC 4791), and the addresses the account answers
// invitations with.
func (a *account) discover(ctx context.Context) ([]found, []string, error) {
	principal, err := a.client.FindCurrentUserPrincipal(ctx)
	if err != nil && a.refused() == nil && a.tap.status != 0 {
		if known := a.wellKnown(ctx); known != "" {
			if err = a.rebase(a.base.ResolveReference(&url.URL{Path: known})); err == nil {
				principal, err = a.client.FindCurrentUserPrincipal(ctx)
			}
		}
	}
	if rerr := a.refused(); rerr != nil {
		return nil, nil, rerr
	}
	if err != nil && a.tap.status == 0 {
		return nil, nil, a.explain(err)
	}
	var cals []found
	var addresses []string
	if err == nil && principal != "" {
		home, herr := a.client.FindCalendarHomeSet(ctx, principal)
		if rerr := a.refused(); rerr != nil {
			return nil, nil, rerr
		}
		if herr == nil && home != "" {
			cals, _ = a.calendarsAt(ctx, home)
		}
		addresses = a.addresses(ctx, principal)
	}
	if len(cals) == 0 {
		// The URL may be a calendar collection, or a home without a principal.
		if cals, err = a.calendarsAt(ctx, a.base.Path); err != nil {
			return nil, nil, a.explain(err)
		}
	}
	if len(cals) == 0 {
		return nil, nil, &ConnectError{Message: "The server answered, but no event calendar was found at this address"}
	}
	return cals, addresses, nil
}

// refused is the error of a refused password, if the last answer was one.
func (a *account) refused() error {
	if s := a.tap.status; s == http.StatusUnauthorized || s == http.StatusForbidden {
		return statusError(s)
	}
	return nil
}

// wellKnown follows the server's /.well-known/caldav redirect to its
// context path (a GET: a redirected PROPFIND would turn into a GET anyway).
func (a *account) wellKnown(ctx context.Context) string {
	u := a.base.ResolveReference(&url.URL{Path: "/.well-known/caldav"})
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u.String(), nil)
	if err != nil {
		return ""
	}
	resp, err := a.tap.Do(req)
	if err != nil {
		return ""
	}
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
	resp.Body.Close()
	if resp.Request == nil || resp.Request.URL.Path == u.Path || resp.StatusCode >= 500 {
		return ""
	}
	return resp.Request.URL.Path
}

func (a *account) calendarsAt(ctx context.Context, path string) ([]found, error) {
	list, err := a.client.FindCalendars(ctx, path)
	if err != nil {
		return nil, err
	}
	var out []found
	for _, c := range list {
		if len(c.SupportedComponentSet) > 0 && !slices.ContainsFunc(c.SupportedComponentSet, func(s string) bool { return strings.EqualFold(s, ical.CompEvent) }) {
			continue // a task list or an address book
		}
		name := c.Name
		if name == "" {
			name = strings.Trim(c.Path[strings.LastIndex(strings.TrimSuffix(c.Path, "/"), "/")+1:], "/")
		}
		out = append(out, found{URL: a.base.ResolveReference(&url.URL{Path: c.Path}).String(), Name: name})
	}
	return out, nil
}

// state is what tells whether a calendar changed: its sync token
// (RFC 6578) and its ctag (calendarserver.org), either may be missing.
type state struct {
	syncToken, ctag string
}

func (s state) known() bool { return s.syncToken != "" || s.ctag != "" }

// calendarState asks for a calendar's sync token and ctag: one PROPFIND.
func (a *account) calendarState(ctx context.Context, calURL string) (state, error) {
	body := `<?xml version="1.0" encoding="utf-8"?>
<d:propfind xmlns:d="DAV:" xmlns:cs="http://calendarserver.org/ns/"><d:prop><d:sync-token/><cs:getctag/></d:prop></d:propfind>`
	ms, err := a.propfind(ctx, calURL, body)
	if err != nil {
		return state{}, err
	}
	var st state
	for _, r := range ms.Responses {
		for _, ps := range r.PropStats {
			if !strings.Contains(ps.Status, " 200") {
				continue
			}
			st.syncToken = strings.TrimSpace(ps.Prop.SyncToken)
			st.ctag = strings.TrimSpace(ps.Prop.CTag)
		}
	}
	return st, nil
}

// addresses reads the principal's calendar-user-address-set (mailto: only).
func (a *account) addresses(ctx context.Context, principal string) []string {
	body := `<?xml version="1.0" encoding="utf-8"?>
<d:propfind xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop><c:calendar-user-address-set/></d:prop></d:propfind>`
	ms, err := a.propfind(ctx, a.base.ResolveReference(&url.URL{Path: principal}).String(), body)
	if err != nil {
		return nil
	}
	var out []string
	for _, r := range ms.Responses {
		for _, ps := range r.PropStats {
			for _, h := range ps.Prop.Addresses {
				if addr, ok := strings.CutPrefix(strings.ToLower(strings.TrimSpace(h)), "mailto:"); ok {
					out = append(out, addr)
				}
			}
		}
	}
	return out
}

type multistatus struct {
	Responses []struct {
		Href      string `xml:"href"`
		PropStats []struct {
			Status string `xml:"status"`
			Prop   struct {
				SyncToken string   `xml:"sync-token"`
				CTag      string   `xml:"getctag"`
				Addresses []string `xml:"calendar-user-address-set>href"`
			} `xml:"prop"`
		} `xml:"propstat"`
	} `xml:"response"`
}

func (a *account) propfind(ctx context.Context, target, body string) (*multistatus, error) {
	req, err := http.NewRequestWithContext(ctx, "PROPFIND", target, bytes.NewBufferString(body))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Depth", "0")
	req.Header.Set("Content-Type", "application/xml; charset=utf-8")
	resp, err := a.authed().Do(req)
	if err != nil {
		return nil, a.explain(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusMultiStatus {
		return nil, statusError(resp.StatusCode)
	}
	var ms multistatus
	if err := xml.NewDecoder(resp.Body).Decode(&ms); err != nil {
		return nil, a.explain(err)
	}
	return &ms, nil
}

// read is what a calendar-query gave: the objects that parsed, and the
// addresses of those that did not.
type read struct {
	cals       []*ical.Calendar
	unreadable []string
}

// events reads the VEVENTs of a calendar, whole, every one, or those that
// touch [from, to) when from is set (RFC 4791 time-range: a recurring
// event whole when any of its occurrences does). Recurrences are expanded
// here, not by the server. An object that does not parse is named in
// unreadable, and the rest still counts.
func (a *account) events(ctx context.Context, calURL string, from, to time.Time) (read, error) {
	req, err := http.NewRequestWithContext(ctx, "REPORT", calURL, strings.NewReader(calendarQuery(from, to)))
	if err != nil {
		return read{}, err
	}
	req.Header.Set("Depth", "1")
	req.Header.Set("Content-Type", "application/xml; charset=utf-8")
	resp, err := a.authed().Do(req)
	if err != nil {
		return read{}, a.explain(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusMultiStatus {
		_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
		return read{}, statusError(resp.StatusCode)
	}
	var ms queryAnswer
	if err := xml.NewDecoder(resp.Body).Decode(&ms); err != nil {
		return read{}, a.explain(err)
	}
	var out read
	for _, r := range ms.Responses {
		if r.Status != "" && !okStatus(r.Status) {
			continue // an object gone meanwhile
		}
		data := ""
		for _, ps := range r.PropStats {
			if okStatus(ps.Status) && strings.TrimSpace(ps.Prop.Data) != "" {
				data = ps.Prop.Data
			}
		}
		cals, err := icalbusy.Parse([]byte(data))
		if err != nil {
			out.unreadable = append(out.unreadable, r.Href)
			continue
		}
		out.cals = append(out.cals, cals...)
	}
	return out, nil
}

// calendarQuery asks for every VEVENT's whole object: a bare
// calendar-data, never a partial one (a comp request with allprop and
// allcomp), which RFC 4791 §9.6 lets a server answer with events emptied
// of their properties, so that nothing would block.
func calendarQuery(from, to time.Time) string {
	event := `<c:comp-filter name="VEVENT"/>`
	if !from.IsZero() {
		event = `<c:comp-filter name="VEVENT"><c:time-range start="` + from.UTC().Format("20060102T150405Z") +
			`" end="` + to.UTC().Format("20060102T150405Z") + `"/></c:comp-filter>`
	}
	return `<?xml version="1.0" encoding="utf-8"?>` +
		`<c:calendar-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">` +
		`<d:prop><d:getetag/><c:calendar-data/></d:prop>` +
		`<c:filter><c:comp-filter name="VCALENDAR">` + event + `</c:comp-filter></c:filter>` +
		`</c:calendar-query>`
}

// queryAnswer is a calendar-query's multistatus.
type queryAnswer struct {
	Responses []struct {
		Href      string `xml:"DAV: href"`
		Status    string `xml:"DAV: status"`
		PropStats []struct {
			Status string `xml:"DAV: status"`
			Prop   struct {
				Data string `xml:"urn:ietf:params:xml:ns:caldav calendar-data"`
			} `xml:"DAV: prop"`
		} `xml:"DAV: propstat"`
	} `xml:"DAV: response"`
}

// okStatus reads a DAV status line ("HTTP/1.1 200 OK") as a success.
func okStatus(line string) bool {
	f := strings.Fields(line)
	return len(f) >= 2 && len(f[1]) == 3 && f[1][0] == '2'
}

// put stores one calendar object at href: a new one only if none is
// there (If-None-Match: *), a known one only as we wrote it (If-Match).
// When the server's copy changed meanwhile (412), it reads the current
// ETag and writes again: the booking is the truth. It returns the ETag
// the server gave, if any.
func (a *account) put(ctx context.Context, href, etag string, body []byte) (string, error) {
	for try := 0; ; try++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodPut, href, bytes.NewReader(body))
		if err != nil {
			return "", err
		}
		req.Header.Set("Content-Type", "text/calendar; charset=utf-8")
		if etag != "" {
			req.Header.Set("If-Match", etag)
		} else {
			req.Header.Set("If-None-Match", "*")
		}
		resp, err := a.authed().Do(req)
		if err != nil {
			return "", a.explain(err)
		}
		_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
		resp.Body.Close()
		switch {
		case resp.StatusCode < 300:
			return resp.Header.Get("ETag"), nil
		case resp.StatusCode == http.StatusPreconditionFailed && try == 0:
			if etag, err = a.currentETag(ctx, href); err != nil {
				return "", err
			}
			continue
		}
		return "", statusError(resp.StatusCode)
	}
}

// currentETag is the server's ETag of href; "" when there is none there.
func (a *account) currentETag(ctx context.Context, href string) (string, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodHead, href, nil)
	if err != nil {
		return "", err
	}
	resp, err := a.authed().Do(req)
	if err != nil {
		return "", a.explain(err)
	}
	resp.Body.Close()
	switch {
	case resp.StatusCode == http.StatusNotFound || resp.StatusCode == http.StatusGone:
		return "", nil
	case resp.StatusCode >= 300:
		return "", statusError(resp.StatusCode)
	}
	return resp.Header.Get("ETag"), nil
}

// remove deletes the calendar object at href; one already gone is done.
func (a *account) remove(ctx context.Context, href string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodDelete, href, nil)
	if err != nil {
		return err
	}
	resp, err := a.authed().Do(req)
	if err != nil {
		return a.explain(err)
	}
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
	resp.Body.Close()
	if resp.StatusCode < 300 || resp.StatusCode == http.StatusNotFound || resp.StatusCode == http.StatusGone {
		return nil
	}
	return statusError(resp.StatusCode)
}
