package sites

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestSanitizeHTMLKeepsRichTextAndNothingThatRuns(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"paragraphs and emphasis", `<p>Hello <b>bold</b> and <i>it</i></p>`,
			`[{"t":"p","c":[{"x":"Hello "},{"t":"strong","c":[{"x":"bold"}]},{"x":" and "},{"t":"em","c":[{"x":"it"}]}]}]`},
		{"a page's h1 is its title: a body heading is h2", `<h1>Big</h1><h3>Small</h3>`,
			`[{"t":"h2","c":[{"x":"Big"}]},{"t":"h3","c":[{"x":"Small"}]}]`},
		{"loose text becomes a paragraph", `Just text <em>here</em>`,
			`[{"t":"p","c":[{"x":"Just text "},{"t":"em","c":[{"x":"here"}]}]}]`},
		{"lists", `<ul><li>one</li><li>two</li></ul>`,
			`[{"t":"ul","c":[{"t":"li","c":[{"x":"one"}]},{"t":"li","c":[{"x":"two"}]}]}]`},
		{"script goes with its content", `<p>a<script>alert(1)</script>b</p>`, `[{"t":"p","c":[{"x":"a"},{"x":"b"}]}]`},
		{"style and iframes go", `<style>p{}</style><iframe src="https://evil.example"></iframe><p>ok</p>`, `[{"t":"p","c":[{"x":"ok"}]}]`},
		{"event handlers go with their attributes", `<p onclick="alert(1)">x<img src=x onerror=alert(1)></p>`, `[{"t":"p","c":[{"x":"x"}]}]`},
		{"svg with onload goes", `<svg onload="alert(1)"><text>t</text></svg><p>ok</p>`, `[{"t":"p","c":[{"x":"ok"}]}]`},
		{"a javascript link is its text", `<p><a href="javascript:alert(1)">click</a></p>`, `[{"t":"p","c":[{"x":"click"}]}]`},
		{"whatever its case and spaces", `<p><a href=" JaVaScRiPt:alert(1)">x</a></p>`, `[{"t":"p","c":[{"x":"x"}]}]`},
		{"or its entities", `<p><a href="&#106;avascript:alert(1)">x</a></p>`, `[{"t":"p","c":[{"x":"x"}]}]`},
		{"or a tab inside", "<p><a href=\"java\tscript:alert(1)\">x</a></p>", `[{"t":"p","c":[{"x":"x"}]}]`},
		{"data URLs go", `<p><a href="data:text/html,<script>alert(1)</script>">x</a></p>`, `[{"t":"p","c":[{"x":"x"}]}]`},
		{"protocol-relative links go", `<p><a href="//evil.example/">x</a></p>`, `[{"t":"p","c":[{"x":"x"}]}]`},
		{"http, mailto and site links stay", `<p><a href="https://example.com/a?b=1">w</a><a href="mailto:hi@example.com">m</a><a href="/about">s</a></p>`,
			`[{"t":"p","c":[{"t":"a","href":"https://example.com/a?b=1","c":[{"x":"w"}]},{"t":"a","href":"mailto:hi@example.com","c":[{"x":"m"}]},{"t":"a","href":"/about","c":[{"x":"s"}]}]}]`},
		{"unknown elements give up their tags", `<div><span class="x">kept</span></div>`, `[{"t":"p","c":[{"x":"kept"}]}]`},
		{"NUL and control characters go", "<p>a\x00b\x1bc</p>", `[{"t":"p","c":[{"x":"abc"}]}]`},
		{"unclosed tags are closed as a browser would", `<p><strong>open`, `[{"t":"p","c":[{"t":"strong","c":[{"x":"open"}]}]}]`},
		{"empty paragraphs are no content", `<p></p><p> </p><p>x</p>`, `[{"t":"p","c":[{"x":"x"}]}]`},
		{"a comment is nothing", `<!-- <script>alert(1)</script> --><p>x</p>`, `[{"t":"p","c":[{"x":"x"}]}]`},
		{"nothing is an empty list, not null", ``, `[]`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			nodes, err := SanitizeHTML(tt.in)
			if err != nil {
				t.Fatal(err)
			}
			got, _ := json.Marshal(nodes)
			if string(got) != tt.want {
				t.Errorf("\n got %s\nwant %s", got, tt.want)
			}
		})
	}
}

func TestSanitizeHTMLRefusesWhatIsNotText(t *testing.T) {
	for name, in := range map[string]string{
		"invalid UTF-8": "<p>\xff\xfe</p>",
		"too large":     strings.Repeat("a", MaxRichTextBytes+1),
	} {
		if _, err := SanitizeHTML(in); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}

// Absurd nesting costs neither a crash nor the text.
func TestSanitizeHTMLKeepsTheTextOfDeepNesting(t *testing.T) {
	in := strings.Repeat("<span>", 40000) + "<script>evil()</script>deep" + strings.Repeat("</span>", 40000)
	nodes, err := SanitizeHTML(in)
	if err != nil {
		t.Fatal(err)
	}
	got, _ := json.Marshal(nodes)
	if !strings.Contains(string(got), "deep") || strings.Contains(string(got), "evil") || len(got) > 200 {
		t.Errorf("got %s", got)
	}
}

func FuzzSanitizeHTML(f *testing.F) {
	for _, seed := range []string{`<p>a<b>b</b></p>`, `<a href="javascript:x">y</a>`, `<svg><script>x</script></svg>`, "<p>\x00</p>"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, in string) {
		nodes, err := SanitizeHTML(in)
		if err != nil {
			return
		}
		var walk func([]Node)
		walk = func(ns []Node) {
			for _, n := range ns {
				if n.T != "" {
					if _, ok := allowedOut[n.T]; !ok {
						t.Fatalf("element %q kept from %q", n.T, in)
					}
				}
				if n.Href != "" && !(strings.HasPrefix(n.Href, "https://") || strings.HasPrefix(n.Href, "http://") || strings.HasPrefix(n.Href, "mailto:") || (strings.HasPrefix(n.Href, "/") && !strings.HasPrefix(n.Href, "//"))) {
					t.Fatalf("link %q kept from %q", n.Href, in)
				}
				walk(n.C)
			}
		}
		walk(nodes)
	})
}

var allowedOut = map[string]bool{"p": true, "h2": true, "h3": true, "h4": true, "ul": true, "ol": true, "li": true, "blockquote": true, "pre": true, "code": true, "strong": true, "em": true, "a": true, "br": true}

func TestSectionsAreCheckedOnTheWayIn(t *testing.T) {
	ok := []SectionInput{
		{Type: "heading", Text: "Hello"},
		{Type: "text", HTML: `<p>x<script>alert(1)</script></p>`},
		{Type: "image", Image: &Image{Src: "/media/a.svg", Width: 800, Height: 600, Alt: "A"}},
		{Type: "button", Text: "Go", Href: "/blog"},
		{Type: "booking", Calendar: "demo-consultation"},
	}
	got, err := checkSections(ok)
	if err != nil || len(got) != 5 {
		t.Fatalf("%v %v", got, err)
	}
	if body, _ := json.Marshal(got[1].Body); string(body) != `[{"t":"p","c":[{"x":"x"}]}]` {
		t.Errorf("text not sanitised: %s", body)
	}
	for name, bad := range map[string]SectionInput{
		"an empty heading":         {Type: "heading", Text: " \x00 "},
		"a script link":            {Type: "button", Text: "Go", Href: "javascript:alert(1)"},
		"a button without a label": {Type: "button", Href: "/blog"},
		"a picture without a size": {Type: "image", Image: &Image{Src: "/media/a.svg"}},
		"a picture from data:":     {Type: "image", Image: &Image{Src: "data:image/svg+xml,<svg onload=alert(1)>", Width: 1, Height: 1}},
		"a widget of no calendar":  {Type: "booking", Calendar: "../api"},
		"a type nobody knows":      {Type: "script"},
	} {
		if _, err := checkSections([]SectionInput{bad}); err == nil {
			t.Errorf("%s accepted", name)
		}
	}
}
