package content

import (
	"fmt"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"
)

// Problem is one thing wrong with a site's content: where it is (a file
// and line of a folder; none through the API) and which field.
type Problem struct {
	File    string `json:"file,omitempty"`
	Line    int    `json:"line,omitempty"`
	Field   string `json:"field,omitempty"`
	Message string `json:"message"`
}

func (p Problem) String() string {
	var b strings.Builder
	if p.File != "" {
		b.WriteString(p.File)
		if p.Line > 0 {
			b.WriteString(":" + strconv.Itoa(p.Line))
		}
		b.WriteString(": ")
	}
	if p.Field != "" {
		b.WriteString(p.Field + ": ")
	}
	b.WriteString(p.Message)
	return b.String()
}

// Problems is every problem found; content with any is not applied.
type Problems []Problem

func (ps Problems) Error() string {
	if len(ps) == 1 {
		return ps[0].String()
	}
	lines := make([]string, len(ps))
	for i, p := range ps {
		lines[i] = p.String()
	}
	return fmt.Sprintf("%d problems:\n%s", len(ps), strings.Join(lines, "\n"))
}

// source is where an item came from, so a problem with one of its fields
// names the file and the line: node is the item's YAML (a file's root or
// front matter, or one element of a list file), line the first line of a
// Markdown body.
type source struct {
	file     string
	node     *yaml.Node
	lineBase int // lines before the node's document (a front matter's ---)
	bodyLine int
}

// report gathers the problems of one item.
type report struct {
	src  *source
	list *Problems
	// rename names a field as the file writes it, where that differs from
	// what the check names (a translation's list keyed by the original's
	// keys, not positions).
	rename func(string) string
}

func (r report) add(field, format string, args ...any) {
	if r.rename != nil {
		field = r.rename(field)
	}
	p := Problem{Field: field, Message: fmt.Sprintf(format, args...)}
	if r.src != nil {
		p.File = r.src.file
		switch {
		case field == "body" && r.src.bodyLine > 0:
			p.Line = r.src.bodyLine
		case (field == "slug" || field == "path" || field == "id" || field == "key") && !hasKey(r.src.node, field):
			// the key a file's name gives: the name is what is wrong
		case r.src.node != nil:
			p.Line = lineOf(r.src.node, field) + r.src.lineBase
		}
	}
	*r.list = append(*r.list, p)
}

// lineOf finds the line of a dotted field ("hours.monday.0") in a YAML
// node: the deepest part of the path the node has.
func lineOf(n *yaml.Node, field string) int {
	line := n.Line
	if field == "" {
		return line
	}
	for _, part := range strings.Split(field, ".") {
		if n.Kind == yaml.DocumentNode && len(n.Content) > 0 {
			n = n.Content[0]
		}
		var next *yaml.Node
		switch n.Kind {
		case yaml.MappingNode:
			for i := 0; i+1 < len(n.Content); i += 2 {
				if n.Content[i].Value == part {
					line, next = n.Content[i].Line, n.Content[i+1]
					break
				}
			}
		case yaml.SequenceNode:
			if i, err := strconv.Atoi(part); err == nil && i >= 0 && i < len(n.Content) {
				next = n.Content[i]
				line = next.Line
			}
		}
		if next == nil {
			return line
		}
		n = next
	}
	return line
}

func hasKey(n *yaml.Node, key string) bool {
	if n == nil || n.Kind != yaml.MappingNode {
		return false
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == key {
			return true
		}
	}
	return false
}
