package hosts_test

import (
	"context"
	"io"
	"log/slog"
	"testing"
	"time"

	"slotwise/backend/internal/db"
	"slotwise/backend/internal/db/dbtest"
	"slotwise/backend/internal/hosts"
)

func TestMain(m *testing.M) { dbtest.Main(m) }

func TestAHostIsAnsweredByTheBusinessThatClaimsItOrTheDefault(t *testing.T) {
	pool := dbtest.New(t)
	studio := dbtest.Business(t, pool, "studio") // the first: the default
	yoga := dbtest.Business(t, pool, "yoga")
	ctx := context.Background()
	if _, err := pool.Exec(ctx, `INSERT INTO location_hosts (host, location_id, is_primary, redirect) VALUES
		('studio.example', $1, true, false), ('yoga.example', $2, true, false), ('www.yoga.example', $2, false, true),
		('yoga.localhost:8080', $2, false, false)`, studio, yoga); err != nil {
		t.Fatal(err)
	}
	m := &hosts.Map{}
	if err := m.Load(ctx, pool); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		host       string
		business   int64
		redirectTo string
	}{
		{"yoga.example", yoga, ""},
		{"YOGA.Example.", yoga, ""},
		{"yoga.example:443", yoga, ""},
		{"www.yoga.example", yoga, "yoga.example"},
		{"yoga.localhost:8080", yoga, ""},
		{"studio.example", studio, ""},
		{"unknown.example", studio, ""},
		{"127.0.0.1:8080", studio, ""},
		{"", studio, ""},
	}
	for _, tt := range tests {
		a, ok := m.Resolve(tt.host)
		if !ok || a.Business.ID != tt.business || a.RedirectTo != tt.redirectTo {
			t.Errorf("Resolve(%q) = %+v, %v; want business %d, redirect %q", tt.host, a, ok, tt.business, tt.redirectTo)
		}
	}
	if b, _ := m.Business(yoga); b == nil || b.Primary != "yoga.example" {
		t.Errorf("yoga's primary host: %+v", b)
	}

	// Without a default business, a host nobody claims is answered by none;
	// every replica hears of the change.
	watched := &hosts.Map{}
	if err := watched.Load(ctx, pool); err != nil {
		t.Fatal(err)
	}
	go watched.Watch(t.Context(), pool, quietLog())
	time.Sleep(100 * time.Millisecond) // real time: the listener connects (a missed notice is caught up on connect)
	if _, err := pool.Exec(ctx, `UPDATE locations SET is_default = false`); err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(10 * time.Millisecond) { // real time: a wait
		if _, ok := watched.Resolve("unknown.example"); !ok {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("an unclaimed host is still answered after the default was taken away")
		}
	}
	if a, ok := watched.Resolve("yoga.example"); !ok || a.Business.ID != yoga {
		t.Errorf("a claimed host after the change: %+v, %v", a, ok)
	}
}

func TestOnlyHostnamesCanBeClaimed(t *testing.T) {
	tests := []struct {
		in, want string
	}{
		{"Studio.Example.com", "studio.example.com"},
		{"studio.example.com.", "studio.example.com"},
		{"studio.localhost:8080", "studio.localhost:8080"},
		{"xn--bcher-kva.example", "xn--bcher-kva.example"},
		{"127.0.0.1", ""},
		{"[::1]:8080", ""},
		{"studio..example", ""},
		{"-studio.example", ""},
		{"studio_.example", ""},
		{"studio.example:", ""},
		{"studio.example:123456", ""},
		{"stu dio.example", ""},
		{"studio.example/path", ""},
		{"bücher.example", ""},
		{"a\x00b.example", ""},
		{"", ""},
	}
	for _, tt := range tests {
		got, err := hosts.Normalize(tt.in)
		if got != tt.want || (tt.want == "") != (err != nil) {
			t.Errorf("Normalize(%q) = %q, %v; want %q", tt.in, got, err, tt.want)
		}
	}
}

func TestABusinessLinksToItsPrimaryHost(t *testing.T) {
	tests := []struct {
		public, primary, want string
	}{
		{"https://book.example.com/", "", "https://book.example.com"},
		{"https://platform.example", "studio.example", "https://studio.example"},
		{"http://127.0.0.1:8080", "studio.localhost", "http://studio.localhost:8080"},
		{"http://127.0.0.1:8080", "studio.localhost:9000", "http://studio.localhost:9000"},
	}
	for _, tt := range tests {
		if got := hosts.Origin(tt.public, tt.primary); got != tt.want {
			t.Errorf("Origin(%q, %q) = %q, want %q", tt.public, tt.primary, got, tt.want)
		}
	}
	m := &hosts.Map{}
	origin := m.Origins("https://platform.example")
	b := &hosts.Business{ID: 7, Primary: "studio.example"}
	if got := origin(hosts.WithBusiness(context.Background(), b)); got != "https://studio.example" {
		t.Errorf("a request's business links to %q", got)
	}
	if got := origin(db.WithBusiness(context.Background(), 99)); got != "https://platform.example" {
		t.Errorf("a business the map does not know links to %q", got)
	}
}

func quietLog() *slog.Logger { return slog.New(slog.NewTextHandler(io.Discard, nil)) }
