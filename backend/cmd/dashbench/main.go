// Command dashbench measures the business's dashboard: each of its pages
// asked -n times by -conns people signed in at once, with the latency's
// p50 and p99. The people's sign-in links (slotwise user add prints one
// each) come one a line on standard input; each is redeemed as a browser
// does (its page, then its button). scripts/bench-tenants.sh runs it on
// the deployment of many businesses, whose demo studio holds 10,000
// bookings; it talks to 127.0.0.1 only. Its pages are built from the
// route table, as every link is.
package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"regexp"
	"strings"
	"time"

	"slotwise/backend/internal/loadtest"
	"slotwise/backend/internal/route"
)

// pages are what is measured: the dashboard's screens as a front desk
// opens them, tomorrow's where a day is asked.
func pages() []struct{ name, path string } {
	href := func(name string, params map[string]string, query url.Values) string {
		return route.Default().Href("", name, "", params, query)
	}
	day := time.Now().AddDate(0, 0, 1).Format(time.DateOnly)
	return []struct{ name, path string }{
		{"upcoming bookings", href("adminBookings", nil, nil)},
		{"past bookings", href("adminBookings", map[string]string{"tab": "past"}, nil)},
		{"a search", href("adminBookings", nil, url.Values{"q": {"Booker 4242"}})},
		{"a booking", href("adminBooking", map[string]string{"id": "bk_bench04242"}, nil)},
		{"the list as data (a client-side navigation)", "/api/page-data?path=" + url.QueryEscape(href("adminBookings", map[string]string{"tab": "requests"}, nil))},
		{"the calendar, a day of everyone", href("adminCalendar", nil, url.Values{"date": {day}})},
		{"availability", href("adminAvailability", nil, nil)},
		{"why not free", href("adminWhy", nil, url.Values{"calendar": {"demo-consultation"}, "date": {day}, "time": {"10:00"}})},
		{"responses", href("adminResponses", nil, nil)},
	}
}

func main() {
	c := loadtest.Flags(20, "people signed in, each a client", 400, "requests of each page")
	only := flag.String("only", "", "measure only the pages whose name holds this")
	loadtest.Main("dashbench", c, func() error { return run(c, *only) })
}

func run(c *loadtest.Common, only string) error {
	var links []string
	in := bufio.NewScanner(os.Stdin)
	for in.Scan() {
		if line := strings.TrimSpace(in.Text()); line != "" {
			links = append(links, line)
		}
	}
	if len(links) < c.Conns {
		return fmt.Errorf("%d sign-in links on standard input, %d people wanted", len(links), c.Conns)
	}
	client := loadtest.Client(c.Conns)
	client.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	cookies := make([]string, c.Conns)
	for i := range cookies {
		cookie, err := signIn(client, c.Base, links[i])
		if err != nil {
			return fmt.Errorf("signing in person %d: %w", i+1, err)
		}
		cookies[i] = cookie
	}
	for _, p := range pages() {
		if !strings.Contains(p.name, only) {
			continue
		}
		target := c.Base + p.path
		res, err := c.Measure(func(i int) error {
			req, _ := http.NewRequest(http.MethodGet, target, nil)
			req.Header.Set("Cookie", cookies[i%len(cookies)])
			out, err := client.Do(req)
			if err != nil {
				return err
			}
			defer out.Body.Close()
			_, _ = io.Copy(io.Discard, out.Body)
			if out.StatusCode != http.StatusOK {
				return fmt.Errorf("%s: status %d", p.path, out.StatusCode)
			}
			return nil
		})
		if err != nil {
			return err
		}
		res.Print("dashboard, "+p.name, "p99 under 50 ms")
	}
	return nil
}

var formKey = regexp.MustCompile(`name="idempotencyKey" value="([^"]+)"`)

// signIn opens a sign-in link's page and presses its button, and returns
// the session cookie the browser would then send.
func signIn(client *http.Client, base, link string) (string, error) {
	u, err := url.Parse(link)
	if err != nil {
		return "", err
	}
	target := base + u.Path
	page, err := client.Get(target)
	if err != nil {
		return "", err
	}
	body, _ := io.ReadAll(page.Body)
	page.Body.Close()
	m := formKey.FindSubmatch(body)
	if page.StatusCode != http.StatusOK || m == nil {
		return "", fmt.Errorf("the link's page: status %d", page.StatusCode)
	}
	req, _ := http.NewRequest(http.MethodPost, target, strings.NewReader(url.Values{"idempotencyKey": {string(m[1])}}.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	res, err := client.Do(req)
	if err != nil {
		return "", err
	}
	res.Body.Close()
	for _, c := range res.Cookies() {
		if strings.HasSuffix(c.Name, "slotwise_admin") && c.Value != "" {
			return c.Name + "=" + c.Value, nil
		}
	}
	return "", errors.New("signing in set no session")
}
