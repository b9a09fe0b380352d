package webhooks_test

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"time"

	standardwebhooks "github.com/standard-webhooks/standard-webhooks/libraries/go"
)

// receive is a receiver's handler as docs/api.md shows it, word for word
// between the markers (a test checks the document).
func receive(secret string) http.HandlerFunc {
	// docs:verify begin
	wh, _ := standardwebhooks.NewWebhook(secret) // the endpoint's whsec_… secret
	return func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		if err := wh.Verify(body, r.Header); err != nil {
			http.Error(w, "bad signature", http.StatusBadRequest)
			return
		}
		// body is the event, e.g. {"type":"booking.created","timestamp":…,"data":{…}}.
		// webhook-id is the same on every retry: skip one already handled.
		w.WriteHeader(http.StatusNoContent)
	}
	// docs:verify end
}

func Example_verify() {
	secret := "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
	srv := httptest.NewServer(receive(secret))
	defer srv.Close()
	body := `{"type":"booking.created","timestamp":"2026-11-23T09:00:00Z","data":{"id":"bk_1"}}`
	wh, _ := standardwebhooks.NewWebhook(secret)
	now := time.Now()
	signature, _ := wh.Sign("msg_1", now, []byte(body))
	for _, sig := range []string{signature, "v1,forged"} {
		req, _ := http.NewRequest(http.MethodPost, srv.URL, strings.NewReader(body))
		req.Header.Set("webhook-id", "msg_1")
		req.Header.Set("webhook-timestamp", strconv.FormatInt(now.Unix(), 10))
		req.Header.Set("webhook-signature", sig)
		resp, _ := http.DefaultClient.Do(req)
		resp.Body.Close()
		fmt.Println(resp.StatusCode)
	}
	// Output:
	// 204
	// 400
}
