// Package caldavtest starts a real CalDAV server for tests: Debian's
// Radicale, on a free port of 127.0.0.1, with its own folder, one user and
// plain passwords, stopped when the test ends. Without Radicale installed
// the test is skipped, unless SLOTWISE_REQUIRE_CALDAV is set (make test
// sets it, and installs Radicale as it installs Chromium).
package caldavtest

import (
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// Server is a running Radicale.
type Server struct {
	URL      string // http://127.0.0.1:port
	User     string
	Password string
	t        testing.TB
	cmd      *exec.Cmd
}

// Start runs Radicale for the test.
func Start(t testing.TB) *Server {
	t.Helper()
	bin, err := exec.LookPath("radicale")
	if err != nil {
		if os.Getenv("SLOTWISE_REQUIRE_CALDAV") != "" {
			t.Fatal("the CalDAV tests need Radicale (Debian: apt-get install radicale)")
		}
		t.Skip("Radicale is not installed (Debian: apt-get install radicale)")
	}
	dir := t.TempDir()
	port := freePort(t)
	s := &Server{URL: fmt.Sprintf("http://127.0.0.1:%d", port), User: "jonas", Password: "app-pass-2027", t: t}
	if err := os.WriteFile(filepath.Join(dir, "users"), []byte(s.User+":"+s.Password+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	conf := fmt.Sprintf(`[server]
hosts = 127.0.0.1:%d
max_content_length = 100000000
[auth]
type = htpasswd
htpasswd_filename = %s
htpasswd_encryption = plain
delay = 0
[storage]
filesystem_folder = %s
[rights]
type = owner_only
[web]
type = none
[logging]
level = warning
`, port, filepath.Join(dir, "users"), filepath.Join(dir, "collections"))
	confPath := filepath.Join(dir, "config")
	if err := os.WriteFile(confPath, []byte(conf), 0o600); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "--config", confPath)
	cmd.Stdout, cmd.Stderr = io.Discard, io.Discard
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	s.cmd = cmd
	t.Cleanup(s.Stop)
	deadline := time.Now().Add(20 * time.Second) // real time: a wait for a process
	for {
		if c, err := net.Dial("tcp", fmt.Sprintf("127.0.0.1:%d", port)); err == nil {
			c.Close()
			break
		}
		if time.Now().After(deadline) { // real time: see above
			t.Fatal("Radicale did not start within 20 s")
		}
		time.Sleep(50 * time.Millisecond)
	}
	return s
}

// Stop ends the server: requests to it are refused from then on.
func (s *Server) Stop() {
	if s.cmd.ProcessState == nil {
		_ = s.cmd.Process.Kill()
		_, _ = s.cmd.Process.Wait()
	}
}

// Get reads a path as the user: its status and body.
func (s *Server) Get(path string) (int, string) {
	s.t.Helper()
	req, err := http.NewRequest(http.MethodGet, s.URL+path, nil)
	if err != nil {
		s.t.Fatal(err)
	}
	req.SetBasicAuth(s.User, s.Password)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		s.t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(body)
}

func freePort(t testing.TB) int {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// Do sends one request as the user and fails the test on an error status.
func (s *Server) Do(method, path, contentType, body string) *http.Response {
	s.t.Helper()
	req, err := http.NewRequest(method, s.URL+path, strings.NewReader(body))
	if err != nil {
		s.t.Fatal(err)
	}
	req.SetBasicAuth(s.User, s.Password)
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		s.t.Fatal(err)
	}
	_, _ = io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	if resp.StatusCode >= 400 {
		s.t.Fatalf("%s %s: %s", method, path, resp.Status)
	}
	return resp
}

// MakeCalendar makes an event calendar at /user/name/ with a display name.
func (s *Server) MakeCalendar(name, display string) string {
	path := "/" + s.User + "/" + name + "/"
	s.Do("MKCALENDAR", path, "application/xml", `<?xml version="1.0" encoding="utf-8"?>
<c:mkcalendar xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:set><d:prop>
<d:displayname>`+display+`</d:displayname>
<c:supported-calendar-component-set><c:comp name="VEVENT"/></c:supported-calendar-component-set>
</d:prop></d:set></c:mkcalendar>`)
	return path
}

// Put stores one calendar object (a whole VCALENDAR) in a calendar.
func (s *Server) Put(calendar, name, ics string) {
	s.Do(http.MethodPut, calendar+name+".ics", "text/calendar; charset=utf-8", ics)
}

// PutCalendar stores a whole calendar (one VCALENDAR of many events) as a
// new collection at /user/name/: Radicale's import, one request.
func (s *Server) PutCalendar(name, ics string) string {
	path := "/" + s.User + "/" + name + "/"
	s.Do(http.MethodPut, path, "text/calendar; charset=utf-8", ics)
	return path
}
