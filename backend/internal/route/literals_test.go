package route_test

import (
	"go/scanner"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"slotwise/backend/internal/route"
	"slotwise/backend/internal/srctest"
)

// TestNoPagePathIsWrittenOutsideTheRouteTable fails on a string literal in
// the product's code (tests aside: they request URLs as a visitor would)
// that starts like a page route's path: such links belong to route.Href
// (Go) and href (ui/src/routes.ts), built from a route name.
func TestNoPagePathIsWrittenOutsideTheRouteTable(t *testing.T) {
	root := srctest.Root(t)
	starts := pageStarts()
	tsLiteral := regexp.MustCompile("['\"`](/[^'\"`\\s]*)")
	var found []string
	for _, dir := range []string{"backend", "ssr", "locales", "ui/src"} {
		filepath.WalkDir(filepath.Join(root, dir), func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || isTestFile(path) {
				return err
			}
			rel, _ := filepath.Rel(root, path)
			src, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			switch filepath.Ext(path) {
			case ".go":
				for _, lit := range goStrings(src) {
					if pagePath(lit, starts) {
						found = append(found, rel+": "+lit)
					}
				}
			case ".ts", ".tsx", ".mjs":
				for _, line := range strings.Split(string(src), "\n") {
					if trimmed := strings.TrimSpace(line); strings.HasPrefix(trimmed, "//") || strings.HasPrefix(trimmed, "*") {
						continue
					}
					for _, m := range tsLiteral.FindAllStringSubmatch(line, -1) {
						if pagePath(m[1], starts) {
							found = append(found, rel+": "+m[1])
						}
					}
				}
			}
			return nil
		})
	}
	for _, f := range found {
		t.Errorf("a page path written by hand: %s", f)
	}
}

// pageStarts are the first static segments of the table's page paths.
func pageStarts() map[string]bool {
	starts := map[string]bool{}
	routes := route.Default()
	for _, name := range routes.Names() {
		for _, spec := range routes.Route(name).Paths {
			first, _, _ := strings.Cut(strings.TrimPrefix(spec.Path, "/"), "/")
			if first != "" && !strings.Contains(first, "{") {
				starts[first] = true
			}
		}
	}
	return starts
}

func pagePath(lit string, starts map[string]bool) bool {
	lit = strings.Trim(lit, "\"`")
	if !strings.HasPrefix(lit, "/") {
		return false
	}
	first := strings.TrimPrefix(lit, "/")
	if i := strings.IndexAny(first, "/?#"); i >= 0 {
		first = first[:i]
	}
	return starts[first]
}

// goStrings are a Go file's string literals, but for a router group's
// prefix (Group("/admin") under /api): a path of the API, not a page's.
func goStrings(src []byte) []string {
	var s scanner.Scanner
	fset := token.NewFileSet()
	s.Init(fset.AddFile("", fset.Base(), len(src)), src, nil, 0)
	var out []string
	var before, last string // the two tokens before
	for {
		_, tok, lit := s.Scan()
		if tok == token.EOF {
			return out
		}
		if tok == token.STRING && !(before == "Group" && last == "(") {
			out = append(out, lit)
		}
		before, last = last, lit
		if lit == "" {
			last = tok.String()
		}
	}
}

func isTestFile(path string) bool {
	base := filepath.Base(path)
	return strings.HasSuffix(base, "_test.go") || strings.Contains(base, ".test.") ||
		strings.Contains(filepath.ToSlash(path), "/ui/src/testing/") ||
		strings.Contains(path, string(filepath.Separator)+"testdata"+string(filepath.Separator))
}
