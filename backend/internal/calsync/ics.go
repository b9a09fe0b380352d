package calsync

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"

	"github.com/emersion/go-ical"

	"slotwise/backend/internal/icalbusy"
)

// feed is what an ICS subscription answered: its calendars, or "unchanged".
type feed struct {
	cals          []*ical.Calendar
	unchanged     bool
	etag, lastMod string
}

// fetchFeed GETs an iCalendar subscription, conditionally when validators
// are known, so an unchanged feed costs a 304 and no body.
func fetchFeed(ctx context.Context, c httpDoer, url, etag, lastMod string) (feed, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, webcal(url), nil)
	if err != nil {
		return feed{}, err
	}
	req.Header.Set("Accept", "text/calendar, */*;q=0.5")
	req.Header.Set("User-Agent", userAgent)
	if etag != "" {
		req.Header.Set("If-None-Match", etag)
	}
	if lastMod != "" {
		req.Header.Set("If-Modified-Since", lastMod)
	}
	resp, err := c.Do(req)
	if err != nil {
		return feed{}, reachError(err)
	}
	defer resp.Body.Close()
	switch {
	case resp.StatusCode == http.StatusNotModified:
		return feed{unchanged: true, etag: etag, lastMod: lastMod}, nil
	case resp.StatusCode >= 300:
		_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
		return feed{}, statusError(resp.StatusCode)
	}
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		return feed{}, reachError(err)
	}
	cals, err := icalbusy.Parse(data)
	if err != nil {
		return feed{}, reachError(err)
	}
	return feed{cals: cals, etag: resp.Header.Get("ETag"), lastMod: resp.Header.Get("Last-Modified")}, nil
}

// webcal reads the webcal:// addresses calendar apps share as https.
func webcal(url string) string {
	if rest, ok := strings.CutPrefix(url, "webcal://"); ok {
		return "https://" + rest
	}
	return url
}

const userAgent = "Slotwise calendar sync"

// feedName is the feed's X-WR-CALNAME, or its address's last part.
func feedName(f feed, u *url.URL) string {
	if name, err := f.cals[0].Props.Text("X-WR-CALNAME"); err == nil && name != "" {
		return trimmed(name)
	}
	parts := strings.Split(strings.Trim(u.Path, "/"), "/")
	if last := parts[len(parts)-1]; last != "" && len(last) < 40 {
		return last
	}
	return u.Hostname()
}

// statusError says in plain words what a server's refusal means.
func statusError(code int) error {
	switch code {
	case http.StatusUnauthorized, http.StatusForbidden:
		return &ConnectError{Message: "The server refused the user name or password (for iCloud, Fastmail and Google, use an app password)"}
	case http.StatusNotFound, http.StatusGone:
		return &ConnectError{Message: "There is no calendar at this address (the server answered 404)"}
	}
	return &ConnectError{Message: fmt.Sprintf("The server answered with an error (HTTP %d)", code)}
}
