package main

import (
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/url"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgconn"

	"slotwise/backend/internal/db/dbtest"
)

func TestMain(m *testing.M) { dbtest.Main(m) }

// A server started before its database answers 503 with a retry hint
// (never a refused connection or an exit), and serves as soon as the
// database can be reached.
func TestServeWaitsForItsDatabaseAndSays503Meanwhile(t *testing.T) {
	real := dbtest.URL(t)
	dbAddr := freeAddr(t)
	t.Setenv("DATABASE_URL", throughTCP(t, real, dbAddr))
	addr := freeAddr(t)
	ctx, stop := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- dispatch(ctx, []string{"serve", "--addr", addr, "--data-dir", filepath.Join(t.TempDir(), "data"), "--no-demo"}, io.Discard)
	}()
	defer func() {
		stop()
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("serve ended with %v", err)
			}
		case <-time.After(30 * time.Second):
			t.Error("serve did not stop")
		}
	}()

	base := "http://" + addr
	health := waitFor(t, base+"/healthz", http.StatusServiceUnavailable)
	var body struct{ Status, Reason string }
	if err := json.Unmarshal(health.body, &body); err != nil || body.Status != "unavailable" || body.Reason != "starting" {
		t.Errorf("/healthz while waiting: %s (%v)", health.body, err)
	}
	for _, path := range []string{"/", "/api/page-data?path=/", "/widget/bookings/x"} {
		r := get(t, base+path)
		if r.status != http.StatusServiceUnavailable || r.header.Get("Retry-After") == "" {
			t.Errorf("%s while waiting: %d, Retry-After %q", path, r.status, r.header.Get("Retry-After"))
		}
	}

	// The database comes: the server serves.
	proxy(t, dbAddr, real)
	waitFor(t, base+"/healthz", http.StatusOK)
}

type answer struct {
	status int
	header http.Header
	body   []byte
}

func get(t *testing.T, u string) answer {
	t.Helper()
	res, err := http.Get(u)
	if err != nil {
		return answer{}
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return answer{res.StatusCode, res.Header, b}
}

// waitFor asks until the answer has the status (the retries back off to
// seconds apart, and the start seeds and migrates).
func waitFor(t *testing.T, u string, status int) answer {
	t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for {
		if a := get(t, u); a.status == status {
			return a
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s never answered %d", u, status)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

func freeAddr(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

// throughTCP is the database's URL reached at addr instead.
func throughTCP(t *testing.T, dbURL, addr string) string {
	t.Helper()
	u, err := url.Parse(dbURL)
	if err != nil {
		t.Fatal(err)
	}
	q := u.Query()
	q.Del("host")
	u.RawQuery = q.Encode()
	u.Host = addr
	return u.String()
}

// proxy forwards TCP connections at addr to the database from now on.
func proxy(t *testing.T, addr, dbURL string) {
	t.Helper()
	cfg, err := pgconn.ParseConfig(dbURL)
	if err != nil {
		t.Fatal(err)
	}
	network, target := "tcp", net.JoinHostPort(cfg.Host, strconv.Itoa(int(cfg.Port)))
	if filepath.IsAbs(cfg.Host) {
		network, target = "unix", filepath.Join(cfg.Host, ".s.PGSQL."+strconv.Itoa(int(cfg.Port)))
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			go func() {
				defer c.Close()
				up, err := net.Dial(network, target)
				if err != nil {
					return
				}
				defer up.Close()
				go io.Copy(up, c)
				io.Copy(c, up)
			}()
		}
	}()
}

// A database that answers "no" (here: no such database) is a fault to
// fix, said at once, not waited out.
func TestServeEndsAtOnceForADatabaseThatRefusesIt(t *testing.T) {
	u, err := url.Parse(dbtest.URL(t))
	if err != nil {
		t.Fatal(err)
	}
	u.Path = "/no_such_database"
	t.Setenv("DATABASE_URL", u.String())
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	err = dispatch(ctx, []string{"serve", "--addr", freeAddr(t), "--data-dir", filepath.Join(t.TempDir(), "data"), "--no-demo"}, io.Discard)
	if err == nil || ctx.Err() != nil {
		t.Fatalf("serve = %v after %v, want the database's refusal at once", err, ctx.Err())
	}
	if !strings.Contains(err.Error(), "no_such_database") {
		t.Errorf("error %q does not name the database", err)
	}
}

// Stopped while it waits for its database, the server stops cleanly.
func TestServeStoppedWhileWaitingForItsDatabaseExitsCleanly(t *testing.T) {
	t.Setenv("DATABASE_URL", throughTCP(t, dbtest.URL(t), freeAddr(t)))
	addr := freeAddr(t)
	ctx, stop := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- dispatch(ctx, []string{"serve", "--addr", addr, "--data-dir", filepath.Join(t.TempDir(), "data"), "--no-demo"}, io.Discard)
	}()
	waitFor(t, "http://"+addr+"/healthz", http.StatusServiceUnavailable)
	stop()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("serve = %v, want a clean stop", err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("serve did not stop")
	}
}
