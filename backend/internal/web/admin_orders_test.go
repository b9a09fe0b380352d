package web_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
)

// A business's own tools list, read and work its orders through the
// admin API as its dashboard does, each answer as the document says; a
// read token only reads. Its endpoint hears order.paid and
// order.fulfilled, signed, with the order as it stands.
func TestAdminAPIWorksOrdersAndWebhooksTellThem(t *testing.T) {
	sp := &shopParts{}
	af := newAdminFixtureOn(t, demoPool(t), "http://127.0.0.1:9", withShop(t, sp))
	rcv := &receiver{}
	srv := httptest.NewServer(rcv)
	defer srv.Close()
	rec := af.call(http.MethodPost, "/api/admin/webhooks", af.write, `{"url":"`+srv.URL+`/hooks","events":["order.paid","order.fulfilled","order.refunded"]}`, nil)
	if rec.Code != http.StatusCreated {
		t.Fatalf("create the endpoint: %d %s", rec.Code, rec.Body)
	}
	rcv.secret = decodeJSON[map[string]any](t, rec)["secret"].(string)

	var studio int64
	_ = af.pool.QueryRow(context.Background(), `SELECT id FROM locations WHERE slug = 'demo-studio'`).Scan(&studio)
	id := buyOn(t, af.fixture, "", "massage-oil", "250ml", "1", "ada@example.com", "ship")
	sp.payByStripe(t, af.pool, studio, id, 0)
	var seen int64
	sp.run(t, af.pool, &seen)

	order := func(rec *httptest.ResponseRecorder) map[string]any { return decodeJSON[map[string]any](t, rec) }
	steps := []struct {
		name, method, target, token, body string
		want                              int
		status                            string
	}{
		{"the list", "GET", "/api/admin/orders", af.read, "", 200, ""},
		{"by number", "GET", "/api/admin/orders?q=%231001", af.read, "", 200, ""},
		{"a status that is none", "GET", "/api/admin/orders?status=lost", af.read, "", 400, ""},
		{"one", "GET", "/api/admin/orders/" + id, af.read, "", 200, "paid"},
		{"one that is not", "GET", "/api/admin/orders/ord_nothingNothingNothing", af.read, "", 404, ""},
		{"fulfilled by a read token", "POST", "/api/admin/orders/" + id + "/fulfil", af.read, "", 403, ""},
		{"a tracking link that is none", "POST", "/api/admin/orders/" + id + "/fulfil", af.write, `{"trackingUrl":"ftp://x"}`, 422, ""},
		{"a field unknown", "POST", "/api/admin/orders/" + id + "/fulfil", af.write, `{"tracking":"https://x.example"}`, 400, ""},
		{"a NUL in the tracking link", "POST", "/api/admin/orders/" + id + "/fulfil", af.write, `{"trackingUrl":"https://x.example/\u0000"}`, 422, ""},
		{"a body that is not UTF-8", "POST", "/api/admin/orders/" + id + "/fulfil", af.write, "{\"trackingUrl\":\"https://x.example/\xff\"}", 422, ""},
		{"a body far too large", "POST", "/api/admin/orders/" + id + "/fulfil", af.write, `{"trackingUrl":"https://x.example/` + strings.Repeat("a", 2<<20) + `"}`, 413, ""},
		{"an id that is no id", "GET", "/api/admin/orders/ord_%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9", af.read, "", 404, ""},
		{"a shipped order is no pick-up", "POST", "/api/admin/orders/" + id + "/ready", af.write, "", 409, ""},
		{"fulfilled", "POST", "/api/admin/orders/" + id + "/fulfil", af.write, `{"trackingUrl":"https://parcels.example/1"}`, 200, "fulfilled"},
		{"cancelled once shipped", "POST", "/api/admin/orders/" + id + "/cancel", af.write, "", 409, ""},
		{"refunding nothing", "POST", "/api/admin/orders/" + id + "/refund", af.write, `{"amount":0}`, 422, ""},
		{"refunding more than paid", "POST", "/api/admin/orders/" + id + "/refund", af.write, `{"amount":999999}`, 422, ""},
		{"a part refunded", "POST", "/api/admin/orders/" + id + "/refund", af.write, `{"amount":500}`, 200, "fulfilled"},
	}
	for _, s := range steps {
		rec := af.call(s.method, s.target, s.token, s.body, nil)
		if rec.Code != s.want {
			t.Fatalf("%s: %d, want %d: %s", s.name, rec.Code, s.want, rec.Body)
		}
		if s.status != "" {
			if got := order(rec)["status"]; got != s.status {
				t.Fatalf("%s: the order is %v, want %s", s.name, got, s.status)
			}
		}
	}
	if page := decodeJSON[bookingPage](t, af.call("GET", "/api/admin/orders", af.read, "", nil)); len(page.Data) != 1 || page.Data[0]["number"] != float64(1001) {
		t.Fatalf("the list: %+v", page)
	}
	got := order(af.call("GET", "/api/admin/orders/"+id, af.read, "", nil))
	if got["refundPendingCents"] != float64(500) || got["trackingUrl"] != "https://parcels.example/1" || got["token"] != nil {
		t.Errorf("the order after it all: %v", got)
	}

	sp.run(t, af.pool, &seen) // the refund through the provider
	af.deliver()
	types := slices.Sorted(slices.Values(rcv.types()))
	if !slices.Equal(types, []string{"order.fulfilled", "order.paid", "order.refunded"}) || len(rcv.failures) > 0 {
		t.Fatalf("messages %v (signature failures %v)", types, rcv.failures)
	}
	for _, m := range rcv.raw {
		data := m["data"].(map[string]any)
		if data["id"] != id || data["number"] != float64(1001) || data["customer"].(map[string]any)["email"] != "ada@example.com" {
			t.Errorf("%s carries %v", m["type"], data)
		}
		if m["type"] == "order.refunded" && data["amountCents"] != float64(500) {
			t.Errorf("order.refunded tells %v refunded, want 500", data["amountCents"])
		}
	}
}
