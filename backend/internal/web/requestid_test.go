package web

import (
	"strings"
	"testing"
)

func TestNewRequestIDsAreLowercaseBase32AndDistinct(t *testing.T) {
	seen := map[string]bool{}
	for range 10000 {
		id := newRequestID()
		if len(id) != 26 || strings.Trim(id, requestIDAlphabet) != "" {
			t.Fatalf("id %q: want 26 characters of %s", id, requestIDAlphabet)
		}
		if seen[id] {
			t.Fatalf("id %q made twice", id)
		}
		seen[id] = true
	}
}

func TestRouteNotedByThePagesReachesTheRequestsScope(t *testing.T) {
	rs := newRequestScope("proxy-7")
	if rs.id != "proxy-7" || rs.idHeader[0] != "proxy-7" {
		t.Fatalf("scope of a sent id: %+v", rs)
	}
	if fresh := newRequestScope("bad id"); fresh.id == "bad id" || len(fresh.id) != 26 {
		t.Errorf("an implausible sent id was kept: %q", fresh.id)
	}
}
