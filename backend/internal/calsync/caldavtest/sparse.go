package caldavtest

import (
	"bufio"
	"encoding/xml"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"
)

// Sparse is a second CalDAV server, in the test's own process, that
// answers as RFC 4791 allows but otherwise than Radicale, so a client
// that works with one only by luck fails here:
//
//   - calendar-data with a comp request is answered to the letter: the
//     components named, with only the properties asked for. A request of
//     <comp name="VCALENDAR"><allprop/><allcomp/></comp> gets each VEVENT
//     with no properties at all (BEGIN:VEVENT, END:VEVENT), as a real
//     server does; a bare <calendar-data/> gets the whole object.
//   - It keeps no sync token and no ctag (404 in their propstat), so a
//     client cannot skip a read.
//   - Its XML uses DAV: as the default namespace, C: for CalDAV, CDATA for
//     calendar data, and percent-encoded hrefs.
//   - It stores what it is given, even data that is not iCalendar.
//   - It does not filter by time-range: every event comes back, which a
//     client expanding recurrences itself must take in its stride.
//
// Paths: /.well-known/caldav → /dav/, the principal /dav/principals/USER/,
// the calendar home /dav/calendars/USER/ and calendars under it.
type Sparse struct {
	URL, User, Password string

	mu      sync.Mutex
	names   map[string]string            // calendar path → display name
	objects map[string]map[string]string // calendar path → object name → data
	reports []string
}

// StartSparse starts the server for the test.
func StartSparse(t testing.TB) *Sparse {
	s := &Sparse{User: "jonas", Password: "app-pass-2027", names: map[string]string{}, objects: map[string]map[string]string{}}
	srv := httptest.NewServer(s)
	t.Cleanup(srv.Close)
	s.URL = srv.URL
	return s
}

func (s *Sparse) principal() string { return "/dav/principals/" + s.User + "/" }
func (s *Sparse) home() string      { return "/dav/calendars/" + s.User + "/" }

// MakeCalendar makes an event calendar and returns its path.
func (s *Sparse) MakeCalendar(name, display string) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	path := s.home() + name + "/"
	s.names[path] = display
	s.objects[path] = map[string]string{}
	return path
}

// Put stores an object (its name may hold spaces), as it is.
func (s *Sparse) Put(calendar, name, data string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.objects[calendar][name+".ics"] = data
}

// Delete removes an object.
func (s *Sparse) Delete(calendar, name string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.objects[calendar], name+".ics")
}

// Reports are the bodies of the REPORTs received, in order.
func (s *Sparse) Reports() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.reports)
}

func (s *Sparse) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.URL.Path == "/.well-known/caldav" {
		http.Redirect(w, r, "/dav/", http.StatusMovedPermanently)
		return
	}
	if u, p, ok := r.BasicAuth(); !ok || u != s.User || p != s.Password {
		w.Header().Set("WWW-Authenticate", `Basic realm="sparse"`)
		http.Error(w, "who are you?", http.StatusUnauthorized)
		return
	}
	body, _ := io.ReadAll(io.LimitReader(r.Body, 1<<20))
	s.mu.Lock()
	defer s.mu.Unlock()
	switch r.Method {
	case "PROPFIND":
		s.propfind(w, r.URL.Path, r.Header.Get("Depth"), requested(body))
	case "REPORT":
		s.reports = append(s.reports, string(body))
		s.report(w, r.URL.Path, body)
	default:
		http.Error(w, "read-only", http.StatusMethodNotAllowed)
	}
}

// requested lists the properties a PROPFIND names ("DAV: displayname").
func requested(body []byte) []string {
	var out []string
	dec := xml.NewDecoder(strings.NewReader(string(body)))
	inProp := 0
	for {
		tok, err := dec.Token()
		if err != nil {
			return out
		}
		switch t := tok.(type) {
		case xml.StartElement:
			if inProp == 1 {
				out = append(out, t.Name.Space+" "+t.Name.Local)
			}
			if inProp > 0 || t.Name.Local == "prop" {
				inProp++
			}
		case xml.EndElement:
			if inProp > 0 {
				inProp--
			}
		}
	}
}

const davNS, calNS = "DAV:", "urn:ietf:params:xml:ns:caldav"

// props are what a resource has, as inner XML by "namespace local".
func (s *Sparse) props(path string) (map[string]string, bool) {
	p := map[string]string{davNS + " current-user-principal": "<href>" + s.principal() + "</href>"}
	switch {
	case path == "/" || path == "/dav/":
		p[davNS+" resourcetype"] = "<collection/>"
	case path == s.principal():
		p[davNS+" resourcetype"] = "<principal/>"
		p[calNS+" calendar-home-set"] = "<href>" + s.home() + "</href>"
		p[calNS+" calendar-user-address-set"] = "<href>mailto:" + s.User + "@example.com</href>"
	case path == s.home():
		p[davNS+" resourcetype"] = "<collection/>"
	default:
		name, ok := s.names[path]
		if !ok {
			return nil, false
		}
		p[davNS+" resourcetype"] = "<collection/><C:calendar/>"
		p[davNS+" displayname"] = escape(name)
		p[calNS+" supported-calendar-component-set"] = `<C:comp name="VEVENT"/>`
	}
	return p, true
}

func (s *Sparse) propfind(w http.ResponseWriter, path, depth string, asked []string) {
	paths := []string{path}
	if depth == "1" && path == s.home() {
		for p := range s.names {
			paths = append(paths, p)
		}
		sort.Strings(paths[1:])
	}
	var b strings.Builder
	for _, p := range paths {
		have, ok := s.props(p)
		if !ok {
			http.Error(w, "no such collection", http.StatusNotFound)
			return
		}
		var found, missing strings.Builder
		for _, name := range asked {
			space, local, _ := strings.Cut(name, " ")
			prefix := ""
			if space == calNS {
				prefix = "C:"
			} else if space != davNS {
				missing.WriteString(fmt.Sprintf(`<X:%s xmlns:X="%s"/>`, local, escape(space)))
				continue
			}
			if v, ok := have[name]; ok {
				found.WriteString("<" + prefix + local + ">" + v + "</" + prefix + local + ">")
			} else {
				missing.WriteString("<" + prefix + local + "/>")
			}
		}
		b.WriteString("<response><href>" + hrefOf(p) + "</href>")
		if found.Len() > 0 {
			b.WriteString("<propstat><prop>" + found.String() + "</prop><status>HTTP/1.1 200 OK</status></propstat>")
		}
		if missing.Len() > 0 {
			b.WriteString("<propstat><prop>" + missing.String() + "</prop><status>HTTP/1.1 404 Not Found</status></propstat>")
		}
		b.WriteString("</response>")
	}
	multistatus(w, b.String())
}

// compSpec is a calendar-data comp request: the properties and the
// components to return.
type compSpec struct {
	Name    string     `xml:"name,attr"`
	AllProp *struct{}  `xml:"urn:ietf:params:xml:ns:caldav allprop"`
	Props   []propName `xml:"urn:ietf:params:xml:ns:caldav prop"`
	AllComp *struct{}  `xml:"urn:ietf:params:xml:ns:caldav allcomp"`
	Comps   []compSpec `xml:"urn:ietf:params:xml:ns:caldav comp"`
}

type propName struct {
	Name string `xml:"name,attr"`
}

type query struct {
	Prop struct {
		Data *struct {
			Comp *compSpec `xml:"urn:ietf:params:xml:ns:caldav comp"`
		} `xml:"urn:ietf:params:xml:ns:caldav calendar-data"`
	} `xml:"DAV: prop"`
}

func (s *Sparse) report(w http.ResponseWriter, path string, body []byte) {
	objs, ok := s.objects[path]
	if !ok {
		http.Error(w, "no such calendar", http.StatusNotFound)
		return
	}
	var q query
	if err := xml.Unmarshal(body, &q); err != nil {
		http.Error(w, "not a calendar-query", http.StatusBadRequest)
		return
	}
	names := make([]string, 0, len(objs))
	for n := range objs {
		names = append(names, n)
	}
	sort.Strings(names)
	var b strings.Builder
	for i, n := range names {
		data := objs[n]
		if q.Prop.Data != nil && q.Prop.Data.Comp != nil {
			data = only(data, q.Prop.Data.Comp)
		}
		b.WriteString("<response><href>" + hrefOf(path+n) + "</href><propstat><prop>")
		b.WriteString(fmt.Sprintf(`<getetag>"%d"</getetag>`, i+1))
		if q.Prop.Data != nil {
			b.WriteString("<C:calendar-data><![CDATA[" + strings.ReplaceAll(data, "]]>", "]]]]><![CDATA[>") + "]]></C:calendar-data>")
		}
		b.WriteString("</prop><status>HTTP/1.1 200 OK</status></propstat></response>")
	}
	multistatus(w, b.String())
}

// only keeps of an iCalendar object what a comp request asks for: a
// component's properties when it has allprop or names them, its
// components when it has allcomp or names them, each by its own request
// (none: no properties, no components).
func only(data string, top *compSpec) string {
	var out strings.Builder
	type level struct {
		spec *compSpec
		keep bool
	}
	var stack []level
	sc := bufio.NewScanner(strings.NewReader(unfold(data)))
	sc.Buffer(make([]byte, 64<<10), 16<<20)
	for sc.Scan() {
		line := sc.Text()
		name, _, _ := strings.Cut(line, ":")
		name, _, _ = strings.Cut(name, ";")
		name = strings.ToUpper(name)
		switch {
		case name == "BEGIN":
			comp := strings.ToUpper(strings.TrimSpace(line[6:]))
			var spec *compSpec
			keep := false
			if len(stack) == 0 {
				spec, keep = top, strings.EqualFold(top.Name, comp)
			} else if parent := stack[len(stack)-1]; parent.keep {
				for i := range parent.spec.Comps {
					if strings.EqualFold(parent.spec.Comps[i].Name, comp) {
						spec, keep = &parent.spec.Comps[i], true
					}
				}
				if spec == nil && parent.spec.AllComp != nil {
					spec, keep = &compSpec{Name: comp}, true
				}
			}
			if spec == nil {
				spec = &compSpec{}
			}
			stack = append(stack, level{spec, keep})
			if keep {
				out.WriteString(line + "\r\n")
			}
		case name == "END":
			if len(stack) > 0 {
				if stack[len(stack)-1].keep {
					out.WriteString(line + "\r\n")
				}
				stack = stack[:len(stack)-1]
			}
		case len(stack) > 0 && stack[len(stack)-1].keep:
			spec := stack[len(stack)-1].spec
			if spec.AllProp != nil || slices.ContainsFunc(spec.Props, func(p propName) bool { return strings.EqualFold(p.Name, name) }) {
				out.WriteString(line + "\r\n")
			}
		}
	}
	return out.String()
}

func unfold(s string) string {
	s = strings.ReplaceAll(s, "\r\n", "\n")
	s = strings.ReplaceAll(s, "\n ", "")
	return strings.ReplaceAll(s, "\n\t", "")
}

func hrefOf(path string) string {
	return (&url.URL{Path: path}).EscapedPath()
}

func escape(s string) string {
	var b strings.Builder
	_ = xml.EscapeText(&b, []byte(s))
	return b.String()
}

func multistatus(w http.ResponseWriter, inner string) {
	w.Header().Set("Content-Type", "application/xml; charset=utf-8")
	w.WriteHeader(http.StatusMultiStatus)
	_, _ = io.WriteString(w, `<?xml version="1.0" encoding="UTF-8"?>`+"\n"+
		`<multistatus xmlns="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">`+inner+`</multistatus>`)
}
