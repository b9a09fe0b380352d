package sites

import (
	"fmt"
	"net/url"
	"strings"
	"unicode/utf8"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// Rich text is what authors write as HTML, kept as a tree of the few
// elements a post needs. SanitizeHTML builds that tree on the way in, and
// the page renders it as React elements: nothing an author writes is ever
// put into the page as HTML, so nothing they write can run script.

// Node is one node of rich text: an element (T names it, C are its
// children) or, with T empty, text.
// Node is exported to the UI as RichNode.
type Node struct {
	T    string `json:"t,omitempty"`    // p, h2, h3, h4, ul, ol, li, blockquote, pre, code, strong, em, a, br
	Text string `json:"x,omitempty"`    // the text of a text node
	Href string `json:"href,omitempty"` // a: the link, http(s), mailto or site-relative
	C    []Node `json:"c,omitempty"`
}

// MaxRichTextBytes bounds what an author may send; MaxRichTextDepth how
// deeply it may nest (deeper content is kept as its text).
const (
	MaxRichTextBytes = 512 << 10
	MaxRichTextDepth = 16
)

// kept maps the elements kept to what they become: a page's only h1 is its
// title, so a heading of the body is at most h2; b and i are strong and em.
var kept = map[atom.Atom]string{
	atom.P: "p", atom.H1: "h2", atom.H2: "h2", atom.H3: "h3", atom.H4: "h4", atom.H5: "h4", atom.H6: "h4",
	atom.Ul: "ul", atom.Ol: "ol", atom.Li: "li", atom.Blockquote: "blockquote", atom.Pre: "pre",
	atom.Code: "code", atom.Strong: "strong", atom.B: "strong", atom.Em: "em", atom.I: "em",
	atom.A: "a", atom.Br: "br",
}

// dropped are elements whose content is not text for a reader: they go
// with everything inside them.
var dropped = map[atom.Atom]bool{
	atom.Script: true, atom.Style: true, atom.Iframe: true, atom.Object: true, atom.Embed: true,
	atom.Template: true, atom.Noscript: true, atom.Svg: true, atom.Math: true, atom.Head: true,
	atom.Title: true, atom.Textarea: true, atom.Select: true, atom.Button: true, atom.Form: true,
	atom.Frameset: true, atom.Frame: true, atom.Noembed: true, atom.Noframes: true, atom.Xmp: true,
}

// SanitizeHTML parses an author's HTML as a browser would and keeps only
// rich text: the elements above (others give up their tags and keep their
// text), links to http, https, mailto or this site, and text without
// control characters. It refuses input over MaxRichTextBytes or not UTF-8.
func SanitizeHTML(src string) ([]Node, error) {
	if len(src) > MaxRichTextBytes {
		return nil, fmt.Errorf("sites: rich text of %d bytes is over %d", len(src), MaxRichTextBytes)
	}
	if !utf8.ValidString(src) {
		return nil, fmt.Errorf("sites: rich text is not UTF-8")
	}
	root := &html.Node{Type: html.ElementNode, DataAtom: atom.Div, Data: "div"}
	nodes, err := html.ParseFragment(strings.NewReader(src), root)
	if err != nil {
		// The parser refuses absurd nesting (over 512 open elements): its
		// text is kept, as deeper content always is.
		return blocks(sourceText(src)), nil
	}
	var out []Node
	for _, n := range nodes {
		out = append(out, convert(n, 0)...)
	}
	return blocks(out), nil
}

// sourceText is the text of src alone, every tag dropped and what dropped
// elements hold (a script's, a style's) with them.
func sourceText(src string) []Node {
	var b strings.Builder
	inDropped := 0
	z := html.NewTokenizer(strings.NewReader(src))
	for {
		switch z.Next() {
		case html.ErrorToken:
			if t := cleanText(b.String()); t != "" {
				return []Node{{Text: t}}
			}
			return nil
		case html.StartTagToken:
			if name, _ := z.TagName(); dropped[atom.Lookup(name)] {
				inDropped++
			}
		case html.EndTagToken:
			if name, _ := z.TagName(); dropped[atom.Lookup(name)] && inDropped > 0 {
				inDropped--
			}
		case html.TextToken:
			if inDropped == 0 {
				b.Write(z.Text())
			}
		}
	}
}

// convert turns one parsed node into the nodes it keeps.
func convert(n *html.Node, depth int) []Node {
	switch n.Type {
	case html.TextNode:
		if t := cleanText(n.Data); t != "" {
			return []Node{{Text: t}}
		}
		return nil
	case html.ElementNode:
	default:
		return nil // comments, doctypes
	}
	if dropped[n.DataAtom] {
		return nil
	}
	if depth > 4*MaxRichTextDepth {
		// Absurd nesting: its text, gathered without recursing further.
		if t := textOf(n); t != "" {
			return []Node{{Text: t}}
		}
		return nil
	}
	var children []Node
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		children = append(children, convert(c, depth+1)...)
	}
	t, ok := kept[n.DataAtom]
	if !ok || depth >= MaxRichTextDepth {
		return children
	}
	switch t {
	case "br":
		return []Node{{T: "br"}}
	case "a":
		href := safeHref(attr(n, "href"))
		if href == "" {
			return children // a link nowhere safe is its text
		}
		return []Node{{T: "a", Href: href, C: children}}
	}
	if len(children) == 0 && t != "p" {
		return nil
	}
	return []Node{{T: t, C: children}}
}

// blocks wraps runs of text and inline elements at the top level in
// paragraphs, so the body is a list of blocks.
func blocks(nodes []Node) []Node {
	out := []Node{} // an empty body is an empty list, never null
	var run []Node
	flush := func() {
		if len(run) > 0 && !onlySpace(run) {
			out = append(out, Node{T: "p", C: run})
		}
		run = nil
	}
	for _, n := range nodes {
		switch n.T {
		case "p", "h2", "h3", "h4", "ul", "ol", "blockquote", "pre":
			flush()
			if n.T == "p" && (len(n.C) == 0 || onlySpace(n.C)) {
				continue // an empty paragraph is no content
			}
			out = append(out, n)
		case "li":
			flush()
			out = append(out, Node{T: "ul", C: []Node{n}})
		default:
			run = append(run, n)
		}
	}
	flush()
	return out
}

// textOf is the text inside n, minus what dropped elements hold, walked
// with a stack of its own.
func textOf(n *html.Node) string {
	var b strings.Builder
	stack := []*html.Node{n}
	for len(stack) > 0 {
		top := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if top.Type == html.TextNode {
			b.WriteString(cleanText(top.Data))
			continue
		}
		if top.Type != html.ElementNode || dropped[top.DataAtom] {
			continue
		}
		for c := top.LastChild; c != nil; c = c.PrevSibling {
			stack = append(stack, c)
		}
	}
	return b.String()
}

func onlySpace(nodes []Node) bool {
	for _, n := range nodes {
		if n.T != "" || strings.TrimSpace(n.Text) != "" {
			return false
		}
	}
	return true
}

func attr(n *html.Node, name string) string {
	for _, a := range n.Attr {
		if a.Namespace == "" && strings.EqualFold(a.Key, name) {
			return a.Val
		}
	}
	return ""
}

// safeHref keeps a link a reader can follow without risk: http, https and
// mailto URLs, and paths on this site. Anything else (javascript:, data:,
// protocol-relative //host) is dropped. The parser has already decoded
// entities, so "&#106;avascript:" arrives here as "javascript:".
func safeHref(raw string) string {
	s := strings.TrimSpace(cleanText(raw))
	if s == "" || strings.ContainsAny(s, "\\\t\n\r") {
		return ""
	}
	if strings.HasPrefix(s, "/") {
		if strings.HasPrefix(s, "//") {
			return ""
		}
		if _, err := url.Parse(s); err != nil {
			return ""
		}
		return s
	}
	u, err := url.Parse(s)
	if err != nil {
		return ""
	}
	switch strings.ToLower(u.Scheme) {
	case "http", "https":
		if u.Host == "" {
			return ""
		}
		return u.String()
	case "mailto":
		return u.String()
	}
	return ""
}

// cleanText drops NUL and the control characters a page cannot show,
// keeping tabs and line breaks.
func cleanText(s string) string {
	return strings.Map(func(r rune) rune {
		if r == '\t' || r == '\n' || r == '\r' {
			return r
		}
		if r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0) || r == utf8.RuneError {
			return -1
		}
		return r
	}, s)
}

// RenderHTML writes rich text back as the HTML it was made from: what a
// site's files and the admin API show of a text the business wrote.
// SanitizeHTML of it gives the same nodes again.
func RenderHTML(nodes []Node) string {
	var b strings.Builder
	renderHTML(&b, nodes)
	return b.String()
}

func renderHTML(b *strings.Builder, nodes []Node) {
	for _, n := range nodes {
		switch n.T {
		case "":
			b.WriteString(html.EscapeString(n.Text))
		case "br":
			b.WriteString("<br>")
		case "a":
			b.WriteString(`<a href="` + html.EscapeString(n.Href) + `">`)
			renderHTML(b, n.C)
			b.WriteString("</a>")
		default:
			b.WriteString("<" + n.T + ">")
			renderHTML(b, n.C)
			b.WriteString("</" + n.T + ">")
		}
	}
}
