package web_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"slotwise/backend/internal/admin"
	"slotwise/backend/internal/payments/stripetest"
)

// docExample is one request of docs/api.md's admin section and the answer
// the document shows for it.
type docExample struct {
	method, target, body string
	header               map[string]string
	status               int
	answer               string
}

// adminDocExamples reads the ```http blocks of the admin section: a
// request block, then its answer block.
func adminDocExamples(t *testing.T) ([]docExample, string) {
	t.Helper()
	raw, err := os.ReadFile("../../../docs/api.md")
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(raw), "\n## Admin API\n")
	if !ok {
		t.Fatal("docs/api.md has no Admin API section")
	}
	var blocks []string
	for rest := section; ; {
		_, after, found := strings.Cut(rest, "```http\n")
		if !found {
			break
		}
		block, next, _ := strings.Cut(after, "```")
		blocks, rest = append(blocks, block), next
	}
	var examples []docExample
	for i := 0; i+1 < len(blocks); i += 2 {
		req, resp := blocks[i], blocks[i+1]
		head, body, _ := strings.Cut(req, "\n\n")
		lines := strings.Split(strings.TrimSpace(head), "\n")
		method, target, _ := strings.Cut(lines[0], " ")
		ex := docExample{method: method, target: target, body: strings.TrimSpace(body), header: map[string]string{}}
		for _, l := range lines[1:] {
			k, v, _ := strings.Cut(l, ": ")
			ex.header[k] = v
		}
		status, answer, _ := strings.Cut(resp, "\n\n")
		fields := strings.Fields(status)
		if len(fields) < 2 || fields[0] != "HTTP/1.1" {
			t.Fatalf("block %d is not an answer: %q", i+1, status)
		}
		ex.status, _ = strconv.Atoi(fields[1])
		ex.answer = strings.TrimSpace(answer)
		examples = append(examples, ex)
	}
	return examples, section
}

// sameShape checks that every key of the documented answer is in the real
// one (and, for a list, in its first row).
func sameShape(t *testing.T, where string, documented, real any) {
	t.Helper()
	d, ok := documented.(map[string]any)
	if !ok {
		return
	}
	r, ok := real.(map[string]any)
	if !ok {
		t.Errorf("%s: the answer is not an object: %v", where, real)
		return
	}
	for k, v := range d {
		got, present := r[k]
		if !present {
			t.Errorf("%s: the document shows %q, the answer has no such field", where, k)
			continue
		}
		if list, ok := v.([]any); ok && len(list) > 0 {
			if rows, ok := got.([]any); ok && len(rows) > 0 {
				sameShape(t, where+"."+k+"[0]", list[0], rows[0])
			}
		}
	}
}

func TestTheAdminExamplesOfTheDocsWork(t *testing.T) {
	af := newAdminFixtureOn(t, demoPool(t), stripetest.Start(t).URL) // a payment account's keys are checked at Stripe's double
	receiver := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(http.StatusNoContent) }))
	defer receiver.Close()
	start, _ := time.Parse(time.RFC3339, nextMonday10())
	feed := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/calendar")
		_, _ = w.Write([]byte("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//EN\r\nX-WR-CALNAME:Jonas (private)\r\nEND:VCALENDAR\r\n"))
	}))
	defer feed.Close()
	_, operator, err := admin.CreateToken(context.Background(), af.pool, "docs", admin.ScopeOperator)
	if err != nil {
		t.Fatal(err)
	}
	vars := map[string]string{
		"$OPERATOR": operator,
		"$FEED":     feed.URL + "/jonas/private.ics",
		"$TOKEN":    af.write,
		"$BOOKING":  af.book("demo-consultation", start.Format(time.RFC3339), "ada@example.com"),
		"$RECEIVER": receiver.URL + "/hooks/slotwise",
	}
	af.book("demo-consultation", start.Add(time.Hour).Format(time.RFC3339), "grace@example.com")
	fill := func(s string) string {
		for k, v := range vars {
			s = strings.ReplaceAll(s, k, v)
		}
		return s
	}
	examples, section := adminDocExamples(t)
	if len(examples) < 5 {
		t.Fatalf("%d examples in the document", len(examples))
	}
	for _, ex := range examples {
		if strings.Contains(ex.target, "/deliveries") && vars["$DELIVERY"] == "" {
			// Something for the endpoint to hear: a booking, delivered.
			af.book("demo-consultation", start.Add(3*time.Hour).Format(time.RFC3339), "ada@example.com")
			af.deliver()
			var id string
			if err := af.pool.QueryRow(context.Background(), `SELECT id FROM webhook_deliveries ORDER BY created_at DESC LIMIT 1`).Scan(&id); err != nil {
				t.Fatalf("no delivery to replay: %v", err)
			}
			vars["$DELIVERY"] = id
		}
		header := map[string]string{}
		token := ""
		for k, v := range ex.header {
			if k == "Authorization" {
				token = strings.TrimPrefix(fill(v), "Bearer ")
			} else if k != "Content-Type" {
				header[k] = fill(v)
			}
		}
		where := ex.method + " " + ex.target
		rec := af.call(ex.method, fill(ex.target), token, fill(ex.body), header)
		if rec.Code != ex.status {
			t.Fatalf("%s: %d %s, the document shows %d", where, rec.Code, rec.Body, ex.status)
		}
		var documented, real any
		if err := json.Unmarshal([]byte(ex.answer), &documented); err != nil {
			t.Fatalf("%s: the documented answer is not JSON: %v", where, err)
		}
		if err := json.Unmarshal(rec.Body.Bytes(), &real); err != nil {
			t.Fatalf("%s: the answer is not JSON: %s", where, rec.Body)
		}
		sameShape(t, where, documented, real)
		if m, ok := real.(map[string]any); ok && ex.method == http.MethodPost && strings.HasSuffix(ex.target, "/webhooks") {
			vars["$ENDPOINT"] = m["id"].(string)
		}
	}

	// The Go verification the document shows is the code a test runs.
	example, err := os.ReadFile("../webhooks/example_test.go")
	if err != nil {
		t.Fatal(err)
	}
	_, code, _ := strings.Cut(string(example), "// docs:verify begin\n")
	code, _, _ = strings.Cut(code, "\t// docs:verify end")
	if !strings.Contains(section, "```go\n"+code+"```") {
		t.Errorf("docs/api.md does not show webhooks/example_test.go's verification as it is:\n%s", code)
	}
}
