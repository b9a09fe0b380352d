// Command formbench measures how long submitting a form takes when many
// visitors send it at once: it opens the form -n times (each visit gets
// its own key), waits the form's minimum fill time as a person would, then
// sends every visit's answers from -conns concurrent submitters and prints
// the latency's p50 and p99. scripts/bench.sh runs it against a freshly
// started binary; it talks to 127.0.0.1 only.
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"time"

	"slotwise/backend/internal/loadtest"
	"slotwise/backend/internal/route"
)

func main() {
	c := loadtest.Flags(20, "concurrent submitters", 400, "submissions to make")
	form := flag.String("form", "demo-contact", "form to submit")
	fill := flag.Duration("fill", 3500*time.Millisecond, "how long a visitor takes to fill the form")
	loadtest.Main("formbench", c, func() error { return run(c, *form, *fill) })
}

func run(c *loadtest.Common, form string, fill time.Duration) error {
	base := c.Base
	client := loadtest.Client(c.Conns)
	page := route.Default().Href("", "form", "", map[string]string{"id": form}, nil)
	keys := make([]string, c.Warmup+c.N)
	for i := range keys {
		var err error
		if keys[i], err = formKey(client, base, page); err != nil {
			return err
		}
	}
	time.Sleep(fill)
	res, err := c.Measure(func(i int) error {
		return submit(client, base, form, keys[i], i)
	})
	if err != nil {
		return err
	}
	res.Print("submissions", "p99 under 100 ms")
	return nil
}

// formKey opens the form as a visitor's browser would, for its key.
func formKey(client *http.Client, base, page string) (string, error) {
	res, err := client.Get(base + "/api/page-data?path=" + url.QueryEscape(page))
	if err != nil {
		return "", err
	}
	defer res.Body.Close()
	var p struct {
		Data struct {
			Key string `json:"key"`
		} `json:"data"`
	}
	if err := json.NewDecoder(res.Body).Decode(&p); err != nil || p.Data.Key == "" {
		return "", fmt.Errorf("no form key in %s's page data (%d): %v", page, res.StatusCode, err)
	}
	return p.Data.Key, nil
}

func submit(client *http.Client, base, form, key string, i int) error {
	body, _ := json.Marshal(map[string]any{"key": key, "step": "contact", "locale": "en-US", "answers": map[string][]string{
		"name": {"Ada Lovelace"}, "email": {fmt.Sprintf("visitor%d@example.com", i)}, "topic": {"treatment"},
		"message": {"Is the facial right for dry skin?"},
	}})
	req, _ := http.NewRequest(http.MethodPost, base+"/api/forms/form/"+form+"/answers", bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	res, err := client.Do(req)
	if err != nil {
		return err
	}
	out, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != http.StatusCreated {
		return fmt.Errorf("%d %s", res.StatusCode, out)
	}
	return nil
}
